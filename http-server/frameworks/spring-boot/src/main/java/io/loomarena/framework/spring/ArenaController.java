package io.loomarena.framework.spring;

import java.nio.charset.StandardCharsets;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The arena's endpoints as Spring MVC handlers. */
@RestController
class ArenaController {

    @GetMapping("/ping")
    ResponseEntity<byte[]> ping() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).header("Cache-Control", "no-store")
                .body("pong".getBytes(StandardCharsets.US_ASCII));
    }
}
