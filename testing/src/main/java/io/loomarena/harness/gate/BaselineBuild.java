package io.loomarena.harness.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.loomarena.harness.Folders;
import io.loomarena.harness.HarnessException;
import io.loomarena.measure.ParentFolder;

/**
 * Builds the jars of a git ref for the A/B gate: the ref is checked out in a temporary {@code git worktree}, built
 * with its own {@code ./mvnw} (offline first, so a warm local repository needs no network), and its two jars are
 * copied out; the worktree is removed as soon as the jars are out, and {@link #close()} removes the copies. Nothing is
 * left behind on failure either: every step that fails names the ref, the step and the end of its output.
 * <p>
 * The same class builds this working tree's jars ({@link #ofWorkingTree}) with the same command, so that both sides of
 * the comparison run from jars built the same way.
 */
public final class BaselineBuild implements AutoCloseable {

    /** Maven arguments of both builds: the two runnable jars and what they need, no tests, no static analysis. */
    static final List<String> MAVEN_PACKAGE = List.of("-B", "-ntp", "-q", "package", "-Dmaven.test.skip=true",
            "-Dspotbugs.skip=true", "-pl", "echo,http-server", "-am");
    private static final Duration GIT_TIMEOUT = Duration.ofMinutes(1);
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(10);
    private static final int OUTPUT_TAIL_LINES = 25;
    private static final String THIS_BUILD = "this build";

    private final Path folder;
    private final BuildJars jars;

    private BaselineBuild(Path folder, BuildJars jars) {
        this.folder = folder;
        this.jars = jars;
    }

    /**
     * Checks {@code ref} out of the repository at {@code repo}, builds it and keeps its jars until {@link #close()}.
     *
     * @param progress sees one line per step, for the console
     * @throws HarnessException when the ref does not exist, the checkout or the build fails, or the jars lack their
     *                          entry points; the temporary folder and worktree are gone by then
     */
    public static BaselineBuild ofRef(Path repo, String ref, Consumer<String> progress) {
        if (ref.isBlank() || ref.startsWith("-")) {
            throw new HarnessException("baseline ref '" + ref + "' is not a git ref (a branch, tag or commit)");
        }
        Path folder = temporaryFolder();
        Path source = folder.resolve("source");
        boolean worktreeAdded = false;
        try {
            Result commit = run(repo, folder.resolve("git.log"), GIT_TIMEOUT, "git", "rev-parse", "--verify",
                    "--quiet", ref + "^{commit}");
            if (commit.exit() != 0) {
                throw new HarnessException("baseline ref '" + ref + "' does not exist in " + repo
                        + " (step: git rev-parse; fetch it first, for example git fetch origin " + ref + ")");
            }
            String sha = commit.output().strip();
            progress.accept("baseline " + ref + " is commit " + sha.substring(0, 12)
                    + ": checking it out in " + source);
            Result add = run(repo, folder.resolve("git.log"), GIT_TIMEOUT, "git", "worktree", "add", "--detach",
                    source.toString(), sha);
            worktreeAdded = true;
            if (add.exit() != 0) {
                throw failed(ref, "git worktree add", add);
            }
            BuildJars jars = build(ref, source, folder, progress);
            removeWorktree(repo, source);
            worktreeAdded = false;
            return new BaselineBuild(folder, jars);
        } catch (RuntimeException e) {
            if (worktreeAdded) {
                removeWorktree(repo, source);
            }
            Folders.delete(folder);
            throw e;
        }
    }

    /**
     * Builds this working tree the same way: the files git tracks or would track (uncommitted changes included,
     * ignored files such as {@code target/} left out) are copied into a temporary folder and built there, so that
     * this build's jars come from a fresh tree like the baseline's, and the running build's own {@code target/}
     * folders are not touched.
     */
    public static BaselineBuild ofWorkingTree(Path repo, Consumer<String> progress) {
        Path folder = temporaryFolder();
        try {
            Path source = folder.resolve("source");
            Result files = run(repo, folder.resolve("git.log"), GIT_TIMEOUT, "git", "ls-files", "-z", "--cached",
                    "--others", "--exclude-standard");
            if (files.exit() != 0) {
                throw failed(THIS_BUILD, "git ls-files (is " + repo + " a git repository?)", files);
            }
            progress.accept("copying this working tree to " + source);
            for (String file : files.output().split("\u0000")) {
                Path from = repo.resolve(file);
                if (file.isEmpty() || !Files.isRegularFile(from)) {
                    continue; // a deleted but still tracked file is not part of this build
                }
                Path to = source.resolve(file);
                ParentFolder.create(to);
                Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return new BaselineBuild(folder, build(THIS_BUILD, source, folder, progress));
        } catch (IOException e) {
            Folders.delete(folder);
            throw new HarnessException("cannot copy this working tree for its build: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            Folders.delete(folder);
            throw e;
        }
    }

    public BuildJars jars() {
        return jars;
    }

    /** Removes the copied jars and the build's logs. */
    @Override
    public void close() {
        Folders.delete(folder);
    }

    private static BuildJars build(String name, Path source, Path folder, Consumer<String> progress) {
        Path mvnw = source.resolve("mvnw");
        if (!Files.isExecutable(mvnw)) {
            throw new HarnessException("build of " + name + ": " + mvnw + " is missing or not executable (step: build)");
        }
        Path log = folder.resolve("build.log");
        long started = System.nanoTime();
        progress.accept("building " + name + " (./mvnw package, offline first)");
        List<String> offline = new ArrayList<>(List.of(mvnw.toString(), "-o"));
        offline.addAll(MAVEN_PACKAGE);
        Result result = run(source, log, BUILD_TIMEOUT, offline.toArray(String[]::new));
        if (result.exit() != 0 && result.output().contains("offline")) {
            progress.accept("the local Maven repository lacks what " + name
                    + " needs offline; building online");
            List<String> online = new ArrayList<>(List.of(mvnw.toString()));
            online.addAll(MAVEN_PACKAGE);
            result = run(source, log, BUILD_TIMEOUT, online.toArray(String[]::new));
        }
        if (result.exit() != 0) {
            throw failed(name, "./mvnw package", result);
        }
        Path jarsFolder = folder.resolve("jars");
        try {
            Files.createDirectories(jarsFolder);
            Files.copy(source.resolve("echo/target").resolve(BuildJars.ECHO_JAR), jarsFolder.resolve(BuildJars.ECHO_JAR),
                    StandardCopyOption.REPLACE_EXISTING);
            Files.copy(source.resolve("http-server/target").resolve(BuildJars.HTTP_JAR),
                    jarsFolder.resolve(BuildJars.HTTP_JAR), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new HarnessException("build of " + name + " produced no jars to copy (step: copy jars): " + e, e);
        }
        progress.accept(String.format(java.util.Locale.ROOT, "built %s in %.0f s", name,
                (System.nanoTime() - started) / 1e9));
        return BuildJars.inFolder(name, jarsFolder);
    }

    private record Result(int exit, String output) {
    }

    /** Runs {@code command} in {@code dir}, output (both streams) to {@code log}; kills it after {@code timeout}. */
    private static Result run(Path dir, Path log, Duration timeout, String... command) {
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                return new Result(-1, "timed out after " + timeout.toSeconds() + " s: " + String.join(" ", command)
                        + System.lineSeparator() + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, "cannot run " + command[0] + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while running " + String.join(" ", command), e);
        }
    }

    private static HarnessException failed(String name, String step, Result result) {
        List<String> lines = result.output().lines().toList();
        String tail = String.join(System.lineSeparator(),
                lines.subList(Math.max(0, lines.size() - OUTPUT_TAIL_LINES), lines.size()));
        return new HarnessException("baseline " + name + ": step '" + step + "' failed (exit " + result.exit() + ")"
                + System.lineSeparator() + "--- last lines of its output:" + System.lineSeparator() + tail);
    }

    private static void removeWorktree(Path repo, Path source) {
        Path log = source.resolveSibling("git-remove.log");
        run(repo, log, GIT_TIMEOUT, "git", "worktree", "remove", "--force", source.toString());
        run(repo, log, GIT_TIMEOUT, "git", "worktree", "prune");
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("loomarena-baseline-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for the baseline build", e);
        }
    }
}
