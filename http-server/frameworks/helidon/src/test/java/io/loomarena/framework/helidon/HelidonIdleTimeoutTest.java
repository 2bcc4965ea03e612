package io.loomarena.framework.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkMetrics;
import io.loomarena.framework.support.FrameworkThreads;
import org.junit.jupiter.api.Test;

/**
 * {@code --idle-timeout} is the running listener's idle connection timeout, swept at least as often; without it the
 * listener keeps Helidon's own.
 */
class HelidonIdleTimeoutTest {

    private static WebServerConfig configOfRunning(FrameworkConfig config) throws Exception {
        try (ArenaEndpoints endpoints = new ArenaEndpoints(config, new FrameworkMetrics(true))) {
            HelidonMain.Running running = (HelidonMain.Running) new HelidonMain().start(config, endpoints);
            try {
                return running.server().prototype();
            } finally {
                running.stop(FrameworkConfig.GRACE);
            }
        }
    }

    @Test
    void theOptionSetsTheListenersIdleConnectionTimeout() throws Exception {
        Duration tenSeconds = Duration.ofSeconds(10);

        WebServerConfig running = configOfRunning(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL)
                .withIdleTimeout(tenSeconds));

        assertThat(running.idleConnectionTimeout()).isEqualTo(tenSeconds);
        assertThat(running.idleConnectionPeriod()).isLessThanOrEqualTo(tenSeconds);
    }

    @Test
    void withoutTheOptionTheListenerKeepsHelidonsDefault() throws Exception {
        WebServerConfig helidons = WebServer.builder().buildPrototype();

        WebServerConfig running = configOfRunning(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL));

        assertThat(running.idleConnectionTimeout()).isEqualTo(helidons.idleConnectionTimeout());
        assertThat(running.idleConnectionPeriod()).isEqualTo(helidons.idleConnectionPeriod());
    }
}
