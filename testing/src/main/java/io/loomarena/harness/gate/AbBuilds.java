package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.HarnessException;

/**
 * The two builds the A/B gate compares: the baseline (built from a git ref, or jars a user already has) and this build
 * (built from a copy of the working tree, or jars already built), and the temporary builds to delete at the end.
 * Immutable; {@link #close} deletes the builds' temporary folders.
 *
 * @param baselineName  the baseline as the user named it (a git ref or a jar folder)
 * @param baselineJars  the baseline's jars
 * @param candidateJars this build's jars
 * @param builds        what to close at the end (the temporary source trees and jars)
 */
record AbBuilds(String baselineName, BuildJars baselineJars, BuildJars candidateJars, List<AutoCloseable> builds)
        implements AutoCloseable {

    AbBuilds {
        builds = List.copyOf(builds);
    }

    /**
     * Both builds as {@code options} name them, each built (or found) before anything is measured.
     *
     * @throws HarnessException when no baseline is named, both are, hosts are set, or a build fails (the message
     *                          names which)
     */
    static AbBuilds of(Path repo, AbGateOptions options, boolean remoteHosts, PrintStream out) {
        if (remoteHosts) {
            throw new HarnessException("the A/B gate runs both builds on this machine only; unset"
                    + " -Dloomarena.serverHost and -Dloomarena.clientHosts for it");
        }
        if (options.baselineRef().isEmpty() == options.baselineJars().isEmpty()) {
            throw new HarnessException("the A/B gate needs exactly one baseline: -Dloomarena.gate.baseline"
                    + "=<git ref> (a branch, tag or commit of " + repo + ") or -Dloomarena.gate.baselineJars"
                    + "=<folder with echo.jar and http-server.jar>" + (options.baselineRef().isEmpty()
                    ? "; neither was given" : "; both were given"));
        }
        List<AutoCloseable> builds = new ArrayList<>();
        try {
            BuildJars baseline;
            String name;
            if (options.baselineRef().isPresent()) {
                name = options.baselineRef().get();
                BaselineBuild build = BaselineBuild.ofRef(repo, name, line -> out.println(AbGate.GATE_PREFIX + line));
                builds.add(build);
                baseline = build.jars();
            } else {
                name = options.baselineJars().get().toString();
                baseline = BuildJars.inFolder(name, options.baselineJars().get());
            }
            BuildJars candidateJars;
            if (options.candidateJars().isPresent()) {
                candidateJars = BuildJars.inFolder(AbGate.THIS_BUILD, options.candidateJars().get(),
                        "this build's jars");
                out.println(AbGate.GATE_PREFIX + AbGate.THIS_BUILD + ": the jars in " + options.candidateJars().get()
                        + " (-Dloomarena.gate.candidateJars), not built from the working tree");
            } else {
                BaselineBuild candidate = BaselineBuild.ofWorkingTree(repo,
                        line -> out.println(AbGate.GATE_PREFIX + line));
                builds.add(candidate);
                candidateJars = candidate.jars();
            }
            return new AbBuilds(name, baseline, candidateJars, builds);
        } catch (RuntimeException e) {
            builds.forEach(AbBuilds::closeQuietly);
            throw e;
        }
    }

    @Override
    public void close() {
        builds.forEach(AbBuilds::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable build) {
        try {
            build.close();
        } catch (Exception e) {
            // a leftover temporary folder must not hide the run's outcome: say so and go on
            System.err.println("[PERF][GATE] could not remove a build's temporary files: " + e.getMessage());
        }
    }
}
