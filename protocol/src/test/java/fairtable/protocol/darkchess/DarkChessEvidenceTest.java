package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The evidence rule (docs/evidence.md) in dark chess: what Black offers White in place of its first vision round, and
 * what White's evidence file then proves. One-ply games between {@link ScriptedSide}s; the rules half accepts them.
 */
class DarkChessEvidenceTest {
    private static final DarkChessParameters PARAMS = new DarkChessParameters(OtMode.CHOU_ORLANDI, 256, 1);
    private static final int[][] WHITE_ASKS = {{12, 9}, {33}};
    private static final int[][] BLACK_ASKS = {{50, 9}, {7}};

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** A white and a black party with these keys, their randomness from {@code seed}. */
    private static DarkChessParty[] players(SigningKey white, SigningKey black, DarkChessSide whiteSide,
            DarkChessSide blackSide, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new DarkChessParty[] {DarkChessParty.create(PARAMS, 0, "white", white, whiteSide, random.split()),
                DarkChessParty.create(PARAMS, 1, "black", black, blackSide, random.split())};
    }

    /** Plays the game out, passing each message through {@code wire} (null holds it back). */
    private static void play(DarkChessParty[] seats, Function<Envelope, Envelope> wire) throws ProtocolViolation {
        Deque<Envelope> inFlight = new ArrayDeque<>(seats[0].start());
        while (!inFlight.isEmpty()) {
            Envelope e = wire.apply(inFlight.poll());
            if (e != null) {
                inFlight.addAll(seats[1 - e.sender()].receive(e));
            }
        }
    }

    private static boolean blacksFirstRound(Envelope e) {
        return e.sender() == 1 && e.type().equals(DarkChessMessages.ROUND);
    }

    /**
     * Black's first vision round from an earlier game with the same keys, offered to White in place of the genuine
     * one: refused and kept, it proves nothing; White waits on, takes the genuine round, and the game verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedButConvictsNobody() throws Exception {
        SplittableRandom keys = new SplittableRandom(61);
        SigningKey whiteKey = key(keys);
        SigningKey blackKey = key(keys);
        DarkChessParty[] old = players(whiteKey, blackKey, ScriptedSide.asking(0, WHITE_ASKS),
                ScriptedSide.asking(1, BLACK_ASKS), 62);
        Envelope replayed = EvidenceRule.firstSent(old[0], old[1], DarkChessEvidenceTest::blacksFirstRound);
        DarkChessParty[] seats = players(whiteKey, blackKey, ScriptedSide.asking(0, WHITE_ASKS),
                ScriptedSide.asking(1, BLACK_ASKS), 63);
        boolean[] offered = new boolean[1];
        play(seats, e -> {
            if (blacksFirstRound(e) && !offered[0]) {
                offered[0] = true;
                EvidenceRule.refusedAndKept(seats[0], replayed, EvidenceRule.fromAnotherSession(e.step(), "black"));
                EvidenceRule.convictsNobody(seats[0]);
            }
            return e;
        });
        assertThat(seats[0].isFinished()).isTrue();
        assertThat(EvidenceRule.auditOfEvidence(seats[0]).line()).startsWith("VERIFIED: scripted game");
        EvidenceRule.convictsNobody(seats[0]);
    }

    /**
     * Black's first round re-signed over garbage: where it fits it convicts Black, live and in the audit of White's
     * file; numbered or chained for another place it proves nothing. Either way White waits on for the genuine one.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        SplittableRandom keys = new SplittableRandom(64);
        SigningKey whiteKey = key(keys);
        SigningKey blackKey = key(keys);
        DarkChessParty[] seats = players(whiteKey, blackKey, ScriptedSide.asking(0, WHITE_ASKS),
                ScriptedSide.asking(1, BLACK_ASKS), 65);
        ProtocolViolation[] live = new ProtocolViolation[1];
        play(seats, e -> {
            if (blacksFirstRound(e) && live[0] == null) {
                live[0] = EvidenceRule.offer(seats[0], blackKey, e, "black", offer,
                        "step 5, party black: malformed round: the answer flag is 255");
            }
            return e;
        });
        assertThat(seats[0].isFinished()).isTrue();
        if (offer == EvidenceRule.Offer.FITTING) {
            EvidenceRule.convictsAsLive(seats[0], live[0]);
        } else {
            assertThat(EvidenceRule.auditOfEvidence(seats[0]).line()).startsWith("VERIFIED: scripted game");
            EvidenceRule.convictsNobody(seats[0]);
        }
    }

    /**
     * Black answers White's first queries from false offers; White reads the answers with its own OT secrets, sees
     * that they cannot be what Black may show, and stops the game there for good (a Black free to answer again could
     * read White's questions from which answers it refuses). White's evidence file
     * names Black, the signer of the refused round, never White (the audit ignored refused messages and named
     * White, the first seat without a reveal, before).
     */
    @Test
    void aFalseAnswerCaughtLiveIsBlamedOnItsSignerByTheVictimsEvidence() throws Exception {
        SplittableRandom keys = new SplittableRandom(66);
        DarkChessParty[] seats = players(key(keys), key(keys), new Checking(ScriptedSide.asking(0, WHITE_ASKS)),
                new FalseOffers(ScriptedSide.asking(1, BLACK_ASKS)), 67);
        assertThatThrownBy(() -> play(seats, e -> e)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 5, party black: its answers to my vision queries hold a value no honest answer holds"
                        + " (the answer for square 12 contradicts what black can show there); the game is stopped");
        assertThat(seats[0].failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party black"));
        assertThat(seats[0].rejected()).singleElement().satisfies(r -> assertThat(r.envelope().sender()).isEqualTo(1));
        assertThat(EvidenceRule.auditOfEvidence(seats[0]).line()).isEqualTo("FAILED: step 5, party black: the game"
                + " stopped here: white refused its round (a check that needs white's own secrets, which this audit"
                + " cannot repeat), and the transcript ends before the reveal");
    }

    /**
     * Black signs a move where its first vision round is due, in a game of one ply. White refuses it live
     * and plays on; the game ends and its transcript alone verifies. The audit of White's evidence file judges the
     * refused move where it stands, with the same public checks as a message of the transcript, and names Black (it
     * ignored it and said VERIFIED before: a refusal in mid-game that parses passed).
     */
    @Test
    void aMessageOutOfTurnRefusedInMidGameIsJudgedWhereItStandsAndConvictsItsSigner() throws Exception {
        SplittableRandom keys = new SplittableRandom(68);
        SigningKey whiteKey = key(keys);
        SigningKey blackKey = key(keys);
        DarkChessParty[] seats = players(whiteKey, blackKey, ScriptedSide.asking(0, WHITE_ASKS),
                ScriptedSide.asking(1, BLACK_ASKS), 69);
        byte[][] whitesMove = new byte[1][];
        ProtocolViolation[] live = new ProtocolViolation[1];
        play(seats, e -> {
            if (e.sender() == 0 && e.type().equals(DarkChessMessages.MOVE) && whitesMove[0] == null) {
                whitesMove[0] = e.body();
            }
            if (blacksFirstRound(e) && live[0] == null) {
                Envelope rogue = Envelope.sign(blackKey, e.session(), e.seq(), e.prev(), 1, e.step(),
                        DarkChessMessages.MOVE, whitesMove[0]);
                live[0] = EvidenceRule.refusedAndKept(seats[0], rogue,
                        "step 5, party black: sent 'move' where 'round' was due");
            }
            return e;
        });
        assertThat(seats[0].isFinished()).isTrue();
        assertThat(EvidenceRule.auditOfTranscriptAlone(seats[0]).line()).startsWith("VERIFIED: scripted game");
        assertThat(EvidenceRule.auditOfEvidence(seats[0]).line())
                .isEqualTo("FAILED: step 5, party black: sent 'move' beyond the cap of 1 plies");
    }

    /**
     * Nothing a peer sends may throw past {@code receive}: Black's side (the rules layer, which reads the peer's move
     * announcement) fails on an empty one with an exception no check expected. White signs such a move where her first
     * move is due. Black refuses it naming White at its step, keeps it, changes nothing, then takes White's genuine
     * move, and the game ends verified.
     */
    @Test
    void anUnexpectedFailureOnAPeersMessageIsARefusalNamingItsSignerAndChangesNothing() throws Exception {
        SplittableRandom keys = new SplittableRandom(70);
        SigningKey whiteKey = key(keys);
        SigningKey blackKey = key(keys);
        DarkChessParty[] seats = players(whiteKey, blackKey, ScriptedSide.asking(0, WHITE_ASKS),
                new Fragile(ScriptedSide.asking(1, BLACK_ASKS)), 71);
        boolean[] offered = new boolean[1];
        play(seats, e -> {
            if (e.sender() == 0 && e.type().equals(DarkChessMessages.MOVE) && !offered[0]) {
                offered[0] = true;
                DarkChessMessages.Move genuine;
                try {
                    genuine = DarkChessMessages.parseMove(e.body());
                } catch (fairtable.protocol.wire.MalformedMessageException m) {
                    throw new AssertionError(m);
                }
                byte[] empty = DarkChessMessages.move(new DarkChessMessages.Move(new byte[0], genuine.over(),
                        genuine.commitment(), genuine.setups(), genuine.rebuild()));
                Envelope crafted = Envelope.sign(whiteKey, e.session(), e.seq(), e.prev(), 0, e.step(), e.type(), empty);
                EvidenceRule.refusedAndKept(seats[1], crafted,
                        "step 2, party white: its 'move' could not be handled: Index 0 out of bounds for length 0");
                assertThat(seats[1].failure()).isEmpty();
            }
            return e;
        });
        assertThat(offered[0]).isTrue();
        assertThat(seats[1].isFinished()).isTrue();
        assertThat(seats[1].failure()).isEmpty();
        assertThat(EvidenceRule.auditOfTranscriptAlone(seats[1]).line()).startsWith("VERIFIED: scripted game");
    }

    /** A side that reads the first byte of the peer's move announcement without looking at its length. */
    private static final class Fragile extends Wrapping {
        Fragile(DarkChessSide inner) {
            super(inner);
        }

        @Override
        DarkChessSide wrap(DarkChessSide side) {
            return new Fragile(side);
        }

        @Override
        public Moved opponentMoved(byte[] announcement) {
            if (announcement[0] < 0) { // the first byte, read before the length is known
                throw new IllegalArgumentException("a negative kind of move");
            }
            return super.opponentMoved(announcement);
        }
    }

    /** A side that wraps another and keeps wrapping the sides it turns into. */
    private abstract static class Wrapping implements DarkChessSide {
        final DarkChessSide inner;

        Wrapping(DarkChessSide inner) {
            this.inner = inner;
        }

        abstract DarkChessSide wrap(DarkChessSide side);

        @Override
        public Moved move(RandomGenerator random) {
            Moved m = inner.move(random);
            return new Moved(wrap(m.side()), m.announcement(), m.gameOver());
        }

        @Override
        public Moved opponentMoved(byte[] announcement) {
            Moved m = inner.opponentMoved(announcement);
            return new Moved(wrap(m.side()), m.announcement(), m.gameOver());
        }

        @Override
        public byte[] board() {
            return inner.board();
        }

        @Override
        public byte[] offer(int phase) {
            return inner.offer(phase);
        }

        @Override
        public Rebuild startRebuild() {
            Rebuild r = inner.startRebuild();
            return new Rebuild(wrap(r.side()), r.announcement(), r.rounds());
        }

        @Override
        public List<Round> peerRounds(byte[] announcement) {
            return inner.peerRounds(announcement);
        }

        @Override
        public int[] nextChoices() {
            return inner.nextChoices();
        }

        @Override
        public DarkChessSide answered(int[] codes) {
            return wrap(inner.answered(codes));
        }

        @Override
        public byte[] record() {
            return inner.record();
        }

        @Override
        public byte[] toBytes() {
            return inner.toBytes();
        }
    }

    /** Black offering other codes than its script in the first phase: what White learns from it is false. */
    private static final class FalseOffers extends Wrapping {
        FalseOffers(DarkChessSide inner) {
            super(inner);
        }

        @Override
        DarkChessSide wrap(DarkChessSide side) {
            return new FalseOffers(side);
        }

        @Override
        public byte[] offer(int phase) {
            byte[] items = inner.offer(phase).clone();
            if (phase == 0) {
                for (int i = 0; i < items.length; i++) {
                    items[i] ^= 1;
                }
            }
            return items;
        }
    }

    /** White checking each answer it reads against what Black's script lets it show, as the rules engine would. */
    private static final class Checking extends Wrapping {
        Checking(DarkChessSide inner) {
            super(inner);
        }

        @Override
        DarkChessSide wrap(DarkChessSide side) {
            return new Checking(side);
        }

        @Override
        public DarkChessSide answered(int[] codes) {
            int round = ((ScriptedSide) inner).answers().size();
            int phase = ScriptedSide.ROUNDS.get(round).phase();
            int[] asked = inner.nextChoices();
            for (int i = 0; i < asked.length; i++) {
                if (codes[i] != ScriptedSide.offered(1, phase, asked[i])) {
                    throw new IllegalArgumentException("the answer for square " + asked[i]
                            + " contradicts what black can show there");
                }
            }
            return super.answered(codes);
        }
    }
}
