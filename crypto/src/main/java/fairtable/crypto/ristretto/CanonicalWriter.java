package fairtable.crypto.ristretto;

import java.util.Arrays;

/** Builds canonical encodings: 32-byte points and scalars, 4-byte big-endian counts. */
public final class CanonicalWriter {
    private byte[] buffer;
    private int length;

    public CanonicalWriter(int expectedLength) {
        buffer = new byte[Math.max(16, expectedLength)];
    }

    public CanonicalWriter count(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count");
        }
        ensure(4);
        buffer[length++] = (byte) (n >>> 24);
        buffer[length++] = (byte) (n >>> 16);
        buffer[length++] = (byte) (n >>> 8);
        buffer[length++] = (byte) n;
        return this;
    }

    public CanonicalWriter point(RistrettoPoint p) {
        return raw(Points.encode(p));
    }

    public CanonicalWriter scalar(Scalar s) {
        return raw(s.toByteArray());
    }

    /** Appends bytes that are already a canonical fixed-length encoding. */
    public CanonicalWriter raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
        return this;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buffer, length);
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }
}
