package io.loomarena.framework.support;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a framework names itself in the stats and on stderr. */
class FrameworkIdentityTest {

    @Test
    void aFrameworkAndTheServerItEmbeds() {
        assertThat(FrameworkIdentity.of("Jetty", "12.1.14").describe()).isEqualTo("Jetty 12.1.14");
        assertThat(new FrameworkIdentity("Spring Boot", "4.0.7", "Tomcat 11.0.14").describe())
                .isEqualTo("Spring Boot 4.0.7, Tomcat 11.0.14");
    }

    @Test
    void aVersionThatCannotBeReadSaysSo() {
        assertThat(FrameworkIdentity.of("Jetty", " ").version()).isEqualTo(FrameworkIdentity.UNKNOWN_VERSION);
        // This test's own classes come from a folder, not a jar with a manifest.
        assertThat(FrameworkIdentity.manifestVersion(FrameworkIdentityTest.class))
                .isEqualTo(FrameworkIdentity.UNKNOWN_VERSION);
        assertThat(FrameworkIdentity.manifestVersion(org.junit.jupiter.api.Test.class)).matches("\\d+\\.\\d+.*");
    }
}
