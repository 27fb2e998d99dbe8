package fairtable.protocol.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The signed envelope: what its signature and its hash cover, and which bytes read as one. */
class EnvelopeTest {
    private final SplittableRandom random = new SplittableRandom(1127);
    private final SigningKey key = SigningKey.fromSeed(bytes(32));
    private final byte[] session = bytes(32);
    private final byte[] prev = bytes(32);
    private final byte[] body = bytes(40);
    private final Envelope honest = Envelope.sign(key, session, 7, prev, 3, 5, "note", body);

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static byte[] changed(byte[] b) {
        byte[] c = b.clone();
        c[c.length - 1] ^= 0x40;
        return c;
    }

    @Test
    void theSignatureCoversTheDomainAndEveryFieldInTheDocumentedOrder() {
        byte[] expected = new WireWriter().fixed("fairtable/envelope/v1".getBytes(StandardCharsets.UTF_8))
                .fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("note").blob(body).toBytes();
        assertThat(honest.signedBytes()).isEqualTo(expected);
        assertThat(key.verifyingKey().verify(expected, honest.signature())).isTrue();
        assertThat(honest.isSignedBy(key.verifyingKey())).isTrue();
        assertThat(honest.isSignedBy(SigningKey.fromSeed(bytes(32)).verifyingKey())).isFalse();
    }

    @Test
    void changingAnySignedFieldBreaksTheSignature() {
        byte[] sig = honest.signature();
        List<Envelope> moved = List.of(
                Envelope.of(changed(session), 7, prev, 3, 5, "note", body, sig),
                Envelope.of(session, 8, prev, 3, 5, "note", body, sig),
                Envelope.of(session, 7, changed(prev), 3, 5, "note", body, sig),
                Envelope.of(session, 7, prev, 2, 5, "note", body, sig),
                Envelope.of(session, 7, prev, 3, 6, "note", body, sig),
                Envelope.of(session, 7, prev, 3, 5, "notf", body, sig),
                Envelope.of(session, 7, prev, 3, 5, "note", changed(body), sig));
        for (Envelope e : moved) {
            assertThat(e.isSignedBy(key.verifyingKey())).as(e.toString()).isFalse();
        }
        assertThat(Envelope.of(session, 7, prev, 3, 5, "note", body, sig).isSignedBy(key.verifyingKey())).isTrue();
    }

    @Test
    void aSignatureOverTheWireFormWithoutTheDomainDoesNotVerify() {
        byte[] withoutDomain = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("note")
                .blob(body).toBytes();
        Envelope e = Envelope.of(session, 7, prev, 3, 5, "note", body, key.sign(withoutDomain));
        assertThat(e.isSignedBy(key.verifyingKey())).isFalse();
    }

    @Test
    void theWireFormIsTheFieldsThenTheSignatureAndReadsBackExactly() throws MalformedMessageException {
        byte[] expected = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("note").blob(body)
                .blob(honest.signature()).toBytes();
        assertThat(honest.toBytes()).isEqualTo(expected);
        Envelope read = Envelope.fromBytes(expected);
        assertThat(read).isEqualTo(honest).hasSameHashCodeAs(honest);
        assertThat(read.session()).isEqualTo(session);
        assertThat(read.seq()).isEqualTo(7);
        assertThat(read.prev()).isEqualTo(prev);
        assertThat(read.sender()).isEqualTo(3);
        assertThat(read.step()).isEqualTo(5);
        assertThat(read.type()).isEqualTo("note");
        assertThat(read.body()).isEqualTo(body);
        assertThat(read.signature()).isEqualTo(honest.signature());
        assertThat(read.isSignedBy(key.verifyingKey())).isTrue();
        assertThat(read.toString()).isEqualTo("Envelope[seq=7, step=5, sender=3, type=note]");
    }

    @Test
    void theHashIsTheDocumentedDigestOfTheWireFormAndMovesWithEveryField() {
        assertThat(honest.hash()).isEqualTo(Hashes.sha256("fairtable/envelope-hash/v1", honest.toBytes()));
        assertThat(honest.hash()).hasSize(Envelope.HASH_LENGTH);
        byte[] sig = honest.signature();
        assertThat(Envelope.of(session, 7, prev, 3, 5, "note", body, changed(sig)).hash()).isNotEqualTo(honest.hash());
        assertThat(Envelope.of(session, 7, prev, 3, 5, "note", changed(body), sig).hash()).isNotEqualTo(honest.hash());
        assertThat(Envelope.of(session, 7, prev, 3, 5, "note", body, changed(sig)))
                .isNotEqualTo(honest).isNotEqualTo("not an envelope");
    }

    @Test
    void theFieldsAreCopiesSoNobodyCanAlterASignedMessage() {
        honest.session()[0] ^= 1;
        honest.prev()[0] ^= 1;
        honest.body()[0] ^= 1;
        honest.signature()[0] ^= 1;
        assertThat(honest.isSignedBy(key.verifyingKey())).isTrue();
        byte[] mine = body.clone();
        Envelope e = Envelope.sign(key, session, 7, prev, 3, 5, "note", mine);
        mine[0] ^= 1;
        assertThat(e.body()).isEqualTo(body);
    }

    @Test
    void trailingOrMissingBytesAreNotAnEnvelope() {
        byte[] wire = honest.toBytes();
        assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, wire.length + 1)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("1 unexpected trailing bytes");
        assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, wire.length - 1)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("truncated: the signature is missing");
        assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, 20)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("truncated: the session id is missing");
    }

    @Test
    void oversizedFieldsAreRefusedBeforeTheyAreRead() {
        byte[] longType = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("t".repeat(65))
                .blob(body).blob(honest.signature()).toBytes();
        assertThatThrownBy(() -> Envelope.fromBytes(longType)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the message type is 65, more than the limit 64");
        byte[] longSignature = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("note")
                .blob(body).blob(new byte[65]).toBytes();
        assertThatThrownBy(() -> Envelope.fromBytes(longSignature)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the signature is 65, more than the limit 64");
        byte[] hugeStep = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(0x8000_0000L).string("note")
                .blob(body).blob(honest.signature()).toBytes();
        assertThatThrownBy(() -> Envelope.fromBytes(hugeStep)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the step is 2147483648, more than the limit 2147483647");
        byte[] hugeBody = new WireWriter().fixed(session).u32(7).fixed(prev).u8(3).u32(5).string("note")
                .u32(Envelope.MAX_BODY + 1L).toBytes();
        assertThatThrownBy(() -> Envelope.fromBytes(hugeBody)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the body is 16777217, more than the limit 16777216");
    }

    @Test
    void fieldsOutOfRangeCannotBeBuilt() {
        byte[] sig = honest.signature();
        assertThatThrownBy(() -> Envelope.of(new byte[31], 7, prev, 3, 5, "note", body, sig))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("session and prev are 32 bytes");
        assertThatThrownBy(() -> Envelope.of(session, 7, new byte[33], 3, 5, "note", body, sig))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("session and prev are 32 bytes");
        for (int[] bad : new int[][] {{-1, 5, 7}, {256, 5, 7}, {3, -1, 7}, {3, 5, -1}}) {
            assertThatThrownBy(() -> Envelope.of(session, bad[2], prev, bad[0], bad[1], "note", body, sig))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("sender, step and seq are non-negative");
        }
        // The edges are allowed.
        assertThat(Envelope.of(session, 0, prev, 255, 0, "note", body, sig).sender()).isEqualTo(255);
        assertThat(Envelope.of(session, 0, prev, 0, 0, "note", body, sig).sender()).isZero();
    }
}
