package fairtable.protocol.wire;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.crypto.group.InvalidElementException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads what {@link WireWriter} writes, trusting nothing: every length is bounded before anything is
 * allocated, every element is validated by its group, and {@link #end()} rejects trailing bytes.
 */
public final class WireReader {
    private final byte[] in;
    private int position;

    public WireReader(byte[] in) {
        this.in = in;
    }

    public int u8() throws MalformedMessageException {
        need(1, "a byte");
        return in[position++] & 0xFF;
    }

    public long u32() throws MalformedMessageException {
        need(4, "a 32-bit integer");
        long v = ((in[position] & 0xFFL) << 24) | ((in[position + 1] & 0xFFL) << 16)
                | ((in[position + 2] & 0xFFL) << 8) | (in[position + 3] & 0xFFL);
        position += 4;
        return v;
    }

    /** A u32 that must lie in [0, max]. */
    public int count(int max, String what) throws MalformedMessageException {
        long v = u32();
        if (v > max) {
            throw new MalformedMessageException(what + " is " + v + ", more than the limit " + max);
        }
        return (int) v;
    }

    public byte[] fixed(int length, String what) throws MalformedMessageException {
        need(length, what);
        byte[] out = new byte[length];
        System.arraycopy(in, position, out, 0, length);
        position += length;
        return out;
    }

    public byte[] blob(int maxLength, String what) throws MalformedMessageException {
        int length = count(maxLength, "the length of " + what);
        return fixed(length, what);
    }

    public String string(int maxBytes, String what) throws MalformedMessageException {
        byte[] raw = blob(maxBytes, what);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedMessageException(what + " is not UTF-8");
        }
    }

    /** A natural number in minimal encoding (no leading zero byte), at most {@code maxBytes} long. */
    public BigInteger natural(int maxBytes, String what) throws MalformedMessageException {
        byte[] magnitude = blob(maxBytes, what);
        if (magnitude.length > 0 && magnitude[0] == 0) {
            throw new MalformedMessageException(what + " is not minimally encoded");
        }
        return new BigInteger(1, magnitude);
    }

    public Element element(Group group, String what) throws MalformedMessageException {
        byte[] raw = fixed(group.elementLength(), what);
        try {
            return group.decode(raw);
        } catch (InvalidElementException e) {
            throw new MalformedMessageException(what + " is not a valid " + group.name() + " element: "
                    + e.getMessage());
        }
    }

    /**
     * A list of exactly {@code expected} pairwise-distinct valid elements. Distinctness matters: a repeated
     * ciphertext is a duplicated card.
     */
    public List<Element> distinctElements(Group group, int expected, String what) throws MalformedMessageException {
        int n = count(Integer.MAX_VALUE, "the number of values in " + what);
        if (n != expected) {
            throw new MalformedMessageException(what + " has " + n + " values, expected " + expected);
        }
        List<Element> out = new ArrayList<>(n);
        Set<Element> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            Element e = element(group, "value " + (i + 1) + " of " + what);
            if (!seen.add(e)) {
                throw new MalformedMessageException("value " + (i + 1) + " of " + what + " repeats an earlier value");
            }
            out.add(e);
        }
        return out;
    }

    public List<BigInteger> naturals(int maxCount, int maxBytes, String what) throws MalformedMessageException {
        int n = count(maxCount, "the number of values in " + what);
        List<BigInteger> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(natural(maxBytes, "value " + (i + 1) + " of " + what));
        }
        return out;
    }

    public List<Integer> ints(int maxCount, String what) throws MalformedMessageException {
        int n = count(maxCount, "the number of values in " + what);
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(count(Integer.MAX_VALUE, "value " + (i + 1) + " of " + what));
        }
        return out;
    }

    /** How many bytes are left to read: for a field whose form is told by its length. */
    public int remaining() {
        return in.length - position;
    }

    /** Whether every byte has been read: for a message whose last field is optional. */
    public boolean atEnd() {
        return position == in.length;
    }

    /** Rejects trailing bytes: a canonical message is consumed exactly. */
    public void end() throws MalformedMessageException {
        if (position != in.length) {
            throw new MalformedMessageException((in.length - position) + " unexpected trailing bytes");
        }
    }

    private void need(int n, String what) throws MalformedMessageException {
        if (n < 0 || in.length - position < n) {
            throw new MalformedMessageException("truncated: " + what + " is missing");
        }
    }
}
