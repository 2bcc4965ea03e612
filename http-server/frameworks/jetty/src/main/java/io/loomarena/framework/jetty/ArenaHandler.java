package io.loomarena.framework.jetty;

import java.util.List;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.EndpointAnswer;
import io.loomarena.framework.support.EndpointRequest;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The adapter from Jetty's core request and response to the arena's endpoints: every request, whatever its path, is
 * answered by {@link ArenaEndpoints}. A blocking handler (Jetty's default invocation type), so Jetty runs it on a
 * thread of the server's pool, which it may hold (in {@code /io}, {@code /fanout}, {@code /db}). Thread-safe.
 */
final class ArenaHandler extends Handler.Abstract {

    private final ArenaEndpoints endpoints;

    ArenaHandler(ArenaEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        HttpFields fields = request.getHeaders();
        EndpointRequest asked = new EndpointRequest(request.getMethod(), Request.getPathInContext(request),
                request.getHttpURI().getQuery(), name -> joined(fields.getValuesList(name)));
        EndpointAnswer answer = endpoints.answer(asked);
        response.setStatus(answer.status());
        HttpFields.Mutable headers = response.getHeaders();
        if (answer.hasContent()) {
            headers.put(HttpHeader.CONTENT_TYPE, answer.contentType());
            headers.put(HttpHeader.CONTENT_LENGTH, answer.contentLength());
        }
        answer.fields().forEach(headers::put);
        if (answer.hasContent() && !asked.isHead()) {
            response.write(true, answer.body(), callback);
        } else {
            callback.succeeded();
        }
        return true;
    }

    private static String joined(List<String> values) {
        return values.isEmpty() ? null : String.join(", ", values);
    }
}
