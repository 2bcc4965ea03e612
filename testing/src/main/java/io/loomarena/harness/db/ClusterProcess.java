package io.loomarena.harness.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessException;

/**
 * The running server of a {@link io.loomarena.harness.postgres.PostgresCluster}, found and handled over its public
 * API only (its folder and port): the postmaster is the {@code postgres} process whose arguments name the cluster's
 * folder, its command says where the binaries are and its arguments how it was started. So a kill (the postmaster and
 * every backend, as a crash of the machine's database would) and a start again on the same port and data need no
 * change to the cluster class. Stateless; each call reads the process table afresh.
 */
final class ClusterProcess {

    /** How long a killed server may take to be gone, and a start to accept connections. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private ClusterProcess() {
    }

    /** The cluster's postmaster, if it runs. */
    static Optional<ProcessHandle> postmaster(Path folder) {
        String prefix = folder.toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false))
                .filter(p -> p.info().arguments().map(args -> Arrays.stream(args).anyMatch(a -> a.startsWith(prefix)))
                        .orElse(false))
                .filter(p -> p.parent().flatMap(parent -> parent.info().command())
                        .map(c -> !c.endsWith("/postgres")).orElse(true))
                .findFirst();
    }

    /**
     * Kills the postmaster and its backends at once (SIGKILL: nothing is flushed, no client is told) and waits until
     * they are gone.
     *
     * @return the postmaster's command and arguments, to start it again with
     * @throws HarnessException when no server of {@code folder} runs, or it does not end in time
     */
    static List<String> kill(Path folder) {
        ProcessHandle postmaster = postmaster(folder).orElseThrow(() -> new HarnessException(
                "no PostgreSQL server of " + folder + " runs: nothing to kill"));
        List<String> command = commandOf(postmaster);
        List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
        all.add(0, postmaster);
        all.forEach(ProcessHandle::destroyForcibly);
        try {
            CompletableFuture.allOf(all.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new HarnessException("the PostgreSQL server of " + folder + " did not end within "
                    + TIMEOUT.toSeconds() + " s of its kill", e);
        }
        return command;
    }

    /**
     * Starts the server again from the command {@link #kill} returned ({@code pg_ctl start -w} from the same binaries,
     * as the folder's owner): the same data and port, crash recovery first.
     */
    static void start(Path folder, List<String> postmasterCommand) {
        Path bin = Path.of(postmasterCommand.get(0)).getParent();
        List<String> options = postmasterCommand.subList(1, postmasterCommand.size());
        int data = options.indexOf("-D");
        if (bin == null || data < 0 || data + 1 >= options.size()) {
            throw new HarnessException("cannot start PostgreSQL again from '" + String.join(" ", postmasterCommand)
                    + "': no binaries' folder or no -D");
        }
        List<String> others = new ArrayList<>(options);
        String dataFolder = others.remove(data + 1);
        others.remove(data);
        List<String> command = new ArrayList<>(asOwner(folder));
        command.addAll(List.of(bin.resolve("pg_ctl").toString(), "start", "-w", "-t",
                String.valueOf(TIMEOUT.toSeconds()), "-D", dataFolder, "-l", folder.resolve("restart.log").toString(),
                "-o", String.join(" ", others)));
        Path log = folder.resolve("pg_ctl-restart.out");
        try {
            Process process = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new HarnessException("pg_ctl start took more than " + TIMEOUT.toSeconds() + " s");
            }
            if (process.exitValue() != 0) {
                throw new HarnessException("pg_ctl start exited with " + process.exitValue() + ": "
                        + String.join(" | ", Files.readAllLines(log)));
            }
        } catch (IOException e) {
            throw new HarnessException("cannot run pg_ctl start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while PostgreSQL started again", e);
        }
    }

    /** {@code runuser -u OWNER --} when this JVM is root and the folder is another user's (PostgreSQL refuses root). */
    static List<String> asOwner(Path folder) {
        try {
            String owner = Files.getOwner(folder).getName();
            String me = ProcessHandle.current().info().user().orElse(owner);
            return me.equals("root") && !owner.equals("root") ? List.of("runuser", "-u", owner, "--") : List.of();
        } catch (IOException e) {
            throw new HarnessException("cannot read the owner of " + folder + ": " + e.getMessage(), e);
        }
    }

    private static List<String> commandOf(ProcessHandle postmaster) {
        List<String> command = new ArrayList<>();
        command.add(postmaster.info().command().orElseThrow());
        postmaster.info().arguments().ifPresent(args -> command.addAll(List.of(args)));
        return command;
    }
}
