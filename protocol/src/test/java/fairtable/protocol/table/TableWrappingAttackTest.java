package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A dishonest seat puts, in the place of one of its own genuine messages, a deck message wrapped for the wrong
 * round, another seat's deck message, an earlier round's or a repeated one of its own, a tampered share at the
 * show the rules called for, or a move or an operation while shares are collected; all signed with its own key at
 * that exact place. Every other seat refuses it naming the signer and changing nothing, takes the genuine message
 * after it, and the game plays to its end; the audit of every honest seat's evidence then fails with the same line.
 */
class TableWrappingAttackTest {
    private static final int ALICE = 0;
    private static final int BOB = 1;
    private static final int CAROL = 2;

    /** Plays to the end; the first message {@code when} picks is first offered as {@code forge} makes it. */
    private static List<ProtocolViolation> playOffering(TableSeats table, Predicate<Envelope> when,
            BiFunction<Envelope, List<Envelope>, Envelope> forge) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(table.seat(ALICE).start());
        List<Envelope> seen = new ArrayList<>();
        List<ProtocolViolation> refusals = new ArrayList<>();
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (refusals.isEmpty() && when.test(e)) {
                Envelope forged = forge.apply(e, seen);
                for (TableParty<HighCard.State, HighCard.Move> to : table.seats) {
                    if (to.seat() == e.sender()) {
                        continue;
                    }
                    int size = to.transcript().size();
                    int step = to.nextStep();
                    HighCard.State state = to.state();
                    HighCard.State view = to.view();
                    try {
                        List<Envelope> answered = to.receive(forged);
                        throw new AssertionError(to.nameOf(to.seat()) + " accepted the forgery, answering " + answered);
                    } catch (ProtocolViolation v) {
                        refusals.add(v);
                    }
                    assertThat(to.transcript().size()).as("nothing recorded").isEqualTo(size);
                    assertThat(to.nextStep()).isEqualTo(step);
                    assertThat(to.state()).as("the public state unchanged").isEqualTo(state);
                    assertThat(to.view()).as("the seat's own view unchanged").isEqualTo(view);
                    assertThat(to.isFinished()).isFalse();
                }
            }
            seen.add(e);
            for (TableParty<HighCard.State, HighCard.Move> to : table.seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
        assertThat(refusals).as("the forgery was offered").hasSize(table.seats.size() - 1);
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            assertThat(p.failure()).as("a refusal stops nobody").isEmpty();
            assertThat(p.isFinished()).isTrue();
        }
        return refusals;
    }

    /** Every honest seat refused with {@code line}, and the audit of its evidence fails with that line. */
    private static void assertConvicts(TableSeats table, int cheater, List<ProtocolViolation> refusals, String line) {
        assertThat(refusals).allSatisfy(v -> assertThat(v).hasMessage(line));
        for (TableParty<HighCard.State, HighCard.Move> honest : table.seats) {
            if (honest.seat() == cheater) {
                continue;
            }
            AuditVerdict verdict = TableSeats.audit(honest);
            assertThat(verdict.verified()).as(verdict.toString()).isFalse();
            assertThat(verdict.failure()).hasMessage(line);
        }
        // Without the refused message the same session verifies: the refusal changed nothing.
        assertThat(Auditorless.verifiedWithoutEvidence(table.seat(cheater))).isTrue();
    }

    // ---- Reading and forging wrapped deck messages.

    private record Wrapped(int round, Envelope inner) {}

    private static Wrapped unwrap(Envelope deck) {
        try {
            WireReader r = new WireReader(deck.body());
            int round = (int) r.u32();
            Envelope inner = Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "inner"));
            r.end();
            return new Wrapped(round, inner);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static Predicate<Envelope> deckOf(int seat, int round, String innerType) {
        return e -> e.sender() == seat && e.type().equals(TableObserver.DECK) && unwrap(e).round() == round
                && unwrap(e).inner().type().equals(innerType);
    }

    /** A message signed by {@code key} at exactly the place of {@code genuine}. */
    private static Envelope atPlaceOf(Envelope genuine, SigningKey key, String type, byte[] body) {
        return Envelope.sign(key, genuine.session(), genuine.seq(), genuine.prev(), genuine.sender(), genuine.step(),
                type, body);
    }

    private static Envelope rewrapped(Envelope genuine, SigningKey key, int round, Envelope inner) {
        return atPlaceOf(genuine, key, TableObserver.DECK, TableObserver.deckBody(round, inner));
    }

    private static Envelope innerResigned(Envelope inner, SigningKey key, String type, byte[] body) {
        return Envelope.sign(key, inner.session(), inner.seq(), inner.prev(), inner.sender(), inner.step(), type, body);
    }

    private static Envelope first(List<Envelope> seen, Predicate<Envelope> which) {
        return seen.stream().filter(which).findFirst().orElseThrow();
    }

    // ---- The attacks.

    @Test
    void aShowOfExactlyTheCalledPositionWithATamperedShareIsRefusedNamingTheShower() throws Exception {
        TableSeats table = new TableSeats(3, 1, 11);
        SigningKey bob = table.keys.get(BOB);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 1, "show"), (genuine, seen) -> {
            Envelope inner = unwrap(genuine).inner();
            byte[] body = inner.body();
            body[body.length - 1] ^= 1; // the last byte of the share's proof
            return rewrapped(genuine, bob, 1, innerResigned(inner, bob, inner.type(), body));
        });
        assertConvicts(table, BOB, refusals, "step 17, party bob: the decryption share for position 0 does not verify:"
                + " it was not made with its key for this card");
    }

    @Test
    void aDeckMessageWrappedForTheNextRoundIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 2, 12);
        SigningKey bob = table.keys.get(BOB);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 1, "show"),
                (genuine, seen) -> rewrapped(genuine, bob, 2, unwrap(genuine).inner()));
        assertConvicts(table, BOB, refusals, "step 17, party bob: a deck message for round 2 in round 1");
    }

    @Test
    void anotherSeatsDeckMessageWrappedAsOnesOwnIsRefusedNamingTheWrapperNotItsAuthor() throws Exception {
        TableSeats table = new TableSeats(3, 1, 13);
        SigningKey carol = table.keys.get(CAROL);
        // carol's shares for the deal are due: she wraps bob's shares, just accepted, instead
        List<ProtocolViolation> refusals = playOffering(table, deckOf(CAROL, 1, "shares"),
                (genuine, seen) -> rewrapped(genuine, carol, 1, unwrap(first(seen, deckOf(BOB, 1, "shares"))).inner()));
        assertConvicts(table, CAROL, refusals, "step 13, party carol: wraps a deck message of seat 1");
    }

    @Test
    void aDealStartedWhileTheSharesOfADealAreCollectedIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 14);
        SigningKey carol = table.keys.get(CAROL);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(CAROL, 1, "shares"), (genuine, seen) -> {
            Envelope inner = unwrap(genuine).inner();
            byte[] deal = unwrap(first(seen, deckOf(ALICE, 1, "deal"))).inner().body();
            return rewrapped(genuine, carol, 1, innerResigned(inner, carol, "deal", deal));
        });
        assertConvicts(table, CAROL, refusals, "step 13, party carol: sent 'deal' where 'shares' is due");
    }

    @Test
    void aMoveWhileTheSharesOfADealAreCollectedIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 15);
        SigningKey carol = table.keys.get(CAROL);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(CAROL, 1, "shares"),
                (genuine, seen) -> atPlaceOf(genuine, carol, TableObserver.MOVE,
                        TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.FOLD))));
        // "(step 10)" is the step in the round's deck, which counts from its own hellos
        assertConvicts(table, CAROL, refusals, "step 13, party carol: a move while the deck awaits carol to send its"
                + " decryption shares for the deal (step 10)");
    }

    @Test
    void aDeckHelloSentAgainWhileAMoveIsAwaitedIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 16);
        SigningKey alice = table.keys.get(ALICE);
        Predicate<Envelope> alicesMove = e -> e.sender() == ALICE && e.type().equals(TableObserver.MOVE);
        List<ProtocolViolation> refusals = playOffering(table, alicesMove,
                (genuine, seen) -> rewrapped(genuine, alice, 1, unwrap(first(seen, deckOf(ALICE, 1, "hello"))).inner()));
        // the deck's chain refuses the copy as off its place, and the table names who wrapped it there
        assertConvicts(table, ALICE, refusals, "step 14, party alice: wraps a deck message that does not fit round 1's"
                + " deck: a message signed by alice in another session");
    }

    @Test
    void anEarlierRoundsDeckMessageReplayedInTheNextRoundIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 2, 17);
        SigningKey bob = table.keys.get(BOB);
        // bob's key for round 2 is due: he sends his key share of round 1 again, for round 2
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 2, "key"),
                (genuine, seen) -> rewrapped(genuine, bob, 2, unwrap(first(seen, deckOf(BOB, 1, "key"))).inner()));
        assertConvicts(table, BOB, refusals, "step 24, party bob: wraps a deck message that does not fit round 2's"
                + " deck: a message signed by bob in another session");
    }

    @Test
    void anEarlierRoundsDeckHelloReplayedForTheNextRoundIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 2, 18);
        SigningKey bob = table.keys.get(BOB);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 2, "hello"),
                (genuine, seen) -> rewrapped(genuine, bob, 2, unwrap(first(seen, deckOf(BOB, 1, "hello"))).inner()));
        assertConvicts(table, BOB, refusals, "step 21, party bob: the message does not follow the previous one (hash"
                + " chain broken) (deck step 0)");
    }

    @Test
    void aMoveInThePlaceOfADeckHelloIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 24);
        SigningKey bob = table.keys.get(BOB);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 1, "hello"),
                (genuine, seen) -> atPlaceOf(genuine, bob, TableObserver.MOVE,
                        TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.SHOW))));
        assertConvicts(table, BOB, refusals, "step 2, party bob: a move while the deck awaits its hellos");
    }

    /** Alice's deal of round 1 as it came, resigned with {@code recipients} and {@code count} instead. */
    private static Envelope dealAs(Envelope genuine, SigningKey alice, List<Integer> recipients, int count) {
        Envelope inner = unwrap(genuine).inner();
        byte[] deal = new fairtable.protocol.wire.WireWriter().ints(recipients).u32(count).toBytes();
        return rewrapped(genuine, alice, 1, innerResigned(inner, alice, inner.type(), deal));
    }

    @Test
    void aDealOfAnotherCountThanTheRulesCallForIsRefusedNamingTheDealer() throws Exception {
        TableSeats table = new TableSeats(3, 1, 25);
        SigningKey alice = table.keys.get(ALICE);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(ALICE, 1, "deal"),
                (genuine, seen) -> dealAs(genuine, alice, List.of(1, 2, 0), 2));
        assertConvicts(table, ALICE, refusals, "step 10, party alice: starts a deck deal the rules did not call for:"
                + " they await alice to deal 1 to each of seats [1, 2, 0]");
    }

    @Test
    void aDealToTheSeatsInAnotherOrderThanTheRulesCallForIsRefusedNamingTheDealer() throws Exception {
        TableSeats table = new TableSeats(3, 1, 26);
        SigningKey alice = table.keys.get(ALICE);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(ALICE, 1, "deal"),
                (genuine, seen) -> dealAs(genuine, alice, List.of(2, 1, 0), 1));
        assertConvicts(table, ALICE, refusals, "step 10, party alice: starts a deck deal the rules did not call for:"
                + " they await alice to deal 1 to each of seats [1, 2, 0]");
    }

    /** Bob's deck hello for round 1 as it came, with another name or key in it, signed by the key it names. */
    private static Envelope deckHelloAs(Envelope genuine, SigningKey wrapper, String name, SigningKey key) {
        Envelope inner = unwrap(genuine).inner();
        try {
            fairtable.protocol.transcript.Hello hello = fairtable.protocol.transcript.Hello.fromBytes(inner.body());
            fairtable.protocol.transcript.Hello other = new fairtable.protocol.transcript.Hello(hello.protocol(),
                    hello.parameters(), hello.players(), hello.seat(), name, key.verifyingKey(), hello.nonce());
            return rewrapped(genuine, wrapper, 1, innerResigned(inner, key, inner.type(), other.toBytes()));
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aDeckHelloUnderAnotherNameThanTheTableHelloIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 22);
        SigningKey bob = table.keys.get(BOB);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 1, "hello"),
                (genuine, seen) -> deckHelloAs(genuine, bob, "carol", bob));
        assertConvicts(table, BOB, refusals, "step 2, party bob: a deck hello under another name or key than its"
                + " table hello");
    }

    @Test
    void aDeckHelloWithAnotherKeyThanTheTableHelloIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = new TableSeats(3, 1, 23);
        SigningKey bob = table.keys.get(BOB);
        SigningKey other = SigningKey.fromSeed(new byte[32]);
        List<ProtocolViolation> refusals = playOffering(table, deckOf(BOB, 1, "hello"),
                (genuine, seen) -> deckHelloAs(genuine, bob, "bob", other));
        assertConvicts(table, BOB, refusals, "step 2, party bob: a deck hello under another name or key than its"
                + " table hello");
    }

    /** The audit of a transcript alone. */
    private static final class Auditorless {
        static boolean verifiedWithoutEvidence(TableParty<?, ?> p) {
            return fairtable.protocol.audit.Auditor.audit(new fairtable.protocol.transcript.TranscriptFile.Contents(
                    p.transcript().envelopes(), List.of()), List.of(new TableAudit(TableSeats.CATALOG))).verified();
        }
    }

    @Test
    void aForgeryNotOfferedIsNotCountedAsRefused() {
        // guards the harness: a predicate that never matches fails the play rather than passing vacuously
        TableSeats table = new TableSeats(2, 1, 19);
        assertThatThrownBy(() -> playOffering(table, e -> false, (g, s) -> g)).isInstanceOf(AssertionError.class);
    }
}
