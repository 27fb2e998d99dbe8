package fairtable.crypto.shuffle;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;

/**
 * A Terelius–Wikström shuffle proof (CHVote GenShuffleProof) in commitment form, so that the verifier
 * can check all its equations at once with random weights. Names follow CHVote (ePrint 2017/325):
 * c = permutation commitments, cHat = commitment chain, t1..t4 and tHat = the prover's first messages,
 * s1..s4, sHat, sPrime = the responses.
 *
 * <p>Encoding, N = deck size: N (4 bytes, big-endian) || c[N] || cHat[N] || t1 || t2 || t3 || t41 || t42
 * || tHat[N] || s1 || s2 || s3 || s4 || sHat[N] || sPrime[N]; points and scalars are 32 bytes each, so
 * the length is exactly 4 + 32 * (5N + 9).
 */
public final class ShuffleProof {
    final RistrettoPoint[] c;
    final RistrettoPoint[] cHat;
    final RistrettoPoint[] t; // t1, t2, t3, t41, t42
    final RistrettoPoint[] tHat;
    final Scalar[] s; // s1, s2, s3, s4
    final Scalar[] sHat;
    final Scalar[] sPrime;
    private final byte[] encoding;

    ShuffleProof(RistrettoPoint[] c, RistrettoPoint[] cHat, RistrettoPoint[] t, RistrettoPoint[] tHat,
            Scalar[] s, Scalar[] sHat, Scalar[] sPrime, byte[] encoding) {
        this.c = c;
        this.cHat = cHat;
        this.t = t;
        this.tHat = tHat;
        this.s = s;
        this.sHat = sHat;
        this.sPrime = sPrime;
        this.encoding = encoding;
    }

    /** The number of ciphertexts shuffled. */
    public int size() {
        return c.length;
    }

    public byte[] encode() {
        return encoding.clone();
    }

    /** The 32-byte encoding of the k-th point of the encoding (0-based, in encoding order). */
    byte[] pointEncoding(int k) {
        byte[] out = new byte[32];
        System.arraycopy(encoding, 4 + 32 * k, out, 0, 32);
        return out;
    }

    static int encodedLength(int n) {
        return 4 + 32 * (5 * n + 9);
    }

    static byte[] encode(RistrettoPoint[] c, RistrettoPoint[] cHat, RistrettoPoint[] t, RistrettoPoint[] tHat,
            Scalar[] s, Scalar[] sHat, Scalar[] sPrime, byte[][] pointEncodings) {
        int n = c.length;
        CanonicalWriter w = new CanonicalWriter(encodedLength(n)).count(n);
        for (byte[] p : pointEncodings) {
            w.raw(p);
        }
        for (Scalar x : s) {
            w.scalar(x);
        }
        for (Scalar x : sHat) {
            w.scalar(x);
        }
        for (Scalar x : sPrime) {
            w.scalar(x);
        }
        return w.toByteArray();
    }

    /**
     * Decodes and validates: count in [1, {@link Ciphertext#MAX_LIST_SIZE}], exact length, every point a
     * canonical ristretto255 encoding, every scalar canonical.
     */
    public static ShuffleProof decode(byte[] bytes) throws MalformedEncodingException {
        CanonicalReader r = new CanonicalReader(bytes);
        int n = r.count(1, Ciphertext.MAX_LIST_SIZE);
        if (bytes.length != encodedLength(n)) {
            throw new MalformedEncodingException("a shuffle proof of " + n + " ciphertexts is " + encodedLength(n)
                    + " bytes, got " + bytes.length);
        }
        RistrettoPoint[] c = points(r, n);
        RistrettoPoint[] cHat = points(r, n);
        RistrettoPoint[] t = points(r, 5);
        RistrettoPoint[] tHat = points(r, n);
        Scalar[] s = scalars(r, 4);
        Scalar[] sHat = scalars(r, n);
        Scalar[] sPrime = scalars(r, n);
        r.expectEnd();
        return new ShuffleProof(c, cHat, t, tHat, s, sHat, sPrime, bytes.clone());
    }

    private static RistrettoPoint[] points(CanonicalReader r, int n) throws MalformedEncodingException {
        RistrettoPoint[] out = new RistrettoPoint[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.point();
        }
        return out;
    }

    private static Scalar[] scalars(CanonicalReader r, int n) throws MalformedEncodingException {
        Scalar[] out = new Scalar[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.scalar();
        }
        return out;
    }
}
