package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.permutation.PermutationMessage.Factor;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Opened;
import fairtable.protocol.permutation.PermutationMessage.Opening;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dishonest seat (honest code plus a tampering hook on what it sends) does each cheat the seed's
 * protocol allows. None is visible while the game runs, which is the protocol's known weakness; each is
 * caught by the audit after every seat opened its commitments, naming the cheater and the step, also when
 * read back from the written evidence file.
 */
class PermutationCheatTest {
    private static final int CARDS = 20;

    @TempDir
    Path dir;

    private AuditVerdict auditFromFile(PermutationParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(Table.audit(keeper).line());
        return verdict;
    }

    private static void assertConvicts(AuditVerdict verdict, int step, String cheater, String reason) {
        assertThat(verdict.verified()).as(verdict.line()).isFalse();
        assertThat(verdict.line()).as(verdict.line()).startsWith("FAILED: step " + step + ", party " + cheater + ": ");
        assertThat(verdict.failure().reason()).contains(reason);
    }

    /** The step of the last message in {@code keeper}'s transcript that matches. */
    private static int stepOf(PermutationParty keeper, Predicate<Envelope> which) {
        List<Envelope> all = keeper.transcript().envelopes();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (which.test(all.get(i))) {
                return all.get(i).step();
            }
        }
        throw new AssertionError("no such message");
    }

    private static Predicate<Envelope> forwardFrom(int seat) {
        return e -> e.type().equals(Forward.TYPE) && e.sender() == seat;
    }

    /** The value the last seat receives for {@code position}: A_(N-1) ∘ ... ∘ A_1 (position). */
    private static int lastInput(Table table, int position) {
        int v = position;
        for (int s = 0; s < table.seats.size() - 1; s++) {
            v = table.seat(s).ownPermutation().apply(v);
        }
        return v;
    }

    /**
     * (b) The last player publishes a card of its choice. Everyone takes it live; the audit finds that its
     * committed permutation does not map what it received to that card.
     */
    @ParameterizedTest
    @CsvSource({"3, 1", "3, 2", "5, 3"})
    void aForcedPublicCardIsPinnedOnTheLastPlayer(int players, long seed) throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        table.revealTo(0, 0);
        int position = 7;
        int truth = table.layout().apply(position);
        int forced = (truth + 5) % CARDS;
        table.last().cheatWith((m, body) -> m instanceof Forward f && f.to() == PermutationMessage.EVERYONE
                ? new Forward(PermutationMessage.EVERYONE, forced).toBytes() : body);
        table.revealPublicly(position);
        for (PermutationParty p : table.seats) {
            assertThat(p.knownCards()).as("the force works live for %s", p.name()).containsEntry(position, forced);
        }
        table.finish();
        String cheater = table.last().name();
        assertConvicts(auditFromFile(table.seat(0)), stepOf(table.seat(0), forwardFrom(players - 1)), cheater,
                "sent " + forced + " for position " + position + ", but its committed permutations map the value it received ("
                        + lastInput(table, position) + ") to " + truth);
    }

    /**
     * (b) The same force, covered at the end by opening a permutation changed to match the forced card: the
     * opening does not open the commitment, so every seat refuses it and the audit convicts from it.
     */
    @Test
    void aForcedCardCoveredByAForgedOpeningIsPinnedOnTheLastPlayer() throws Exception {
        Table table = new Table(3, CARDS, 11).setUp();
        int position = 3;
        int forced = (table.layout().apply(position) + 1) % CARDS;
        Permutation own = table.last().ownPermutation();
        int received = lastInput(table, position);
        Permutation forged = own.withImagesSwapped(received, own.inverse().apply(forced));
        assertThat(forged.apply(received)).isEqualTo(forced);
        table.last().cheatWith((m, body) -> {
            if (m instanceof Forward f && f.to() == PermutationMessage.EVERYONE) {
                return new Forward(PermutationMessage.EVERYONE, forced).toBytes();
            }
            if (m instanceof Opening o) {
                List<Opened> opened = new ArrayList<>(o.opened());
                opened.set(0, new Opened(opened.get(0).nonce(), forged));
                return new Opening(opened, o.sealingSecret()).toBytes();
            }
            return body;
        });
        table.revealPublicly(position);
        assertThatThrownBy(table::finish).isInstanceOf(ProtocolViolation.class)
                .hasMessageEndingWith("party carol: opening 1 (its own permutation) does not open its commitment");
        int step = table.seat(0).rejected().get(0).envelope().step();
        assertConvicts(auditFromFile(table.seat(0)), step, "carol", "does not open its commitment");
    }

    /**
     * A middle player alters the value it passes on, sealed properly (the box opens and holds the lie): the
     * card shown is wrong, and the audit, which opens every box with the revealed keys, names it.
     */
    @ParameterizedTest
    @CsvSource({"3, 1, 2", "5, 2, 4", "5, 1, 0"})
    void aMiddlePlayerAlteringItsHopIsPinnedOnIt(int players, int cheater, int audience) throws Exception {
        Table table = new Table(players, CARDS, 21 + cheater).setUp();
        int position = 9;
        table.seat(cheater).cheatBeforeSealing(m -> m instanceof Forward f
                ? new Forward(f.to(), (f.value() + 1) % CARDS) : m);
        table.revealTo(position, audience);
        assertThat(table.seat(audience).knownCards().get(position)).isNotEqualTo(table.layout().apply(position));
        table.finish();
        assertConvicts(auditFromFile(table.seat(audience)), stepOf(table.seat(0), forwardFrom(cheater)),
                Table.NAMES.get(cheater), "but its committed permutations map");
    }

    /** The last player hands out halves that do not compose to its permutation: P1's reveals go wrong. */
    @Test
    void badHalvesArePinnedOnTheLastPlayer() throws Exception {
        Table table = new Table(3, CARDS, 31);
        Permutation junk = Permutation.random(CARDS, new SplittableRandom(5));
        table.last().cheatBeforeSealing(m -> {
            if (m instanceof Handout h && h.to() == 0) {
                List<Factor> factors = new ArrayList<>(h.factors());
                factors.set(0, new Factor(0, Half.OUTER, junk));
                return new Handout(0, factors);
            }
            return m;
        });
        table.setUp().revealTo(2, 0).finish();
        // Steps 1-3 are the sealing keys; carol hands alice her halves at step 4, bob his at step 5.
        assertConvicts(auditFromFile(table.seat(1)), 5, "carol",
                "the halves handed for reveals to alice (steps 4 and 5) do not compose to its committed permutation");
    }

    /**
     * (c) The first player reads a card dealt to someone else: asked for position i for itself, it starts
     * the chain from position j (bob's card). It learns bob's card; the audit names it at that hop.
     */
    @ParameterizedTest
    @CsvSource({"3, 41", "5, 42"})
    void theFirstPlayerCanReadAnotherPlayersCardAndIsCaughtAtTheEnd(int players, long seed) throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        int bobsPosition = 5;
        table.revealTo(bobsPosition, 1);
        int bobsCard = table.seat(1).knownCards().get(bobsPosition);
        int asked = 12;
        PermutationParty alice = table.seat(0);
        alice.cheatBeforeSealing(m -> m instanceof Forward f && f.to() == 1 && f.value() == alice.ownPermutation().apply(asked)
                ? new Forward(1, alice.ownPermutation().apply(bobsPosition)) : m);
        table.pump(alice, alice.revealTo(asked, 0));
        assertThat(alice.knownCards()).containsEntry(asked, bobsCard);
        assertThat(bobsCard).isNotEqualTo(table.layout().apply(asked));
        table.finish();
        assertConvicts(auditFromFile(table.seat(1)), stepOf(table.seat(1), forwardFrom(0)), "alice",
                "sent " + alice.ownPermutation().apply(bobsPosition) + " for position " + asked
                        + ", but its committed permutations map the value it started from (" + asked + ")");
    }

    /**
     * The attack of issue 13: a seat that is not the dealer asks, at the right place and signed by itself, for
     * the position dealt to bob to be shown to itself. Every other seat refuses it naming the requester and
     * passes on no value for it; the dealer's next honest request is then taken and the game verifies, while
     * the evidence file of the first seat to refuse convicts the requester.
     */
    @ParameterizedTest
    @CsvSource({"3, 2, 61", "5, 3, 62", "5, 4, 63"})
    void aSeatThatIsNotTheDealerCannotAskForACardAndIsNamed(int players, int thief, long seed) throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        int bobsPosition = 5;
        table.revealTo(bobsPosition, 1);
        String line = "step " + table.seat(0).nextStep() + ", party " + Table.NAMES.get(thief)
                + ": asks for a card to be shown, but only the dealer, alice, deals";
        assertRequestRefusedEverywhere(table, thief, new PermutationMessage.Request(bobsPosition, thief), line);
        table.revealTo(6, thief).finish();
        assertThat(table.seat(thief).knownCards()).containsOnlyKeys(6);
        PermutationParty keeper = table.seat(0);
        assertThat(Table.audit(keeper).line()).isEqualTo("FAILED: " + line);
        assertThat(auditFromFile(keeper).line()).isEqualTo("FAILED: " + line);
    }

    /** The dealer herself asks for bob's position to be shown to her: refused by everyone, and she is named. */
    @ParameterizedTest
    @CsvSource({"3, 0, 64", "3, 2, 65", "5, 3, 66"})
    void aPositionDealtToOneSeatIsNeverShownToAnotherAndTheDealerIsNamed(int players, int audience, long seed)
            throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        int bobsPosition = 5;
        table.revealTo(bobsPosition, 1);
        String line = "step " + table.seat(1).nextStep() + ", party alice: asks to show position 5 to "
                + Table.NAMES.get(audience) + ", but it was already dealt to bob; it may only be shown to everyone now";
        assertRequestRefusedEverywhere(table, 0, new PermutationMessage.Request(bobsPosition, audience), line);
        table.revealPublicly(bobsPosition).finish();
        assertThat(table.seat(audience).knownCards()).containsOnlyKeys(bobsPosition);
        assertThat(auditFromFile(table.seat(1)).line()).isEqualTo("FAILED: " + line);
    }

    /**
     * A seat that is not the dealer opens its commitments in mid-deal: every other seat would follow with its own
     * opening, which shows every card. Each refuses it naming the seat and opens nothing; the dealer ends the deal
     * later, and the evidence file convicts the seat.
     */
    @Test
    void aSeatThatIsNotTheDealerCannotEndTheDealAndIsNamed() throws Exception {
        Table table = new Table(3, CARDS, 67).setUp().revealTo(5, 1);
        PermutationParty carol = table.seat(2);
        PermutationParty alice = table.seat(0);
        fairtable.protocol.transcript.Transcript t = alice.transcript();
        Opening carols = new Opening(List.of(), new byte[32]); // refused for its sender before it is read
        Envelope early = Envelope.sign(table.keys.get(2), t.sessionId(), t.size(), t.head(), 2, alice.nextStep(),
                Opening.TYPE, carols.toBytes());
        String line = "step " + alice.nextStep() + ", party carol: opens its commitments, but only the dealer, alice,"
                + " ends the deal";
        for (PermutationParty p : List.of(alice, table.seat(1))) {
            int accepted = p.transcript().size();
            assertThatThrownBy(() -> p.receive(early)).isInstanceOf(ProtocolViolation.class).hasMessage(line);
            assertThat(p.transcript().size()).isEqualTo(accepted);
            assertThat(p.isIdle()).isTrue();
        }
        assertThatThrownBy(carol::finish).isInstanceOf(IllegalStateException.class);
        table.finish();
        assertThat(auditFromFile(alice).line()).isEqualTo("FAILED: " + line);
    }

    /**
     * {@code request}, signed by {@code requester} where every other seat's chain is, is refused by each of
     * them with {@code line}; none answers with anything (no hop) nor changes its state.
     */
    private static void assertRequestRefusedEverywhere(Table table, int requester, PermutationMessage.Request request,
            String line) {
        PermutationParty any = table.seat(requester == 0 ? 1 : 0);
        fairtable.protocol.transcript.Transcript t = any.transcript();
        Envelope rogue = Envelope.sign(table.keys.get(requester), t.sessionId(), t.size(), t.head(), requester,
                any.nextStep(), PermutationMessage.Request.TYPE, request.toBytes());
        for (PermutationParty p : table.seats) {
            if (p.seat() == requester) {
                continue;
            }
            int accepted = p.transcript().size();
            String awaiting = p.awaiting();
            assertThatThrownBy(() -> p.receive(rogue)).isInstanceOf(ProtocolViolation.class).hasMessage(line);
            assertThat(p.transcript().size()).as(p.name()).isEqualTo(accepted);
            assertThat(p.awaiting()).as(p.name()).isEqualTo(awaiting);
            assertThat(p.isIdle()).as(p.name()).isTrue();
            assertThat(p.rejected()).last().satisfies(r -> assertThat(r.envelope()).isEqualTo(rogue));
        }
    }

    /**
     * Selective abort: the last player learns a public card before anyone and may withhold it. The game
     * stalls; the audit can only say who owes the next message.
     */
    @Test
    void theLastPlayerSeesAPublicCardFirstAndMayWithholdIt() throws Exception {
        Table table = new Table(3, CARDS, 51).setUp();
        int position = 6;
        table.wire = e -> e.sender() == 2 && e.type().equals(Forward.TYPE) ? null : e;
        table.revealPublicly(position);
        assertThat(table.last().knownCards()).containsEntry(position, table.layout().apply(position));
        assertThat(table.seat(0).knownCards()).doesNotContainKey(position);
        assertThat(table.seat(1).knownCards()).doesNotContainKey(position);
        assertThat(table.seat(0).awaiting()).startsWith("carol to pass on the value for position 6");
        AuditVerdict verdict = auditFromFile(table.seat(0));
        assertConvicts(verdict, table.seat(0).transcript().envelopes().get(table.seat(0).transcript().size() - 1).step() + 1,
                "carol", "the transcript ends during the reveal of position 6");
    }

    /**
     * Bob's signed commitment from an earlier game with the same keys, offered to alice in place of the genuine one:
     * refused and kept, it proves nothing; alice goes on waiting, takes the genuine commitment, and the game verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedButConvictsNobody() throws Exception {
        // Same seed, so the same keys; other seat generators, so another session.
        Table old = new Table(3, CARDS, 800, new long[] {801, 802, 803});
        Envelope[] oldCommit = new Envelope[1];
        old.wire = e -> {
            if (e.type().equals(PermutationMessage.Commitments.TYPE) && e.sender() == 1 && oldCommit[0] == null) {
                oldCommit[0] = e;
            }
            return e;
        };
        old.setUp();
        Table table = new Table(3, CARDS, 800);
        table.wire = e -> {
            if (e.type().equals(PermutationMessage.Commitments.TYPE) && e.sender() == 1) {
                EvidenceRule.refusedAndKept(table.seat(0), oldCommit[0],
                        EvidenceRule.fromAnotherSession(e.step(), "bob"));
                EvidenceRule.convictsNobody(table.seat(0));
            }
            return e;
        };
        table.setUp().finish();
        assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ");
        EvidenceRule.convictsNobody(table.seat(0));
    }

    /**
     * Bob's commitment re-signed over garbage: where it fits it convicts bob, live and in the audit of alice's file;
     * numbered or chained for another place it proves nothing. Either way alice goes on waiting for the genuine one.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        Table table = new Table(3, CARDS, 804);
        ProtocolViolation[] live = new ProtocolViolation[1];
        table.wire = e -> {
            if (e.type().equals(PermutationMessage.Commitments.TYPE) && e.sender() == 1 && live[0] == null) {
                live[0] = EvidenceRule.offer(table.seat(0), table.keys.get(1), e, "bob", offer,
                        "step 7, party bob: truncated: a 32-bit integer is missing");
            }
            return e;
        };
        table.setUp().finish();
        assertThat(live[0]).isNotNull();
        if (offer == EvidenceRule.Offer.FITTING) {
            assertThat(auditFromFile(table.seat(0)).line()).isEqualTo("FAILED: " + live[0].getMessage());
            EvidenceRule.convictsAsLive(table.seat(0), live[0]);
        } else {
            assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ");
            EvidenceRule.convictsNobody(table.seat(0));
        }
    }
}
