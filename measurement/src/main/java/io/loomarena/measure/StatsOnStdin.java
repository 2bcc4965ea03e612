package io.loomarena.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The harness's way to ask a forked server for its resource figures without touching the port under test: it writes a
 * command line to the server's stdin, the server answers with one line on stdout.
 * <ul>
 * <li>{@code stats} answers {@code stats {json of ServerStats}}</li>
 * <li>{@code reset-peaks} resets the peak-thread and peak-heap window and answers {@code reset-peaks ok}</li>
 * <li>{@code gc} asks the JVM for a full collection ({@link System#gc()}) and answers {@code gc ok}, so that the next
 * {@code stats} shows the live heap rather than garbage (used by the memory-per-connection measurement)</li>
 * </ul>
 * Starting it also starts the JVM's {@link PinningMonitor}, so {@code stats} counts virtual-thread pinning.
 * Unknown commands answer {@code error unknown command: X}. End of stdin ends the reader thread, not the server, so
 * a server started by hand with no stdin is unaffected; with {@link StdinLifeline#PROPERTY} set it stops the server as
 * SIGTERM does ({@link StdinLifeline}). Runs on one daemon platform thread named {@code stats-stdin}.
 */
public final class StatsOnStdin {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatsOnStdin() {
    }

    /** Starts the reader thread; {@code counters} supplies the server's model counters at each request. */
    public static void start(Supplier<Map<String, Long>> counters) {
        start(counters, (String) null);
    }

    /**
     * Starts the reader thread of a server that a framework serves: every {@code stats} answer carries
     * {@code implementation} ({@link ServerStats#implementation()}), the framework and its version as read from it at
     * run time, for example {@code Spring Boot 4.0.7, Tomcat 11.0.14}.
     */
    public static void start(Supplier<Map<String, Long>> counters, String implementation) {
        start(counters, implementation, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
                System.out, StdinLifeline.enabled() ? StdinLifeline::stopServer : () -> { });
    }

    /** Answers the commands of {@code in} on {@code out}; runs {@code atEnd} when {@code in} ends. */
    static void start(Supplier<Map<String, Long>> counters, BufferedReader in, PrintStream out, Runnable atEnd) {
        start(counters, null, in, out, atEnd);
    }

    private static void start(Supplier<Map<String, Long>> counters, String implementation, BufferedReader in,
                              PrintStream out, Runnable atEnd) {
        PinningMonitor.startOnce();
        Thread reader = ModelThreads.platform("stats-stdin", () -> {
            serve(counters, implementation, in, out);
            atEnd.run();
        });
        reader.setDaemon(true);
        reader.start();
    }

    private static void serve(Supplier<Map<String, Long>> counters, String implementation, BufferedReader stdin,
                              PrintStream out) {
        try (BufferedReader in = stdin) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(answer(line.strip(), counters, implementation));
                out.flush();
            }
        } catch (IOException e) {
            // stdin closed or unreadable: the harness is gone; the server keeps serving.
        }
    }

    static String answer(String command, Supplier<Map<String, Long>> counters) {
        return answer(command, counters, null);
    }

    static String answer(String command, Supplier<Map<String, Long>> counters, String implementation) {
        try {
            return switch (command) {
                case "stats" -> "stats " + JSON.writeValueAsString(ServerStats.capture(counters.get(), implementation));
                case "reset-peaks" -> {
                    ServerStats.resetPeaks();
                    yield "reset-peaks ok";
                }
                case "gc" -> {
                    System.gc();
                    yield "gc ok";
                }
                default -> "error unknown command: " + command;
            };
        } catch (JsonProcessingException e) {
            return "error " + e.getOriginalMessage();
        }
    }
}
