package fairtable.crypto.ot;

import java.io.ByteArrayOutputStream;

/** Builds a message in the canonical layout: big-endian fixed-width integers, fixed-length fields. */
final class WireWriter {
    private final ByteArrayOutputStream out;

    WireWriter(int expectedLength) {
        out = new ByteArrayOutputStream(expectedLength);
    }

    WireWriter u8(int value) {
        out.write(value);
        return this;
    }

    WireWriter u16(int value) {
        out.write(value >>> 8);
        out.write(value);
        return this;
    }

    WireWriter u32(long value) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift));
        }
        return this;
    }

    WireWriter u64(long value) {
        return u32(value >>> 32).u32(value);
    }

    WireWriter lengthPrefixed(byte[] value) {
        return u32(value.length).bytes(value);
    }

    WireWriter bytes(byte[] value) {
        out.write(value, 0, value.length);
        return this;
    }

    byte[] toBytes() {
        return out.toByteArray();
    }
}
