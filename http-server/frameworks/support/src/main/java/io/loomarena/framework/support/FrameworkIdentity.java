package io.loomarena.framework.support;

import java.util.Objects;

/**
 * Which framework serves, at which version, as read from the framework's own classes at run time (never written by
 * hand): {@code Jetty 12.1.14}, or {@code Spring Boot 4.0.7, Tomcat 11.0.14} for one that embeds another server.
 * Printed on stderr at start and carried by the {@code stats} answer ({@code ServerStats.implementation}). Immutable.
 *
 * @param name     the framework's name, {@code Jetty}
 * @param version  its version as the framework reports it
 * @param embedded the server it runs on with its version ({@code Tomcat 11.0.14}), or empty
 */
public record FrameworkIdentity(String name, String version, String embedded) {

    /** What a framework reports when its version cannot be read (a class path without its manifest, say). */
    public static final String UNKNOWN_VERSION = "unknown";

    public FrameworkIdentity {
        Objects.requireNonNull(name, "name");
        version = version == null || version.isBlank() ? UNKNOWN_VERSION : version.strip();
        embedded = embedded == null ? "" : embedded.strip();
    }

    /** A framework that is its own server. */
    public static FrameworkIdentity of(String name, String version) {
        return new FrameworkIdentity(name, version, "");
    }

    /**
     * The version in the manifest of the jar {@code anchor} was loaded from ({@code Implementation-Version}), for a
     * framework with no version constant of its own; {@link #UNKNOWN_VERSION} when it has none.
     */
    public static String manifestVersion(Class<?> anchor) {
        Package pkg = anchor.getPackage();
        String version = pkg == null ? null : pkg.getImplementationVersion();
        return version == null ? UNKNOWN_VERSION : version;
    }

    /** {@code Jetty 12.1.14}, or {@code Spring Boot 4.0.7, Tomcat 11.0.14}. */
    public String describe() {
        return name + " " + version + (embedded.isEmpty() ? "" : ", " + embedded);
    }

    @Override
    public String toString() {
        return describe();
    }
}
