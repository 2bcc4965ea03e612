package io.loomarena.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The server host a load client connects to, as both clients take it ({@code echo client --host},
 * {@code http-server load --url}): resolved once, before the run, so that no connection pays a name lookup, and
 * refused when it is not a loopback address unless the user said {@code --allow-remote}, so that a typo cannot point a
 * benchmark at someone else's machine.
 */
public final class HostArgument {

    /** What a refused host is told it may be instead. */
    public static final String ALLOWED = "a loopback address, or any with --allow-remote";

    private HostArgument() {
    }

    /**
     * Resolves {@code host} (an IPv6 literal may be in brackets).
     *
     * @param option the option that carried it, for the message
     * @param value  the option's value as written (the host itself, or the URL around it)
     * @throws BadArgumentException {@code invalid OPTION 'VALUE': cannot resolve host H}, or {@code ... host H (IP) is
     *                              not a loopback address (allowed: ...)} when {@code allowRemote} is false
     */
    public static InetAddress resolve(String option, String value, String host, boolean allowRemote) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress address;
        try {
            address = InetAddress.getByName(bare);
        } catch (UnknownHostException e) {
            throw BadArgumentException.invalid(option, value, "cannot resolve host " + host, null);
        }
        if (!allowRemote && !address.isLoopbackAddress()) {
            throw BadArgumentException.invalid(option, value, "host " + host + " (" + address.getHostAddress()
                    + ") is not a loopback address", ALLOWED);
        }
        return address;
    }
}
