package io.loomarena.framework.spring;

import java.io.IOException;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

import io.loomarena.framework.support.ArenaEndpoints;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The arena's endpoints as one Spring MVC handler, on the thread Tomcat serves the request on (virtual or from its
 * pool), which blocks there for {@code /io}, {@code /fanout} and {@code /db}. {@code /metrics} is Actuator's. Every
 * body and status comes from {@link ArenaEndpoints}. Thread-safe.
 */
@RestController
class ArenaController {

    private final ArenaEndpoints endpoints;

    ArenaController(ArenaEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    /** GET and HEAD (Spring MVC maps HEAD to GET's handler) and OPTIONS on the arena's paths but /metrics. */
    @RequestMapping(path = {"/ping", "/data.json", "/io", "/cpu", "/fanout", "/db"},
            method = {RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS})
    void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ServletExchange.write(endpoints.answer(ServletExchange.request(request)), request, response);
    }
}
