package fairtable.crypto.ot;

import java.util.Arrays;

/** Reads a received message field by field; every shortfall or excess is an {@link InvalidOtMessageException}. */
final class WireReader {
    private final byte[] bytes;
    private final String what;
    private int position;

    WireReader(byte[] bytes, String what) {
        if (bytes == null) {
            throw new InvalidOtMessageException(what + ": no message");
        }
        this.bytes = bytes;
        this.what = what;
    }

    void expectTag(byte tag) {
        int actual = u8();
        if (actual != (tag & 0xff)) {
            throw new InvalidOtMessageException(String.format("%s: tag 0x%02x, expected 0x%02x", what, actual, tag));
        }
    }

    int u8() {
        need(1);
        return bytes[position++] & 0xff;
    }

    int u16() {
        need(2);
        int value = ((bytes[position] & 0xff) << 8) | (bytes[position + 1] & 0xff);
        position += 2;
        return value;
    }

    long u32() {
        need(4);
        long value = 0;
        for (int i = 0; i < 4; i++) {
            value = (value << 8) | (bytes[position + i] & 0xff);
        }
        position += 4;
        return value;
    }

    long u64() {
        long high = u32();
        return (high << 32) | u32();
    }

    /** A u32 length followed by that many bytes. */
    byte[] lengthPrefixed() {
        long length = u32();
        if (length > remaining()) {
            throw fail("length " + length + " exceeds the " + remaining() + " remaining bytes");
        }
        return bytes((int) length);
    }

    byte[] bytes(int length) {
        need(length);
        byte[] out = Arrays.copyOfRange(bytes, position, position + length);
        position += length;
        return out;
    }

    /** The number of unread bytes. */
    int remaining() {
        return bytes.length - position;
    }

    void expectEnd() {
        if (position != bytes.length) {
            throw new InvalidOtMessageException(what + ": " + (bytes.length - position) + " trailing bytes");
        }
    }

    InvalidOtMessageException fail(String problem) {
        return new InvalidOtMessageException(what + ": " + problem);
    }

    private void need(int length) {
        if (length < 0 || bytes.length - position < length) {
            throw new InvalidOtMessageException(what + ": truncated at byte " + position + " of " + bytes.length);
        }
    }
}
