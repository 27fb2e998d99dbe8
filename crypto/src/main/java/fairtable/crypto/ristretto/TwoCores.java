package fairtable.crypto.ristretto;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiFunction;
import java.util.function.IntConsumer;

/**
 * Splits work that is large enough to gain from a second core (the shuffle prover's and verifier's sums, a
 * batch of proofs) in two fixed halves: the first half runs on the common fork-join
 * pool (given explicitly, so that on two cores its one worker is reused instead of a thread started per
 * task), the second on the calling thread. The split depends only on the sizes and every half writes only
 * its own results, so results never depend on thread timing. On a single core everything runs here.
 */
public final class TwoCores {
    private TwoCores() {}

    private static boolean available() {
        return Runtime.getRuntime().availableProcessors() >= 2;
    }

    /**
     * sum scalars[i] * points[i], constant time in the scalars: {@link MultiScalar#constantTime} on each
     * half of the terms, then first + second. Each half leaks no more than the whole would: only the term
     * count decides the split.
     */
    public static RistrettoPoint constantTimeSum(Scalar[] scalars, RistrettoPoint[] points) {
        return split(scalars, points, 2, MultiScalar::constantTime);
    }

    /** Below this many terms a variable-time sum stays on one core: each half would cost well under a millisecond. */
    private static final int VARTIME_SPLIT = 64;

    /**
     * sum scalars[i] * points[i] in variable time (public inputs only): {@link MultiScalar#vartime} on each
     * half once there are enough terms to repay the hand-over (a batch of 50 decryption shares has about 200).
     */
    public static RistrettoPoint vartimeSum(Scalar[] scalars, RistrettoPoint[] points) {
        return split(scalars, points, VARTIME_SPLIT, MultiScalar::vartime);
    }

    private static RistrettoPoint split(Scalar[] scalars, RistrettoPoint[] points, int atLeast,
            BiFunction<Scalar[], RistrettoPoint[], RistrettoPoint> sum) {
        int n = scalars.length;
        if (n != points.length) {
            throw new IllegalArgumentException(n + " scalars for " + points.length + " points");
        }
        if (n < atLeast || !available()) {
            return sum.apply(scalars, points);
        }
        int half = n / 2;
        CompletableFuture<RistrettoPoint> first = CompletableFuture.supplyAsync(
                () -> sum.apply(Arrays.copyOfRange(scalars, 0, half), Arrays.copyOfRange(points, 0, half)),
                ForkJoinPool.commonPool());
        RistrettoPoint second = sum.apply(Arrays.copyOfRange(scalars, half, n), Arrays.copyOfRange(points, half, n));
        return first.join().add(second);
    }

    /**
     * Runs {@code body} for every i in [0, n): [0, n/2) on the pool, [n/2, n) here. {@code body} must
     * touch only state of its own index (e.g. write slot i of an array) and draw no randomness.
     */
    public static void forEach(int n, IntConsumer body) {
        if (n < 2 || !available()) {
            for (int i = 0; i < n; i++) {
                body.accept(i);
            }
            return;
        }
        int half = n / 2;
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < half; i++) {
                body.accept(i);
            }
        }, ForkJoinPool.commonPool());
        for (int i = half; i < n; i++) {
            body.accept(i);
        }
        first.join();
    }
}
