package fairtable.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Ristretto255;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The canonical codec against hand-written bytes: one encoding per value, and every non-canonical,
 * truncated, oversized or trailing input refused with its reason.
 */
class WireCodecTest {
    private static final Ristretto255 GROUP = Ristretto255.group();

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    private static void assertMalformed(WireReaderCall call, String reason) {
        assertThatThrownBy(call::run).isInstanceOf(MalformedMessageException.class).hasMessage(reason);
    }

    @FunctionalInterface
    private interface WireReaderCall {
        void run() throws MalformedMessageException;
    }

    @Test
    void integersAreBigEndianAndBounded() throws MalformedMessageException {
        assertThat(new WireWriter().u8(0xAB).u32(0x01020304L).u32(0xFFFF_FFFFL).u32(0).toBytes())
                .isEqualTo(bytes(0xAB, 1, 2, 3, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0));
        WireReader r = new WireReader(bytes(0xAB, 1, 2, 3, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0));
        assertThat(r.u8()).isEqualTo(0xAB);
        assertThat(r.u32()).isEqualTo(0x01020304L);
        assertThat(r.u32()).isEqualTo(0xFFFF_FFFFL);
        assertThat(r.u32()).isEqualTo(0x8000_0000L);
        r.end();
        assertThatThrownBy(() -> new WireWriter().u32(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("u32 out of range: -1");
        assertThatThrownBy(() -> new WireWriter().u32(0x1_0000_0000L)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("u32 out of range: 4294967296");
    }

    @Test
    void aCountAboveItsLimitIsRefusedAndTheLimitItselfIsAllowed() throws MalformedMessageException {
        assertThat(new WireReader(bytes(0, 0, 0, 5)).count(5, "the count")).isEqualTo(5);
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 6)).count(5, "the count"),
                "the count is 6, more than the limit 5");
        assertMalformed(() -> new WireReader(bytes(0xFF, 0xFF, 0xFF, 0xFF)).count(Integer.MAX_VALUE, "the count"),
                "the count is 4294967295, more than the limit 2147483647");
    }

    @Test
    void truncatedInputIsRefusedNamingWhatIsMissing() {
        assertMalformed(() -> new WireReader(new byte[0]).u8(), "truncated: a byte is missing");
        assertMalformed(() -> new WireReader(bytes(1, 2, 3)).u32(), "truncated: a 32-bit integer is missing");
        assertMalformed(() -> new WireReader(bytes(1, 2)).fixed(3, "the key"), "truncated: the key is missing");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 3, 1, 2)).blob(10, "the body"),
                "truncated: the body is missing");
        assertMalformed(() -> new WireReader(bytes(1)).fixed(-1, "a negative length"),
                "truncated: a negative length is missing");
    }

    @Test
    void blobsAndStringsAreLengthPrefixedAndBounded() throws MalformedMessageException {
        byte[] wire = new WireWriter().blob(bytes(9, 8)).string("é").blob(new byte[0]).toBytes();
        assertThat(wire).isEqualTo(bytes(0, 0, 0, 2, 9, 8, 0, 0, 0, 2, 0xC3, 0xA9, 0, 0, 0, 0));
        WireReader r = new WireReader(wire);
        assertThat(r.blob(2, "the blob")).isEqualTo(bytes(9, 8));
        assertThat(r.string(2, "the name")).isEqualTo("é");
        assertThat(r.blob(0, "the empty")).isEmpty();
        r.end();
        assertMalformed(() -> new WireReader(wire).blob(1, "the blob"), "the length of the blob is 2, more than the limit 1");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 2, 0xC3, 0x28)).string(8, "the name"),
                "the name is not UTF-8");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 2, 0xC0, 0xAF)).string(8, "the name"),
                "the name is not UTF-8"); // an overlong '/'
    }

    @Test
    void naturalsAreMinimalMagnitudes() throws MalformedMessageException {
        assertThat(new WireWriter().natural(BigInteger.ZERO).toBytes()).isEqualTo(bytes(0, 0, 0, 0));
        assertThat(new WireWriter().natural(BigInteger.valueOf(5)).toBytes()).isEqualTo(bytes(0, 0, 0, 1, 5));
        assertThat(new WireWriter().natural(BigInteger.valueOf(0x80)).toBytes()).isEqualTo(bytes(0, 0, 0, 1, 0x80));
        assertThat(new WireWriter().natural(BigInteger.valueOf(0x1234)).toBytes())
                .isEqualTo(bytes(0, 0, 0, 2, 0x12, 0x34));
        assertThatThrownBy(() -> new WireWriter().natural(BigInteger.valueOf(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("negative");

        assertThat(new WireReader(bytes(0, 0, 0, 0)).natural(4, "n")).isZero();
        assertThat(new WireReader(bytes(0, 0, 0, 1, 0x80)).natural(4, "n")).isEqualTo(128);
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 2, 0, 0x80)).natural(4, "n"), "n is not minimally encoded");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 1, 0)).natural(4, "n"), "n is not minimally encoded");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 3, 1, 2, 3)).natural(2, "n"),
                "the length of n is 3, more than the limit 2");
    }

    @Test
    void listsOfNaturalsAndIntsAreCountedAndBounded() throws MalformedMessageException {
        List<BigInteger> naturals = List.of(BigInteger.ONE, BigInteger.valueOf(300));
        byte[] wire = new WireWriter().naturals(naturals).ints(List.of(7, 0)).toBytes();
        assertThat(wire).isEqualTo(bytes(0, 0, 0, 2, 0, 0, 0, 1, 1, 0, 0, 0, 2, 1, 0x2C,
                0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 0));
        WireReader r = new WireReader(wire);
        assertThat(r.naturals(2, 2, "the values")).isEqualTo(naturals);
        assertThat(r.ints(2, "the ints")).containsExactly(7, 0);
        r.end();
        assertMalformed(() -> new WireReader(wire).naturals(1, 2, "the values"),
                "the number of values in the values is 2, more than the limit 1");
        assertMalformed(() -> new WireReader(wire).naturals(2, 1, "the values"),
                "the length of value 2 of the values is 2, more than the limit 1");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 3)).ints(2, "the ints"),
                "the number of values in the ints is 3, more than the limit 2");
        assertMalformed(() -> new WireReader(bytes(0, 0, 0, 1, 0x80, 0, 0, 0)).ints(2, "the ints"),
                "value 1 of the ints is 2147483648, more than the limit 2147483647");
    }

    @Test
    void elementsAreFixedLengthAndValidatedByTheirGroup() throws MalformedMessageException {
        Element a = GROUP.generatorTimes(BigInteger.TWO);
        Element b = GROUP.generatorTimes(BigInteger.valueOf(3));
        byte[] wire = new WireWriter().elements(List.of(a, b)).toBytes();
        assertThat(wire).hasSize(4 + 64);
        assertThat(new WireReader(wire).distinctElements(GROUP, 2, "the deck")).containsExactly(a, b);
        WireReader single = new WireReader(new WireWriter().element(a).toBytes());
        assertThat(single.element(GROUP, "the key")).isEqualTo(a);
        single.end();

        assertMalformed(() -> new WireReader(new byte[32]).element(GROUP, "the key"),
                "the key is not a valid ristretto255 element: the identity element is not allowed");
        assertMalformed(() -> new WireReader(wire).distinctElements(GROUP, 3, "the deck"),
                "the deck has 2 values, expected 3");
        assertMalformed(() -> new WireReader(wire).distinctElements(GROUP, 1, "the deck"),
                "the deck has 2 values, expected 1");
        byte[] repeated = new WireWriter().elements(List.of(a, b, a)).toBytes();
        assertMalformed(() -> new WireReader(repeated).distinctElements(GROUP, 3, "the deck"),
                "value 3 of the deck repeats an earlier value");
        byte[] withIdentity = new WireWriter().u32(2).element(a).fixed(new byte[32]).toBytes();
        assertMalformed(() -> new WireReader(withIdentity).distinctElements(GROUP, 2, "the deck"),
                "value 2 of the deck is not a valid ristretto255 element: the identity element is not allowed");
    }

    @Test
    void trailingBytesAreRefusedAndAnExactReadEnds() throws MalformedMessageException {
        WireReader r = new WireReader(bytes(1, 2, 3));
        r.u8();
        assertMalformed(r::end, "2 unexpected trailing bytes");
        r.u8();
        r.u8();
        r.end();
        new WireReader(new byte[0]).end();
    }
}
