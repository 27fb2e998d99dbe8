package fairtable.crypto.seal;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import java.util.Arrays;

/**
 * A sealed box: the sender's one-time (ephemeral) public key, then the AES-256-GCM ciphertext with its
 * 16-byte tag. Its length is the plaintext's plus {@link #OVERHEAD}, so anyone can check a box's size
 * without being able to read it.
 */
public final class Sealed {
    static final int TAG_LENGTH = 16;
    /** Bytes a box adds to its plaintext: the ephemeral key and the authentication tag. */
    public static final int OVERHEAD = Points.ENCODED_LENGTH + TAG_LENGTH;

    private final EncodedPoint ephemeral;
    private final byte[] ciphertext;

    Sealed(EncodedPoint ephemeral, byte[] ciphertext) {
        this.ephemeral = ephemeral;
        this.ciphertext = ciphertext;
    }

    /** Reads a box, refusing a short one and a non-canonical or identity ephemeral key. */
    public static Sealed fromBytes(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length < OVERHEAD) {
            throw new MalformedEncodingException("a sealed box is at least " + OVERHEAD + " bytes, got " + bytes.length);
        }
        EncodedPoint ephemeral = EncodedPoint.decode(Arrays.copyOfRange(bytes, 0, Points.ENCODED_LENGTH));
        if (ephemeral.isIdentity()) {
            throw new MalformedEncodingException("the identity is not an ephemeral key");
        }
        return new Sealed(ephemeral, Arrays.copyOfRange(bytes, Points.ENCODED_LENGTH, bytes.length));
    }

    public byte[] toBytes() {
        byte[] out = Arrays.copyOf(ephemeral.encoding(), Points.ENCODED_LENGTH + ciphertext.length);
        System.arraycopy(ciphertext, 0, out, Points.ENCODED_LENGTH, ciphertext.length);
        return out;
    }

    /** The length of the plaintext inside. */
    public int plaintextLength() {
        return ciphertext.length - TAG_LENGTH;
    }

    EncodedPoint ephemeral() {
        return ephemeral;
    }

    byte[] ciphertext() {
        return ciphertext.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sealed other && ephemeral.equals(other.ephemeral) && Arrays.equals(ciphertext, other.ciphertext);
    }

    @Override
    public int hashCode() {
        return 31 * ephemeral.hashCode() + Arrays.hashCode(ciphertext);
    }
}
