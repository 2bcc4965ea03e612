package io.loomarena.http.server;

import picocli.CommandLine.Command;

/** Placeholder for the {@code serve} command (issue 4 replaces this file). */
@Command(name = "serve", description = "Runs one HTTP server stage.")
public final class ServeCommand implements Runnable {
    @Override
    public void run() {
        throw new UnsupportedOperationException("serve is not implemented yet");
    }
}
