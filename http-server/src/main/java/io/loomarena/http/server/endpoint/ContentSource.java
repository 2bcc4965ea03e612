package io.loomarena.http.server.endpoint;

import java.io.IOException;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Where {@code /data.json} and {@code /files/} come from: the disk on every request ({@link DiskContent}) or memory
 * ({@link CachedContent}, {@code --cache-content}). Either way a representation has validators and answers
 * conditional and range requests the same ({@link StaticAnswer}). Implementations are thread-safe.
 */
public interface ContentSource {

    /** Answers a GET or HEAD of {@code /data.json}. */
    void data(HttpRequest request, ResponseWriter out) throws IOException, HttpException;

    /** Answers a GET or HEAD of {@code /files/<name>}, the name percent-decoded. */
    void file(String name, HttpRequest request, ResponseWriter out) throws IOException, HttpException;
}
