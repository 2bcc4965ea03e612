package io.loomarena.framework.spring;

import java.nio.charset.StandardCharsets;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;

import jakarta.servlet.http.HttpServletRequest;

/** The arena's 404 and 405 for what Spring MVC finds no handler or method for. */
@RestControllerAdvice
class ArenaErrors {

    @ExceptionHandler(NoHandlerFoundException.class)
    ResponseEntity<byte[]> notFound(HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.TEXT_PLAIN)
                .body(("no resource " + request.getRequestURI() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<byte[]> notAllowed(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).contentType(MediaType.TEXT_PLAIN)
                .header("Allow", "GET, HEAD, OPTIONS")
                .body((e.getMethod() + " is not allowed on " + request.getRequestURI() + "\n")
                        .getBytes(StandardCharsets.UTF_8));
    }
}
