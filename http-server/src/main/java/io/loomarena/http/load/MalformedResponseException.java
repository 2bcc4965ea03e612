package io.loomarena.http.load;

import java.io.IOException;

/** A response that does not follow HTTP/1.1 framing (bad status line or header, wrong length, truncated body). */
public final class MalformedResponseException extends IOException {

    private static final long serialVersionUID = 1L;

    public MalformedResponseException(String message) {
        super(message);
    }
}
