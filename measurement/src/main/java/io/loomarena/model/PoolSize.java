package io.loomarena.model;

import java.util.Locale;

import io.loomarena.cli.BadArgumentException;

/**
 * The size of a {@link ServerModel#POOL}: a number of threads ({@code 4}), or a number per CPU ({@code 2xcpu}) that
 * the server resolves from its own available processors when it starts. A size per CPU is passed as such, not as the
 * harness's count, so that a pool on another host gets that host's CPUs and a combination's name
 * ({@code POOL_2XCPU_SERVER}) never depends on the machine that planned it. Immutable.
 *
 * @param threads a fixed number of threads, 1..{@value ServerModel#MAX_POOL_SIZE}; 0 for a size per CPU
 * @param perCpu  threads per available processor, 1..64; 0 for a fixed size
 */
public record PoolSize(int threads, int perCpu) {

    /** How {@code --pool-size} may be written, for messages. */
    public static final String FORMS = "1.." + ServerModel.MAX_POOL_SIZE + ", or Nxcpu (N threads per CPU, 1..64)";
    /** {@value ServerModel#DEFAULT_POOL_SIZE} threads. */
    public static final PoolSize DEFAULT = fixed(ServerModel.DEFAULT_POOL_SIZE);

    private static final String PER_CPU = "xcpu";

    public PoolSize {
        if ((threads == 0) == (perCpu == 0) || threads < 0 || threads > ServerModel.MAX_POOL_SIZE || perCpu < 0
                || perCpu > 64) {
            throw new IllegalArgumentException("a pool size is " + FORMS + ", got threads=" + threads + ", perCpu="
                    + perCpu);
        }
    }

    /** A pool of exactly {@code threads} threads. */
    public static PoolSize fixed(int threads) {
        return new PoolSize(threads, 0);
    }

    /** A pool of {@code perCpu} threads for each of the server's available processors. */
    public static PoolSize perCpu(int perCpu) {
        return new PoolSize(0, perCpu);
    }

    /**
     * {@code 4} or {@code 2xcpu}, any case.
     *
     * @throws IllegalArgumentException naming the value and {@link #FORMS}
     */
    public static PoolSize parse(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        boolean perCpu = value.endsWith(PER_CPU);
        String number = perCpu ? value.substring(0, value.length() - PER_CPU.length()) : value;
        try {
            int n = Integer.parseInt(number);
            return perCpu ? perCpu(n) : fixed(n);
        } catch (IllegalArgumentException e) { // NumberFormatException too
            throw new IllegalArgumentException("'" + text + "' is not a pool size (allowed: " + FORMS + ")", e);
        }
    }

    /**
     * The threads that the value of {@code option} ({@code --pool-size}) means in this JVM, the server's: a number of
     * threads, or a number per CPU of this machine.
     *
     * @throws BadArgumentException naming the option, the value and what is allowed
     */
    public static int resolveOption(String option, String text) {
        if (!text.strip().toLowerCase(Locale.ROOT).endsWith(PER_CPU)) {
            return BadArgumentException.wholeNumber(option, text, 1, ServerModel.MAX_POOL_SIZE);
        }
        try {
            return parse(text).resolveHere();
        } catch (IllegalArgumentException e) {
            throw BadArgumentException.invalid(option, text, null, FORMS);
        }
    }

    /** The threads this size means on a machine of {@code cpus} available processors, at most the largest pool. */
    public int resolve(int cpus) {
        return threads > 0 ? threads : Math.min(ServerModel.MAX_POOL_SIZE, perCpu * Math.max(1, cpus));
    }

    /** The threads this size means in this JVM (the server's). */
    public int resolveHere() {
        return resolve(Runtime.getRuntime().availableProcessors());
    }

    /** The value of {@code --pool-size}: {@code 4}, {@code 2xcpu}. */
    public String cliValue() {
        return threads > 0 ? String.valueOf(threads) : perCpu + PER_CPU;
    }

    /** What a label adds: nothing for the default, {@code _4}, {@code _2XCPU}. */
    String labelPart() {
        return equals(DEFAULT) ? "" : "_" + cliValue().toUpperCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return cliValue();
    }
}
