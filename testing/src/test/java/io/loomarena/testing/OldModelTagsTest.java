package io.loomarena.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Old HTTP model tags in a tag filter become the tags that replaced them; a filter without them is left alone. */
class OldModelTagsTest {

    @Test
    void everyOldTagBecomesItsReplacementInsideTheExpression() {
        assertThat(OldModelTags.rewrite("@VirtualThreads and @Functional"))
                .contains("(@Http and @ServerVirtual and not @CachedContent) and @Functional");
        assertThat(OldModelTags.rewrite("@VirtualThreadsCached or @ThreadPool"))
                .contains("(@Http and @ServerVirtual and @CachedContent) or (@Http and @ServerPool)");
        assertThat(OldModelTags.rewrite("not @SingleThreaded and not @ThreadPerRequest"))
                .contains("not (@Http and @ServerSingle) and not (@Http and @ServerPlatform)");
    }

    @Test
    void aFilterWithoutOldTagsIsNotTouched() {
        assertThat(OldModelTags.rewrite("@ServerVirtual and @Functional")).isEmpty();
        assertThat(OldModelTags.rewrite("@VirtualThreadsX")).isEmpty();
    }
}
