package io.loomarena.framework.spring;

import java.io.IOException;

import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;

import io.loomarena.framework.support.ArenaEndpoints;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What Spring MVC finds no handler or no method for (an unknown path; POST on {@code /ping} or on Actuator's
 * {@code /metrics}), answered by {@link ArenaEndpoints} as the arena answers it: 404, or 405 with {@code Allow},
 * instead of Spring's JSON error page. Thread-safe.
 */
@RestControllerAdvice
class ArenaErrors {

    private final ArenaEndpoints endpoints;

    ArenaErrors(ArenaEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @ExceptionHandler({NoHandlerFoundException.class, HttpRequestMethodNotSupportedException.class})
    void refused(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ServletExchange.write(endpoints.answer(ServletExchange.request(request)), request, response);
    }
}
