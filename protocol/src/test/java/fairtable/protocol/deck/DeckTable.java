package fairtable.protocol.deck;

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
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/** N seats wired together in memory, every message broadcast in one global order, seeded randomness. */
final class DeckTable {
    static final String[] NAMES = {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"};

    final DeckParameters params;
    final List<DeckParty> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    /** Lets a test intercept a message on its way to one recipient: return it, another message, or null to drop it. */
    BiFunction<DeckParty, Envelope, Envelope> wire = (to, e) -> e;

    DeckTable(int players, int cards, long seed) {
        params = new DeckParameters(players, cards);
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int s = 0; s < players; s++) {
            keys.add(key(seeds));
        }
        for (int s = 0; s < players; s++) {
            seats.add(DeckParty.create(params, s, NAMES[s], keys.get(s), seeds.split()));
        }
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    DeckParty seat(int s) {
        return seats.get(s);
    }

    /** Broadcasts {@code sent} and every reply, in order, until nobody has anything to say. */
    void pump(List<Envelope> sent) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (DeckParty to : seats) {
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

    /** Hellos, keys and every seat's shuffle. */
    DeckTable shuffle() throws ProtocolViolation {
        pump(seat(0).start());
        return this;
    }

    /** The third-party audit of what {@code p} kept: its transcript and the messages it refused. */
    static AuditVerdict audit(DeckParty p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
