package fairtable.protocol.mahjong;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/** Two mahjong-shogi parties wired together in memory, with seeded randomness and random movers, for tests. */
final class Match {
    /** 2^127 - 1: a prime small enough for fast faithful-mode tests. */
    static final BigInteger SMALL_PRIME = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    static MahjongParameters faithfulSmall() {
        return MahjongParameters.faithful(SMALL_PRIME, 256);
    }

    final MahjongParty alice;
    final MahjongParty bob;
    final SigningKey aliceKey;
    final SigningKey bobKey;
    final SplittableRandom moves;
    /** Lets a test intercept (replace, hold back with null) a message on its way. */
    java.util.function.UnaryOperator<Envelope> wire = java.util.function.UnaryOperator.identity();

    Match(MahjongParameters params, long seed) {
        this(params, seed, null, null);
    }

    Match(MahjongParameters params, long seed, Map<Integer, Integer> alicePlacement, Map<Integer, Integer> bobPlacement) {
        SplittableRandom seeds = new SplittableRandom(seed);
        aliceKey = key(seeds);
        bobKey = key(seeds);
        moves = seeds.split();
        Map<Integer, Integer> a = alicePlacement != null ? alicePlacement : randomPlacement(params, 0, seeds.split());
        Map<Integer, Integer> b = bobPlacement != null ? bobPlacement : randomPlacement(params, 1, seeds.split());
        alice = MahjongParty.createUnchecked(params, 0, "alice", aliceKey, a, seeds.split());
        bob = MahjongParty.createUnchecked(params, 1, "bob", bobKey, b, seeds.split());
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** The tile set's kinds on random home squares of {@code seat}. */
    static Map<Integer, Integer> randomPlacement(MahjongParameters params, int seat, SplittableRandom random) {
        List<Integer> home = new ArrayList<>();
        for (int sq = 0; sq < 81; sq++) {
            if (MahjongObserver.isHome(seat, sq)) {
                home.add(sq);
            }
        }
        Collections.shuffle(home, new java.util.Random(random.nextLong()));
        Map<Integer, Integer> placement = new TreeMap<>();
        int next = 0;
        for (int kind = 1; kind <= 13; kind++) {
            for (int i = 0; i < params.counts().get(kind - 1); i++) {
                placement.put(home.get(next++), kind);
            }
        }
        return placement;
    }

    MahjongParty other(MahjongParty p) {
        return p == alice ? bob : alice;
    }

    /** Delivers {@code sent} from {@code from}, and every reply, until nobody has anything to say. */
    void pump(MahjongParty from, List<Envelope> sent) throws ProtocolViolation {
        Deque<Object[]> queue = new ArrayDeque<>();
        sent.forEach(e -> queue.add(new Object[] {other(from), e}));
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            MahjongParty to = (MahjongParty) item[0];
            Envelope e = wire.apply((Envelope) item[1]);
            if (e == null) {
                continue;
            }
            for (Envelope reply : to.receive(e)) {
                queue.add(new Object[] {other(to), reply});
            }
        }
    }

    Match start() throws ProtocolViolation {
        pump(alice, alice.start());
        return this;
    }

    /** One random legal move (attacks preferred) by whoever is to move; false if nobody is. */
    boolean step() throws ProtocolViolation {
        for (MahjongParty p : List.of(alice, bob)) {
            if (p.isMyTurn()) {
                List<int[]> legal = p.observer().legalMoves(p.seat());
                List<int[]> attacks = legal.stream().filter(m -> p.observer().ownerAt(m[1]) == 1 - p.seat()).toList();
                List<int[]> pool = !attacks.isEmpty() && moves.nextInt(3) > 0 ? attacks : legal;
                int[] m = pool.get(moves.nextInt(pool.size()));
                pump(p, p.move(m[0], m[1]));
                return true;
            }
        }
        return false;
    }

    Match playOut() throws ProtocolViolation {
        while (step()) {
            // until the game is over or stopped
        }
        return this;
    }

    /** A message in {@code sender}'s name, signed with {@code key}, placed where {@code receiver} expects the next one. */
    static Envelope forge(MahjongParty receiver, int sender, SigningKey key, int step, String type, byte[] body) {
        return Envelope.sign(key, receiver.transcript().sessionId(), receiver.transcript().size(),
                receiver.transcript().head(), sender, step, type, body);
    }

    /** The third-party audit of what {@code p} kept: its transcript and the messages it refused. */
    static AuditVerdict audit(MahjongParty p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
