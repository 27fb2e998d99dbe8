package fairtable.crypto.proof;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Fiat–Shamir transcript: a running SHA-512 over an unambiguous encoding of labelled fields. Every field
 * is written as len(label) || label || len(value) || value with 4-byte big-endian lengths, so two
 * different sequences of fields never hash the same bytes. It starts with the protocol's domain tag and
 * the {@link ProofContext}; the prover and the verifier append the whole statement and the prover's
 * commitments in the same order, then derive challenges. Each challenge is appended back, so later
 * challenges depend on earlier ones.
 *
 * <p>Exact bytes (every length and count a 4-byte big-endian u32, every label UTF-8): a field is
 * {@code u32(len(label)) || label || u32(len(value)) || value}. The hash input starts with the field
 * ("fairtable/transcript/v1", domain) and the context's fields ("session-id", session id),
 * ("transcript-hash", transcript hash), ("prover-id", prover id). A point's value is its 32-byte canonical
 * encoding, a scalar's its 32-byte little-endian canonical encoding, a count's u32(n).
 * {@code challenge(label)} is SHA-512 of the bytes so far followed by {@code u32(len(label)) || label ||
 * u32(0xffffffff)}, read as a 512-bit little-endian integer and reduced mod l; the field (label, that scalar)
 * is then appended. {@code challenges(label, n)} takes that same digest as a seed, u_i = SHA-512(seed ||
 * u32(i)) read the same way, for i = 0..n-1, and then appends the field (label, seed).
 */
public final class Transcript {
    private final MessageDigest sha;

    public Transcript(String domain, ProofContext context) {
        try {
            sha = MessageDigest.getInstance("SHA-512");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-512", e);
        }
        appendBytes("fairtable/transcript/v1", domain.getBytes(StandardCharsets.UTF_8));
        context.appendTo(this);
    }

    public Transcript appendBytes(String label, byte[] value) {
        writeField(label, value, 0, value.length);
        return this;
    }

    /** An already canonical encoding (e.g. a compressed point or a ciphertext). */
    public Transcript appendEncoded(String label, byte[] encoding) {
        return appendBytes(label, encoding);
    }

    public Transcript appendPoint(String label, RistrettoPoint p) {
        return appendBytes(label, Points.encode(p));
    }

    public Transcript appendPoint(String label, EncodedPoint p) {
        return appendBytes(label, p.encoding());
    }

    public Transcript appendScalar(String label, Scalar s) {
        return appendBytes(label, s.toByteArray());
    }

    public Transcript appendCount(String label, int n) {
        return appendBytes(label, int32(n));
    }

    /** A challenge scalar: SHA-512 of the transcript so far plus the label, reduced mod l. */
    public Scalar challenge(String label) {
        byte[] wide = fork(label).digest();
        Scalar c = Scalar.fromBytesModOrderWide(wide);
        appendScalar(label, c);
        return c;
    }

    /** n independent challenge scalars, u_i = SHA-512(seed || i) mod l with seed the transcript so far. */
    public Scalar[] challenges(String label, int n) {
        byte[] seed = fork(label).digest();
        Scalar[] out = new Scalar[n];
        MessageDigest each = cloneOf(sha);
        for (int i = 0; i < n; i++) {
            each.reset();
            each.update(seed);
            each.update(int32(i));
            out[i] = Scalar.fromBytesModOrderWide(each.digest());
        }
        appendBytes(label, seed);
        return out;
    }

    private MessageDigest fork(String label) {
        MessageDigest copy = cloneOf(sha);
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        copy.update(int32(l.length));
        copy.update(l);
        copy.update(int32(-1)); // marks a challenge, distinct from any field-length prefix
        return copy;
    }

    private static MessageDigest cloneOf(MessageDigest d) {
        try {
            return (MessageDigest) d.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-512 digests are cloneable in the JDK", e);
        }
    }

    private void writeField(String label, byte[] value, int offset, int length) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        sha.update(int32(l.length));
        sha.update(l);
        sha.update(int32(length));
        sha.update(value, offset, length);
    }

    private static byte[] int32(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }
}
