package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A querier who peeks at a square it may not ask about and then, at the end, reveals the honest square in its
 * place: the rules half of the audit would accept the claim, so the OT evidence must refute it, with either OT.
 * One-ply games between {@link ScriptedSide}s; the ANDOS modulus is 256 bits only to keep the test fast.
 */
class DarkChessRevealCheatTest {
    private static final int[] WHITE_ROUND_0 = {12, 9};
    private static final int[] WHITE_ROUND_1 = {33};
    private static final int[] BLACK_ROUND_0 = {50, 9};
    private static final int[] BLACK_ROUND_1 = {7};
    private static final int PEEK = 63;

    /**
     * The rules half for scripted games: each querier must have asked exactly its honest plan (the squares of
     * round 0 in phase 0, of round 1 in phase 2), and each answerer offered exactly its scripted items.
     */
    private static final class ScriptReferee implements DarkChessVerifier {
        @Override
        public Optional<Blame> verify(DarkChessRecord record) {
            int[][][] plans = {{WHITE_ROUND_0, {}, WHITE_ROUND_1}, {BLACK_ROUND_0, {}, BLACK_ROUND_1}};
            DarkChessRecord.Ply ply = record.plies().get(0);
            for (int seat = 0; seat < 2; seat++) {
                for (int phase = 0; phase < 3; phase++) {
                    if (!Arrays.equals(ply.choices()[seat][phase], plans[seat][phase])) {
                        return Optional.of(new Blame(0, seat, "asked other squares than its plan"));
                    }
                    if (!Arrays.equals(ply.offers()[seat][phase], ScriptedSide.offer(seat, phase))) {
                        return Optional.of(new Blame(0, seat, "offered other items than its script"));
                    }
                }
            }
            return Optional.empty();
        }

        @Override
        public String summary(DarkChessRecord record) {
            return "scripted game, both plans kept";
        }
    }

    private static final List<ProtocolAudit> RULES = List.of(new DarkChessAudit(new ScriptReferee()));

    private record Game(DarkChessParty white, DarkChessParty black, AuditVerdict verdict) {}

    private static Game play(OtMode mode, ScriptedSide whiteSide, DarkChessParty.Tamper whiteLies)
            throws ProtocolViolation {
        SplittableRandom random = new SplittableRandom(41);
        DarkChessParameters params = new DarkChessParameters(mode, 256, 1);
        DarkChessParty white = DarkChessParty.create(params, 0, "white", key(random), whiteSide, random.split());
        DarkChessParty black = DarkChessParty.create(params, 1, "black", key(random),
                ScriptedSide.asking(1, BLACK_ROUND_0, BLACK_ROUND_1), random.split());
        if (whiteLies != null) {
            white.cheatWith(whiteLies);
        }
        Deque<Envelope> inFlight = new ArrayDeque<>(white.start());
        while (!inFlight.isEmpty()) {
            Envelope e = inFlight.poll();
            inFlight.addAll((e.sender() == 0 ? black : white).receive(e));
        }
        assertThat(white.isFinished()).isTrue();
        assertThat(black.isFinished()).isTrue();
        return new Game(white, black,
                Auditor.audit(new TranscriptFile.Contents(black.transcript().envelopes(), List.of()), RULES));
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void honestScriptedPlayersAuditVerifiedAndGetTheOfferedCodes(OtMode mode) throws ProtocolViolation {
        Game game = play(mode, ScriptedSide.asking(0, WHITE_ROUND_0, WHITE_ROUND_1), null);
        assertThat(game.verdict().line()).startsWith("VERIFIED: scripted game, both plans kept (" + mode.label());
        List<int[]> seen = ((ScriptedSide) game.white().side()).answers();
        assertThat(seen.get(0)).containsExactly(ScriptedSide.offered(1, 0, 12), ScriptedSide.offered(1, 0, 9));
        assertThat(seen.get(1)).containsExactly(ScriptedSide.offered(1, 2, 33));
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void aPeekHiddenBehindARevealedHonestChoiceIsNamedByTheAudit(OtMode mode) throws ProtocolViolation {
        int[] peeking = {PEEK, WHITE_ROUND_0[1]};
        int honest = WHITE_ROUND_0[0];
        DarkChessParty.Tamper claimHonestSquare = (batch, state) -> {
            if (batch == 0) {
                int entry = mode == OtMode.ANDOS ? 2 + 4 * (1 + 32) : 2 + 32 + 32;
                int at = state.length - 2 * entry;
                assertThat(state[at] << 8 | state[at + 1] & 0xff).isEqualTo(PEEK);
                state[at + 1] = (byte) honest;
                if (mode == OtMode.ANDOS) {
                    // Also flip the blinding bits where the two codes differ, so the decoded answer reads as honest.
                    int differ = ScriptedSide.offered(1, 0, PEEK) ^ ScriptedSide.offered(1, 0, honest);
                    for (int j = 0; j < 4; j++) {
                        state[at + 2 + 33 * j] ^= (byte) ((differ >>> j) & 1);
                    }
                }
            }
            return state;
        };
        Game game = play(mode, ScriptedSide.asking(0, peeking, WHITE_ROUND_1), claimHonestSquare);

        assertThat(((ScriptedSide) game.white().side()).answers().get(0)[0])
                .as("the peek worked").isEqualTo(ScriptedSide.offered(1, 0, PEEK));
        assertThat(game.verdict().verified()).isFalse();
        assertThat(game.verdict().line()).startsWith("FAILED").contains("party white")
                .contains("query 0 was not made for the revealed choice " + honest);
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void aPeekRevealedAsMadeIsNamedByTheRules(OtMode mode) throws ProtocolViolation {
        Game game = play(mode, ScriptedSide.asking(0, new int[] {PEEK, WHITE_ROUND_0[1]}, WHITE_ROUND_1), null);
        assertThat(game.verdict().line()).startsWith("FAILED").contains("party white")
                .contains("asked other squares than its plan");
    }
}
