package io.loomarena.framework.spring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.catalina.util.ServerInfo;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ConfigurableApplicationContext;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * One running Spring Boot application serving the arena's endpoints ({@link ArenaApplication}): started from
 * {@link ServeSettings}, which become Spring properties here and nowhere else, and closed gracefully. Thread-safe.
 */
final class SpringServer implements AutoCloseable {

    /** The Micrometer timer Spring MVC records every request in (its Prometheus name: http_server_requests_seconds). */
    static final String REQUEST_TIMER = "http.server.requests";

    private final ConfigurableApplicationContext context;
    private final int port;

    private SpringServer(ConfigurableApplicationContext context, int port) {
        this.context = context;
        this.port = port;
    }

    /** Starts the application and returns once Tomcat listens; a {@link RuntimeException} when it cannot start. */
    static SpringServer start(ServeSettings settings) {
        SpringApplication application = new SpringApplication(ArenaApplication.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        // The serve command's hook closes the context and sets the exit status; Spring's own would race it.
        application.setRegisterShutdownHook(false);
        application.addInitializers(context -> context.getBeanFactory().registerSingleton("serveSettings", settings));
        AtomicInteger port = new AtomicInteger(-1);
        // The port Tomcat really bound (--port 0 picks a free one), known once the web server has started.
        application.addListeners((WebServerInitializedEvent event) -> port.set(event.getWebServer().getPort()));
        ConfigurableApplicationContext context = application.run(properties(settings).toArray(String[]::new));
        return new SpringServer(context, port.get());
    }

    /**
     * The Spring properties a row runs with, as command-line arguments (the highest precedence, so that no
     * environment variable such as SERVER_PORT can change a measured row). Everything else is Spring Boot's default.
     */
    static List<String> properties(ServeSettings settings) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.address", settings.host());
        properties.put("server.port", String.valueOf(settings.port()));
        properties.put("spring.threads.virtual.enabled", String.valueOf(settings.threads() == ThreadChoice.VIRTUAL));
        if (settings.poolSize() > 0) {
            properties.put("server.tomcat.threads.max", String.valueOf(settings.poolSize()));
        }
        // stdout's lines are the harness's: no banner, no startup lines (logs go to stderr, logback-spring.xml).
        properties.put("spring.main.banner-mode", "off");
        properties.put("spring.main.log-startup-info", "false");
        // The arena serves no static files at /**: an unknown path is a 404 of the arena's, not a resource lookup.
        properties.put("spring.web.resources.add-mappings", "false");
        // Actuator's Prometheus endpoint at /metrics, and no other endpoint (seed 004 scrapes only this one).
        properties.put("management.endpoints.web.base-path", "/");
        properties.put("management.endpoints.web.exposure.include", "prometheus");
        properties.put("management.endpoints.web.path-mapping.prometheus", "metrics");
        List<String> arguments = new ArrayList<>();
        properties.forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return arguments;
    }

    /** The port Tomcat listens on. */
    int port() {
        return port;
    }

    /** The framework and its server as they report themselves at run time: {@code Spring Boot 4.0.7, Tomcat 11.0.22}. */
    static String identity() {
        String tomcat = ServerInfo.getServerInfo(); // "Apache Tomcat/11.0.22"
        return "Spring Boot " + SpringBootVersion.getVersion() + ", Tomcat "
                + tomcat.substring(tomcat.indexOf('/') + 1);
    }

    /** The counters for {@code stats}: requests answered so far (every uri and status, as Micrometer timed them). */
    Map<String, Long> counters() {
        MeterRegistry registry = context.getBean(MeterRegistry.class);
        long requests = 0;
        for (Timer timer : registry.find(REQUEST_TIMER).timers()) {
            requests += timer.count();
        }
        return Map.of("requests", requests);
    }

    /** The application context (tests look at Tomcat through it). */
    ConfigurableApplicationContext context() {
        return context;
    }

    /** Spring's graceful shutdown: Tomcat stops accepting, requests in flight finish, then every bean is closed. */
    @Override
    public void close() {
        context.close();
    }

    /** One line saying why the application did not start, without Spring's stack trace. */
    static String reason(Throwable failure) {
        Throwable deepest = failure;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PortInUseException inUse) {
                return "port " + inUse.getPort() + " is already in use (choose another --port, or 0 for a free one)";
            }
            deepest = cause;
        }
        return deepest.getClass().getSimpleName() + ": " + deepest.getMessage();
    }
}
