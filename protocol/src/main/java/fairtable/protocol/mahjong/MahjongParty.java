package fairtable.protocol.mahjong;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Confirm;
import fairtable.protocol.mahjong.MahjongMessage.Pick;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Reveal;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.mahjong.MahjongMessage.Step;
import fairtable.protocol.mahjong.MahjongMessage.Strip;
import fairtable.protocol.mahjong.MahjongObserver.Battle;
import fairtable.protocol.mahjong.MahjongObserver.Event;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One player of mahjong-shogi/v1 as a sans-I/O state machine. Seat 0 says hello first and moves first. The
 * caller places the tiles at creation and makes moves with {@link #move}; the battle steps (pick, strip, result,
 * confirm) and the reveals are answered automatically. Every received message passes the
 * {@link MahjongObserver}'s public checks, and this party's secrets add what they can: a defender refuses an
 * entry that is not one of its column, an attacker refuses a result its own tile makes impossible, a defender
 * refuses an attacker's king flag its own tile contradicts. Such a cheat stops the game and this party reveals.
 */
public final class MahjongParty implements Party {
    private final MahjongParameters params;
    private final int seat;
    private final RandomGenerator random;
    private final TreeMap<Integer, Integer> kindBySquare;
    private final int[] kinds;

    private final PartyCore core;
    private final Transcript transcript;
    private MahjongObserver observer;

    // Secrets: the openings of this party's setup and the battle keys it used, in order.
    private final List<byte[]> openings = new ArrayList<>();
    private final List<BigInteger> keys = new ArrayList<>();

    private MahjongParty(MahjongParameters params, int seat, String name, SigningKey key, Map<Integer, Integer> kindBySquare,
            RandomGenerator random) {
        if (seat != 0 && seat != 1) {
            throw new IllegalArgumentException("seat is 0 or 1");
        }
        this.params = params;
        this.seat = seat;
        this.random = random;
        this.core = new PartyCore(seat, name, key);
        this.transcript = core.transcript();
        this.kindBySquare = new TreeMap<>(kindBySquare);
        this.kinds = this.kindBySquare.values().stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * A player whose tiles stand as {@code kindBySquare} says (square index 0..80 to kind 1..13), checked against
     * the tile set and the home ranks. {@code random} supplies every secret: a SecureRandom, except in tests.
     */
    public static MahjongParty create(MahjongParameters params, int seat, String name, SigningKey key,
            Map<Integer, Integer> kindBySquare, RandomGenerator random) {
        int[] counts = new int[MahjongTable.KINDS + 1];
        for (Map.Entry<Integer, Integer> e : kindBySquare.entrySet()) {
            if (!MahjongObserver.isHome(seat, e.getKey())) {
                throw new IllegalArgumentException("square " + e.getKey() + " is not on seat " + seat + "'s home ranks");
            }
            if (e.getValue() < 1 || e.getValue() > MahjongTable.KINDS) {
                throw new IllegalArgumentException("kinds are 1..13");
            }
            counts[e.getValue()]++;
        }
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            if (counts[k] != params.counts().get(k - 1)) {
                throw new IllegalArgumentException("placed " + counts[k] + " tiles of kind " + k + ", the tile set has "
                        + params.counts().get(k - 1));
            }
        }
        return new MahjongParty(params, seat, name, key, kindBySquare, random);
    }

    /** A player with any placement at all, even one the tile set forbids: for the adversarial tests only. */
    static MahjongParty createUnchecked(MahjongParameters params, int seat, String name, SigningKey key,
            Map<Integer, Integer> kindBySquare, RandomGenerator random) {
        return new MahjongParty(params, seat, name, key, kindBySquare, random);
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        // After catching a cheat this party still takes the other's reveal, which completes the evidence.
        boolean over = (observer != null && observer.isDone()) || (core.hasStopped() && !Reveal.TYPE.equals(e.type()));
        return core.receive(e, over, this::receiveHello, m -> handle(m, observer.parse(m)));
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, MahjongParameters.PROTOCOL, params.toBytes(), 2,
                hello -> "proposes another game than " + params);
        if (seat == 1) {
            return List.of(sendHello());
        }
        observer = newObserver();
        return List.of(sendSetup());
    }

    private MahjongObserver newObserver() {
        return new MahjongObserver(params, List.of(transcript.nameOf(0), transcript.nameOf(1)));
    }

    private Envelope sendHello() {
        Envelope e = core.sendHello(MahjongParameters.PROTOCOL, params.toBytes(), 2, random);
        if (transcript.established()) {
            observer = newObserver();
        }
        return e;
    }

    private Envelope sendSetup() {
        byte[] session = transcript.sessionId();
        List<Integer> squares = List.copyOf(kindBySquare.keySet());
        List<byte[]> commitments = new ArrayList<>();
        BigInteger n = BigInteger.ZERO;
        if (params.mode() == MahjongMode.FAITHFUL) {
            n = TileCommitments.rsaModulus(params.rsaBits(), random);
        }
        for (int id = 0; id < squares.size(); id++) {
            TileCommitments.Committed c = params.mode() == MahjongMode.FAITHFUL
                    ? TileCommitments.commitRsa(n, kinds[id], random)
                    : TileCommitments.commitHash(session, seat, squares.get(id), kinds[id], random);
            commitments.add(c.commitment());
            openings.add(c.opening());
        }
        return send(new Setup(squares, n, commitments));
    }

    private List<Envelope> handle(Envelope e, Event event) throws ProtocolViolation {
        MahjongMessage m = event.message();
        String peer = transcript.nameOf(e.sender());
        if (m instanceof Setup) {
            return accept(e, event, seat == 1 ? this::sendSetup : null);
        } else if (m instanceof Step) {
            return accept(e, event, null);
        } else if (m instanceof Attack a) {
            return accept(e, event, () -> {
                CommutativeKey beta = newKey();
                int myKind = kinds[observer.tileAt(a.to())];
                return send(new Pick(lookup().pick(a.row(), myKind, beta)));
            });
        } else if (m instanceof Pick p) {
            return accept(e, event, () -> send(new Strip(lookup().strip(p.value(), currentKey()))));
        } else if (m instanceof Strip s) {
            int myKind = kinds[observer.current().defenderTile];
            int t = lookup().read(s.value(), myKind, currentKey());
            if (t < 0) {
                return abort(e, event, new ProtocolViolation(e.step(), peer,
                        "the stripped entry is no entry of my column: the row or the strip is false"));
            }
            boolean kingLost = myKind == params.kingKind() && MahjongTable.defenderRemoved(t);
            return accept(e, event, () -> send(new Result(t, kingLost)));
        } else if (m instanceof Result r) {
            int myKind = kinds[observer.current().attackerTile];
            if (!possibleForAttacker(myKind, r.result(), r.kingLost())) {
                return abort(e, event, new ProtocolViolation(e.step(), peer, "announces result " + r.result()
                        + (r.kingLost() ? " with its king lost" : "") + ", which no tile of the set can give against mine"));
            }
            boolean kingLost = myKind == params.kingKind() && MahjongTable.attackerRemoved(r.result());
            return accept(e, event, () -> send(new Confirm(kingLost)));
        } else if (m instanceof Confirm c) {
            Battle b = observer.current();
            int myKind = kinds[b.defenderTile];
            if (!possibleForDefender(myKind, b.result(), c.kingLost())) {
                return abort(e, event, new ProtocolViolation(e.step(), peer,
                        "its king flag contradicts the result against my tile"));
            }
            return accept(e, event, null);
        } else {
            return accept(e, event, null);
        }
    }

    /** Whether some kind of the set other than the king (or the king, if flagged) gives {@code t} against mine. */
    private boolean possibleForAttacker(int attackerKind, int t, boolean defenderKingLost) {
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            if (params.counts().get(k - 1) > 0 && (k == params.kingKind()) == defenderKingLost
                    && MahjongTable.t(attackerKind, k) == t) {
                return true;
            }
        }
        return false;
    }

    private boolean possibleForDefender(int defenderKind, int t, boolean attackerKingLost) {
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            if (params.counts().get(k - 1) > 0 && (k == params.kingKind()) == attackerKingLost
                    && MahjongTable.t(k, defenderKind) == t) {
                return true;
            }
        }
        return false;
    }

    @FunctionalInterface
    private interface Reply {
        Envelope send();
    }

    /**
     * Records the received message and sends the reply, if any. Whoever receives the message that ends the game
     * reveals first; the sender of that message reveals on receiving that reveal.
     */
    private List<Envelope> accept(Envelope e, Event event, Reply reply) throws ProtocolViolation {
        transcript.append(e);
        observer.apply(event);
        boolean overNow = observer.isOver();
        List<Envelope> out = new ArrayList<>();
        if (reply != null) {
            out.add(reply.send());
        }
        if (overNow && !observer.hasRevealed(seat) && !core.hasStopped()) {
            out.add(sendReveal());
        }
        return out;
    }

    /** A cheat only this party's secrets show: record the message, stop, and reveal so anyone can check. */
    private List<Envelope> abort(Envelope e, Event event, ProtocolViolation why) throws ProtocolViolation {
        transcript.append(e);
        observer.apply(event);
        core.stop(why);
        return observer.hasRevealed(seat) ? List.of() : List.of(sendReveal());
    }

    private Envelope sendReveal() {
        return send(new Reveal(List.copyOf(keys), List.copyOf(openings)));
    }

    /** Moves the tile on {@code from} to the adjacent square {@code to}; onto an opponent's tile it attacks. */
    public List<Envelope> move(int from, int to) {
        if (!isMyTurn()) {
            throw new IllegalStateException("not my move; awaiting " + awaiting());
        }
        boolean legal = observer.legalMoves(seat).stream().anyMatch(mv -> mv[0] == from && mv[1] == to);
        if (!legal) {
            throw new IllegalArgumentException("illegal move " + MahjongObserver.squareName(from) + "-"
                    + MahjongObserver.squareName(to));
        }
        List<Envelope> out = new ArrayList<>();
        if (observer.ownerAt(to) == 1 - seat) {
            CommutativeKey alpha = newKey();
            int battle = observer.battles().size();
            ObliviousLookup.Row row = new ObliviousLookup(params, transcript.sessionId(), battle)
                    .row(kinds[observer.tileAt(from)], alpha, random);
            out.add(send(new Attack(from, to, row.encrypted())));
        } else {
            out.add(send(new Step(from, to)));
        }
        return out;
    }

    /** Stops the game now by revealing (e.g. to resign); the other player then reveals too. */
    public List<Envelope> resign() {
        if (observer == null || !observer.isSetUp() || observer.hasRevealed(seat)) {
            throw new IllegalStateException("cannot reveal now");
        }
        return List.of(sendReveal());
    }

    private ObliviousLookup lookup() {
        return new ObliviousLookup(params, transcript.sessionId(), observer.battles().size() - 1);
    }

    private CommutativeKey newKey() {
        CommutativeKey k = CommutativeKey.generate(params.group(), random);
        keys.add(k.exponent());
        return k;
    }

    private CommutativeKey currentKey() {
        return CommutativeKey.of(params.group(), keys.get(keys.size() - 1));
    }

    private Envelope send(MahjongMessage m) {
        int step = observer.nextStep();
        return core.send(step, m, tamper, () -> observer.apply(new Event(step, seat, m)),
                e -> observer.apply(observer.parse(e)));
    }

    private PartyCore.Tamper<MahjongMessage> tamper;

    /** Makes this party a cheater; package-private, for the adversarial tests only. */
    void cheatWith(PartyCore.Tamper<MahjongMessage> tamper) {
        this.tamper = tamper;
    }

    // ---- What the caller may ask. ----

    public boolean isMyTurn() {
        return observer != null && !core.hasStopped() && observer.isPlaying() && observer.turn() == seat;
    }

    /** The public state this party follows. */
    public MahjongObserver observer() {
        if (observer == null) {
            throw new IllegalStateException("the game has not started");
        }
        return observer;
    }

    public boolean isStarted() {
        return observer != null;
    }

    /** This party's own kinds by square index, as placed at the start. */
    public Map<Integer, Integer> placement() {
        return Collections.unmodifiableMap(kindBySquare);
    }

    /** The kind of this party's tile with the given id (its index in the setup). */
    public int kindOf(int tileId) {
        return kinds[tileId];
    }

    public MahjongParameters parameters() {
        return params;
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    @Override
    public String awaiting() {
        return core.awaitingUnlessStopped(observer == null ? "the hellos" : observer.awaiting());
    }

    @Override
    public boolean isFinished() {
        return core.hasStopped() || (observer != null && observer.isDone());
    }

    @Override
    public Optional<ProtocolViolation> failure() {
        return core.failure();
    }

    @Override
    public Transcript transcript() {
        return transcript;
    }

    @Override
    public List<Rejected> rejected() {
        return core.rejected();
    }

    // ---- Serialisation: the secrets plus the messages; the public state is rebuilt by replaying them. ----

    private static final int SNAPSHOT_VERSION = 1;

    @Override
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes())
                .ints(List.copyOf(kindBySquare.keySet())).ints(List.copyOf(kindBySquare.values())).naturals(keys)
                .u32(openings.size());
        openings.forEach(w::blob);
        core.writeFailure(w);
        core.writeHistory(w);
        return w.toBytes();
    }

    /** Rebuilds a party from {@link #snapshot()}; {@code key} must be the one it was created with. */
    public static MahjongParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
            throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        PartyCore.Header header = PartyCore.readHeader(r, SNAPSHOT_VERSION, "unknown snapshot version");
        MahjongParameters params = MahjongParameters.fromBytes(header.parameters());
        List<Integer> squares = r.ints(27, "the squares");
        List<Integer> kindList = r.ints(27, "the kinds");
        if (squares.size() != kindList.size()) {
            throw new MalformedMessageException("squares and kinds differ in number");
        }
        Map<Integer, Integer> placement = new TreeMap<>();
        for (int i = 0; i < squares.size(); i++) {
            placement.put(squares.get(i), kindList.get(i));
        }
        MahjongParty p = new MahjongParty(params, header.seat(), header.name(), key, placement, random);
        p.keys.addAll(r.naturals(1 << 20, 1024, "the keys"));
        int openingCount = r.count(27, "the number of openings");
        for (int i = 0; i < openingCount; i++) {
            p.openings.add(r.blob(MahjongMessage.MAX_BLOB, "an opening"));
        }
        p.core.readFailure(r);
        p.core.readHistory(r, () -> p.observer = p.newObserver(), e -> p.observer.apply(p.observer.parse(e)));
        r.end();
        return p;
    }
}
