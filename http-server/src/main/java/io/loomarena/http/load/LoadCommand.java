package io.loomarena.http.load;

import picocli.CommandLine.Command;

/** Placeholder for the {@code load} command (issue 5 replaces this file). */
@Command(name = "load", description = "Drives a server with HTTP load.")
public final class LoadCommand implements Runnable {
    @Override
    public void run() {
        throw new UnsupportedOperationException("load is not implemented yet");
    }
}
