package io.loomarena.harness.session;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;

/**
 * The server JVM of one fork and, started before it, the plan's downstream JVM ({@code null} when none). Closing stops
 * the server, then the downstream.
 */
record ForkServers(ForkedServer server, ForkedServer downstream) implements AutoCloseable {

    /** Starts the downstream (if any), then the server pointed at it; returns once both listen. */
    static ForkServers start(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, int forkNumber) {
        String suffix = settings.forks() > 1 || forkNumber > 1
                ? " (" + ForkProgress.label(forkNumber, settings.forks()) + ")" : "";
        JvmFork fork = deployment.server();
        ForkedServer downstream = null;
        try {
            JvmLaunch serverLaunch = plan.server();
            if (plan.downstream() != null) {
                // On the server's host, listening on its loopback: only the server calls it.
                downstream = ForkedServer.start(deployment.downstream(), "downstream JVM " + plan.downstream().label() + suffix,
                        plan.downstream().launch(), CpuPinning.Role.CLIENT, settings);
                serverLaunch = plan.serverWithDownstream(downstream.address().host(), downstream.address().port());
            }
            if (deployment.remoteServer()) {
                // Clients on other hosts must reach it: every address of its host, not only loopback.
                serverLaunch = serverLaunch.withOption("--host", "0.0.0.0");
            }
            String name = "server JVM " + plan.serverLabel() + suffix
                    + (deployment.remoteServer() ? " on " + fork.launcher().host() : "");
            return new ForkServers(ForkedServer.start(fork, name, serverLaunch, settings), downstream);
        } catch (RuntimeException e) {
            if (downstream != null) {
                downstream.close();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            if (downstream != null) {
                downstream.close();
            }
        }
    }
}
