package io.loomarena.echo;

/** Placeholder entry point; replaced by the picocli command line. */
public final class EchoMain {
    public static void main(String[] args) {
        System.out.println("echo");
    }
}
