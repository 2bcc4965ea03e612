package io.loomarena.http.server.protocol;

/** The protocol versions this server speaks; responses always say HTTP/1.1 (RFC 9110 section 6.2). */
public enum HttpVersion {
    HTTP_1_0, HTTP_1_1
}
