package io.loomarena.http.server.endpoint;

import java.io.IOException;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Where {@code /data.json} and {@code /files/} come from: the disk on every request ({@link DiskContent}) or memory
 * ({@link CachedContent}, {@code --cache-content}). Implementations are thread-safe.
 */
public interface ContentSource {

    /** Answers {@code /data.json}. */
    void data(ResponseWriter out) throws IOException, HttpException;

    /** Answers {@code /files/<name>}, the name percent-decoded. */
    void file(String name, ResponseWriter out) throws IOException, HttpException;
}
