package io.loomarena.framework.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.web.server.GracefulShutdownResult;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.Framework;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkThreads;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * One running Spring Boot application ({@link ArenaApplication}) serving the arena's endpoints: started from a
 * {@link FrameworkConfig}, which becomes Spring properties here and nowhere else, and stopped with Tomcat's graceful
 * shutdown. Tomcat's two working folders (its base directory and an empty document root), which Spring Boot would
 * otherwise create in the temporary folder and leave there (deleteOnExit cannot remove a folder that is not empty),
 * live in one folder of this server's, removed after the stop. Thread-safe.
 */
final class SpringBootServer implements Framework.RunningFramework {

    private final ConfigurableApplicationContext context;
    private final WebServer tomcat;
    private final Path workFolder;

    private SpringBootServer(ConfigurableApplicationContext context, WebServer tomcat, Path workFolder) {
        this.context = context;
        this.tomcat = tomcat;
        this.workFolder = workFolder;
    }

    /**
     * Starts the application on {@code endpoints} and returns once Tomcat listens.
     *
     * @throws RuntimeException whatever kept Spring from starting (the port is taken, say); nothing is left running
     */
    static SpringBootServer start(FrameworkConfig config, ArenaEndpoints endpoints) {
        Path workFolder = createWorkFolder();
        try {
            return start(config, endpoints, workFolder);
        } catch (RuntimeException | Error e) {
            deleteTree(workFolder);
            throw e;
        }
    }

    private static SpringBootServer start(FrameworkConfig config, ArenaEndpoints endpoints, Path workFolder) {
        Path documentRoot = workFolder.resolve("docbase");
        try {
            Files.createDirectory(documentRoot);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create Tomcat's document root " + documentRoot, e);
        }
        SpringApplication application = new SpringApplication(ArenaApplication.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        // The serve command's shutdown hook stops the application and sets the exit status; Spring's would race it.
        application.setRegisterShutdownHook(false);
        application.addInitializers(context -> beans((GenericApplicationContext) context, endpoints, documentRoot));
        // Tomcat once it listens, with the port it really bound (--port 0 picks a free one).
        AtomicReference<WebServer> tomcat = new AtomicReference<>();
        application.addListeners(new ApplicationListener<WebServerInitializedEvent>() {
            @Override
            public void onApplicationEvent(WebServerInitializedEvent event) {
                tomcat.set(event.getWebServer());
            }
        });
        List<String> arguments = new ArrayList<>(properties(config));
        arguments.add("--server.tomcat.basedir=" + workFolder.resolve("tomcat"));
        ConfigurableApplicationContext context = application.run(arguments.toArray(String[]::new));
        return new SpringBootServer(context, tomcat.get(), workFolder);
    }

    private static Path createWorkFolder() {
        try {
            return Files.createTempDirectory("loomarena-spring-boot-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create Tomcat's working folder in the temporary folder", e);
        }
    }

    /**
     * Removes {@code folder} and what is in it. Tomcat may still be removing its own work folder inside it when the
     * context's close returns (a folder left empty then stayed behind in tests), so what cannot be removed now is
     * removed again when this JVM exits.
     */
    static void deleteTree(Path folder) {
        deleteNow(folder);
        if (Files.exists(folder)) {
            LeftAtExit.FOLDERS.add(folder);
        }
    }

    private static void deleteNow(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                deleteQuietly(path);
            }
        } catch (IOException | UncheckedIOException e) {
            // A file vanished while walking: the pass at exit removes what is left.
        }
    }

    /** A folder still holding what Tomcat has not removed yet is left for the pass at exit. */
    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Not empty yet, or gone meanwhile: the pass at exit tries again.
        }
    }

    /** Folders to remove once more at the JVM's exit (a shutdown hook, registered on first use). */
    private static final class LeftAtExit {
        static final java.util.Set<Path> FOLDERS = java.util.concurrent.ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> FOLDERS.forEach(SpringBootServer::deleteNow),
                    "spring-boot-work-folders"));
        }
    }

    /**
     * The endpoints, and the support's Prometheus registry as the application's {@code MeterRegistry}: Spring MVC's
     * observations time requests into it, Boot binds its JVM, process and Tomcat meters to it, the support has
     * bound the /db pool's HikariCP meters to it, and Actuator's endpoint scrapes it (through its
     * {@link PrometheusRegistry}), so {@code /metrics} shows them all. Both beans are the support's, which closes the
     * endpoints after the stop: Spring gets no destroy method for them (it would infer one from AutoCloseable).
     */
    private static void beans(GenericApplicationContext context, ArenaEndpoints endpoints, Path documentRoot) {
        PrometheusMeterRegistry registry = endpoints.metrics().registry();
        WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> root =
                factory -> factory.setDocumentRoot(documentRoot.toFile());
        context.registerBean("arenaDocumentRoot", WebServerFactoryCustomizer.class, () -> root);
        context.registerBean(ArenaEndpoints.class, () -> endpoints, bean -> bean.setDestroyMethodName(""));
        context.registerBean(PrometheusMeterRegistry.class, () -> registry, bean -> bean.setDestroyMethodName(""));
        context.registerBean(PrometheusRegistry.class, registry::getPrometheusRegistry);
    }

    /**
     * The Spring properties a row runs with, as command-line arguments (the highest precedence, so that no
     * environment variable such as SERVER_PORT changes a measured row). Everything else is Spring Boot's default.
     */
    static List<String> properties(FrameworkConfig config) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.address", config.host());
        properties.put("server.port", String.valueOf(config.port()));
        properties.put("spring.threads.virtual.enabled", String.valueOf(config.threads() == FrameworkThreads.VIRTUAL));
        if (config.threads() == FrameworkThreads.PLATFORM && config.poolSizeGiven()) {
            // Otherwise Tomcat's own default (200), as a Spring Boot user gets it.
            properties.put("server.tomcat.threads.max", String.valueOf(config.poolSize()));
        }
        if (config.idleTimeout() != null) {
            // --idle-timeout: how long a kept-alive connection waits for its next request (Tomcat's keepAliveTimeout;
            // without it Tomcat uses its connection timeout, Spring Boot's default). A flood's client sends its
            // request at once, so the connection timeout (the wait for the first request) stays Tomcat's.
            properties.put("server.tomcat.keep-alive-timeout", config.idleTimeout().toMillis() + "ms");
        }
        // stdout's lines are the harness's: no banner, no startup lines (logs go to stderr, logback.xml).
        properties.put("spring.main.banner-mode", "off");
        properties.put("spring.main.log-startup-info", "false");
        // The arena serves no static files: an unknown path is the arena's 404, not a resource lookup.
        properties.put("spring.web.resources.add-mappings", "false");
        // Actuator's Prometheus endpoint at /metrics, and no other endpoint (seed 004 scrapes only this one).
        properties.put("management.endpoints.web.base-path", "/");
        properties.put("management.endpoints.web.exposure.include", "prometheus");
        properties.put("management.endpoints.web.path-mapping.prometheus", "metrics");
        List<String> arguments = new ArrayList<>();
        properties.forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return arguments;
    }

    @Override
    public int port() {
        return tomcat.getPort();
    }

    /** The folder holding Tomcat's base directory and document root, removed after the stop (tests read it). */
    Path workFolder() {
        return workFolder;
    }

    /** Tomcat as Spring Boot runs it (tests read its connector). */
    WebServer tomcat() {
        return tomcat;
    }

    /**
     * Tomcat's graceful shutdown (no new connection, requests in progress finish) for at most {@code grace}, then the
     * context is closed, which cuts what is left.
     */
    @Override
    public boolean stop(Duration grace) {
        CompletableFuture<GracefulShutdownResult> result = new CompletableFuture<>();
        tomcat.shutDownGracefully(result::complete);
        boolean clean;
        try {
            clean = result.get(grace.toMillis(), TimeUnit.MILLISECONDS) != GracefulShutdownResult.REQUESTS_ACTIVE;
        } catch (TimeoutException | ExecutionException e) {
            clean = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            clean = false;
        }
        context.close();
        deleteTree(workFolder);
        return clean;
    }
}
