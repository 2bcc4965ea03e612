package io.loomarena.http.server.protocol;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A media type with its precomputed {@code Content-Type} field line. Immutable and thread-safe.
 *
 * @param value the media type, parameters included
 * @param line  {@code Content-Type: <value>\r\n}
 */
public record ContentType(String value, byte[] line) {

    public static final ContentType TEXT = of("text/plain; charset=utf-8");
    public static final ContentType JSON = of("application/json");
    public static final ContentType HTML = of("text/html; charset=utf-8");
    public static final ContentType PROMETHEUS = of("text/plain; version=0.0.4; charset=utf-8");
    public static final ContentType OCTET_STREAM = of("application/octet-stream");

    private static final ContentType CSS = of("text/css; charset=utf-8");
    private static final ContentType JAVASCRIPT = of("text/javascript; charset=utf-8");
    private static final ContentType SVG = of("image/svg+xml");
    private static final ContentType PNG = of("image/png");
    private static final ContentType JPEG = of("image/jpeg");
    private static final ContentType GIF = of("image/gif");
    private static final ContentType WEBP = of("image/webp");
    private static final ContentType ICON = of("image/x-icon");
    private static final ContentType XML = of("application/xml");
    private static final ContentType PDF = of("application/pdf");
    private static final ContentType WOFF2 = of("font/woff2");

    public ContentType {
        if (value == null || value.isBlank() || line == null) {
            throw new IllegalArgumentException("a content type needs a value and its line");
        }
    }

    public static ContentType of(String value) {
        return new ContentType(value, ("Content-Type: " + value + "\r\n").getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * The type of a file by its name's extension; unknown extensions, and a path with no name (a root), are
     * {@code application/octet-stream}.
     */
    public static ContentType forFile(Path file) {
        Path fileName = file.getFileName();
        String name = fileName == null ? "" : fileName.toString();
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return switch (extension) {
            case "html", "htm" -> HTML;
            case "txt", "md" -> TEXT;
            case "css" -> CSS;
            case "js", "mjs" -> JAVASCRIPT;
            case "json" -> JSON;
            case "svg" -> SVG;
            case "png" -> PNG;
            case "jpg", "jpeg" -> JPEG;
            case "gif" -> GIF;
            case "webp" -> WEBP;
            case "ico" -> ICON;
            case "xml" -> XML;
            case "pdf" -> PDF;
            case "woff2" -> WOFF2;
            default -> OCTET_STREAM;
        };
    }
}
