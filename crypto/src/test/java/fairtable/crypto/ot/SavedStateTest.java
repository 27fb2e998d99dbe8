package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both schemes' parties survive a save and restore at every step, and corrupt saved states are refused. */
class SavedStateTest {
    private static final byte[] SESSION = "saved-state session".getBytes(StandardCharsets.UTF_8);
    private static GoldwasserMicaliKey key;

    @BeforeAll
    static void generateKey() {
        key = GoldwasserMicaliKey.generate(512, new SplittableRandom(31));
    }

    private static List<byte[]> squareCodes(int count, SplittableRandom random) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new byte[] {(byte) random.nextInt(16)});
        }
        return items;
    }

    /** Runs two batches, saving and restoring both parties before and after every message. */
    private static void roundTripThroughSavedStates(ObliviousTransfer scheme, OtSender firstSender,
            List<byte[]> items) {
        OtSender sender = scheme.restoreSender(firstSender.state());
        assertThat(sender.state()).isEqualTo(firstSender.state());
        assertThat(sender.setupMessage()).isEqualTo(firstSender.setupMessage());
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(3));
        receiver = scheme.restoreReceiver(receiver.state(), new SplittableRandom(4));

        byte[] query = receiver.query(7, 0, 7);
        OtReceiver restoredReceiver = scheme.restoreReceiver(receiver.state(), new SplittableRandom(5));
        assertThat(restoredReceiver.state()).isEqualTo(receiver.state());
        byte[] answer = scheme.restoreSender(sender.state()).answer(query);
        assertThat(restoredReceiver.finish(answer)).containsExactly(items.get(7), items.get(0), items.get(7));

        // The original sender has not answered, the restored one has: only the former accepts query 0 again.
        assertThat(sender.answer(query)).isEqualTo(answer);
        OtSender afterFirstBatch = scheme.restoreSender(sender.state());
        assertThatThrownBy(() -> afterFirstBatch.answer(query)).hasMessageContaining("expected 3");

        byte[] secondQuery = restoredReceiver.query(3);
        OtReceiver again = scheme.restoreReceiver(restoredReceiver.state(), new SplittableRandom(6));
        assertThat(again.finish(afterFirstBatch.answer(secondQuery))).containsExactly(items.get(3));
    }

    private static void everyTruncationIsRefused(byte[] state, java.util.function.Consumer<byte[]> restore) {
        for (int length = 0; length <= state.length; length++) {
            byte[] bad = Arrays.copyOf(state, length == state.length ? length + 1 : length);
            assertThatThrownBy(() -> restore.accept(bad))
                    .as("state of %d bytes", bad.length).isInstanceOf(InvalidOtMessageException.class);
        }
    }

    @Test
    void chouOrlandiPartiesSurviveSaveAndRestore() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(8, 1);
        List<byte[]> items = squareCodes(8, new SplittableRandom(1));
        roundTripThroughSavedStates(scheme, scheme.newSender(items, SESSION, new SplittableRandom(2)), items);
    }

    @Test
    void andosPartiesSurviveSaveAndRestore() {
        AndosTransfer scheme = new AndosTransfer(8, 1, 4, 512);
        List<byte[]> items = squareCodes(8, new SplittableRandom(1));
        roundTripThroughSavedStates(scheme, scheme.newSender(key, items, SESSION, new SplittableRandom(2)), items);
    }

    @Test
    void corruptChouOrlandiStatesAreRefused() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 1);
        OtSender sender = scheme.newSender(squareCodes(4, new SplittableRandom(1)), SESSION, new SplittableRandom(2));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(3));
        receiver.query(1, 2);
        byte[] senderState = sender.state();
        byte[] receiverState = receiver.state();

        everyTruncationIsRefused(senderState, scheme::restoreSender);
        everyTruncationIsRefused(receiverState, state -> scheme.restoreReceiver(state, new SplittableRandom(1)));
        int scalarOffset = 1 + 4 + 4 + SESSION.length;
        byte[] nonCanonical = senderState.clone();
        Arrays.fill(nonCanonical, scalarOffset, scalarOffset + 32, (byte) 0xff);
        assertThatThrownBy(() -> scheme.restoreSender(nonCanonical)).hasMessageContaining("not canonical");
        byte[] zero = senderState.clone();
        Arrays.fill(zero, scalarOffset, scalarOffset + 32, (byte) 0);
        assertThatThrownBy(() -> scheme.restoreSender(zero)).hasMessageContaining("zero");
        byte[] identityA = receiverState.clone();
        Arrays.fill(identityA, scalarOffset, scalarOffset + 32, (byte) 0);
        assertThatThrownBy(() -> scheme.restoreReceiver(identityA, new SplittableRandom(1)))
                .hasMessageContaining("identity");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(5, 1).restoreSender(senderState))
                .hasMessageContaining("expected 5");
        assertThatThrownBy(() -> scheme.restoreSender(receiverState)).hasMessageContaining("tag");
    }

    @Test
    void corruptAndosStatesAreRefused() {
        AndosTransfer scheme = new AndosTransfer(3, 1, 4, 512);
        OtSender sender = scheme.newSender(key, squareCodes(3, new SplittableRandom(1)), SESSION,
                new SplittableRandom(2));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(3));
        receiver.query(2);
        byte[] senderState = sender.state();
        byte[] receiverState = receiver.state();

        everyTruncationIsRefused(senderState, scheme::restoreSender);
        everyTruncationIsRefused(receiverState, state -> scheme.restoreReceiver(state, new SplittableRandom(1)));
        // Swap in another prime for p: the factors no longer multiply to m.
        byte[] p = key.p().toByteArray();
        byte[] otherPrime = key.p().nextProbablePrime().toByteArray();
        assertThat(otherPrime).hasSameSizeAs(p);
        byte[] wrongFactor = senderState.clone();
        System.arraycopy(otherPrime, 0, wrongFactor, 5, p.length);
        assertThatThrownBy(() -> scheme.restoreSender(wrongFactor)).hasMessageContaining("do not multiply");
        // The state ends with the last bit's blinding bit (1 byte) and root r (64 bytes at 512 bits).
        byte[] badBlinding = receiverState.clone();
        badBlinding[badBlinding.length - 65] = 2;
        assertThatThrownBy(() -> scheme.restoreReceiver(badBlinding, new SplittableRandom(1)))
                .hasMessageContaining("blinding bit");
        byte[] zeroRoot = receiverState.clone();
        Arrays.fill(zeroRoot, zeroRoot.length - 64, zeroRoot.length, (byte) 0);
        assertThatThrownBy(() -> scheme.restoreReceiver(zeroRoot, new SplittableRandom(1)))
                .hasMessageContaining("root r(0, 3)");
        byte[] rootAboveModulus = receiverState.clone();
        Arrays.fill(rootAboveModulus, rootAboveModulus.length - 64, rootAboveModulus.length, (byte) 0xff);
        assertThatThrownBy(() -> scheme.restoreReceiver(rootAboveModulus, new SplittableRandom(1)))
                .hasMessageContaining("root r(0, 3)");
        assertThatThrownBy(() -> new AndosTransfer(3, 1, 3, 512).restoreSender(senderState))
                .hasMessageContaining("parameters");
        assertThat(new BigInteger(1, p)).isEqualTo(key.p());
    }
}
