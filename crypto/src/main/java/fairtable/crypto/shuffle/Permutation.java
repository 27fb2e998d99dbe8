package fairtable.crypto.shuffle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A permutation of n positions, as the rule "output position i takes the element at input position
 * sourceOf(i)". Immutable.
 */
public final class Permutation {
    private final int[] source;

    private Permutation(int[] source) {
        this.source = source;
    }

    public static Permutation identity(int n) {
        int[] s = new int[checkSize(n)];
        for (int i = 0; i < n; i++) {
            s[i] = i;
        }
        return new Permutation(s);
    }

    /** Uniform over all n! permutations (Fisher–Yates; {@link RandomGenerator#nextInt(int)} is unbiased). */
    public static Permutation random(int n, RandomGenerator rng) {
        int[] s = identity(n).source;
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = s[i];
            s[i] = s[j];
            s[j] = t;
        }
        return new Permutation(s);
    }

    /** The permutation with sourceOf(i) = source[i]; rejects anything that is not a bijection of 0..n-1. */
    public static Permutation of(int... source) {
        int n = checkSize(source.length);
        boolean[] seen = new boolean[n];
        for (int s : source) {
            if (s < 0 || s >= n || seen[s]) {
                throw new IllegalArgumentException("not a permutation of 0.." + (n - 1) + ": " + Arrays.toString(source));
            }
            seen[s] = true;
        }
        return new Permutation(source.clone());
    }

    private static int checkSize(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a permutation needs at least one position");
        }
        return n;
    }

    public int size() {
        return source.length;
    }

    public int sourceOf(int outputIndex) {
        return source[outputIndex];
    }

    /** output.get(i) = input.get(sourceOf(i)). */
    public <T> List<T> apply(List<T> input) {
        if (input.size() != source.length) {
            throw new IllegalArgumentException("permutation of " + source.length + " applied to " + input.size() + " elements");
        }
        List<T> out = new ArrayList<>(source.length);
        for (int s : source) {
            out.add(input.get(s));
        }
        return out;
    }

    /** The permutation that applies this one first and then {@code next}. */
    public Permutation then(Permutation next) {
        if (next.size() != size()) {
            throw new IllegalArgumentException("sizes differ: " + size() + " and " + next.size());
        }
        int[] s = new int[source.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = source[next.source[i]];
        }
        return new Permutation(s);
    }

    public Permutation inverse() {
        int[] s = new int[source.length];
        for (int i = 0; i < s.length; i++) {
            s[source[i]] = i;
        }
        return new Permutation(s);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Permutation other && Arrays.equals(source, other.source);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(source);
    }

    @Override
    public String toString() {
        return Arrays.toString(source);
    }
}
