package io.loomarena.harness.db;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import io.loomarena.harness.HarnessException;

/**
 * What removes a cluster when the harness is killed outright (SIGKILL, an out-of-memory kill), where no shutdown hook
 * runs: a small shell process, started beside the cluster, that reads its stdin to the end. This JVM holds the other
 * end of that pipe and writes the postmaster's pid to it after each start, and the kernel closes the pipe however
 * this JVM ends; the shell then stops that postmaster (SIGQUIT: PostgreSQL's immediate shutdown, backends included;
 * SIGKILL after 10 s) and deletes the folder. After a normal end the cluster is already gone and it only finds
 * nothing to do. Used by one thread.
 */
final class ClusterReaper implements AutoCloseable {

    /** $1 is the folder; the last line read is the postmaster to stop. */
    private static final String SCRIPT = """
            pid=
            while read -r line; do pid=$line; done
            if [ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null; then
              i=0
              while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
              kill -KILL "$pid" 2>/dev/null
            fi
            rm -rf "$1"
            """;

    private final Process shell;
    private final OutputStream pipe;

    private ClusterReaper(Process shell) {
        this.shell = shell;
        this.pipe = shell.getOutputStream();
    }

    /** Starts the reaper of {@code folder}. */
    static ClusterReaper watch(Path folder) {
        try {
            Process shell = new ProcessBuilder("sh", "-c", SCRIPT, "cluster-reaper", folder.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return new ClusterReaper(shell);
        } catch (IOException e) {
            throw new HarnessException("cannot start the clean-up process of " + folder + ": " + e.getMessage(), e);
        }
    }

    /** The postmaster to stop if this JVM dies: the latest one started. */
    void postmaster(long pid) {
        try {
            pipe.write((pid + "\n").getBytes(StandardCharsets.US_ASCII));
            pipe.flush();
        } catch (IOException e) {
            throw new HarnessException("the clean-up process of the database is gone: " + e.getMessage(), e);
        }
    }

    /** Its pid, for a test that checks it ends. */
    long pid() {
        return shell.pid();
    }

    /** Ends the pipe, so the reaper does its (by now empty) clean-up and exits. */
    @Override
    public void close() {
        try {
            pipe.close();
        } catch (IOException e) {
            // Already closed: the reaper has its end of input either way.
        }
    }
}
