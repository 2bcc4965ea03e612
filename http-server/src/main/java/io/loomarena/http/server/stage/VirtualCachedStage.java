package io.loomarena.http.server.stage;

import java.io.IOException;
import java.nio.file.Path;

import io.loomarena.http.server.Stage;
import io.loomarena.http.server.endpoint.CachedContent;
import io.loomarena.http.server.endpoint.ContentSource;
import io.loomarena.http.server.endpoint.Docroot;

/**
 * {@link VirtualStage} plus memory: {@code /data.json} is loaded once at start and static files once at their first
 * request, each kept as a prepared response ({@code http-virtual-cached-N} threads). That is all that differs.
 */
public final class VirtualCachedStage extends VirtualThreadsStage {

    @Override
    public Stage stage() {
        return Stage.VIRTUAL_CACHED;
    }

    @Override
    public ContentSource content(Path dataFile, Docroot docroot) throws IOException {
        return new CachedContent(dataFile, docroot);
    }
}
