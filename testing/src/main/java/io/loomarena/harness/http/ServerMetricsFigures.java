package io.loomarena.harness.http;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures seed 004 read from Micrometer after its run, from a server's {@code /metrics} (Prometheus text): requests
 * served on one path and their mean time ({@code http_server_requests_seconds_count} and {@code _sum} by {@code uri},
 * every status), and the JVM's live and peak platform threads ({@code jvm_threads_live_threads},
 * {@code jvm_threads_peak_threads}). The arena's own {@code /metrics} gives their equivalents where it has them: its
 * responses by status ({@code loomarena_http_requests_total}, every path) and {@code jvm_threads_live} and
 * {@code jvm_threads_peak}; it keeps no time per path, so its mean is absent. Immutable.
 *
 * @param requests    requests answered on the path (the arena's: on every path); empty when the text has none
 * @param meanMillis  their mean time in the server, milliseconds; empty when the text does not say
 * @param threadsLive live platform threads; empty when the text does not say
 * @param threadsPeak peak live platform threads since start; empty when the text does not say
 */
public record ServerMetricsFigures(OptionalLong requests, OptionalDouble meanMillis, OptionalLong threadsLive,
                                   OptionalLong threadsPeak) {

    /** {@code name{labels} value}, labels optional; a timestamp after the value is allowed and ignored. */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)");

    /** The figures in {@code text} for the requests on {@code uri} ({@code /fanout}). */
    public static ServerMetricsFigures of(String text, String uri) {
        long micrometerCount = 0;
        double micrometerSeconds = 0;
        boolean micrometer = false;
        long arenaCount = 0;
        boolean arena = false;
        Long live = null;
        Long peak = null;
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line.strip());
            if (line.startsWith("#") || !sample.find()) {
                continue;
            }
            String name = sample.group(1);
            String labels = sample.group(3) == null ? "" : sample.group(3);
            double value;
            try {
                value = Double.parseDouble(sample.group(4));
            } catch (NumberFormatException e) {
                continue; // not a sample this reader needs
            }
            boolean onUri = labels.contains("uri=\"" + uri + "\"");
            switch (name) {
                case "http_server_requests_seconds_count" -> {
                    if (onUri) {
                        micrometer = true;
                        micrometerCount += (long) value;
                    }
                }
                case "http_server_requests_seconds_sum" -> {
                    if (onUri) {
                        micrometerSeconds += value;
                    }
                }
                case "loomarena_http_requests_total" -> {
                    arena = true;
                    arenaCount += (long) value;
                }
                case "jvm_threads_live_threads", "jvm_threads_live" -> live = (long) value;
                case "jvm_threads_peak_threads", "jvm_threads_peak" -> peak = (long) value;
                default -> { }
            }
        }
        OptionalLong requests = micrometer ? OptionalLong.of(micrometerCount)
                : arena ? OptionalLong.of(arenaCount) : OptionalLong.empty();
        OptionalDouble mean = micrometer && micrometerCount > 0
                ? OptionalDouble.of(micrometerSeconds * 1000 / micrometerCount) : OptionalDouble.empty();
        return new ServerMetricsFigures(requests, mean, live == null ? OptionalLong.empty() : OptionalLong.of(live),
                peak == null ? OptionalLong.empty() : OptionalLong.of(peak));
    }

    /** {@code requests=3000, mean=31.4 ms, jvm threads live=24 peak=31}, {@code n/a} for what the text did not say. */
    public String describe() {
        return "requests=" + text(requests) + ", mean=" + (meanMillis.isPresent()
                ? String.format(Locale.ROOT, "%.1f ms", meanMillis.getAsDouble()) : "n/a") + ", jvm threads live="
                + text(threadsLive) + " peak=" + text(threadsPeak);
    }

    private static String text(OptionalLong value) {
        return value.isPresent() ? String.valueOf(value.getAsLong()) : "n/a";
    }
}
