package io.loomarena.http.load;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.cli.HostArgument;

/**
 * The server and resource a run requests: a plain {@code http://} URL whose host has been resolved once, before the
 * run, so that no connection pays a name lookup. Immutable.
 *
 * @param url         the URL as given
 * @param host        the host as written in the URL (used in the {@code Host} header)
 * @param address     the resolved address every connection goes to
 * @param port        the TCP port (80 when the URL has none)
 * @param pathAndQuery the request target, {@code /} when the URL has no path
 * @param ifNoneMatch  the entity tag every request revalidates ({@code load --conditional}): each then carries
 *                     {@code If-None-Match} with it and only a 304 is a success; null for plain GETs
 */
public record Target(String url, String host, InetAddress address, int port, String pathAndQuery,
                     String ifNoneMatch) {

    /** What {@code --url} accepts, as its error messages say. */
    private static final String FORM = "http://HOST[:PORT]/PATH";

    public Target {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be 1..65535: " + port);
        }
        if (!pathAndQuery.startsWith("/")) {
            throw new IllegalArgumentException("the request target must start with '/': " + pathAndQuery);
        }
        if (ifNoneMatch != null && !EtagProbe.isEntityTag(ifNoneMatch)) {
            throw new IllegalArgumentException("not an entity tag: " + ifNoneMatch);
        }
    }

    /**
     * Parses and resolves {@code --url}; refuses anything but {@code http://HOST[:PORT][/PATH][?QUERY]}, and hosts that
     * are not loopback unless {@code allowRemote} ({@link HostArgument}).
     *
     * @throws BadArgumentException with a one-line message naming the value
     */
    public static Target parse(String url, boolean allowRemote) {
        if (url == null || url.isBlank()) {
            throw BadArgumentException.missing("--url", FORM + ", e.g. http://127.0.0.1:8010/ping");
        }
        URI uri;
        try {
            uri = new URI(new URI(url).toASCIIString()); // non-ASCII path characters become %XX
        } catch (URISyntaxException e) {
            throw BadArgumentException.invalid("--url", url, "not a valid URL: " + e.getReason(), FORM);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("https")) {
            throw BadArgumentException.invalid("--url", url, "https is not supported", FORM);
        }
        if (!scheme.equals("http") || uri.getRawAuthority() == null || uri.getHost() == null) {
            throw BadArgumentException.invalid("--url", url, "not an http URL", FORM);
        }
        if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw BadArgumentException.invalid("--url", url, "user info and fragments are not allowed", FORM);
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        if (port < 1 || port > 65_535) {
            throw BadArgumentException.invalid("--url", url, "port out of range", "a port 1..65535");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String host = uri.getHost();
        InetAddress address = HostArgument.resolve("--url", url, host, allowRemote);
        return new Target(url, host, address, port, target, null);
    }

    /** The same target, every request revalidating {@code etag} (a 304 is then the only success). */
    public Target revalidating(String etag) {
        return new Target(url, host, address, port, pathAndQuery, etag);
    }

    /** Whether requests carry {@code If-None-Match} and expect 304. */
    public boolean conditional() {
        return ifNoneMatch != null;
    }

    /** The path without the query, for choosing a body check. */
    public String path() {
        int query = pathAndQuery.indexOf('?');
        return query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
    }

    /**
     * The request every connection sends, encoded once: a GET with only the {@code Host} header, plus
     * {@code If-None-Match} when {@linkplain #conditional() conditional} and {@code Connection: close} when the
     * connection is used for one request only.
     */
    public byte[] requestBytes(boolean keepAlive) {
        String hostHeader = port == 80 ? host : host + ":" + port;
        String request = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n"
                + (ifNoneMatch == null ? "" : "If-None-Match: " + ifNoneMatch + "\r\n")
                + (keepAlive ? "" : "Connection: close\r\n") + "\r\n";
        return request.getBytes(StandardCharsets.US_ASCII);
    }
}
