package fairtable.crypto.proof;

import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The Fiat–Shamir transcript written again from {@link Transcript}'s class comment alone: it keeps every hashed
 * byte in a buffer, hashes with a fresh SHA-512 and reduces with BigInteger, sharing no code with the class it
 * checks. A challenge it derives equal to a proof's shows that the proof hashes exactly the documented fields.
 */
public final class DocumentedTranscript {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public DocumentedTranscript(String domain, byte[] sessionId, byte[] transcriptHash, byte[] proverId) {
        field("fairtable/transcript/v1", domain.getBytes(StandardCharsets.UTF_8));
        field("session-id", sessionId);
        field("transcript-hash", transcriptHash);
        field("prover-id", proverId);
    }

    public DocumentedTranscript(String domain, ProofContext context) {
        this(domain, context.sessionId(), context.transcriptHash(), context.proverId());
    }

    /** u32(len(label)) || label || u32(len(value)) || value. */
    public DocumentedTranscript field(String label, byte[] value) {
        writeLabel(label);
        bytes.writeBytes(u32(value.length));
        bytes.writeBytes(value);
        return this;
    }

    public DocumentedTranscript count(String label, int n) {
        return field(label, u32(n));
    }

    /** A list: its count, then one field per item, all under the same label. */
    public DocumentedTranscript list(String label, byte[]... items) {
        count(label, items.length);
        for (byte[] item : items) {
            field(label, item);
        }
        return this;
    }

    /** SHA-512(bytes so far || u32(len(label)) || label || u32(0xffffffff)) mod l; then (label, scalar) is appended. */
    public Scalar challenge(String label) {
        Scalar c = modOrder(sha512(challengeInput(label)));
        field(label, c.toByteArray());
        return c;
    }

    /** seed = the digest challenge(label) would reduce; u_i = SHA-512(seed || u32(i)) mod l; then (label, seed). */
    public Scalar[] challenges(String label, int n) {
        byte[] seed = sha512(challengeInput(label));
        Scalar[] out = new Scalar[n];
        for (int i = 0; i < n; i++) {
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            in.writeBytes(seed);
            in.writeBytes(u32(i));
            out[i] = modOrder(sha512(in.toByteArray()));
        }
        field(label, seed);
        return out;
    }

    private byte[] challengeInput(String label) {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.writeBytes(bytes.toByteArray());
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        in.writeBytes(u32(l.length));
        in.writeBytes(l);
        in.writeBytes(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        return in.toByteArray();
    }

    private void writeLabel(String label) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        bytes.writeBytes(u32(l.length));
        bytes.writeBytes(l);
    }

    /** A 64-byte digest read as a little-endian integer, reduced mod l. */
    static Scalar modOrder(byte[] digest) {
        byte[] bigEndian = new byte[digest.length + 1];
        for (int i = 0; i < digest.length; i++) {
            bigEndian[digest.length - i] = digest[i];
        }
        return Scalars.fromBigInteger(new BigInteger(bigEndian).mod(Scalars.ORDER));
    }

    static byte[] sha512(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-512").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] u32(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }
}
