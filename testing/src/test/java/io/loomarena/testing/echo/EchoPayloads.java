package io.loomarena.testing.echo;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Test data for echo scenarios, always the same for the same arguments. */
public final class EchoPayloads {

    /** Byte sequences a text-minded server would mangle: NUL, 0xFF, and three invalid UTF-8 sequences. */
    private static final byte[] NASTY_PREFIX = {
        0x00, (byte) 0xFF, (byte) 0xC3, 0x28, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xF8, 0x00, 0x00
    };

    private EchoPayloads() {
    }

    /** {@code length} random bytes from {@code seed}, starting with NUL, 0xFF and invalid UTF-8 for certain. */
    public static byte[] randomBinary(int length, long seed) {
        byte[] bytes = new byte[length];
        new SplittableRandom(seed).nextBytes(bytes);
        System.arraycopy(NASTY_PREFIX, 0, bytes, 0, Math.min(length, NASTY_PREFIX.length));
        return bytes;
    }

    /** The numbered message {@code n}: distinct lengths and contents, so a lost or repeated byte shows. */
    public static byte[] numbered(int n) {
        return ("message " + n + " of many;").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A table cell as text: surrounding double quotes removed (they protect leading and trailing spaces), and the
     * escapes {@code \t}, {@code \r}, {@code \n} and {@code \\} turned into their characters.
     */
    public static String unquote(String cell) {
        String text = cell.length() >= 2 && cell.startsWith("\"") && cell.endsWith("\"")
                ? cell.substring(1, cell.length() - 1) : cell;
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                out.append(switch (next) {
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'n' -> '\n';
                    default -> next;
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
