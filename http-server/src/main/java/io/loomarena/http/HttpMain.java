package io.loomarena.http;

/** Placeholder entry point; replaced by the picocli command line. */
public final class HttpMain {
    public static void main(String[] args) {
        System.out.println("http");
    }
}
