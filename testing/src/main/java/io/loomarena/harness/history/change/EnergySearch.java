package io.loomarena.harness.history.change;

import java.util.Optional;

/**
 * E-Divisive's search for the best split of one stretch of a series (Matteson and James, "A Nonparametric Approach
 * for Multiple Change Point Analysis of Multivariate Data", 2014; as Apache Otava computes it): the split {@code tau}
 * and end {@code kappa} that maximise the energy statistic Q between {@code [from, tau)} and {@code [tau, kappa)}.
 * Letting {@code kappa} stop before the stretch's end lets a short change stand out from what follows it. Only splits
 * at a commit's first point that leave both sides a segment ({@link PointLayout#segment}) are considered.
 * O(n^2) time and O(n) memory for a stretch of n points; stateless.
 */
final class EnergySearch {

    /** The best split of a stretch and its statistic. */
    record Candidate(int index, double q) {
    }

    private EnergySearch() {
    }

    /** The best split of {@code [from, to)}, or empty when no admissible split exists. */
    static Optional<Candidate> best(PointLayout layout, int from, int to) {
        int len = to - from;
        double power = layout.parameters().power();
        // within[t - from] = the sum of distances within [t, kappa) for the current kappa; withinFrom[k - from] the
        // sum within [from, k). Both grow by one point as kappa moves right, so every pair is visited once.
        double[] within = new double[len];
        double[] withinFrom = new double[len + 1];
        int bestIndex = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int k = from + 1; k < to; k++) {
            double xk = layout.value(k);
            double column = 0;
            for (int t = k - 1; t >= from; t--) {
                double d = Math.abs(layout.value(t) - xk);
                column += power == 1.0 ? d : Math.pow(d, power);
                within[t - from] += column;
            }
            int kappa = k + 1;
            withinFrom[kappa - from] = within[0];
            for (int tau = from + 1; tau < kappa; tau++) {
                if (!layout.commitStart(tau) || !layout.segment(from, tau) || !layout.segment(tau, kappa)) {
                    continue;
                }
                double n = tau - from;
                double m = kappa - tau;
                double x = withinFrom[tau - from];
                double y = within[tau - from];
                double cross = withinFrom[kappa - from] - x - y;
                double energy = 2 * cross / (n * m) - x / (n * (n - 1) / 2) - y / (m * (m - 1) / 2);
                double q = n * m / (n + m) * energy;
                if (q > bestQ) {
                    bestQ = q;
                    bestIndex = tau;
                }
            }
        }
        return bestIndex < 0 ? Optional.empty() : Optional.of(new Candidate(bestIndex, bestQ));
    }
}
