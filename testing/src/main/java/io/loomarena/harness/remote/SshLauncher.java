package io.loomarena.harness.remote;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.loomarena.harness.fork.Launcher;

/**
 * Runs forked JVMs on another host: {@code ssh ... -T host 'exec COMMAND'}, with {@code exec} so that the remote
 * shell becomes the JVM and the session ends with it. Files a child writes go to the host's temporary folder for
 * this run and are fetched with {@code scp}. Immutable and thread-safe.
 *
 * @param ssh     the ssh options of the run
 * @param target  {@code [user@]host}
 * @param workDir the run's temporary folder on that host (made by {@link HostProbe}, removed by {@link RemoteHosts})
 */
record SshLauncher(Ssh ssh, String target, String workDir) implements Launcher {

    private static final Duration FETCH_TIMEOUT = Duration.ofMinutes(2);

    @Override
    public String host() {
        return target;
    }

    @Override
    public List<String> wrap(List<String> command) {
        return ssh.command(target, "exec " + Ssh.quoteAll(command));
    }

    @Override
    public String fileFor(Path localFile) {
        return workDir + "/" + localFile.getFileName();
    }

    @Override
    public void fetch(String file, Path localFile) {
        ssh.copy(List.of(target + ":" + file), localFile.toString(), FETCH_TIMEOUT);
    }

    @Override
    public boolean remote() {
        return true;
    }
}
