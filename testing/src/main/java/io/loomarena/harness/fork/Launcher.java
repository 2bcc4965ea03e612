package io.loomarena.harness.fork;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a forked JVM runs: on this machine, or on another host through a command prefix such as {@code ssh host}.
 * The rest of the harness builds one command line and hands it here, so the local path and the remote path are one
 * path with or without a prefix. Implementations are immutable and thread-safe.
 */
public interface Launcher {

    /** Runs on this machine: the command as it is, files where they are. */
    Launcher LOCAL = new Launcher() {
        @Override
        public String host() {
            return "local";
        }

        @Override
        public List<String> wrap(List<String> command) {
            return List.copyOf(command);
        }

        @Override
        public String fileFor(Path localFile) {
            return localFile.toString();
        }

        @Override
        public void fetch(String file, Path localFile) {
            // Already here: the child wrote the local file itself.
        }

        @Override
        public boolean remote() {
            return false;
        }
    };

    /** The host, as messages and summaries name it: {@code local} or {@code user@host}. */
    String host();

    /** The command that runs {@code command} (a JVM command line, pinning prefix included) on this launcher's host. */
    List<String> wrap(List<String> command);

    /**
     * Where a child on this host should write the file that the harness will read as {@code localFile}: the local
     * path itself, or a path in the host's temporary folder.
     */
    String fileFor(Path localFile);

    /** Brings {@code file} (as returned by {@link #fileFor}) to {@code localFile}; a no-op locally. */
    void fetch(String file, Path localFile);

    /**
     * Whether the child runs elsewhere: then its process here is the launcher's (for example {@code ssh}), it is
     * stopped by closing its stdin (the remote JVM's lifeline) and its pid says nothing about the JVM.
     */
    boolean remote();
}
