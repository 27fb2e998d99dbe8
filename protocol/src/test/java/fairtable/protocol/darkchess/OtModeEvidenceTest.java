package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What the audit reads from revealed OT secrets is exactly what the sender offered and the receiver chose. */
class OtModeEvidenceTest {
    private static final byte[] SESSION = {1, 2, 3};

    private static ObliviousTransfer scheme(OtMode mode) {
        return mode.scheme(256);
    }

    private static byte[] randomItems(SplittableRandom random) {
        byte[] items = new byte[64];
        for (int i = 0; i < 64; i++) {
            items[i] = (byte) random.nextInt(16);
        }
        return items;
    }

    private static List<byte[]> asItems(byte[] codes) {
        List<byte[]> items = new ArrayList<>();
        for (byte b : codes) {
            items.add(new byte[] {b});
        }
        return items;
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void theRevealedSecretsGiveBackTheOfferedItemsAndTheChoicesMade(OtMode mode) {
        SplittableRandom random = new SplittableRandom(21);
        ObliviousTransfer ot = scheme(mode);
        byte[] offered = randomItems(random);
        OtSender sender = ot.newSender(asItems(offered), SESSION, random);
        byte[] senderState = sender.state();
        OtReceiver receiver = ot.newReceiver(sender.setupMessage(), SESSION, random);
        int[] choices = {5, 63, 0, 5, 17};
        byte[] query = receiver.query(choices);
        byte[] receiverState = receiver.state();
        List<byte[]> got = receiver.finish(sender.answer(query));

        assertThat(mode.senderItems(ot, sender.setupMessage(), senderState)).isEqualTo(offered);
        assertThat(mode.receiverChoices(sender.setupMessage(), query, receiverState)).containsExactly(choices);
        assertThat(OtMode.batchSize(query)).isEqualTo(choices.length);
        for (int i = 0; i < choices.length; i++) {
            assertThat(got.get(i)[0]).isEqualTo(offered[choices[i]]);
        }
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void aSenderStateOfAnotherSetupOrAlreadyUsedIsRejected(OtMode mode) {
        SplittableRandom random = new SplittableRandom(22);
        ObliviousTransfer ot = scheme(mode);
        OtSender sender = ot.newSender(asItems(randomItems(random)), SESSION, random);
        OtSender other = ot.newSender(asItems(randomItems(random)), SESSION, random);
        assertThatThrownBy(() -> mode.senderItems(ot, sender.setupMessage(), other.state()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not produce the setup");
        OtReceiver receiver = ot.newReceiver(sender.setupMessage(), SESSION, random);
        sender.answer(receiver.query(3));
        assertThatThrownBy(() -> mode.senderItems(ot, sender.setupMessage(), sender.state()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already answered");
    }

    @org.junit.jupiter.api.Test
    void aChouOrlandiReceiverCannotClaimAnotherChoiceThanItsQueryHides() {
        SplittableRandom random = new SplittableRandom(23);
        ObliviousTransfer ot = scheme(OtMode.CHOU_ORLANDI);
        OtSender sender = ot.newSender(asItems(randomItems(random)), SESSION, random);
        OtReceiver receiver = ot.newReceiver(sender.setupMessage(), SESSION, random);
        byte[] query = receiver.query(9);
        byte[] state = receiver.state();
        // The state ends with choice (u16) | b (32) | B (32): claim choice 10 with the same b.
        byte[] lie = state.clone();
        lie[lie.length - 65] = 10;
        assertThatThrownBy(() -> OtMode.CHOU_ORLANDI.receiverChoices(sender.setupMessage(), query, lie))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not made for the revealed choice 10");
        assertThat(OtMode.CHOU_ORLANDI.receiverChoices(sender.setupMessage(), query, state)).containsExactly(9);
    }

    /**
     * An ANDOS receiver who asked for square 9 claims square 10: naively (same secrets), and cleverly, flipping the
     * blinding bits where items 9 and 10 differ so that the answer it decoded would read as item 10. The roots tie
     * the answered slot to the encryptions of item 9, so both lies are refused; so is a root changed to match.
     */
    @org.junit.jupiter.api.Test
    void anAndosReceiverCannotClaimAnotherChoiceThanItsQueryRerandomised() {
        SplittableRandom random = new SplittableRandom(24);
        ObliviousTransfer ot = scheme(OtMode.ANDOS);
        byte[] offered = randomItems(random);
        offered[9] = 0b0101;
        offered[10] = 0b0110;
        OtSender sender = ot.newSender(asItems(offered), SESSION, random);
        OtReceiver receiver = ot.newReceiver(sender.setupMessage(), SESSION, random);
        byte[] query = receiver.query(9);
        byte[] state = receiver.state();
        // The state ends with choice (u16) | 4 × (blinding bit (u8) | root r (32 bytes at 256 bits)).
        int choiceAt = state.length - 2 - 4 * 33;
        byte[] naive = state.clone();
        naive[choiceAt + 1] = 10;
        assertThatThrownBy(() -> OtMode.ANDOS.receiverChoices(sender.setupMessage(), query, naive))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not made for the revealed choice 10");
        byte[] clever = naive.clone();
        for (int j = 0; j < 4; j++) {
            clever[choiceAt + 2 + 33 * j] ^= (byte) (((offered[9] ^ offered[10]) >>> j) & 1);
        }
        assertThatThrownBy(() -> OtMode.ANDOS.receiverChoices(sender.setupMessage(), query, clever))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not made for the revealed choice 10");
        byte[] otherRoot = state.clone();
        otherRoot[otherRoot.length - 1] ^= 1;
        assertThatThrownBy(() -> OtMode.ANDOS.receiverChoices(sender.setupMessage(), query, otherRoot))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not made for the revealed choice 9");
        byte[] notABit = state.clone();
        notABit[choiceAt + 2] = 2;
        assertThatThrownBy(() -> OtMode.ANDOS.receiverChoices(sender.setupMessage(), query, notABit))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a bit");
        assertThat(OtMode.ANDOS.receiverChoices(sender.setupMessage(), query, state)).containsExactly(9);
        assertThat(receiver.finish(sender.answer(query)).get(0)[0]).isEqualTo(offered[9]);
    }

    @org.junit.jupiter.api.Test
    void parametersRoundTripAndRejectNonsense() throws Exception {
        DarkChessParameters p = new DarkChessParameters(OtMode.ANDOS, 1024, 40);
        assertThat(DarkChessParameters.fromBytes(p.toBytes())).isEqualTo(p);
        byte[] bad = p.toBytes();
        bad[0] = 7;
        assertThatThrownBy(() -> DarkChessParameters.fromBytes(bad)).isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> new DarkChessParameters(OtMode.ANDOS, 1024, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(OtMode.parse("andos")).isEqualTo(OtMode.ANDOS);
    }
}
