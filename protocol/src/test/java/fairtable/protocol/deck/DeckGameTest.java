package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeckObserver.Place;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Honest games: the right cards reach the right seats and nobody else, and every operation does what it says. */
class DeckGameTest {
    /** Whether the encoding of {@code card} appears anywhere in any message of the transcript. */
    private static boolean transcriptMentions(DeckParty p, int card) {
        byte[] needle = Points.encode(p.parameters().card(card));
        for (Envelope e : p.transcript().envelopes()) {
            byte[] body = e.body();
            outer:
            for (int i = 0; i + needle.length <= body.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (body[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return true;
            }
        }
        return false;
    }

    /** c2 minus every public share: what anyone but the holder can compute without the holder's key. */
    private static RistrettoPoint combinePublicShares(DeckObserver o, int position) {
        List<DecryptionShare> known = new ArrayList<>();
        for (int s = 0; s < o.parameters().players(); s++) {
            if (o.shareOf(position, s) != null) {
                known.add(o.shareOf(position, s));
            }
        }
        Ciphertext c = o.deck().get(position);
        return c.decrypt(known);
    }

    @Test
    void fourPlayersGetPrivateHandsThatOnlyTheyCanRead() throws Exception {
        DeckTable table = new DeckTable(4, 52, 1).shuffle();
        table.pump(table.seat(0).dealEach(5));
        Set<Integer> dealt = new HashSet<>();
        for (int s = 0; s < 4; s++) {
            DeckParty holder = table.seat(s);
            Map<Integer, Integer> hand = holder.hand();
            assertThat(hand).hasSize(5);
            assertThat(hand.keySet()).containsExactlyElementsOf(holder.observer().heldBy(s))
                    .containsExactly(s, s + 4, s + 8, s + 12, s + 16); // round-robin from the top of the stock
            for (Map.Entry<Integer, Integer> held : hand.entrySet()) {
                int position = held.getKey();
                int card = held.getValue();
                assertThat(card).isBetween(0, 51);
                assertThat(dealt.add(card)).as("card %d dealt twice", card).isTrue();
                assertThat(transcriptMentions(holder, card)).as("card %d appears in clear", card).isFalse();
                // A combination without the holder's share is no card at all, for everyone.
                assertThat(holder.parameters().cardOf(combinePublicShares(holder.observer(), position))).isEqualTo(-1);
                for (DeckParty other : table.seats) {
                    if (other != holder) {
                        assertThat(other.hand()).doesNotContainKey(position).doesNotContainValue(card);
                        assertThat(other.observer().publicCard(position)).isEqualTo(-1);
                    }
                }
            }
        }
        // The external truth: after the final reveal the auditor reads every card from public shares alone.
        table.pump(table.seat(2).reveal());
        AuditVerdict verdict = DeckTable.audit(table.seat(3));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        for (int s = 0; s < 4; s++) {
            assertThat(verdict.holdings().get(DeckTable.NAMES[s]))
                    .containsExactlyElementsOf(table.seat(s).hand().values());
        }
        Set<Integer> all = new HashSet<>(dealt);
        all.addAll(verdict.holdings().get("stock"));
        assertThat(all).hasSize(52);
        assertThat(verdict.holdings().get("stock")).hasSize(32);
        assertThat(table.seats).allMatch(DeckParty::isFinished);
    }

    @Test
    void openDrawCutDiscardAndShowdown() throws Exception {
        DeckTable table = new DeckTable(4, 20, 2).shuffle();
        DeckParty alice = table.seat(0);
        DeckParty bob = table.seat(1);
        DeckParty carol = table.seat(2);
        DeckParty dave = table.seat(3);
        for (int s = 0; s < 4; s++) {
            table.pump(dave.deal(s, 2));
        }
        // Open: every seat reads the same public cards, none of them in a hand.
        table.pump(bob.open(3));
        List<Integer> onTable = alice.observer().positionsIn(Place.TABLE);
        assertThat(onTable).hasSize(3);
        for (int p : onTable) {
            int card = alice.observer().publicCard(p);
            assertThat(card).isBetween(0, 19);
            for (DeckParty seat : table.seats) {
                assertThat(seat.observer().publicCard(p)).isEqualTo(card);
                assertThat(seat.hand()).doesNotContainValue(card);
            }
        }
        // Draw: the next stock position goes to the drawer only.
        int top = carol.observer().stock().get(0);
        table.pump(carol.draw(1));
        assertThat(carol.hand()).containsKey(top).hasSize(3);
        assertThat(alice.observer().holder(top)).isEqualTo(2);
        // Cut: the card at the cut index becomes the top of the stock for everyone.
        List<Integer> before = alice.observer().stock();
        table.pump(bob.cut(4));
        for (DeckParty seat : table.seats) {
            assertThat(seat.observer().stock().get(0)).isEqualTo(before.get(4));
            assertThat(seat.observer().stock()).containsExactlyInAnyOrderElementsOf(before);
        }
        table.pump(alice.open(1));
        assertThat(alice.observer().place(before.get(4))).isEqualTo(Place.TABLE);
        // Discard face-down: gone from the hand, still private.
        int hidden = carol.hand().keySet().iterator().next();
        int hiddenCard = carol.hand().get(hidden);
        table.pump(carol.discard(hidden, false));
        assertThat(carol.hand()).doesNotContainKey(hidden);
        assertThat(bob.observer().place(hidden)).isEqualTo(Place.DISCARDED);
        assertThat(bob.observer().publicCard(hidden)).isEqualTo(-1);
        // Discard face-up: everyone reads exactly the card dave held.
        int shownPosition = dave.hand().keySet().iterator().next();
        int daveCard = dave.hand().get(shownPosition);
        table.pump(dave.discard(shownPosition, true));
        for (DeckParty seat : table.seats) {
            assertThat(seat.observer().publicCard(shownPosition)).isEqualTo(daveCard);
        }
        // Showdown: alice proves her hand; bob folds and his stays private.
        Map<Integer, Integer> aliceHand = alice.hand();
        table.pump(alice.show(List.copyOf(aliceHand.keySet())));
        for (Map.Entry<Integer, Integer> held : aliceHand.entrySet()) {
            for (DeckParty seat : table.seats) {
                assertThat(seat.observer().publicCard(held.getKey())).isEqualTo(held.getValue());
                assertThat(seat.observer().place(held.getKey())).isEqualTo(Place.SHOWN);
            }
        }
        assertThat(alice.hand()).isEqualTo(aliceHand);
        for (int p : bob.hand().keySet()) {
            assertThat(carol.observer().publicCard(p)).isEqualTo(-1);
        }
        AuditVerdict verdict = DeckTable.audit(bob);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.holdings().get("alice")).containsExactlyElementsOf(aliceHand.values());
        assertThat(verdict.holdings().get("bob")).isEmpty();
        assertThat(verdict.holdings().get("discarded")).containsExactly(daveCard);
        assertThat(verdict.line()).contains("the table is idle (no final reveal)");
        // The face-down discard becomes readable only at the final reveal, and it is the card carol had.
        table.pump(alice.reveal());
        AuditVerdict end = DeckTable.audit(carol);
        assertThat(end.verified()).as(end.line()).isTrue();
        assertThat(end.holdings().get("discarded")).contains(hiddenCard, daveCard);
        assertThat(end.line()).contains("20 of 20 cards publicly readable; game over");
    }

    @ParameterizedTest
    @CsvSource({"2, 20, 5", "3, 9, 3", "10, 12, 1"})
    void twoToTenPlayersDealAndAuditVerified(int players, int cards, int each) throws Exception {
        DeckTable table = new DeckTable(players, cards, players);
        table.shuffle();
        table.pump(table.seat(1).dealEach(each));
        Set<Integer> dealt = new HashSet<>();
        for (DeckParty p : table.seats) {
            assertThat(p.hand()).hasSize(each);
            dealt.addAll(p.hand().values());
        }
        assertThat(dealt).hasSize(players * each);
        table.pump(table.seat(players - 1).reveal());
        AuditVerdict verdict = DeckTable.audit(table.seat(0));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        for (DeckParty p : table.seats) {
            assertThat(verdict.holdings().get(DeckTable.NAMES[p.seat()])).containsExactlyElementsOf(p.hand().values());
        }
    }

    /** A seat that leaves publishes its stock shares; the others deal and open without it, its hand stays private. */
    @Test
    void aPlayerWhoLeavesLetsTheOthersFinish() throws Exception {
        DeckTable table = new DeckTable(3, 12, 7).shuffle();
        for (int s = 0; s < 3; s++) {
            table.pump(table.seat(0).deal(s, 2));
        }
        Map<Integer, Integer> bobHand = table.seat(1).hand();
        table.pump(table.seat(1).leave());
        assertThat(table.seat(1).isFinished()).isTrue();
        assertThat(table.seat(0).awaiting()).startsWith("any player");
        table.pump(table.seat(2).deal(0, 1));
        table.pump(table.seat(0).open(2));
        assertThat(table.seat(0).hand()).hasSize(3);
        for (int p : table.seat(0).observer().positionsIn(Place.TABLE)) {
            assertThat(table.seat(2).observer().publicCard(p)).isBetween(0, 11);
        }
        table.pump(table.seat(2).reveal());
        AuditVerdict verdict = DeckTable.audit(table.seat(2));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.line()).contains("bob (left) holds 2").contains("10 of 12 cards publicly readable");
        for (int p : bobHand.keySet()) {
            assertThat(table.seat(0).observer().publicCard(p)).isEqualTo(-1);
        }
    }

    /** The state survives a snapshot mid-game: the restored seat goes on and still reads its hand. */
    @Test
    void aSnapshotRestoresMidGame() throws Exception {
        DeckTable table = new DeckTable(3, 10, 9).shuffle();
        table.pump(table.seat(0).deal(1, 2));
        DeckParty bob = table.seat(1);
        DeckParty restored = DeckParty.restore(bob.snapshot(), table.keys.get(1), new java.util.SplittableRandom(5));
        assertThat(restored.hand()).isEqualTo(bob.hand());
        assertThat(restored.transcript().envelopes()).isEqualTo(bob.transcript().envelopes());
        table.seats.set(1, restored);
        table.pump(table.seat(2).open(2));
        table.pump(restored.reveal());
        assertThat(DeckTable.audit(restored).verified()).isTrue();
        assertThat(DeckTable.audit(table.seat(0)).verified()).isTrue();
    }

    /** A silent seat is named by every other seat's awaiting(), phase by phase, so a runner can blame it. */
    @Test
    void everySeatNamesTheSilentOne() throws Exception {
        DeckTable table = new DeckTable(3, 6, 11);
        table.wire = (to, e) -> to.seat() == 2 && !e.type().equals("hello") ? null : e; // carol hears no key
        table.shuffle();
        for (int s = 0; s < 2; s++) {
            assertThat(table.seat(s).observer().awaitedSeat()).hasValue(2);
            assertThat(table.seat(s).awaiting()).isEqualTo("carol to publish its key (step 3)");
        }
        DeckTable silent = new DeckTable(3, 6, 13);
        silent.wire = (to, e) -> to.seat() == 2 ? null : e; // carol hears nothing, not even bob's hello
        silent.shuffle();
        assertThat(silent.seat(0).observer()).isNull();
        assertThat(silent.seat(0).awaiting()).isEqualTo("the hello of seat 2");
        DeckTable later = new DeckTable(3, 6, 12).shuffle();
        later.wire = (to, e) -> to.seat() == 2 ? null : e;
        later.pump(later.seat(0).deal(0, 1));
        assertThat(later.seat(0).observer().awaitedSeat()).hasValue(2);
        assertThat(later.seat(0).awaiting()).isEqualTo("carol to send its decryption shares for the deal (step 9)");
        assertThat(later.seat(0).hand()).isEmpty();
    }
}
