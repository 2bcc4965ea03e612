package io.loomarena.testing.http.support;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the request texts of the feature files into bytes: {@code \r \n \t \0 \\} become control characters,
 * {@code \xHH} the byte HH (a real newline from a Gherkin table cell stays one), and {@code {x*N}} becomes x repeated
 * N times.
 */
public final class RequestText {

    private static final Pattern REPEAT = Pattern.compile("\\{(.+?)\\*(\\d+)}", Pattern.DOTALL);

    private RequestText() {
    }

    /** A minimal HTTP/1.1 GET of {@code target}: what a step that "requests" a path sends. */
    public static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n";
    }

    /**
     * The requests a Doc String shows one line at a time: each of its lines ended by CRLF (an empty line is the one
     * that ends a header section), then the empty line that ends the last one (a Doc String cannot end with an empty
     * line: Gherkin drops it), with the escapes of {@link #expand} inside a line.
     */
    public static String crlfRequests(String docString) {
        StringBuilder text = new StringBuilder();
        docString.strip().lines().forEach(line -> text.append(line).append("\r\n"));
        return expand(text.append("\r\n").toString());
    }

    public static String expand(String text) {
        StringBuilder unescaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(i + 1);
                String replacement = switch (next) {
                    case 'r' -> "\r";
                    case 'n' -> "\n";
                    case 't' -> "\t";
                    case '0' -> "\0";
                    case '\\' -> "\\";
                    default -> null;
                };
                if (replacement != null) {
                    unescaped.append(replacement);
                    i++;
                    continue;
                }
                if (next == 'x' && i + 3 < text.length() && isHex(text.charAt(i + 2)) && isHex(text.charAt(i + 3))) {
                    unescaped.append((char) Integer.parseInt(text.substring(i + 2, i + 4), 16));
                    i += 3;
                    continue;
                }
            }
            unescaped.append(c);
        }
        Matcher matcher = REPEAT.matcher(unescaped);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(matcher.group(1).repeat(Integer.parseInt(matcher.group(2)))));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    public static byte[] bytes(String text) {
        return expand(text).getBytes(StandardCharsets.ISO_8859_1);
    }
}
