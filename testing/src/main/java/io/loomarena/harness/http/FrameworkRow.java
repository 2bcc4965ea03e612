package io.loomarena.harness.http;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import io.loomarena.harness.ModuleClassPath;
import io.loomarena.model.ServerModel;

/**
 * The framework rows of the arena: a framework is an implementation with its own thread model, so a row is one
 * framework started with one {@code --threads} choice (Spring Boot on Tomcat's virtual-thread executor, and on its
 * default platform pool). Every word a row has is here, one constant per row: its command-line name, ranking label,
 * Cucumber tags, module folder and main class (by its {@link Framework}), its {@code --threads} value, the arena model
 * its threads behave like, and whether {@code --pool-size} applies. A new row is one constant; a new framework is one
 * {@link Framework} constant and its rows. Every framework application takes the same command line and behaves as the
 * arena's {@code serve} towards the harness (docs/http-benchmarks.md, "Framework rows"). Immutable.
 */
public enum FrameworkRow {
    /** Spring Boot's embedded Tomcat with {@code spring.threads.virtual.enabled}: a virtual thread per request. */
    SPRING_BOOT_VIRTUAL(Framework.SPRING_BOOT, Threads.VIRTUAL),
    /** Spring Boot's embedded Tomcat on its platform pool ({@code server.tomcat.threads.max}, 200 by default). */
    SPRING_BOOT_PLATFORM(Framework.SPRING_BOOT, Threads.PLATFORM),
    /** Helidon SE 4: a virtual thread per request by design, no other choice. */
    HELIDON(Framework.HELIDON, Threads.VIRTUAL),
    /** Jetty 12 with its {@code VirtualThreadPool}. */
    JETTY_VIRTUAL(Framework.JETTY, Threads.VIRTUAL),
    /** Jetty 12 with its {@code QueuedThreadPool} of platform threads (200 by default). */
    JETTY_QUEUED(Framework.JETTY, Threads.PLATFORM);

    /** The tag every framework row's scenarios carry; the default build leaves them out (they are {@code @Slow}). */
    public static final String TAG = "@Framework";
    /** The option that picks the framework's own thread model, on every framework's {@code serve}. */
    public static final String THREADS_OPTION = "--threads";

    /**
     * A framework: its module (the folder under the repository root that builds it and writes its class path), its
     * main class and its Cucumber tag.
     */
    public enum Framework {
        SPRING_BOOT("Spring Boot", "http-server/frameworks/spring-boot", "io.loomarena.framework.spring.SpringBootMain",
                "@FrameworkSpringBoot"),
        HELIDON("Helidon SE", "http-server/frameworks/helidon", "io.loomarena.framework.helidon.HelidonMain",
                "@FrameworkHelidon"),
        JETTY("Jetty", "http-server/frameworks/jetty", "io.loomarena.framework.jetty.JettyMain", "@FrameworkJetty");

        private final String displayName;
        private final String module;
        private final String mainClass;
        private final String tag;

        Framework(String displayName, String module, String mainClass, String tag) {
            this.displayName = displayName;
            this.module = module;
            this.mainClass = mainClass;
            this.tag = tag;
        }

        /** {@code Spring Boot}, as messages name it (its version comes from the running server). */
        public String displayName() {
            return displayName;
        }

        /** The module folder from the repository root: {@code http-server/frameworks/spring-boot}. */
        public String module() {
            return module;
        }

        /** The application's main class, whose {@code serve} command every row starts. */
        public String mainClass() {
            return mainClass;
        }

        /** The Cucumber tag of its rows' scenarios: {@code @FrameworkSpringBoot}. */
        public String tag() {
            return tag;
        }
    }

    /** A framework's {@code --threads} choice, and the arena model whose threads it behaves like. */
    private enum Threads {
        VIRTUAL("virtual", ServerModel.VIRTUAL),
        PLATFORM("platform", ServerModel.POOL);

        private final String cliValue;
        private final ServerModel behavesLike;

        Threads(String cliValue, ServerModel behavesLike) {
            this.cliValue = cliValue;
            this.behavesLike = behavesLike;
        }
    }

    private final Framework framework;
    private final Threads threads;

    FrameworkRow(Framework framework, Threads threads) {
        this.framework = framework;
        this.threads = threads;
    }

    /** The framework it runs. */
    public Framework framework() {
        return framework;
    }

    /** The name on the command line, in features and summaries: {@code spring-boot-virtual}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The ranking label with the framework's own pool size: {@code SPRING_BOOT_VIRTUAL_SERVER}. */
    public String label() {
        return name() + "_SERVER";
    }

    /** The value of {@code --threads} this row starts its framework with: {@code virtual} or {@code platform}. */
    public String threadsValue() {
        return threads.cliValue;
    }

    /**
     * The arena model whose threads this row's behave like ({@link ServerModel#VIRTUAL}: a virtual thread per
     * request; {@link ServerModel#POOL}: a bounded pool of platform threads), for what a model's threads decide
     * (thread names, which checks apply); never its label or tags, which are the row's.
     */
    public ServerModel behavesLike() {
        return threads.behavesLike;
    }

    /** Whether {@code --pool-size} sizes this row's pool (Tomcat's {@code threads.max}, Jetty's pool's max). */
    public boolean takesPoolSize() {
        return behavesLike().hasPool();
    }

    /** The Cucumber tags of its scenarios: {@value #TAG} and its framework's. */
    public List<String> tags() {
        return List.of(TAG, framework.tag());
    }

    /** Where its classes come from: its framework module's class path file, read when its JVM starts. */
    public ModuleClassPath classPath() {
        return new ModuleClassPath(framework.module(), cliName());
    }

    /** The row with exactly this command-line name, if any. */
    public static Optional<FrameworkRow> fromCliName(String name) {
        return Arrays.stream(values()).filter(row -> row.cliName().equals(name)).findFirst();
    }

    /** The command-line names, comma separated: {@code spring-boot-virtual, spring-boot-platform, ...}. */
    public static String allowed() {
        return Arrays.stream(values()).map(FrameworkRow::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return cliName();
    }
}
