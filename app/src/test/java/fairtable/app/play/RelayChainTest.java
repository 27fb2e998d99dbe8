package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.ProtocolViolation;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The relay's chain against a dishonest host: ann hosts, ben and cal are guests. Every way the host can tamper
 * with the order it relays is refused by the guest it is shown to, and a host that shows two guests two different
 * tables is caught as soon as one guest's acknowledgement reaches the other, with the host's two signatures as
 * evidence.
 */
class RelayChainTest {
    private static final List<String> NAMES = List.of("ann", "ben", "cal");
    private static final IntFunction<String> NAME = NAMES::get;
    private static final SigningKey ANN = key(1);
    private static final SigningKey BEN = key(2);
    private static final SigningKey CAL = key(3);
    private static final List<VerifyingKey> KEYS = List.of(ANN.verifyingKey(), BEN.verifyingKey(), CAL.verifyingKey());

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    private static RelayChain chain(List<VerifyingKey> keys) {
        return new RelayChain(new NetworkTable.Terms("00112233445566778899aabbccddeeff", GameKind.HOLDEM, 1, 1000, false, 0, NAMES, keys));
    }

    private static RelayChain signedChain() {
        return chain(KEYS);
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final byte[] NONE = new byte[0];

    @Test
    void anHonestHostsChainIsAcceptedByEveryGuestAndTheirAcknowledgementsAgree() throws Exception {
        RelayChain host = signedChain();
        RelayChain ben = signedChain();
        RelayChain cal = signedChain();
        for (RelayChain.Placed p : List.of(host.place(0, text("deal"), NONE, ANN))) {
            ben.accept(p, NAME);
            cal.accept(p, NAME);
        }
        byte[] bet = text("ben bets");
        byte[] benAck = ben.ack(BEN, 0, bet);
        host.checkAck(benAck, 1, bet, NAME);
        RelayChain.Placed placed = host.place(1, bet, benAck, ANN);
        ben.accept(placed, NAME);
        cal.accept(placed, NAME);
        byte[] fold = text("cal folds");
        byte[] calAck = cal.ack(CAL, 0, fold);
        host.checkAck(calAck, 2, fold, NAME);
        RelayChain.Placed last = host.place(2, fold, calAck, ANN);
        ben.accept(last, NAME);
        cal.accept(last, NAME);

        assertThat(ben.head(3)).isEqualTo(host.head(3)).isEqualTo(cal.head(3));
    }

    @Test
    void aHostShowingTwoGuestsTwoTablesIsCaughtByTheOtherGuestsAcknowledgement() throws Exception {
        // The host keeps one chain for ben and another for cal, which differ at position 0.
        RelayChain forBen = signedChain();
        RelayChain forCal = signedChain();
        RelayChain ben = signedChain();
        RelayChain cal = signedChain();
        RelayChain.Placed shownToBen = forBen.place(0, text("ann shows ben this"), NONE, ANN);
        RelayChain.Placed shownToCal = forCal.place(0, text("ann shows cal that"), NONE, ANN);
        ben.accept(shownToBen, NAME);
        cal.accept(shownToCal, NAME);

        // Cal answers, acknowledging the table it was shown; the host must relay that answer to ben.
        byte[] answer = text("cal raises");
        byte[] calAck = cal.ack(CAL, 0, answer);
        RelayChain.Placed relayed = forBen.place(2, answer, calAck, ANN);
        ProtocolViolation caught = catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(relayed, NAME));

        assertThat(caught.party()).isEqualTo("ann");
        assertThat(caught.getMessage()).contains("equivocated").contains("position 1").contains("shown to cal");
        // The evidence is the host's own signatures on both heads: anyone with ann's key can check them.
        HexFormat hex = HexFormat.of();
        assertThat(caught.getMessage()).contains(hex.formatHex(shownToBen.head()))
                .contains(hex.formatHex(shownToCal.head()))
                .contains(hex.formatHex(shownToBen.signature()))
                .contains(hex.formatHex(shownToCal.signature()));
        assertThat(KEYS.get(0).verify(signedHead(shownToCal.head(), 1), shownToCal.signature())).isTrue();
        assertThat(KEYS.get(0).verify(signedHead(shownToBen.head(), 1), shownToBen.signature())).isTrue();
    }

    /** What the host signs at a position, restated here so the test checks the evidence independently. */
    private static byte[] signedHead(byte[] head, int seen) {
        return Hashes.sha256("fairtable/play-relay/v1/head", head, Hashes.int32(seen));
    }

    @Test
    void aHostCannotHideTheForkByStrippingOrSwappingTheAcknowledgement() throws Exception {
        RelayChain forBen = signedChain();
        RelayChain ben = signedChain();
        RelayChain cal = signedChain();
        ben.accept(forBen.place(0, text("deal"), NONE, ANN), NAME);
        byte[] firstWord = text("cal checks");
        byte[] oldAck = cal.ack(CAL, 0, firstWord); // cal's acknowledgement of the empty table, for its first message
        byte[] answer = text("cal raises");

        RelayChain stripped = copyOf(forBen);
        ProtocolViolation noAck = catchThrowableOfType(ProtocolViolation.class,
                () -> ben.accept(stripped.place(2, answer, NONE, ANN), NAME));
        assertThat(noAck.party()).isEqualTo("ann");
        assertThat(noAck.getMessage()).contains("without cal's acknowledgement");

        ProtocolViolation swapped = catchThrowableOfType(ProtocolViolation.class,
                () -> ben.accept(forBen.place(2, answer, oldAck, ANN), NAME));
        assertThat(swapped.party()).isEqualTo("ann");
        assertThat(swapped.getMessage()).contains("did not sign for this message");
    }

    private static RelayChain copyOf(RelayChain original) {
        RelayChain copy = signedChain();
        for (RelayChain.Placed p : original.placed()) {
            assertThatCode(() -> copy.accept(p, NAME)).doesNotThrowAnyException();
        }
        return copy;
    }

    @Test
    void aHostCannotDropRepeatOrReorderAGuestsMessagesThoughEachIsSignedByItsAuthor() throws Exception {
        RelayChain host = signedChain();
        RelayChain ben = signedChain();
        RelayChain cal = signedChain();
        byte[] first = text("ben checks");
        byte[] firstAck = ben.ack(BEN, 0, first);
        byte[] second = text("ben bets");
        byte[] secondAck = ben.ack(BEN, 1, second); // sent before anything new was placed

        // Placing ben's second message first: cal sees it is not ben's next one.
        RelayChain reordered = signedChain();
        ProtocolViolation skipped = catchThrowableOfType(ProtocolViolation.class,
                () -> cal.accept(reordered.place(1, second, secondAck, ANN), NAME));
        assertThat(skipped.party()).isEqualTo("ann");
        assertThat(skipped.getMessage()).contains("for its message #1 where #0 was next");
        ProtocolViolation atHost = catchThrowableOfType(ProtocolViolation.class,
                () -> host.checkAck(secondAck, 1, second, NAME));
        assertThat(atHost.party()).isEqualTo("ben");

        // In order, both pass; the same message placed again does not.
        cal.accept(host.place(1, first, firstAck, ANN), NAME);
        cal.accept(host.place(1, second, secondAck, ANN), NAME);
        ProtocolViolation repeated = catchThrowableOfType(ProtocolViolation.class,
                () -> cal.accept(host.place(1, second, secondAck, ANN), NAME));
        assertThat(repeated.party()).isEqualTo("ann");
        assertThat(repeated.getMessage()).contains("for its message #1 where #2 was next");
    }

    @Test
    void anAcknowledgementWithAnImpossibleCountIsUnreadableNotACrash() throws Exception {
        RelayChain host = chain(List.of());
        byte[] payload = text("ben checks");
        byte[] negative = new fairtable.protocol.wire.WireWriter().u32(0xFFFFFFFFL).u32(0).fixed(new byte[32])
                .blob(new byte[0]).blob(new byte[0]).toBytes();
        ProtocolViolation unreadable = catchThrowableOfType(ProtocolViolation.class,
                () -> host.checkAck(negative, 1, payload, NAME));
        assertThat(unreadable.party()).isEqualTo("ben");
        assertThat(unreadable.getMessage()).contains("unreadable acknowledgement");
    }

    @Test
    void aDroppedOrReorderedMessageIsRefusedAndNamesTheHost() throws Exception {
        RelayChain host = signedChain();
        RelayChain.Placed first = host.place(0, text("one"), NONE, ANN);
        RelayChain.Placed second = host.place(0, text("two"), NONE, ANN);
        RelayChain ben = signedChain();

        ProtocolViolation gap = catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(second, NAME));
        assertThat(gap.party()).isEqualTo("ann");
        assertThat(gap.getMessage()).contains("relayed position 1 where 0 was next");
        assertThat(ben.size()).isZero();

        ben.accept(first, NAME);
        ProtocolViolation replay = catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(first, NAME));
        assertThat(replay.getMessage()).contains("relayed position 0 where 1 was next");
        assertThat(ben.size()).isEqualTo(1);
    }

    @Test
    void aChangedMessageOrAForgedHeadSignatureIsRefused() throws Exception {
        RelayChain host = signedChain();
        RelayChain.Placed honest = host.place(0, text("ann bets 10"), NONE, ANN);
        RelayChain ben = signedChain();

        RelayChain.Placed altered = new RelayChain.Placed(0, 0, text("ann bets 99"), NONE, honest.head(),
                honest.signature());
        assertThat(catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(altered, NAME)).getMessage())
                .contains("broke the relay's hash chain at position 0");

        RelayChain.Placed forged = new RelayChain.Placed(0, 0, honest.payload(), NONE, honest.head(),
                CAL.sign(signedHead(honest.head(), 1)));
        ProtocolViolation unsigned = catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(forged, NAME));
        assertThat(unsigned.party()).isEqualTo("ann");
        assertThat(unsigned.getMessage()).contains("did not sign the relay's head at position 0");
        assertThat(ben.size()).isZero();

        ben.accept(honest, NAME);
        assertThat(ben.head(1)).isEqualTo(honest.head());
    }

    @Test
    void theHostRefusesAGuestsAcknowledgementThatItDidNotSignOrThatRunsAhead() throws Exception {
        RelayChain host = signedChain();
        RelayChain ben = signedChain();
        ben.accept(host.place(0, text("deal"), NONE, ANN), NAME);
        byte[] bet = text("ben bets");

        byte[] signedByCal = ben.ack(CAL, 0, bet);
        ProtocolViolation foreign = catchThrowableOfType(ProtocolViolation.class,
                () -> host.checkAck(signedByCal, 1, bet, NAME));
        assertThat(foreign.party()).isEqualTo("ben");

        byte[] forAnotherMessage = ben.ack(BEN, 0, text("ben folds"));
        assertThat(catchThrowableOfType(ProtocolViolation.class, () -> host.checkAck(forAnotherMessage, 1, bet, NAME))
                .getMessage()).contains("did not sign for this message");

        RelayChain shorter = signedChain(); // the host has placed nothing in this one
        ProtocolViolation ahead = catchThrowableOfType(ProtocolViolation.class,
                () -> shorter.checkAck(ben.ack(BEN, 0, bet), 1, bet, NAME));
        assertThat(ahead.party()).isEqualTo("ben");
        assertThat(ahead.getMessage()).contains("beyond position 0");

        assertThatCode(() -> host.checkAck(ben.ack(BEN, 0, bet), 1, bet, NAME)).doesNotThrowAnyException();
    }

    @Test
    void anUnsignedTableStillCatchesAForkButProvesNothing() throws Exception {
        RelayChain forBen = chain(List.of());
        RelayChain forCal = chain(List.of());
        RelayChain ben = chain(List.of());
        RelayChain cal = chain(List.of());
        ben.accept(forBen.place(0, text("this"), NONE, null), NAME);
        cal.accept(forCal.place(0, text("that"), NONE, null), NAME);
        byte[] answer = text("cal raises");
        RelayChain.Placed relayed = forBen.place(2, answer, cal.ack(null, 0, answer), null);

        ProtocolViolation caught = catchThrowableOfType(ProtocolViolation.class, () -> ben.accept(relayed, NAME));
        assertThat(caught.party()).isEqualTo("ann");
        assertThat(caught.getMessage()).contains("equivocated");
        assertThat(relayed.signature()).isEmpty();
    }
}
