package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Evidence files that a dishonest dark-chess player writes (docs/evidence.md): with both seats' keys of a game of his
 * own he may sign any chain he likes, and the audit must still answer with a verdict, never an exception; with only
 * his opponent's genuine messages he tries to have the audit name the opponent.
 */
class DarkChessEvidenceAttackTest {
    private static final DarkChessParameters PARAMS = new DarkChessParameters(OtMode.CHOU_ORLANDI, 256, 1);

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** White's transcript of a one-ply scripted game between these keys. */
    private static List<Envelope> game(SigningKey white, SigningKey black, long seed) throws ProtocolViolation {
        SplittableRandom random = new SplittableRandom(seed);
        DarkChessParty[] seats = {
            DarkChessParty.create(PARAMS, 0, "white", white, ScriptedSide.asking(0, new int[] {12, 9}, new int[] {33}),
                    random.split()),
            DarkChessParty.create(PARAMS, 1, "black", black, ScriptedSide.asking(1, new int[] {50, 9}, new int[] {7}),
                    random.split())};
        Deque<Envelope> inFlight = new ArrayDeque<>(seats[0].start());
        while (!inFlight.isEmpty()) {
            Envelope e = inFlight.poll();
            inFlight.addAll(seats[1 - e.sender()].receive(e));
        }
        assertThat(seats[0].isFinished()).isTrue();
        return seats[0].transcript().envelopes();
    }

    /**
     * The hellos of {@code game}, then its later messages that {@code keep} picks, each signed again by its seat's key
     * as the next message of the chain: a well-signed transcript of the same session in an order no party would play.
     */
    private static List<Envelope> resigned(List<Envelope> game, SigningKey[] keys, Predicate<Envelope> keep) {
        List<Envelope> out = new ArrayList<>(game.subList(0, 2));
        for (Envelope e : game.subList(2, game.size())) {
            if (keep.test(e)) {
                Envelope last = out.get(out.size() - 1);
                out.add(Envelope.sign(keys[e.sender()], e.session(), out.size(), last.hash(), e.sender(), out.size(),
                        e.type(), e.body()));
            }
        }
        return out;
    }

    private static AuditVerdict audit(List<Envelope> transcript, List<Envelope> refused) {
        return Auditor.audit(new TranscriptFile.Contents(transcript, refused), fairtable.protocol.EvidenceRule.SCRIPTED_RULES);
    }

    /** Black's reply signed as the first message after the hellos, where White's move was due: Black's cheat. */
    @Test
    void aReplySignedWhereTheFirstMoveWasDueConvictsItsSigner() throws Exception {
        SplittableRandom random = new SplittableRandom(71);
        SigningKey[] keys = {key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 72);
        List<Envelope> file = resigned(game, keys, e -> !e.type().equals(DarkChessMessages.MOVE));
        assertThat(file.get(2).type()).isEqualTo(DarkChessMessages.REPLY);
        AuditVerdict verdict = audit(file.subList(0, 3), List.of());
        assertThat(verdict.line()).isEqualTo("FAILED: step 2, party black: sent 'reply' before any move");
        assertThat(audit(file, List.of()).line()).isEqualTo(verdict.line());
    }

    /** A vision round signed as the first message after the hellos: no ply to belong to. */
    @Test
    void aRoundSignedWhereTheFirstMoveWasDueConvictsItsSigner() throws Exception {
        SplittableRandom random = new SplittableRandom(73);
        SigningKey[] keys = {key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 74);
        List<Envelope> file = resigned(game, keys, e -> e.type().equals(DarkChessMessages.ROUND));
        Envelope first = file.get(2);
        assertThat(audit(file, List.of()).line()).isEqualTo("FAILED: step 2, party " + (first.sender() == 0 ? "white"
                : "black") + ": sent 'round' before any move");
    }

    /** Black's reply left out, so the next round answers a query nobody asked. */
    @Test
    void aRoundAnsweringAQueryNobodyAskedConvictsItsSigner() throws Exception {
        SplittableRandom random = new SplittableRandom(75);
        SigningKey[] keys = {key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 76);
        List<Envelope> file = resigned(game, keys, e -> !e.type().equals(DarkChessMessages.REPLY));
        assertThat(file.get(3).type()).isEqualTo(DarkChessMessages.ROUND);
        assertThat(audit(file, List.of()).line()).isEqualTo("FAILED: step 3, party " + (file.get(3).sender() == 0
                ? "white" : "black") + ": answers a query that was not made");
    }

    /** Three seats said hello for dark chess, a two-player game, and the third one moves. */
    @Test
    void aThirdSeatIsRefusedByTheAuditNotAnException() throws Exception {
        SplittableRandom random = new SplittableRandom(77);
        SigningKey[] keys = {key(random), key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 78);
        Transcript three = new Transcript();
        String[] names = {"white", "black", "ghost"};
        for (int seat = 0; seat < 3; seat++) {
            byte[] nonce = new byte[32];
            random.nextBytes(nonce);
            Hello hello = new Hello(DarkChessParameters.PROTOCOL, PARAMS.toBytes(), 3, seat, names[seat],
                    keys[seat].verifyingKey(), nonce);
            three.seal(keys[seat], seat, 0, Hello.TYPE, hello.toBytes());
        }
        Envelope move = game.get(2);
        three.seal(keys[2], 2, 3, move.type(), move.body());
        assertThat(audit(three.envelopes(), List.of()).line())
                .isEqualTo("FAILED: step 0, party white: this protocol has two players");
    }

    /**
     * Any chain the holder of both keys signs from a game's messages, dropped, repeated and shuffled, with any of them
     * also listed as refused, gets a verdict from the audit: never an exception.
     */
    @Test
    void everyReorderedChainOfAGamesMessagesGetsAVerdict() throws Exception {
        SplittableRandom random = new SplittableRandom(79);
        SigningKey[] keys = {key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 80);
        List<Envelope> later = game.subList(2, game.size());
        for (int trial = 0; trial < 120; trial++) {
            List<Envelope> picked = new ArrayList<>();
            int length = random.nextInt(later.size() * 2 + 1);
            for (int i = 0; i < length; i++) {
                picked.add(later.get(random.nextInt(later.size())));
            }
            List<Envelope> file = resigned(game.subList(0, 2), keys, e -> true);
            for (Envelope e : picked) {
                Envelope last = file.get(file.size() - 1);
                int step = random.nextInt(4) == 0 ? random.nextInt(file.size() + 2) : file.size();
                file.add(Envelope.sign(keys[e.sender()], e.session(), file.size(), last.hash(), e.sender(), step,
                        e.type(), e.body()));
            }
            int cut = 2 + random.nextInt(file.size() - 1);
            List<Envelope> refused = new ArrayList<>(file.subList(cut, file.size()));
            List<Envelope> transcript = file.subList(0, cut);
            AuditVerdict verdict = audit(transcript, refused);
            assertThat(verdict.line()).as("trial %d", trial).startsWith(verdict.verified() ? "VERIFIED: " : "FAILED: ");
        }
    }

    /**
     * White, dishonest, cuts her transcript just before Black's genuine first round and lists that round as refused.
     * It was valid there, so by the rule it proves nothing and the file should say what the cut transcript says
     * ("step 4, party white: the transcript ends before this player revealed its secrets"); instead the audit says
     * "step 5, party black: the game stopped here: white refused its round", as docs/evidence.md describes for a
     * refusal it cannot check: White can frame Black so, or at least move the blame from herself to him.
     */
    @Disabled("hole open by design (docs/evidence.md, Dark chess): a valid message refused at the end of a cut"
            + " transcript names its signer")
    @Test
    void blacksGenuineRoundListedAsRefusedAtTheEndOfACutTranscriptProvesNothing() throws Exception {
        SplittableRandom random = new SplittableRandom(81);
        SigningKey[] keys = {key(random), key(random)};
        List<Envelope> game = game(keys[0], keys[1], 82);
        int at = 2;
        while (!(game.get(at).sender() == 1 && game.get(at).type().equals(DarkChessMessages.ROUND))) {
            at++;
        }
        List<Envelope> cut = game.subList(0, at);
        assertThat(audit(cut, List.of(game.get(at))).line()).isEqualTo(audit(cut, List.of()).line());
    }
}
