package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.mahjong.MahjongMessage.Step;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/** Messages that break the protocol are refused, kept as evidence, and change nothing. */
class MahjongBadMessageTest {
    private static final MahjongParameters PARAMS = MahjongParameters.standard(MahjongMode.RISTRETTO);

    /** Delivers a forged message from bob to alice and checks it is refused with alice's state unchanged. */
    private static void refused(Match m, int step, String type, byte[] body, String reason) {
        int messagesBefore = m.alice.transcript().size();
        int stepBefore = m.alice.observer().nextStep();
        int refusedBefore = m.alice.rejected().size();
        String awaiting = m.alice.awaiting();
        Envelope forged = Match.forge(m.alice, 1, m.bobKey, step, type, body);
        assertThatThrownBy(() -> m.alice.receive(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining(reason).hasMessageContaining("bob");
        assertThat(m.alice.awaiting()).isEqualTo(awaiting);
        assertThat(m.alice.rejected()).hasSize(refusedBefore + 1);
        assertThat(m.alice.rejected().get(refusedBefore).envelope()).isEqualTo(forged);
        assertThat(m.alice.transcript().size()).isEqualTo(messagesBefore);
        assertThat(m.alice.observer().nextStep()).isEqualTo(stepBefore);
    }

    /** Plays until it is bob's move with a tile next to one of alice's; returns bob's attack {from, to}. */
    private static int[] untilBobCanAttack(Match m) throws ProtocolViolation {
        while (true) {
            if (m.bob.isMyTurn()) {
                for (int[] mv : m.bob.observer().legalMoves(1)) {
                    if (m.bob.observer().ownerAt(mv[1]) == 0) {
                        return mv;
                    }
                }
            }
            assertThat(m.step()).isTrue();
        }
    }

    /**
     * The forged messages were signed with bob's key and fit the chain where they arrived, so the evidence alice
     * kept convicts bob of the first; without the evidence the game itself verifies.
     */
    private static void assertConvicted(Match m, String firstReason) {
        fairtable.protocol.audit.AuditVerdict verdict = Match.audit(m.alice);
        assertThat(verdict.verified()).isFalse();
        assertThat(verdict.failure().party()).isEqualTo("bob");
        assertThat(verdict.failure().reason()).contains(firstReason);
        assertThat(fairtable.protocol.audit.Auditor.audit(new fairtable.protocol.transcript.TranscriptFile.Contents(
                m.alice.transcript().envelopes(), List.of())).verified()).isTrue();
    }

    @Test
    void aRefusedMessageSignedForAnotherPlaceConvictsNobody() throws ProtocolViolation {
        Match m = new Match(PARAMS, 24).start();
        m.step();
        // Signed by bob but naming a message number that is not next: it cannot be placed, so it proves nothing.
        Envelope misplaced = fairtable.protocol.transcript.Envelope.sign(m.bobKey, m.alice.transcript().sessionId(),
                m.alice.transcript().size() + 5, m.alice.transcript().head(), 1, m.alice.observer().nextStep(),
                Step.TYPE, new Step(60, 51).toBytes());
        assertThatThrownBy(() -> m.alice.receive(misplaced)).isInstanceOf(ProtocolViolation.class);
        m.playOut();
        assertThat(Match.audit(m.alice).verified()).isTrue();
    }

    @Test
    void illegalMovesAreRefused() throws ProtocolViolation {
        Match m = new Match(PARAMS, 21).start();
        int step = m.alice.observer().nextStep();
        refused(m, step, Step.TYPE, new Step(60, 51).toBytes(), "out of turn");
        m.step();
        step = m.alice.observer().nextStep();
        int bobTile = m.alice.observer().setup(1).orElseThrow().squares().get(0);
        refused(m, step, Step.TYPE, new Step(bobTile, bobTile + 2).toBytes(), "not one square orthogonally");
        refused(m, step, Step.TYPE, new Step(40, 41).toBytes(), "has no tile on");
        refused(m, step, Step.TYPE, new Step(200, 201).toBytes(), "off the board");
        refused(m, step + 1, Step.TYPE, new Step(60, 51).toBytes(), "step " + (step + 1));
        refused(m, step, "castle", new byte[0], "unknown message type");
        for (int[] mv : m.alice.observer().legalMoves(1)) {
            if (m.alice.observer().ownerAt(mv[1]) == -1) {
                refused(m, step, Attack.TYPE, new Attack(mv[0], mv[1], someRow(13)).toBytes(), "attacks the empty square");
                break;
            }
        }
        int own = -1;
        for (int sq : m.alice.observer().setup(1).orElseThrow().squares()) {
            if (sq + 9 <= 80 && m.alice.observer().ownerAt(sq) == 1 && m.alice.observer().ownerAt(sq + 9) == 1) {
                own = sq;
                break;
            }
        }
        assertThat(own).isNotNegative();
        refused(m, step, Step.TYPE, new Step(own, own + 9).toBytes(), "onto its own tile");
        m.playOut();
        assertConvicted(m, "out of turn");
    }

    @Test
    void malformedRowsAreRefused() throws ProtocolViolation {
        Match m = new Match(PARAMS, 22).start();
        int[] attack = untilBobCanAttack(m);
        int step = m.alice.observer().nextStep();
        refused(m, step, Step.TYPE, new Step(attack[0], attack[1]).toBytes(), "without attacking");
        refused(m, step, Attack.TYPE, new Attack(attack[0], attack[1], someRow(12)).toBytes(), "has 12 values, expected 13");
        List<Element> repeated = new ArrayList<>(someRow(13));
        repeated.set(5, repeated.get(4));
        refused(m, step, Attack.TYPE, new Attack(attack[0], attack[1], repeated).toBytes(), "repeats an earlier value");
        byte[] body = new Attack(attack[0], attack[1], someRow(13)).toBytes();
        byte[] identity = body.clone();
        Arrays.fill(identity, 2 + 4, 2 + 4 + 32, (byte) 0); // the first element becomes the identity
        refused(m, step, Attack.TYPE, identity, "not a valid ristretto255 element");
        byte[] invalid = body.clone();
        Arrays.fill(invalid, 2 + 4, 2 + 4 + 32, (byte) 0xff);
        refused(m, step, Attack.TYPE, invalid, "not a valid ristretto255 element");
        refused(m, step, Attack.TYPE, Arrays.copyOf(body, body.length + 1), "malformed");
        m.playOut();
        assertConvicted(m, "without attacking");
    }

    @Test
    void impossibleResultsAreRefused() throws ProtocolViolation {
        Match m = new Match(PARAMS, 23);
        Envelope[] held = new Envelope[1];
        m.wire = e -> {
            if (held[0] == null && e.type().equals(Result.TYPE)) {
                held[0] = e;
                return null;
            }
            return e;
        };
        m.start();
        while (held[0] == null) {
            assertThat(m.step()).isTrue();
        }
        // Only a result bob sends as defender to alice's attack is tested here.
        if (held[0].sender() == 1) {
            int step = held[0].step();
            refused(m, step, Result.TYPE, new Result(3, false).toBytes(), "results are 0, 1 and 2");
            refused(m, step, Result.TYPE, new Result(MahjongTable.DEFENDER_WINS, true).toBytes(), "its tile won");
            refused(m, step, Result.TYPE, new WireWriter().u8(1).u8(7).toBytes(), "a flag is 0 or 1");
            refused(m, step, Step.TYPE, new Step(60, 51).toBytes(), "expected result");
            m.pump(m.bob, List.of(held[0]));
        } else {
            m.pump(m.alice, List.of(held[0]));
            throw new AssertionError("seed 23 should make alice attack first");
        }
        m.wire = e -> e;
        m.playOut();
        assertConvicted(m, "results are 0, 1 and 2");
    }

    @Test
    void aPickThatIsARowEntryUnchangedIsRefused() throws ProtocolViolation {
        Match m = new Match(PARAMS, 25);
        Envelope[] held = new Envelope[1];
        m.wire = e -> {
            if (held[0] == null && e.type().equals(MahjongMessage.Pick.TYPE) && e.sender() == 1) {
                held[0] = e;
                return null;
            }
            return e;
        };
        m.start();
        while (held[0] == null) {
            assertThat(m.step()).isTrue();
        }
        MahjongObserver.Battle battle = m.alice.observer().battles().get(m.alice.observer().battles().size() - 1);
        refused(m, held[0].step(), MahjongMessage.Pick.TYPE, new MahjongMessage.Pick(battle.row.get(4)).toBytes(),
                "without adding its key");
        m.pump(m.bob, List.of(held[0]));
        m.wire = e -> e;
        m.playOut();
        assertConvicted(m, "without adding its key");
    }

    @Test
    void badSetupsAreRefusedByThePublicChecks() {
        MahjongObserver observer = new MahjongObserver(PARAMS, List.of("alice", "bob"));
        List<Integer> home = new ArrayList<>();
        for (int sq = 0; sq < 25; sq++) {
            home.add(sq);
        }
        List<byte[]> commitments = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            byte[] c = new byte[32];
            c[0] = (byte) i;
            commitments.add(c);
        }
        assertThatThrownBy(() -> parse(observer, 1, new Setup(home, BigInteger.ZERO, commitments)))
                .hasMessageContaining("sets up out of turn");
        List<Integer> far = new ArrayList<>(home);
        far.set(24, 40);
        assertThatThrownBy(() -> parse(observer, 0, new Setup(far, BigInteger.ZERO, commitments)))
                .hasMessageContaining("outside its three home ranks");
        List<Integer> unsorted = new ArrayList<>(home);
        java.util.Collections.swap(unsorted, 0, 1);
        assertThatThrownBy(() -> parse(observer, 0, new Setup(unsorted, BigInteger.ZERO, commitments)))
                .hasMessageContaining("increasing order");
        assertThatThrownBy(() -> parse(observer, 0, new Setup(home.subList(0, 24), BigInteger.ZERO, commitments)))
                .hasMessageContaining("places 24 tiles");
        List<byte[]> twins = new ArrayList<>(commitments);
        twins.set(1, twins.get(0));
        assertThatThrownBy(() -> parse(observer, 0, new Setup(home, BigInteger.ZERO, twins)))
                .hasMessageContaining("two commitments are equal");
        assertThatThrownBy(() -> parse(observer, 0, new Setup(home, BigInteger.valueOf(15), commitments)))
                .hasMessageContaining("only the faithful mode");
        List<byte[]> short31 = new ArrayList<>(commitments);
        short31.set(3, new byte[31]);
        assertThatThrownBy(() -> parse(observer, 0, new Setup(home, BigInteger.ZERO, short31)))
                .hasMessageContaining("31 bytes");
        assertThat(observer.nextStep()).isEqualTo(1);
        assertThat(observer.awaiting()).isEqualTo("alice's setup");
    }

    /** Seeded fuzzing: random bytes of every type at every early step are refused, never crash, never count. */
    @RepeatedTest(5)
    void randomBodiesAreRefused(RepetitionInfo info) throws ProtocolViolation {
        SplittableRandom random = new SplittableRandom(info.getCurrentRepetition());
        Match m = new Match(PARAMS, 30 + info.getCurrentRepetition()).start();
        m.step();
        String[] types = {"setup", "move", "attack", "pick", "strip", "result", "confirm", "reveal"};
        int step = m.alice.observer().nextStep();
        for (String type : types) {
            byte[] body = new byte[random.nextInt(0, 80)];
            random.nextBytes(body);
            Envelope forged = Match.forge(m.alice, 1, m.bobKey, step, type, body);
            int size = m.alice.transcript().size();
            try {
                m.alice.receive(forged);
                // A random body may by chance be a legal move or a reveal; then it was a legal message.
            } catch (ProtocolViolation expected) {
                assertThat(m.alice.transcript().size()).isEqualTo(size);
            }
        }
    }

    private static void parse(MahjongObserver observer, int seat, MahjongMessage m) throws ProtocolViolation {
        observer.parse(Envelope.sign(Match.key(new SplittableRandom(seat)), new byte[32], 2, new byte[32], seat, 1,
                m.type(), m.toBytes()));
    }

    private static List<Element> someRow(int size) {
        List<Element> row = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            row.add(fairtable.crypto.group.Ristretto255.group().generatorTimes(BigInteger.valueOf(i + 2)));
        }
        return row;
    }
}
