package io.loomarena.harness.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What git says of the working tree a run measured: the commit, its committer time, whether the tree had changes and
 * the branch. Each question is one short {@code git} command; without git, or outside a repository, the answers are
 * {@code unknown}, the run's start, clean and no branch. Immutable.
 *
 * @param commit     {@code git rev-parse HEAD}, or {@code unknown}
 * @param commitTime {@code git show -s --format=%cI}, or empty
 * @param dirty      whether {@code git status --porcelain} listed anything
 * @param branch     {@code git rev-parse --abbrev-ref HEAD}, empty when detached or unknown
 */
public record GitRevision(String commit, Optional<Instant> commitTime, boolean dirty, Optional<String> branch) {

    /** What a commit git could not name is recorded as. */
    public static final String UNKNOWN = "unknown";
    private static final long TIMEOUT_SECONDS = 10;

    /** The working tree at {@code repository}. */
    public static GitRevision of(Path repository) {
        Optional<String> head = git(repository, "rev-parse", "HEAD").filter(out -> out.matches("[0-9a-f]{40}"));
        if (head.isEmpty()) {
            return new GitRevision(UNKNOWN, Optional.empty(), false, Optional.empty());
        }
        return new GitRevision(head.get(), commitTime(repository, head.get()),
                git(repository, "status", "--porcelain").map(out -> !out.isEmpty())
                        .orElse(false),
                git(repository, "rev-parse", "--abbrev-ref", "HEAD").filter(out -> !out.equals("HEAD")));
    }

    /** The committer time of {@code commit} in {@code repository}, if git knows the commit. */
    public static Optional<Instant> commitTime(Path repository, String commit) {
        if (!commit.matches("[0-9a-f]{7,40}")) {
            return Optional.empty();
        }
        return git(repository, "show", "-s", "--format=%cI", commit).flatMap(out -> {
            try {
                return Optional.of(OffsetDateTime.parse(out).toInstant());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        });
    }

    private static Optional<String> git(Path repository, String... arguments) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        try {
            Process git = new ProcessBuilder(command).directory(repository.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            git.getOutputStream().close();
            byte[] out = git.getInputStream().readAllBytes();
            if (!git.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return Optional.empty();
            }
            return git.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8).strip())
                    : Optional.empty();
        } catch (IOException e) {
            // git is not installed or the folder does not exist: the answer is unknown.
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
