package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * The audit keeps every key proof, shuffle and decryption share of a transcript for one batch at the end. An
 * honest game is checked that way; a transcript with one bad proof somewhere in it (a table whose seats did not
 * check, so the game went on past it) gets the verdict an audit checking one by one gives: same step, same party,
 * same reason.
 */
class DeckAuditBatchTest {
    private static final int CARDS = 10;

    enum Cheat { KEY_PROOF, SHUFFLE, SHARE }

    /** Shuffles, then deals one card to each seat twice: every kind of proof, many of each. */
    private static void play(DeckTable table) throws Exception {
        table.shuffle();
        table.pump(table.seat(0).dealEach(1));
        table.pump(table.seat(0).dealEach(1));
    }

    @Test
    void anHonestGameKeepsEveryProofForOneBatchAndVerifies() throws Exception {
        DeckTable table = new DeckTable(4, CARDS, 900);
        play(table);
        DeckParty alice = table.seat(0);
        DeferredProofs pending = new DeferredProofs(new SplittableRandom(1));
        AuditVerdict batched = DeckAudit.audit(alice.transcript(), List.of(), pending);
        assertThat(batched.verified()).as(batched.line()).isTrue();
        // 4 key proofs, and 2 deals of 4 cards, each card with a share from each of the 3 seats not receiving it
        assertThat(pending.proofs()).isEqualTo(4 + 2 * 4 * 3);
        assertThat(pending.shuffles()).isEqualTo(4);
        assertThat(pending.verify()).isTrue();
        assertThat(DeckTable.audit(alice).line()).isEqualTo(DeckAudit.audit(alice.transcript(), List.of(), null).line());
    }

    /**
     * A seeded seat (not the first, whose key goes out before it hears anything) cheats once in a seeded kind of
     * proof; every seat keeps proofs unchecked, so the game goes on; the audit of the whole transcript convicts the
     * cheater at the cheating step, exactly as the audit that checks one by one.
     */
    @RepeatedTest(6)
    void oneBadProofInsideTheTranscriptIsNamedAsOneByOneNamesIt(RepetitionInfo info) throws Exception {
        SplittableRandom rng = new SplittableRandom(910 + info.getCurrentRepetition());
        int players = 3 + rng.nextInt(2);
        int cheater = 1 + rng.nextInt(players - 1);
        Cheat cheat = Cheat.values()[(info.getCurrentRepetition() - 1) % 3];
        DeckTable table = new DeckTable(players, CARDS, 920 + info.getCurrentRepetition());
        DeferredProofs unchecked = new DeferredProofs(new SplittableRandom(2));
        table.wire = (to, e) -> {
            if (to.observer() != null) {
                to.observer().deferProofsTo(unchecked); // a table that does not check: the bad proof stays in
            }
            return e;
        };
        DeckParty liar = table.seat(cheater);
        int[] cheatStep = {-1};
        liar.cheatWith((m, body) -> {
            if (cheatStep[0] >= 0) {
                return body;
            }
            ProofContext context = liar.observer().context(liar.transcript().head(), cheater);
            byte[] bad = switch (cheat) {
                case KEY_PROOF -> m instanceof KeyShare k ? new KeyShare(k.key(),
                        KeyPair.generate(new SplittableRandom(3)).proveKnowledge(context, new SplittableRandom(4)))
                        .toBytes() : null;
                case SHUFFLE -> {
                    if (!(m instanceof Shuffle s)) {
                        yield null;
                    }
                    List<Ciphertext> deck = new ArrayList<>(s.deck());
                    deck.set(rng.nextInt(CARDS), Ciphertext.mask(liar.observer().jointKey(), liar.parameters().card(0),
                            new SplittableRandom(5)));
                    yield new Shuffle(deck, s.proof()).toBytes();
                }
                case SHARE -> {
                    if (!(m instanceof Shares s)) {
                        yield null;
                    }
                    int at = rng.nextInt(s.shares().size());
                    List<Integer> due = liar.observer().duePositions(cheater);
                    List<DecryptionShare> shares = new ArrayList<>(s.shares());
                    shares.set(at, KeyPair.generate(new SplittableRandom(6)).decryptionShare(
                            liar.observer().deck().get(due.get(at)), context, new SplittableRandom(7)));
                    yield new Shares(shares).toBytes();
                }
            };
            if (bad == null) {
                return body;
            }
            cheatStep[0] = liar.observer().nextStep();
            return bad;
        });
        play(table);

        DeckParty witness = table.seat(0);
        assertThat(cheatStep[0]).as("the cheat happened").isPositive();
        assertThat(witness.observer().nextStep()).as("the game went on past it").isGreaterThan(cheatStep[0] + 2);
        AuditVerdict oneByOne = DeckAudit.audit(witness.transcript(), List.of(), null);
        String reason = switch (cheat) {
            case KEY_PROOF -> "the proof of knowledge of its secret key does not verify";
            case SHUFFLE -> "the shuffle proof does not verify";
            case SHARE -> "the decryption share for position ";
        };
        assertThat(oneByOne.line()).startsWith("FAILED: step " + cheatStep[0] + ", party " + DeckTable.NAMES[cheater]
                + ": " + reason);
        assertThat(DeckTable.audit(witness).line()).isEqualTo(oneByOne.line());
    }

    @Test
    void aSeatsKeyProofGoesOutInCommitmentFormSoTheAuditBatchesIt() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 940);
        table.shuffle();
        List<Envelope> keys = table.seat(0).transcript().envelopes().stream()
                .filter(e -> e.type().equals(KeyShare.TYPE)).toList();
        assertThat(keys).hasSize(3).allSatisfy(e -> {
            assertThat(e.body()).hasSize(32 + 1 + SchnorrProof.COMMITTED_LENGTH);
            assertThat(DeckMessage.Codec.keyShare(e.body()).proof().hasCommitment()).isTrue();
        });
    }

    /** bob writes his key as seats did before key proofs were batched (key || e || s): still read, and it audits. */
    @Test
    void aKeyInTheEarlierChallengeFormIsStillReadAndAudits() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 941);
        table.seat(1).cheatWith((m, body) -> m instanceof KeyShare k
                ? new fairtable.protocol.wire.WireWriter().fixed(k.key().encode()).fixed(k.proof().encode()).toBytes()
                : body);
        play(table);
        Envelope bobsKey = table.seat(0).transcript().envelopes().stream()
                .filter(e -> e.type().equals(KeyShare.TYPE) && e.sender() == 1).findFirst().orElseThrow();
        assertThat(bobsKey.body()).hasSize(32 + SchnorrProof.ENCODED_LENGTH);
        assertThat(DeckMessage.Codec.keyShare(bobsKey.body()).proof().hasCommitment()).isFalse();
        assertThat(DeckMessage.Codec.keyShare(bobsKey.body()).toBytes()).isEqualTo(bobsKey.body());
        AuditVerdict verdict = DeckTable.audit(table.seat(0));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }

    @Test
    void aKeyProofTaggedWithAnUnknownFormIsRefused() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 942);
        table.seat(1).cheatWith((m, body) -> {
            if (m instanceof KeyShare) {
                byte[] other = body.clone();
                other[32] = 2;
                return other;
            }
            return body;
        });
        assertThatThrownBy(table::shuffle).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 2, party bob: the proof of knowledge is in an unknown form");
    }

    @Test
    void aBatchOfProofsThatAreGoodAloneStaysGoodWhenTheAuditReplaysOneByOne() throws Exception {
        // the deck's own lists of refused messages are empty here: a whole game whose shares were all written in
        // commitment form audits to the same line batched and one by one
        DeckTable table = new DeckTable(3, CARDS, 930);
        play(table);
        table.pump(table.seat(1).reveal());
        List<Envelope> refused = List.of();
        assertThat(DeckAudit.audit(table.seat(2).transcript(), refused, null).line())
                .isEqualTo(DeckTable.audit(table.seat(2)).line())
                .contains("game over");
    }
}
