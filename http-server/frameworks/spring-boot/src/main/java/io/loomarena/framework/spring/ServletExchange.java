package io.loomarena.framework.spring;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

import io.loomarena.framework.support.EndpointAnswer;
import io.loomarena.framework.support.EndpointRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The one translation between the Servlet API Spring MVC hands its handlers and the support's transport-neutral
 * request and answer, so the controller and the error advice write the arena's answers the same way. Stateless.
 */
final class ServletExchange {

    private ServletExchange() {
    }

    /** The request as the arena's endpoints read it. */
    static EndpointRequest request(HttpServletRequest request) {
        return new EndpointRequest(request.getMethod(), request.getRequestURI(), request.getQueryString(),
                name -> field(request, name));
    }

    /**
     * Writes the answer as it is: its status and fields, and for content its type, length and (unless HEAD) body.
     * Written on the servlet response rather than as a {@code ResponseEntity}, so that Spring evaluates no
     * precondition of its own on the arena's ETag: the 304 is the support's decision alone.
     */
    static void write(EndpointAnswer answer, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        response.setStatus(answer.status());
        answer.fields().forEach(response::setHeader);
        if (answer.hasContent()) {
            response.setContentType(answer.contentType());
            response.setContentLength(answer.contentLength());
            if (!"HEAD".equals(request.getMethod())) {
                answer.sendBody(response.getOutputStream()::write);
            }
        }
    }

    /** Repeated field lines joined with ", ", or null when absent. */
    private static String field(HttpServletRequest request, String name) {
        Enumeration<String> values = request.getHeaders(name);
        if (values == null || !values.hasMoreElements()) {
            return null;
        }
        return String.join(", ", Collections.list(values));
    }
}
