package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.darkchess.DarkChessMessages.Round;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dark-chess audit's own checks, which a live seat never lets into its transcript: each is tripped by a
 * transcript in which one message is altered and it and every later message are signed again by their real
 * senders (what two colluding seats, or one seat writing a file, can produce). Each asserts the exact verdict line.
 * Also what the audit hands the rules half (the ply cap reached) and where it places the rules half's blame, and
 * where a game stopped by a refusal late in the reveal stopped. Chou–Orlandi games between {@link ScriptedSide}s.
 */
class DarkChessAuditChecksTest {
    private static final int[][] WHITE_ASKS = {{12, 9}, {33}};
    private static final int[][] BLACK_ASKS = {{50, 9}, {7}};
    private static final String CHECKED = " (" + OtMode.CHOU_ORLANDI.label() + ", %d plies, every commitment and OT"
            + " answer checked)";

    /** The rules half: remembers the record it was shown and answers the blame a test sets. */
    private static final class Referee implements DarkChessVerifier {
        DarkChessRecord seen;
        Optional<Blame> blame = Optional.empty();

        @Override
        public Optional<Blame> verify(DarkChessRecord record) {
            seen = record;
            return blame;
        }

        @Override
        public String summary(DarkChessRecord record) {
            return "scripted game";
        }
    }

    private Referee referee;

    @BeforeEach
    void newReferee() {
        referee = new Referee();
    }

    private record Game(DarkChessParty white, DarkChessParty black, SigningKey[] keys) {
        DarkChessParty seat(int s) {
            return s == 0 ? white : black;
        }
    }

    /** The two seats of a game capped at {@code maxPlies}, always the same keys and secrets. */
    private static Game seats(int maxPlies) {
        SplittableRandom random = new SplittableRandom(71);
        DarkChessParameters params = new DarkChessParameters(OtMode.CHOU_ORLANDI, 256, maxPlies);
        SigningKey[] keys = {key(random), key(random)};
        return new Game(DarkChessParty.create(params, 0, "white", keys[0], ScriptedSide.asking(0, WHITE_ASKS), random.split()),
                DarkChessParty.create(params, 1, "black", keys[1], ScriptedSide.asking(1, BLACK_ASKS), random.split()),
                keys);
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** An honest game played to its end. */
    private static Game played(int maxPlies) throws ProtocolViolation {
        Game g = seats(maxPlies);
        Deque<Envelope> inFlight = new ArrayDeque<>(g.white().start());
        while (!inFlight.isEmpty()) {
            Envelope e = inFlight.poll();
            inFlight.addAll(g.seat(1 - e.sender()).receive(e));
        }
        assertThat(g.white().isFinished()).isTrue();
        assertThat(g.black().isFinished()).isTrue();
        return g;
    }

    /** A fresh game whose seat {@code receiver} has taken every message of {@code honest} before {@code step}. */
    private static Game before(int maxPlies, List<Envelope> honest, int receiver, int step) throws ProtocolViolation {
        Game g = seats(maxPlies);
        g.seat(receiver).start();
        for (Envelope e : honest.subList(0, step)) {
            if (e.sender() != receiver) {
                g.seat(receiver).receive(e);
            }
        }
        assertThat(g.seat(receiver).nextStep()).isEqualTo(step);
        return g;
    }

    private static int first(List<Envelope> messages, String type, int sender) {
        return messages.stream().filter(e -> e.type().equals(type) && e.sender() == sender).findFirst().orElseThrow()
                .step();
    }

    /**
     * {@code g}'s transcript with the body of message {@code step} rewritten by {@code edit}; that message and every
     * later one are signed again by their senders, so the file is one valid signed chain.
     */
    private static List<Envelope> altered(Game g, int step, UnaryOperator<byte[]> edit) throws ProtocolViolation {
        Transcript chain = new Transcript();
        for (Envelope e : g.black().transcript().envelopes()) {
            if (chain.size() < step) {
                chain.append(e);
            } else {
                byte[] body = chain.size() == step ? edit.apply(e.body()) : e.body();
                chain.append(Envelope.sign(g.keys()[e.sender()], chain.sessionId(), chain.size(), chain.head(),
                        e.sender(), e.step(), e.type(), body));
            }
        }
        return chain.envelopes();
    }

    private String audit(List<Envelope> messages) {
        return Auditor.audit(new TranscriptFile.Contents(messages, List.of()), List.of(new DarkChessAudit(referee))).line();
    }

    private static Open open(byte[] body) {
        try {
            return DarkChessMessages.parseOpen(body);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Choices choices(byte[] body) {
        try {
            return DarkChessMessages.parseChoices(body);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Round round(byte[] body) {
        try {
            return DarkChessMessages.parseRound(body);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    // ---- What the rules half is shown, and where its blame lands. ----

    @Test
    void anHonestTwoPlyGameVerifiesAndReachesItsCap() throws Exception {
        Game g = played(2);
        // Each seat revealed three OT secrets per ply (six): the audit counts them per sender set.
        assertThat(open(g.black().transcript().envelopes().get(first(g.black().transcript().envelopes(),
                DarkChessMessages.OPEN, 0)).body()).senderStates()).hasSize(6);
        assertThat(audit(g.black().transcript().envelopes())).isEqualTo("VERIFIED: scripted game" + CHECKED.formatted(2));
        assertThat(referee.seen.plies()).hasSize(2);
        assertThat(referee.seen.cappedDraw()).as("the second ply is the cap").isTrue();
    }

    @Test
    void aOnePlyGameReachesItsCapOfOne() throws Exception {
        Game g = played(1);
        assertThat(audit(g.black().transcript().envelopes())).isEqualTo("VERIFIED: scripted game" + CHECKED.formatted(1));
        assertThat(referee.seen.plies()).hasSize(1);
        assertThat(referee.seen.cappedDraw()).as("white's first offer set (index 0) ends the capped game").isTrue();
    }

    @Test
    void theRulesHalfsBlameLandsOnItsPlyOrOnTheSeatsReveal() throws Exception {
        List<Envelope> honest = played(1).black().transcript().envelopes();
        referee.blame = Optional.of(new DarkChessVerifier.Blame(0, 1, "an illegal move"));
        assertThat(audit(honest)).isEqualTo("FAILED: step " + first(honest, DarkChessMessages.MOVE, 0)
                + ", party black: an illegal move");
        // A blame past the last ply is in what the seat revealed at the end (its moves record).
        referee.blame = Optional.of(new DarkChessVerifier.Blame(1, 0, "a record that does not replay"));
        assertThat(audit(honest)).isEqualTo("FAILED: step " + first(honest, DarkChessMessages.OPEN, 0)
                + ", party white: a record that does not replay");
    }

    // ---- The openings. ----

    @Test
    void anOpeningWithABoardTooFewFailsTheAudit() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.OPEN, 0);
        Open o = open(honest.get(step).body());
        assertThat(o.nonces()).hasSize(2);
        List<Envelope> file = altered(g, step, body -> DarkChessMessages.open(
                new Open(o.nonces().subList(1, 2), o.boards().subList(1, 2), o.senderStates())));
        assertThat(audit(file)).isEqualTo("FAILED: step " + step
                + ", party white: opens 1 boards and 6 OT secrets, committed 2 and 6");
    }

    @Test
    void anOpeningWithAnOtSecretTooFewFailsTheAudit() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.OPEN, 1);
        Open o = open(honest.get(step).body());
        List<Envelope> file = altered(g, step, body -> DarkChessMessages.open(
                new Open(o.nonces(), o.boards(), o.senderStates().subList(0, 5))));
        assertThat(audit(file)).isEqualTo("FAILED: step " + step
                + ", party black: opens 2 boards and 5 OT secrets, committed 2 and 6");
    }

    @Test
    void aBoardThatDoesNotOpenItsCommitmentFailsTheAudit() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.OPEN, 0);
        Open o = open(honest.get(step).body());
        List<byte[]> boards = new ArrayList<>(o.boards());
        byte[] board = boards.get(1).clone();
        board[40] ^= 9;
        boards.set(1, board);
        List<Envelope> file = altered(g, step, body -> DarkChessMessages.open(new Open(o.nonces(), boards, o.senderStates())));
        assertThat(audit(file)).isEqualTo("FAILED: step " + step + ", party white: board commitment 1 (ply 2) does not open");
    }

    @Test
    void anOtSecretThatDoesNotProduceItsSetupFailsTheAudit() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.OPEN, 0);
        Open o = open(honest.get(step).body());
        // The secret of ply 1's phase 1 in place of ply 2's: a real secret, of another setup.
        List<byte[]> secrets = new ArrayList<>(o.senderStates());
        secrets.set(4, secrets.get(1));
        List<Envelope> file = altered(g, step, body -> DarkChessMessages.open(new Open(o.nonces(), o.boards(), secrets)));
        assertThat(audit(file)).isEqualTo("FAILED: step " + step + ", party white: OT secret of phase 1 in ply 2:"
                + " the revealed OT sender state does not produce the setup sent");
    }

    // ---- The answers. ----

    /** The first round of {@code sender} that answers a query. */
    private static int firstAnswer(List<Envelope> honest, int sender) {
        return honest.stream().filter(e -> e.type().equals(DarkChessMessages.ROUND) && e.sender() == sender
                && round(e.body()).answer() != null).findFirst().orElseThrow().step();
    }

    private static byte[] withAnswerFlipped(byte[] body) {
        Round r = round(body);
        byte[] answer = r.answer().clone();
        answer[answer.length - 1] ^= 1;
        return DarkChessMessages.round(new Round(answer, r.query()));
    }

    @Test
    void anAnswerItsRevealedOtSecretDoesNotGiveFailsTheAuditForEitherSeat() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        for (int seat = 0; seat < 2; seat++) {
            int step = firstAnswer(honest, seat);
            List<Envelope> file = altered(g, step, DarkChessAuditChecksTest::withAnswerFlipped);
            assertThat(audit(file)).as("answered by " + seat).matches("FAILED: step \\d+, party "
                    + List.of("white", "black").get(seat)
                    + ": answered a query of ply \\d with something its revealed OT secret does not give");
        }
    }

    // ---- The choices. ----

    @Test
    void choicesFewerOrMoreThanTheQueriesFailTheAudit() throws Exception {
        Game g = played(2);
        List<Envelope> honest = g.black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.CHOICES, 0);
        Choices c = choices(honest.get(step).body());
        int batches = c.receiverStates().size();
        List<Envelope> fewer = altered(g, step, body -> DarkChessMessages.choices(
                new Choices(c.moves(), c.receiverStates().subList(0, batches - 1))));
        assertThat(audit(fewer)).matches("FAILED: step \\d+, party white: reveals fewer OT choices than it made queries");
        List<byte[]> more = new ArrayList<>(c.receiverStates());
        more.add(more.get(batches - 1));
        List<Envelope> extra = altered(g, step, body -> DarkChessMessages.choices(new Choices(c.moves(), more)));
        // Named at white's opening (the step the audit keeps as its reveal), not at the choices message itself.
        assertThat(audit(extra)).isEqualTo("FAILED: step " + first(honest, DarkChessMessages.OPEN, 0)
                + ", party white: reveals more OT choices than it made queries");
    }

    // ---- Refusals late in the reveal, and after the end. ----

    /**
     * White refuses Black's opening (a board that does not open): the game stops at Black's last message with every
     * choice and White's opening in the transcript, and the audit of White's file names Black there.
     */
    @Test
    void aGameStoppedAtTheLastOpeningNamesItsSigner() throws Exception {
        List<Envelope> honest = played(1).black().transcript().envelopes();
        int step = first(honest, DarkChessMessages.OPEN, 1);
        Game g = before(1, honest, 0, step);
        Open o = open(honest.get(step).body());
        List<byte[]> boards = new ArrayList<>(o.boards());
        byte[] board = boards.get(0).clone();
        board[40] ^= 9;
        boards.set(0, board);
        Transcript t = g.white().transcript();
        Envelope bad = Envelope.sign(g.keys()[1], t.sessionId(), t.size(), t.head(), 1, step, DarkChessMessages.OPEN,
                DarkChessMessages.open(new Open(o.nonces(), boards, o.senderStates())));
        assertThatThrownBy(() -> g.white().receive(bad)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party black: refused open: board commitment 0 does not open");
        assertThat(EvidenceRule.auditOfEvidence(g.white()).line()).isEqualTo("FAILED: step " + step + ", party black:"
                + " the game stopped here: white refused its open (a check that needs white's own secrets, which this"
                + " audit cannot repeat), and the transcript ends before the reveal");
    }

    /**
     * A message that fits after the last one, refused live because the game is over, convicts its signer from the
     * evidence file too: the audit judges a refused message with the same order checks as the live party.
     */
    @Test
    void aReadableMessageAfterTheEndConvictsItsSignerAsLive() throws Exception {
        Game g = played(1);
        Transcript t = g.white().transcript();
        int step = t.size();
        Envelope late = Envelope.sign(g.keys()[1], t.sessionId(), t.size(), t.head(), 1, step, DarkChessMessages.ROUND,
                DarkChessMessages.round(new Round(null, null)));
        assertThatThrownBy(() -> g.white().receive(late)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party black: the game is already over");
        assertThat(EvidenceRule.auditOfEvidence(g.white()).line())
                .isEqualTo("FAILED: step " + step + ", party black: sent 'round' after the game ended");
        assertThat(EvidenceRule.auditOfTranscriptAlone(g.white()).line())
                .isEqualTo("VERIFIED: scripted game" + CHECKED.formatted(1));
    }
}
