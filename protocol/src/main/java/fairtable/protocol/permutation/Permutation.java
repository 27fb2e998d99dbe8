package fairtable.protocol.permutation;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An immutable permutation of the positions 0..n-1. {@code p.after(q)} is the composition p∘q (apply q,
 * then p), so the seed's layout A = A3∘A2∘A1 is {@code a3.after(a2).after(a1)}.
 */
public final class Permutation {
    private final int[] images;

    private Permutation(int[] images) {
        this.images = images;
    }

    /** The permutation sending i to {@code images[i]}; rejects anything that is not a bijection of 0..n-1. */
    public static Permutation of(int... images) {
        String problem = problem(images);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return new Permutation(images.clone());
    }

    public static Permutation identity(int n) {
        int[] images = new int[n];
        for (int i = 0; i < n; i++) {
            images[i] = i;
        }
        return new Permutation(images);
    }

    /** A uniformly random permutation of n positions (Fisher–Yates with the injected generator). */
    public static Permutation random(int n, RandomGenerator random) {
        int[] images = identity(n).images;
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = images[i];
            images[i] = images[j];
            images[j] = t;
        }
        return new Permutation(images);
    }

    public int size() {
        return images.length;
    }

    public int apply(int position) {
        return images[position];
    }

    /** This permutation applied after {@code first}: x ↦ this(first(x)). */
    public Permutation after(Permutation first) {
        requireSameSize(first);
        int[] out = new int[images.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = images[first.images[i]];
        }
        return new Permutation(out);
    }

    public Permutation inverse() {
        int[] out = new int[images.length];
        for (int i = 0; i < out.length; i++) {
            out[images[i]] = i;
        }
        return new Permutation(out);
    }

    /** This permutation with the images of positions a and b exchanged. */
    public Permutation withImagesSwapped(int a, int b) {
        int[] out = images.clone();
        out[a] = images[b];
        out[b] = images[a];
        return new Permutation(out);
    }

    /** The canonical encoding: the count, then each image, as big-endian u32. */
    public byte[] toBytes() {
        return write(new WireWriter()).toBytes();
    }

    WireWriter write(WireWriter w) {
        List<Integer> list = new ArrayList<>(images.length);
        for (int v : images) {
            list.add(v);
        }
        return w.ints(list);
    }

    /** Reads a permutation of exactly {@code n} positions, rejecting anything else. */
    static Permutation read(WireReader r, int n, String what) throws MalformedMessageException {
        List<Integer> list = r.ints(n, what);
        if (list.size() != n) {
            throw new MalformedMessageException(what + " has " + list.size() + " entries, expected " + n);
        }
        int[] images = list.stream().mapToInt(Integer::intValue).toArray();
        String problem = problem(images);
        if (problem != null) {
            throw new MalformedMessageException(what + " is not a permutation: " + problem);
        }
        return new Permutation(images);
    }

    public static Permutation fromBytes(byte[] bytes, int n) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        Permutation p = read(r, n, "the permutation");
        r.end();
        return p;
    }

    private static String problem(int[] images) {
        boolean[] seen = new boolean[images.length];
        for (int i = 0; i < images.length; i++) {
            int v = images[i];
            if (v < 0 || v >= images.length) {
                return "image " + v + " of position " + i + " is outside 0.." + (images.length - 1);
            }
            if (seen[v]) {
                return "image " + v + " repeats";
            }
            seen[v] = true;
        }
        return null;
    }

    private void requireSameSize(Permutation other) {
        if (other.images.length != images.length) {
            throw new IllegalArgumentException("permutations of " + images.length + " and " + other.images.length
                    + " positions do not compose");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Permutation p && Arrays.equals(p.images, images);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(images);
    }

    @Override
    public String toString() {
        return Arrays.toString(images);
    }
}
