package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README, in {@code docs/} and in {@code target-results/README.md} points at a file or
 * folder of the repository: a user who clones the project must be able to follow each one.
 */
class DocLinksTest {

    /** {@code [text](target)}; the target ends at the first space or closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static Path repository() {
        return Path.of(System.getProperty("loomarena.results.dir", "../target-results")).toAbsolutePath()
                .normalize().getParent();
    }

    @Test
    void everyRelativeLinkResolvesInsideTheRepository() throws IOException {
        Path root = repository();
        List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md"),
                root.resolve("target-results/README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(documents::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path document : documents) {
            Matcher matcher = LINK.matcher(Files.readString(document));
            while (matcher.find()) {
                String target = matcher.group(1);
                if (target.matches("^[a-z]+:.*") || target.startsWith("#")) {
                    continue; // a web address or an anchor in the same page
                }
                links++;
                String file = target.replaceFirst("#.*$", "");
                Path resolved = document.getParent().resolve(file).normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(root.relativize(document) + ": " + target);
                }
            }
        }
        assertThat(links).as("relative links found").isPositive();
        assertThat(broken).as("links that do not resolve inside %s", root).isEmpty();
    }
}
