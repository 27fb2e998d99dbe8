package fairtable.protocol.wire;

import fairtable.crypto.group.Element;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Canonical binary encoding: big-endian integers, length-prefixed variable fields, fixed-length group
 * elements. One value has exactly one encoding, so signatures and hashes over it are unambiguous.
 */
public final class WireWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public WireWriter u8(int value) {
        out.write(value);
        return this;
    }

    public WireWriter u32(long value) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("u32 out of range: " + value);
        }
        out.write((int) (value >>> 24));
        out.write((int) (value >>> 16));
        out.write((int) (value >>> 8));
        out.write((int) value);
        return this;
    }

    /** Bytes whose length the reader knows in advance. */
    public WireWriter fixed(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    /** Length-prefixed bytes. */
    public WireWriter blob(byte[] bytes) {
        u32(bytes.length);
        out.writeBytes(bytes);
        return this;
    }

    public WireWriter string(String value) {
        return blob(value.getBytes(StandardCharsets.UTF_8));
    }

    /** A non-negative integer as its minimal big-endian magnitude, length-prefixed. */
    public WireWriter natural(BigInteger value) {
        if (value.signum() < 0) {
            throw new IllegalArgumentException("negative");
        }
        byte[] raw = value.toByteArray();
        int skip = raw.length > 1 && raw[0] == 0 ? 1 : 0;
        if (value.signum() == 0) {
            return blob(new byte[0]);
        }
        byte[] magnitude = new byte[raw.length - skip];
        System.arraycopy(raw, skip, magnitude, 0, magnitude.length);
        return blob(magnitude);
    }

    public WireWriter element(Element element) {
        return fixed(element.encoded());
    }

    /** A count followed by that many fixed-length elements. */
    public WireWriter elements(List<Element> elements) {
        u32(elements.size());
        for (Element e : elements) {
            element(e);
        }
        return this;
    }

    public WireWriter naturals(List<BigInteger> values) {
        u32(values.size());
        values.forEach(this::natural);
        return this;
    }

    public WireWriter ints(List<Integer> values) {
        u32(values.size());
        values.forEach(this::u32);
        return this;
    }

    public byte[] toBytes() {
        return out.toByteArray();
    }
}
