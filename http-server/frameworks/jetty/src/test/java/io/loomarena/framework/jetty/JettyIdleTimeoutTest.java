package io.loomarena.framework.jetty;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkMetrics;
import io.loomarena.framework.support.FrameworkThreads;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

/** {@code --idle-timeout} is the running connector's idle timeout; without it the connector keeps Jetty's own. */
class JettyIdleTimeoutTest {

    private static long idleTimeoutOfRunning(FrameworkConfig config) throws Exception {
        try (ArenaEndpoints endpoints = new ArenaEndpoints(config, new FrameworkMetrics(true))) {
            JettyMain.Running running = (JettyMain.Running) new JettyMain().start(config, endpoints);
            try {
                return running.connector().getIdleTimeout();
            } finally {
                running.stop(FrameworkConfig.GRACE);
            }
        }
    }

    @Test
    void theOptionSetsTheConnectorsIdleTimeout() throws Exception {
        FrameworkConfig threeMinutes = FrameworkConfig.defaults(FrameworkThreads.PLATFORM)
                .withIdleTimeout(Duration.ofMinutes(3));

        assertThat(idleTimeoutOfRunning(threeMinutes)).isEqualTo(180_000);
    }

    @Test
    void withoutTheOptionTheConnectorKeepsJettysDefault() throws Exception {
        long jettysDefault = new ServerConnector(new Server())
                .getIdleTimeout();

        assertThat(idleTimeoutOfRunning(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL))).isEqualTo(jettysDefault);
    }
}
