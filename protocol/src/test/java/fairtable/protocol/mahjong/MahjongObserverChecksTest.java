package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Ristretto255;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Confirm;
import fairtable.protocol.mahjong.MahjongMessage.Pick;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Reveal;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.mahjong.MahjongMessage.Step;
import fairtable.protocol.mahjong.MahjongMessage.Strip;
import fairtable.protocol.mahjong.MahjongObserver.Battle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every check a peer's message reaches in {@link MahjongParty#receive} and {@link MahjongObserver}, each
 * tripped by a message signed with the real key of the other seat, at the right session, number and previous
 * hash, that breaks that check only. Each asserts the live reason, that the receiver changed nothing, and that
 * the audit of the evidence file convicts the signer at that step.
 *
 * <p>Checks and the tests that trip them:
 * <ul>
 *   <li>receive: the game is over (after both reveals, or after this party stopped):
 *       {@link #anyMessageAfterTheEndIsRefused}, {@link #secretChecksStopTheGame}; my own name, hash chain:
 *       {@link #chainAndPlaceChecks}.</li>
 *   <li>parse: seat other than 0 and 1: shadowed by the transcript's "there is no seat", which runs first;
 *       step not due, malformed bodies (unknown type, trailing bytes, a flag, a row's size, an element):
 *       {@link #chainAndPlaceChecks}, {@link #moveChecks}, {@link #battleChecks}.</li>
 *   <li>reveals: before both setups, wrong number of keys, a key that is no reduced
 *       invertible exponent (zero, and the group order), wrong number of openings: {@link #revealChecks};
 *       after both reveals: the audit of {@link #anyMessageAfterTheEndIsRefused}. "has revealed already" is
 *       unreachable with a peer's signature: a party reveals in the same step in which it takes the other's
 *       first reveal (or stops), so no state awaits a message from a seat that has revealed.</li>
 *   <li>setups: expected a setup, tile count, order, home ranks, commitment count, RSA modulus outside the
 *       faithful mode, commitment size, equal commitments: {@link #setupChecks}; faithful mode: modulus size
 *       and parity, commitment not below the modulus: {@link #faithfulSetupChecks}. "sets up out of turn" is
 *       unreachable with a peer's signature: seat 0 sends its setup as it takes seat 1's hello, seat 1 as it
 *       takes seat 0's setup, so the only slot a peer could take out of turn is the receiver's own.</li>
 *   <li>play: moves out of turn, expected a move, off the board, not orthogonal, no tile there, attacks an
 *       empty square, onto its own tile, onto an opponent's tile without attacking: {@link #moveChecks}.</li>
 *   <li>battle: expected pick / strip / result / confirm, a pick that is a row entry unchanged, result above 2,
 *       a king lost in a battle its tile won (result and confirmation), king flags that differ in a draw:
 *       {@link #battleChecks}. "it is X's turn in the battle" is unreachable with a peer's signature: with two
 *       seats, the seat that is not due in a battle step is always the receiver itself.</li>
 *   <li>over: only reveals may follow: {@link #revealChecks}.</li>
 *   <li>this party's secrets (it records the message, stops and reveals): a strip that is no entry of its
 *       column (ObliviousLookup.read), a result no tile can give against its own, a king flag its tile
 *       contradicts: {@link #secretChecksStopTheGame}.</li>
 *   <li>TileCommitments: an opening that does not open its commitment convicts its revealer in the audit:
 *       {@link #aRevealWhoseOpeningDoesNotOpenIsConvictedByTheAudit}; each branch of openHash and openRsa:
 *       {@link #tileOpeningsRefuseEveryWayOfNotOpening}.</li>
 * </ul>
 */
class MahjongObserverChecksTest {
    private static final MahjongParameters PARAMS = MahjongParameters.standard(MahjongMode.RISTRETTO);
    private static final long SEED = 17;
    private static final List<String> NAMES = List.of("alice", "bob");

    private static List<Envelope> honest;
    private static MahjongObserver end;

    @TempDir
    Path dir;

    @BeforeAll
    static void playHonestly() throws Exception {
        Match m = new Match(PARAMS, SEED).start().playOut();
        honest = m.alice.transcript().envelopes();
        end = m.alice.observer();
        assertThat(end.isDone()).isTrue();
        assertThat(Match.audit(m.alice).verified()).isTrue();
    }

    // ---- The fixture: a fresh match replays the honest game up to a step, then one crafted message arrives. ----

    private static MahjongParty seat(Match m, int seat) {
        return seat == 0 ? m.alice : m.bob;
    }

    /** A fresh match whose seat {@code receiver} has taken (or made) every honest message before {@code step}. */
    private static Match before(int receiver, int step) throws Exception {
        Match m = new Match(PARAMS, SEED);
        MahjongParty p = seat(m, receiver);
        p.start();
        for (int i = 0; i < honest.size(); i++) {
            Envelope e = honest.get(i);
            if (e.step() >= step && e.step() > 0) {
                break;
            }
            if (e.sender() != receiver) {
                p.receive(e);
            } else if (p.transcript().size() <= i) {
                p.move(e.body()[0] & 0xff, e.body()[1] & 0xff); // a move: the player's own choice, not an answer
            }
        }
        assertThat(p.transcript().envelopes()).isEqualTo(honest.subList(0, p.transcript().size()));
        assertThat(p.nextStep()).isEqualTo(step);
        return m;
    }

    private static Envelope honestAt(int step) {
        return honest.stream().filter(e -> e.step() == step).findFirst().orElseThrow();
    }

    /** The signing key of {@code seat} in every match of this seed. */
    private static SigningKey keyOf(int seat) {
        Match m = new Match(PARAMS, SEED);
        return seat == 0 ? m.aliceKey : m.bobKey;
    }

    private record State(List<Envelope> transcript, int nextStep, String awaiting) {
        static State of(MahjongParty p) {
            return new State(List.copyOf(p.transcript().envelopes()), p.nextStep(), p.awaiting());
        }
    }

    private void refused(int signer, int step, String type, byte[] body, String reason) throws Exception {
        refusedAt(signer, step, step, type, body, reason);
    }

    /** Receivers replayed up to a step, shared by the refusals there: a refusal changes nothing (asserted). */
    private static final java.util.Map<List<Integer>, Match> replayed = new java.util.HashMap<>();

    /** {@code body} signed by {@code signer} at {@code claimed}, delivered to the other seat just before step {@code due}. */
    private void refusedAt(int signer, int due, int claimed, String type, byte[] body, String reason) throws Exception {
        int receiver = 1 - signer;
        Match m = replayed.get(List.of(receiver, due));
        if (m == null) {
            m = before(receiver, due);
            replayed.put(List.of(receiver, due), m);
        }
        MahjongParty p = seat(m, receiver);
        State before = State.of(p);
        int refusedBefore = p.rejected().size();
        Envelope e = Match.forge(p, signer, keyOf(signer), claimed, type, body);
        String expected = "step " + claimed + ", party " + NAMES.get(signer) + ": " + reason;
        assertThatThrownBy(() -> p.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(State.of(p)).isEqualTo(before);
        assertThat(p.failure()).isEmpty();
        assertThat(p.rejected()).hasSize(refusedBefore + 1);
        Party.Rejected kept = p.rejected().get(refusedBefore);
        assertThat(kept.envelope()).isEqualTo(e);
        assertThat(auditFromFile(p, kept).line()).isEqualTo("FAILED: " + expected);
    }

    /** The audit of the file {@code keeper} writes with its transcript and {@code refused} as the evidence. */
    private AuditVerdict auditFromFile(MahjongParty keeper, Party.Rejected... refused) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), refused.length == 0 ? keeper.rejected() : List.of(refused));
        return Auditor.audit(TranscriptFile.read(file));
    }

    private static MahjongMessage decoded(Envelope e) throws Exception {
        return MahjongMessage.decode(e.type(), e.body(), PARAMS);
    }

    private static Element point(int i) {
        return Ristretto255.group().generatorTimes(BigInteger.valueOf(i + 2));
    }

    private static List<Element> row(int size) {
        List<Element> row = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            row.add(point(i));
        }
        return row;
    }

    /** The step of the first honest message of {@code type} from {@code seat}. */
    private static int firstStep(String type, int seat) {
        return honest.stream().filter(e -> e.type().equals(type) && e.sender() == seat).findFirst().orElseThrow().step();
    }

    private static Battle battle(java.util.function.Predicate<Battle> which) {
        return end.battles().stream().filter(which).findFirst().orElseThrow(() -> new AssertionError("no such battle"));
    }

    // ---- The receive path and the chain. ----

    @Test
    void chainAndPlaceChecks() throws Exception {
        Envelope bobsSetup = honestAt(2);
        refusedAt(1, 3, 4, Step.TYPE, new Step(60, 51).toBytes(), "step 4 where step 3 was due");
        // The chain: another previous hash, on a message that is otherwise bob's to send.
        int move = firstStep(Step.TYPE, 1);
        Match m = before(0, move);
        Transcript t = m.alice.transcript();
        Envelope body = honestAt(move);
        Envelope offChain = Envelope.sign(m.bobKey, t.sessionId(), t.size(), Arrays.copyOf(body.body(), 32), 1, move,
                Step.TYPE, body.body());
        assertThatThrownBy(() -> m.alice.receive(offChain)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + move + ": a message signed by bob that does not follow message " + (t.size() - 1)
                        + " was refused; it proves nothing against bob");
        // In the receiver's own name, signed with its own key.
        Envelope mine = Match.forge(m.alice, 0, m.aliceKey, move, Step.TYPE, body.body());
        assertThatThrownBy(() -> m.alice.receive(mine)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + move + ", party alice: a message in my own name that I did not send");
        assertThat(m.alice.transcript().size()).isEqualTo(t.size());
        m.alice.receive(body); // the honest one still fits
        assertThat(m.alice.nextStep()).isEqualTo(move + 1);
        assertThat(bobsSetup.type()).isEqualTo(Setup.TYPE);
    }

    @Test
    void anyMessageAfterTheEndIsRefused() throws Exception {
        int last = honest.get(honest.size() - 1).step();
        int lastRevealer = honest.get(honest.size() - 1).sender();
        int other = 1 - lastRevealer;
        Match m = before(other, last + 1);
        MahjongParty p = seat(m, other);
        assertThat(p.observer().isDone()).isTrue();
        State before = State.of(p);
        Envelope again = Match.forge(p, lastRevealer, keyOf(lastRevealer), last + 1, Reveal.TYPE, honestAt(last).body());
        assertThatThrownBy(() -> p.receive(again)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + (last + 1) + ", party " + NAMES.get(lastRevealer) + ": the game is already over");
        assertThat(State.of(p)).isEqualTo(before);
        assertThat(auditFromFile(p).line()).isEqualTo("FAILED: step " + (last + 1) + ", party " + NAMES.get(lastRevealer)
                + ": no reveal is possible after both reveals");
    }

    // ---- Setups: alice's is due at step 1. ----

    @Test
    void setupChecks() throws Exception {
        Setup alices = (Setup) decoded(honestAt(1));
        List<Integer> squares = alices.squares();
        List<byte[]> commitments = alices.commitments();
        BigInteger none = BigInteger.ZERO;
        refused(0, 1, Step.TYPE, new Step(0, 9).toBytes(), "expected a setup, got move");
        refused(0, 1, Setup.TYPE, new Setup(squares.subList(0, 24), none, commitments.subList(0, 24)).toBytes(),
                "places 24 tiles, the tile set has 25");
        List<Integer> swapped = new ArrayList<>(squares);
        java.util.Collections.swap(swapped, 3, 4);
        refused(0, 1, Setup.TYPE, new Setup(swapped, none, commitments).toBytes(),
                "the squares are not listed once each in increasing order");
        List<Integer> twice = new ArrayList<>(squares);
        twice.set(4, twice.get(3));
        refused(0, 1, Setup.TYPE, new Setup(twice, none, commitments).toBytes(),
                "the squares are not listed once each in increasing order");
        List<Integer> far = new ArrayList<>(squares);
        far.set(24, 40);
        refused(0, 1, Setup.TYPE, new Setup(far, none, commitments).toBytes(), "places a tile on e5, outside its three home ranks");
        refused(0, 1, Setup.TYPE, new Setup(squares, none, commitments.subList(0, 24)).toBytes(), "sends 24 commitments for 25 tiles");
        refused(0, 1, Setup.TYPE, new Setup(squares, BigInteger.valueOf(15), commitments).toBytes(),
                "sends an RSA modulus, which only the faithful mode uses");
        List<byte[]> shorter = new ArrayList<>(commitments);
        shorter.set(7, Arrays.copyOf(shorter.get(7), 31));
        refused(0, 1, Setup.TYPE, new Setup(squares, none, shorter).toBytes(), "a commitment is 31 bytes, not 32");
        List<byte[]> equal = new ArrayList<>(commitments);
        equal.set(9, equal.get(2));
        refused(0, 1, Setup.TYPE, new Setup(squares, none, equal).toBytes(), "two commitments are equal");
        refused(0, 1, Setup.TYPE, Arrays.copyOf(honestAt(1).body(), honestAt(1).body().length + 1),
                "malformed setup: 1 unexpected trailing bytes");
    }

    @Test
    void faithfulSetupChecks() throws Exception {
        MahjongParameters faithful = Match.faithfulSmall();
        BigInteger odd = BigInteger.ONE.shiftLeft(255).add(BigInteger.valueOf(12345));
        List<Integer> squares = new ArrayList<>();
        List<byte[]> commitments = new ArrayList<>();
        for (int sq = 0; sq < 25; sq++) {
            squares.add(sq);
            byte[] c = new byte[32];
            c[31] = (byte) sq;
            commitments.add(c);
        }
        List<byte[]> above = new ArrayList<>(commitments);
        byte[] high = new byte[32];
        Arrays.fill(high, (byte) 0xff);
        above.set(5, high);
        Object[][] cases = {
            {new Setup(squares, odd.add(BigInteger.ONE), commitments), "the RSA modulus is not an odd 256-bit number"},
            {new Setup(squares, odd.shiftRight(1).setBit(0), commitments), "the RSA modulus is not an odd 256-bit number"},
            {new Setup(squares, odd, above), "a commitment is not below the RSA modulus"},
        };
        for (Object[] c : cases) {
            Match m = new Match(faithful, SEED);
            m.bob.receive(m.alice.start().get(0));
            assertThat(m.bob.nextStep()).isEqualTo(1);
            State before = State.of(m.bob);
            Envelope e = Match.forge(m.bob, 0, m.aliceKey, 1, Setup.TYPE, ((Setup) c[0]).toBytes());
            String expected = "step 1, party alice: " + c[1];
            assertThatThrownBy(() -> m.bob.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
            assertThat(State.of(m.bob)).isEqualTo(before);
            assertThat(auditFromFile(m.bob).line()).isEqualTo("FAILED: " + expected);
        }
    }

    // ---- Play: bob's first attack is due at some step; alice's first move before it. ----

    @Test
    void moveChecks() throws Exception {
        int attackStep = firstStep(Attack.TYPE, 1);
        Attack attack = (Attack) decoded(honestAt(attackStep));
        int from = attack.from();
        int target = attack.to();
        Match m = before(0, attackStep);
        MahjongObserver board = m.alice.observer();
        int empty = -1;
        int own = -1;
        for (int[] d : new int[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            for (int sq = 0; sq < 81; sq++) {
                int f = sq % 9 + d[0];
                int r = sq / 9 + d[1];
                if (board.ownerAt(sq) != 1 || f < 0 || f > 8 || r < 0 || r > 8) {
                    continue;
                }
                int to = r * 9 + f;
                if (board.ownerAt(to) == -1 && empty < 0) {
                    empty = sq * 100 + to;
                }
                if (board.ownerAt(to) == 1 && own < 0) {
                    own = sq * 100 + to;
                }
            }
        }
        assertThat(empty).isNotNegative();
        assertThat(own).isNotNegative();
        String sq = MahjongObserver.squareName(target);
        refused(1, attackStep, Pick.TYPE, new Pick(point(1)).toBytes(), "expected a move, got pick");
        refused(1, attackStep, Step.TYPE, new Step(81, 80).toBytes(), "names a square off the board");
        int twoAway = from + 18 <= 80 ? from + 18 : from - 18;
        refused(1, attackStep, Step.TYPE, new Step(from, twoAway).toBytes(), "moves " + MahjongObserver.squareName(from) + "-"
                + MahjongObserver.squareName(twoAway) + ", not one square orthogonally");
        refused(1, attackStep, Step.TYPE, new Step(target, from).toBytes(), "has no tile on " + sq);
        refused(1, attackStep, Attack.TYPE, new Attack(empty / 100, empty % 100, row(13)).toBytes(),
                "attacks the empty square " + MahjongObserver.squareName(empty % 100));
        refused(1, attackStep, Step.TYPE, new Step(own / 100, own % 100).toBytes(),
                "moves onto its own tile on " + MahjongObserver.squareName(own % 100));
        refused(1, attackStep, Step.TYPE, new Step(from, target).toBytes(),
                "steps onto an opponent's tile on " + sq + " without attacking");
        refused(1, attackStep, Attack.TYPE, new Attack(from, target, row(12)).toBytes(),
                "malformed attack: the table row has 12 values, expected 13");
        List<Element> repeated = row(13);
        repeated.set(5, repeated.get(4));
        refused(1, attackStep, Attack.TYPE, new Attack(from, target, repeated).toBytes(),
                "malformed attack: value 6 of the table row repeats an earlier value");
        refused(1, attackStep, "castle", new byte[0], "malformed castle: unknown message type 'castle'");
        refused(1, attackStep, Step.TYPE, new WireWriter().u8(from).u8(target).u8(0).toBytes(),
                "malformed move: 1 unexpected trailing bytes");
        // Alice's move is hers to make: bob moving then is out of turn.
        int alicesMove = honest.stream().filter(e -> e.sender() == 0 && e.step() > 2).findFirst().orElseThrow().step();
        refused(1, alicesMove, Step.TYPE, new Step(from, from).toBytes(), "moves out of turn: it is alice's move");
    }

    // ---- Battles: each check at the step it belongs to, from the seat due there. ----

    @Test
    void battleChecks() throws Exception {
        Battle b = battle(x -> x.isConfirmed());
        int attacker = b.attacker;
        int defender = b.defender();
        // Pick, due from the defender; the attacker waits for it.
        int pick = b.attackStep + 1;
        refused(defender, pick, Strip.TYPE, new Strip(point(3)).toBytes(), "expected pick, got strip");
        refused(defender, pick, Pick.TYPE, new Pick(b.row.get(4)).toBytes(), "picks a row entry without adding its key");
        byte[] invalid = new byte[32];
        Arrays.fill(invalid, (byte) 0xff);
        refused(defender, pick, Pick.TYPE, invalid,
                "malformed pick: the picked entry is not a valid ristretto255 element: " + decodingFailure(invalid));
        // Strip, due from the attacker.
        refused(attacker, pick + 1, Pick.TYPE, new Pick(point(3)).toBytes(), "expected strip, got pick");
        // Result, due from the defender.
        refused(defender, pick + 2, Strip.TYPE, new Strip(point(3)).toBytes(), "expected result, got strip");
        refused(defender, pick + 2, Result.TYPE, new Result(3, false).toBytes(), "announces result 3; results are 0, 1 and 2");
        refused(defender, pick + 2, Result.TYPE, new Result(MahjongTable.DEFENDER_WINS, true).toBytes(),
                "claims its king fell in a battle its tile won");
        refused(defender, pick + 2, Result.TYPE, new WireWriter().u8(1).u8(7).toBytes(), "malformed result: a flag is 0 or 1, not 7");
        // Confirmation, due from the attacker.
        refused(attacker, pick + 3, Result.TYPE, new Result(0, false).toBytes(), "expected confirm, got result");
        Battle won = battle(x -> x.isConfirmed() && x.result() == MahjongTable.ATTACKER_WINS);
        refused(won.attacker, won.attackStep + 4, Confirm.TYPE, new Confirm(true).toBytes(),
                "claims its king fell in a battle its tile won");
        Battle draw = battle(x -> x.isConfirmed() && x.result() == MahjongTable.DRAW);
        refused(draw.attacker, draw.attackStep + 4, Confirm.TYPE, new Confirm(!draw.defenderKingLost()).toBytes(),
                "equal kinds are both kings or neither, but the two king flags differ");
    }

    private static String decodingFailure(byte[] bytes) {
        try {
            Ristretto255.group().decode(bytes);
            throw new AssertionError("it decodes");
        } catch (fairtable.crypto.group.InvalidElementException e) {
            return e.getMessage();
        }
    }

    // ---- Reveals. ----

    @Test
    void revealChecks() throws Exception {
        int first = honest.get(honest.size() - 2).step();
        int firstRevealer = honest.get(honest.size() - 2).sender();
        assertThat(honest.get(honest.size() - 2).type()).isEqualTo(Reveal.TYPE);
        assertThat(honest.get(honest.size() - 1).type()).isEqualTo(Reveal.TYPE);
        Reveal honestReveal = (Reveal) decoded(honestAt(first));
        List<BigInteger> keys = honestReveal.keys();
        List<byte[]> openings = honestReveal.openings();
        assertThat(keys).isNotEmpty();
        refused(0, 1, Reveal.TYPE, new Reveal(List.of(), openings).toBytes(), "no reveal is possible before both setups");
        refused(firstRevealer, first, Reveal.TYPE, new Reveal(keys.subList(1, keys.size()), openings).toBytes(),
                "reveals " + (keys.size() - 1) + " battle keys, it used " + keys.size());
        List<BigInteger> zero = new ArrayList<>(keys);
        zero.set(0, BigInteger.ZERO);
        refused(firstRevealer, first, Reveal.TYPE, new Reveal(zero, openings).toBytes(),
                "reveals a battle key that is not an invertible reduced exponent");
        List<BigInteger> unreduced = new ArrayList<>(keys);
        unreduced.set(0, keys.get(0).add(PARAMS.group().exponentModulus()));
        refused(firstRevealer, first, Reveal.TYPE, new Reveal(unreduced, openings).toBytes(),
                "reveals a battle key that is not an invertible reduced exponent");
        refused(firstRevealer, first, Reveal.TYPE, new Reveal(keys, openings.subList(0, 24)).toBytes(),
                "reveals 24 openings for 25 tiles");
        // The game is over: only reveals may follow.
        refused(firstRevealer, first, Step.TYPE, new Step(0, 9).toBytes(), "the game is over; only reveals may follow");
    }

    // ---- Checks only the receiver's secrets make: it takes the message, stops, and reveals. ----

    @Test
    void secretChecksStopTheGame() throws Exception {
        Battle b = battle(x -> x.isConfirmed());
        int stripStep = b.attackStep + 2;
        stopped(b.attacker, stripStep, Strip.TYPE, new Strip(point(40)).toBytes(),
                "the stripped entry is no entry of my column: the row or the strip is false");
        int attackerKind = kindOf(b.attacker, b.attackerTile);
        int impossible = -1;
        for (int t : new int[] {MahjongTable.DRAW, MahjongTable.ATTACKER_WINS}) {
            if (MahjongTable.t(attackerKind, PARAMS.kingKind()) != t) {
                impossible = t;
            }
        }
        stopped(b.defender(), stripStep + 1, Result.TYPE, new Result(impossible, true).toBytes(),
                "announces result " + impossible + " with its king lost, which no tile of the set can give against mine");
        // A confirmation whose king flag the public checks allow but no attacker could send against the defender's tile.
        for (Battle x : end.battles()) {
            int y = kindOf(x.defender(), x.defenderTile);
            for (boolean flag : new boolean[] {true, false}) {
                boolean allowed = (!flag || MahjongTable.attackerRemoved(x.result()))
                        && (x.result() != MahjongTable.DRAW || flag == x.defenderKingLost());
                if (x.isConfirmed() && allowed && !possibleForDefender(y, x.result(), flag)) {
                    stopped(x.attacker, x.attackStep + 4, Confirm.TYPE, new Confirm(flag).toBytes(),
                            "its king flag contradicts the result against my tile");
                    return;
                }
            }
        }
        throw new AssertionError("no battle of this game allows a contradicting king flag");
    }

    private static boolean possibleForDefender(int defenderKind, int result, boolean attackerKingLost) {
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            if (PARAMS.counts().get(k - 1) > 0 && (k == PARAMS.kingKind()) == attackerKingLost
                    && MahjongTable.t(k, defenderKind) == result) {
                return true;
            }
        }
        return false;
    }

    private static int kindOf(int seat, int tile) {
        Match m = new Match(PARAMS, SEED);
        return seat(m, seat).kindOf(tile);
    }

    private static void stopped(int signer, int step, String type, byte[] body, String reason) throws Exception {
        int receiver = 1 - signer;
        Match m = before(receiver, step);
        MahjongParty p = seat(m, receiver);
        Envelope e = Match.forge(p, signer, keyOf(signer), step, type, body);
        List<Envelope> sent = p.receive(e);
        String expected = "step " + step + ", party " + NAMES.get(signer) + ": " + reason;
        assertThat(p.failure()).hasValueSatisfying(v -> assertThat(v).hasMessage(expected));
        assertThat(p.transcript().envelopes()).contains(e);
        assertThat(sent).singleElement().satisfies(r -> assertThat(r.type()).isEqualTo(Reveal.TYPE));
        // Stopped, it takes nothing but the other's reveal.
        Envelope more = Match.forge(p, signer, keyOf(signer), step + 2, Step.TYPE, new Step(0, 9).toBytes());
        assertThatThrownBy(() -> p.receive(more)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + (step + 2) + ", party " + NAMES.get(signer) + ": the game is already over");
    }

    // ---- Tile commitments. ----

    @Test
    void aRevealWhoseOpeningDoesNotOpenIsConvictedByTheAudit() throws Exception {
        int second = honest.get(honest.size() - 1).step();
        int revealer = honest.get(honest.size() - 1).sender();
        Reveal reveal = (Reveal) decoded(honestAt(second));
        List<byte[]> openings = new ArrayList<>(reveal.openings());
        byte[] other = openings.get(6).clone();
        other[TileCommitments.HASH_OPENING_LENGTH - 1] = (byte) (other[TileCommitments.HASH_OPENING_LENGTH - 1] % 13 + 1);
        openings.set(6, other);
        Match m = before(1 - revealer, second);
        MahjongParty p = seat(m, 1 - revealer);
        p.receive(Match.forge(p, revealer, keyOf(revealer), second, Reveal.TYPE,
                new Reveal(reveal.keys(), openings).toBytes()));
        assertThat(p.observer().isDone()).isTrue();
        int square = end.setup(revealer).orElseThrow().squares().get(6);
        assertThat(auditFromFile(p).line()).isEqualTo("FAILED: step " + second + ", party " + NAMES.get(revealer)
                + ": the opening of its tile on " + MahjongObserver.squareName(square) + " does not open its commitment to a kind");
    }

    @Test
    void tileOpeningsRefuseEveryWayOfNotOpening() {
        SplittableRandom random = new SplittableRandom(9);
        byte[] session = new byte[32];
        session[0] = 1;
        TileCommitments.Committed c = TileCommitments.commitHash(session, 1, 60, 5, random);
        assertThat(TileCommitments.openHash(session, 1, 60, c.commitment(), c.opening())).isEqualTo(5);
        assertThat(TileCommitments.openHash(session, 1, 60, Arrays.copyOf(c.commitment(), 31), c.opening())).isEqualTo(-1);
        assertThat(TileCommitments.openHash(session, 1, 60, c.commitment(), Arrays.copyOf(c.opening(), 32))).isEqualTo(-1);
        for (int kind : new int[] {0, 4, 6, 14, 255}) {
            byte[] o = c.opening();
            o[32] = (byte) kind;
            assertThat(TileCommitments.openHash(session, 1, 60, c.commitment(), o)).as("kind %d", kind).isEqualTo(-1);
        }
        // A commitment made to a kind outside the set opens, to no kind.
        TileCommitments.Committed fourteen = TileCommitments.commitHash(session, 1, 60, 14, random);
        assertThat(TileCommitments.openHash(session, 1, 60, fourteen.commitment(), fourteen.opening())).isEqualTo(-1);
        byte[] nonce = c.opening();
        nonce[0] ^= 1;
        assertThat(TileCommitments.openHash(session, 1, 60, c.commitment(), nonce)).isEqualTo(-1);
        assertThat(TileCommitments.openHash(session, 0, 60, c.commitment(), c.opening())).as("another seat").isEqualTo(-1);
        assertThat(TileCommitments.openHash(session, 1, 61, c.commitment(), c.opening())).as("another square").isEqualTo(-1);
        assertThat(TileCommitments.openHash(new byte[32], 1, 60, c.commitment(), c.opening())).as("another session").isEqualTo(-1);

        BigInteger n = TileCommitments.rsaModulus(256, random);
        TileCommitments.Committed r = TileCommitments.commitRsa(n, 7, random);
        assertThat(TileCommitments.openRsa(n, r.commitment(), r.opening())).isEqualTo(7);
        assertThat(TileCommitments.openRsa(n, Arrays.copyOf(r.commitment(), 31), r.opening())).isEqualTo(-1);
        assertThat(TileCommitments.openRsa(n, r.commitment(), Arrays.copyOf(r.opening(), 33))).isEqualTo(-1);
        // The same number with a leading zero byte: only the fixed-length encoding opens.
        byte[] padded = new byte[33];
        System.arraycopy(r.opening(), 0, padded, 1, 32);
        assertThat(TileCommitments.openRsa(n, r.commitment(), padded)).isEqualTo(-1);
        BigInteger x = new BigInteger(1, r.opening());
        // x + N opens x's commitment too (and claims another kind): only the reduced opening counts.
        BigInteger small = BigInteger.valueOf(16 + 7);
        byte[] smallCommitment = EntryEncoding.fixedLength(small.modPow(TileCommitments.RSA_EXPONENT, n), 32);
        assertThat(TileCommitments.openRsa(n, smallCommitment, EntryEncoding.fixedLength(small, 32))).isEqualTo(7);
        assertThat(TileCommitments.openRsa(n, smallCommitment, EntryEncoding.fixedLength(small.add(n), 32))).isEqualTo(-1);
        assertThat(TileCommitments.openRsa(n, r.commitment(), EntryEncoding.fixedLength(x.add(BigInteger.ONE), 32))).isEqualTo(-1);
        // A kind outside 1..13 (x = 16 r + 14), committed faithfully: it opens, to no kind.
        BigInteger bad = x.subtract(BigInteger.valueOf(7)).add(BigInteger.valueOf(14));
        byte[] badCommitment = EntryEncoding.fixedLength(bad.modPow(TileCommitments.RSA_EXPONENT, n), 32);
        assertThat(TileCommitments.openRsa(n, badCommitment, EntryEncoding.fixedLength(bad, 32))).isEqualTo(-1);
    }

    @Test
    void theHonestMessagesPassTheSameFixture() throws Exception {
        // Each kind of message from each seat, once, passes where the crafted ones are refused.
        java.util.Set<String> seen = new java.util.HashSet<>();
        int last = honest.get(honest.size() - 1).step();
        for (int step = 1; step <= last; step++) {
            Envelope e = honestAt(step);
            if (!seen.add(e.type() + "/" + e.sender())) {
                continue;
            }
            Match m = before(1 - e.sender(), step);
            MahjongParty p = seat(m, 1 - e.sender());
            p.receive(Match.forge(p, e.sender(), keyOf(e.sender()), step, e.type(), e.body()));
            assertThat(p.nextStep()).as("step %d", step).isGreaterThan(step);
            assertThat(p.failure()).isEmpty();
        }
        assertThat(seen).hasSize(16);
        assertThat(honest.get(0).type()).isEqualTo(Hello.TYPE);
    }
}
