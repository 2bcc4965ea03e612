package io.loomarena.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Keeps a user's old HTTP model tags working: before the scenarios are discovered, it rewrites them in
 * {@code -Dcucumber.filter.tags} to the tags that replaced them (the echo server's, for every server) and prints one
 * line saying so, so that {@code -Dcucumber.filter.tags='@VirtualThreads and @Functional'} still selects what it used
 * to rather than nothing. Registered in {@code META-INF/services}; JUnit Platform opens it once per launcher session,
 * before discovery, and Cucumber reads the property only then. Stateless.
 */
public final class OldModelTags implements LauncherSessionListener {

    /** The property Cucumber reads its tag filter from. */
    static final String PROPERTY = "cucumber.filter.tags";

    /**
     * Old tag to its replacement: the old tags were on HTTP scenarios only (echo's carry the same model tags now), the
     * cached row had its own tag, and plain virtual meant "not cached".
     */
    private static final Map<String, String> RENAMED = renamed();
    private static final Pattern TAG = Pattern.compile("@[A-Za-z0-9_]+");

    private static Map<String, String> renamed() {
        Map<String, String> renamed = new LinkedHashMap<>();
        renamed.put("@SingleThreaded", "(@Http and @ServerSingle)");
        renamed.put("@ThreadPerRequest", "(@Http and @ServerPlatform)");
        renamed.put("@ThreadPool", "(@Http and @ServerPool)");
        renamed.put("@VirtualThreads", "(@Http and @ServerVirtual and not @CachedContent)");
        renamed.put("@VirtualThreadsCached", "(@Http and @ServerVirtual and @CachedContent)");
        return Map.copyOf(renamed);
    }

    /** The old tags that a filter may still name. */
    static java.util.Set<String> oldTags() {
        return RENAMED.keySet();
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String tags = System.getProperty(PROPERTY);
        if (tags == null) {
            return;
        }
        rewrite(tags).ifPresent(rewritten -> {
            System.setProperty(PROPERTY, rewritten);
            System.out.println("[TAGS] old model tags in " + PROPERTY + " renamed: running '" + rewritten
                    + "' (was '" + tags + "')");
        });
    }

    /** {@code expression} with every old model tag replaced by its new tags, or empty when it holds none. */
    static Optional<String> rewrite(String expression) {
        Matcher matcher = TAG.matcher(expression);
        StringBuilder rewritten = new StringBuilder();
        boolean changed = false;
        while (matcher.find()) {
            String replacement = RENAMED.get(matcher.group());
            changed |= replacement != null;
            matcher.appendReplacement(rewritten, Matcher.quoteReplacement(replacement != null ? replacement
                    : matcher.group()));
        }
        matcher.appendTail(rewritten);
        return changed ? Optional.of(rewritten.toString()) : Optional.empty();
    }
}
