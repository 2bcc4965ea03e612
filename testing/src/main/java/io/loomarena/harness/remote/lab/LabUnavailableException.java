package io.loomarena.harness.remote.lab;

/**
 * The namespace lab cannot run on this machine (not Linux, not root, {@code ip} missing, the ssh tools missing and
 * not installable, network namespaces refused). Its message is the one line a scenario or test shows when it skips;
 * it carries no stack trace, since where it was thrown says nothing the message does not.
 */
public final class LabUnavailableException extends RuntimeException {

    public LabUnavailableException(String line) {
        super(line, null, false, false);
    }
}
