package io.loomarena.harness.remote;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which hosts the benchmark JVMs run on, read once at the edge from system properties
 * ({@code io.loomarena.harness.options.RunOptions}); unset means this machine only, and then nothing here is used.
 * Immutable; the one place for these settings' checks.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>meaning</th></tr>
 * <tr><td>{@code loomarena.serverHost}</td><td>{@code [user@]host} where the server JVM (and a suite's downstream)
 * runs; clients connect to its host part (or {@code loomarena.serverAddress})</td></tr>
 * <tr><td>{@code loomarena.clientHosts}</td><td>{@code [user@]h1,[user@]h2,...}: the client JVMs, one per host, the
 * fixed work split among them; unset means one client JVM on this machine</td></tr>
 * <tr><td>{@code loomarena.ssh}</td><td>extra {@code ssh}/{@code scp} options, split into words as a shell does
 * (spaces separate, single or double quotes keep spaces: {@code -i key -o "ProxyJump=gw"}); use {@code -o Port=N},
 * which both understand, not {@code -p}</td></tr>
 * <tr><td>{@code loomarena.serverAddress}</td><td>the address clients connect to, when the host name in
 * {@code serverHost} is not reachable from the client hosts</td></tr>
 * <tr><td>{@code loomarena.remoteJava}</td><td>the {@code java} (21 or newer) on every remote host; default: the
 * same path as this JVM's if it exists there, else {@code $JAVA_HOME/bin/java}, else {@code java} on the PATH</td></tr>
 * <tr><td>{@code loomarena.jars}</td><td>a local folder with {@code echo.jar} and {@code http-server.jar} to copy to
 * the hosts; default: built from this working tree</td></tr>
 * <tr><td>{@code loomarena.remoteJars}</td><td>a folder that already holds both jars on every host: nothing is
 * copied</td></tr>
 * <tr><td>{@code loomarena.maxClockOffset}</td><td>how far a host's clock may be from this machine's, in ms
 * (default {@value #DEFAULT_MAX_CLOCK_OFFSET_MILLIS}): farther, and its latency logs could not be lined up</td></tr>
 * </table>
 *
 * @param serverHost     where the server runs; empty for this machine
 * @param clientHosts    where the clients run; empty for one client on this machine
 * @param sshOptions     extra options for every {@code ssh} and {@code scp}
 * @param serverAddress  what clients connect to; empty for the host part of {@code serverHost}
 * @param remoteJava     the remote {@code java}; empty to look for one
 * @param jars           local folder with the jars to copy; empty to build them
 * @param remoteJars     folder with the jars on every host; empty to copy them
 * @param maxClockOffset the largest clock offset accepted
 */
public record RemoteSettings(Optional<String> serverHost, List<String> clientHosts, List<String> sshOptions,
                             Optional<String> serverAddress, Optional<String> remoteJava, Optional<Path> jars,
                             Optional<String> remoteJars, Duration maxClockOffset) {

    public static final long DEFAULT_MAX_CLOCK_OFFSET_MILLIS = 500;
    /** {@code [user@]host}: no spaces, no leading dash (which ssh would read as an option), no shell characters. */
    private static final Pattern TARGET = Pattern.compile("([A-Za-z0-9._-]+@)?[A-Za-z0-9._:\\[\\]%-]+");

    public RemoteSettings {
        clientHosts = List.copyOf(clientHosts);
        sshOptions = List.copyOf(sshOptions);
        serverHost.ifPresent(host -> requireTarget("loomarena.serverHost", host));
        clientHosts.forEach(host -> requireTarget("loomarena.clientHosts", host));
        if (!clientHosts.isEmpty() && serverHost.isEmpty()) {
            throw new IllegalArgumentException("-Dloomarena.clientHosts is set but -Dloomarena.serverHost is not:"
                    + " client hosts need a server they can reach; name it (it may be this machine, reachable by ssh)");
        }
        if (clientHosts.stream().distinct().count() != clientHosts.size()) {
            throw new IllegalArgumentException("-Dloomarena.clientHosts names a host twice: " + clientHosts
                    + " (one client JVM per host)");
        }
        if (maxClockOffset.isNegative() || maxClockOffset.isZero()) {
            throw new IllegalArgumentException("-Dloomarena.maxClockOffset must be a positive number of ms, got "
                    + maxClockOffset.toMillis());
        }
        if (jars.isPresent() && remoteJars.isPresent()) {
            throw new IllegalArgumentException("set -Dloomarena.jars (copy these) or -Dloomarena.remoteJars (already"
                    + " there), not both");
        }
    }

    /** No remote host: everything on this machine. */
    public static RemoteSettings local() {
        return new RemoteSettings(Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Duration.ofMillis(DEFAULT_MAX_CLOCK_OFFSET_MILLIS));
    }

    /** Whether any JVM runs on another host. */
    public boolean isRemote() {
        return serverHost.isPresent();
    }

    /** The address clients connect to: {@code serverAddress}, or the host part of {@code serverHost}. */
    public String serverConnectAddress() {
        return serverAddress.orElseGet(() -> hostPart(serverHost.orElseThrow()));
    }

    /** {@code host} of {@code user@host}. */
    public static String hostPart(String target) {
        int at = target.lastIndexOf('@');
        return target.substring(at + 1);
    }

    private static void requireTarget(String property, String target) {
        if (!TARGET.matcher(target).matches() || target.startsWith("-")) {
            throw new IllegalArgumentException("-D" + property + ": '" + target + "' is not [user@]host (letters,"
                    + " digits, '.', '-', '_'; no spaces; not starting with '-')");
        }
    }

    /**
     * The words of a property's value as a POSIX shell splits them, without expansions: whitespace separates words,
     * single and double quotes keep what they enclose together, a backslash outside single quotes keeps the next
     * character.
     */
    public static List<String> words(String name, String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(++i));
                inWord = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("-D" + name + " has an unclosed " + quote + " quote: " + text);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
