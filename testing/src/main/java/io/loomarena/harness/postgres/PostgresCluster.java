package io.loomarena.harness.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.loomarena.harness.Folders;

/**
 * A throwaway PostgreSQL server for tests and benchmarks: {@code initdb} on a temporary folder, {@code postgres} on a
 * free loopback port with settings for speed over durability ({@code fsync} off; {@link #MAX_CONNECTIONS}
 * connections), one database created; {@link #close} stops it and deletes the folder, and a shutdown hook does the
 * same when the JVM exits first. PostgreSQL refuses to run as root, so as root every command runs as the
 * {@code postgres} user ({@code runuser}) and the folder is theirs. The one starter the project has: the history's
 * tests and the servers' database endpoint use it. Where no binaries exist, {@link #unavailable} says why.
 * Thread-safe to close twice.
 */
public final class PostgresCluster implements AutoCloseable {

    /** Connections the server accepts: enough for a load test's pool beside a test's own. */
    public static final int MAX_CONNECTIONS = 300;
    /** The superuser initdb creates, with trust authentication on loopback only. */
    public static final String USER = "postgres";
    /** How long starting, stopping or creating may take before it is given up. */
    static final long TIMEOUT_SECONDS = 60;

    private static final Path DEBIAN = Path.of("/usr/lib/postgresql");

    private final Path bin;
    private final Path folder;
    private final int port;
    private final String database;
    private final boolean asPostgres;
    private final Thread hook;
    private boolean closed;

    private PostgresCluster(Path bin, Path folder, int port, String database, boolean asPostgres) {
        this.bin = bin;
        this.folder = folder;
        this.port = port;
        this.database = database;
        this.asPostgres = asPostgres;
        this.hook = new Thread(this::stopAndDelete, "postgres-cluster-cleanup");
    }

    /** Why no cluster can be started here (no {@code initdb}, {@code pg_ctl}, {@code postgres}), or empty. */
    public static Optional<String> unavailable() {
        return binaries().isPresent() ? Optional.empty() : Optional.of("no PostgreSQL binaries (initdb, pg_ctl,"
                + " postgres) under " + DEBIAN + "/*/bin or on the PATH");
    }

    /** The folder of the newest PostgreSQL's binaries: Debian's {@code /usr/lib/postgresql/<version>/bin}, else PATH. */
    static Optional<Path> binaries() {
        List<Path> candidates = new ArrayList<>();
        if (Files.isDirectory(DEBIAN)) {
            try (Stream<Path> versions = Files.list(DEBIAN)) {
                versions.map(v -> v.resolve("bin")).sorted(Comparator.comparing(PostgresCluster::version).reversed())
                        .forEach(candidates::add);
            } catch (IOException e) {
                // Unreadable: fall back to the PATH.
            }
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    candidates.add(Path.of(entry));
                }
            }
        }
        return candidates.stream().filter(dir -> Stream.of("initdb", "pg_ctl", "postgres")
                .allMatch(name -> Files.isExecutable(dir.resolve(name)))).findFirst();
    }

    /**
     * Starts a cluster with one database named {@code database}, ready for connections.
     *
     * @throws IllegalStateException when binaries are missing ({@link #unavailable}) or a step fails, with the tail
     *                               of its output
     */
    public static PostgresCluster start(String database) {
        Path bin = binaries().orElseThrow(() -> new IllegalStateException(unavailable().orElseThrow()));
        boolean root = ProcessHandle.current().info().user().map("root"::equals).orElse(false);
        Path folder;
        try {
            folder = Files.createTempDirectory("loomarena-postgres-");
            if (root) {
                UserPrincipal postgres = folder.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName(USER);
                Files.setOwner(folder, postgres);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot prepare a folder for PostgreSQL: " + e.getMessage(), e);
        }
        PostgresCluster cluster = new PostgresCluster(bin, folder, freePort(), database, root);
        Runtime.getRuntime().addShutdownHook(cluster.hook);
        try {
            cluster.run("initdb", "-D", cluster.data().toString(), "-U", USER, "--auth=trust", "-E", "UTF8",
                    "--no-sync");
            cluster.startServer();
            java.util.Properties trusted = new java.util.Properties();
            trusted.setProperty("user", USER);
            try (Connection connection = DriverManager.getConnection(cluster.url("postgres"), trusted);
                 Statement statement = connection.createStatement()) {
                statement.execute("CREATE DATABASE \"" + database.replace("\"", "") + "\"");
            }
            return cluster;
        } catch (SQLException | RuntimeException e) {
            cluster.close();
            throw new IllegalStateException("cannot start PostgreSQL from " + bin + ": " + e.getMessage(), e);
        }
    }

    /** {@code pg_ctl start} on this cluster's folder and port, waiting until it takes connections. */
    private void startServer() {
        run("pg_ctl", "start", "-w", "-t", String.valueOf(TIMEOUT_SECONDS), "-D", data().toString(),
                "-l", folder.resolve("server.log").toString(), "-o", String.join(" ", "-p", String.valueOf(port),
                        "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=" + folder,
                        "-c", "max_connections=" + MAX_CONNECTIONS, "-c", "fsync=off",
                        "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
    }

    /**
     * Stops the server at once, as a crash would ({@code pg_ctl stop -m immediate}: every connection cut, no
     * checkpoint); its data stays for {@link #restart}. For the tests of what a client does when its database dies.
     */
    public void kill() {
        Optional<ProcessHandle> server = postmasterPid().flatMap(ProcessHandle::of);
        run("pg_ctl", "stop", "-m", "immediate", "-w", "-t", String.valueOf(TIMEOUT_SECONDS), "-D", data().toString());
        // pg_ctl returns once the pid file is gone; the process itself may take a moment longer to end.
        server.ifPresent(handle -> handle.onExit().orTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .exceptionally(t -> handle).join());
    }

    /** Starts the server again after {@link #kill}: same port, same data (recovered), ready for connections. */
    public void restart() {
        startServer();
    }

    /** The JDBC URL of the database, user {@link #USER} without a password. */
    public String jdbcUrl() {
        return url(database);
    }

    /** The loopback port it listens on. */
    public int port() {
        return port;
    }

    /** The temporary folder that holds its data, deleted by {@link #close}. */
    public Path folder() {
        return folder;
    }

    /** Stops the server ({@code pg_ctl stop -m fast}, then a kill) and deletes its folder. */
    @Override
    public void close() {
        stopAndDelete();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs, or ran, the same clean-up.
        }
    }

    private synchronized void stopAndDelete() {
        if (closed) {
            return;
        }
        closed = true;
        Optional<Long> pid = postmasterPid();
        if (Files.exists(data().resolve("postmaster.pid"))) {
            try {
                run("pg_ctl", "stop", "-m", "fast", "-w", "-t", "20", "-D", data().toString());
            } catch (RuntimeException e) {
                // A server that does not stop in time is killed below.
            }
        }
        pid.flatMap(ProcessHandle::of).ifPresent(handle -> {
            handle.destroyForcibly();
            handle.onExit().orTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS).exceptionally(t -> handle).join();
        });
        Folders.delete(folder);
    }

    /** The server's process id while it runs (from its {@code postmaster.pid}); empty once stopped. */
    public Optional<Long> postmasterPid() {
        try {
            Path file = data().resolve("postmaster.pid");
            return Files.exists(file) ? Files.readAllLines(file).stream().findFirst().map(String::strip)
                    .map(Long::parseLong) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private Path data() {
        return folder.resolve("data");
    }

    private String url(String name) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
    }

    /** Runs one of the binaries (as {@code postgres} when this JVM is root), bounded, failing with its output. */
    private void run(String tool, String... arguments) {
        List<String> command = new ArrayList<>();
        if (asPostgres) {
            command.addAll(List.of("runuser", "-u", USER, "--"));
        }
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(arguments));
        Path log = folder.resolve(tool + ".out");
        try {
            Process process = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(tool + " took more than " + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(tool + " exited with " + process.exitValue() + ": " + tail(log));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + tool + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + tool + " ran", e);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no output)";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port: " + e.getMessage(), e);
        }
    }

    private static int version(Path bin) {
        Path parent = bin.getParent();
        String name = parent == null ? "" : String.valueOf(parent.getFileName()).replaceAll("\\D.*$", "");
        return name.isEmpty() ? 0 : Integer.parseInt(name);
    }
}
