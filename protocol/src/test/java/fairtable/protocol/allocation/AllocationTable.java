package fairtable.protocol.allocation;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/** N institutions wired together in memory, every message broadcast in one global order, seeded randomness. */
final class AllocationTable {
    static final String[] NAMES = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"};

    final AllocationParameters params;
    final SigningKey board;
    final List<AllocationParty> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    /** Lets a test intercept a message on its way to one recipient: return it, another message, or null to drop it. */
    BiFunction<AllocationParty, Envelope, Envelope> wire = (to, e) -> e;

    /** {@code institutions} institutions drawing {@code each} of 1..{@code items}, escrowed to a board or not. */
    AllocationTable(int institutions, int items, int each, boolean withBoard, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        board = key(seeds);
        params = new AllocationParameters(institutions, items, each,
                withBoard ? Optional.of(BoardKey.of("ethics", board, seeds.split())) : Optional.empty());
        for (int s = 0; s < institutions; s++) {
            keys.add(key(seeds));
        }
        for (int s = 0; s < institutions; s++) {
            seats.add(AllocationParty.create(params, s, NAMES[s], keys.get(s), seeds.split()));
        }
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    AllocationParty seat(int s) {
        return seats.get(s);
    }

    /** Broadcasts {@code sent} and every reply, in order, until nobody has anything to say. */
    void pump(List<Envelope> sent) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (AllocationParty to : seats) {
                if (to.seat() == e.sender() || to.isFinished()) {
                    continue;
                }
                Envelope delivered = wire.apply(to, e);
                if (delivered != null) {
                    queue.addAll(to.receive(delivered));
                }
            }
        }
    }

    /** The whole draw: hellos, keys, shuffles, escrows, the deal and the shares. */
    AllocationTable run() throws ProtocolViolation {
        pump(seat(0).start());
        return this;
    }

    /** A message in {@code seat}'s name, correctly signed, placed right after what {@code at} holds. */
    Envelope signed(int seat, AllocationParty at, int step, String type, byte[] body) {
        return Envelope.sign(keys.get(seat), at.transcript().sessionId(), at.transcript().size(), at.transcript().head(),
                seat, step, type, body);
    }

    /** The third-party audit of what {@code p} kept: its transcript and the messages it refused. */
    static AuditVerdict audit(AllocationParty p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
