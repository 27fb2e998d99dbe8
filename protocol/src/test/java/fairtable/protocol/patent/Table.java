package fairtable.protocol.patent;

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
import java.util.function.UnaryOperator;

/** Two parties wired together in memory, with seeded randomness, for tests. */
final class Table {
    final PatentParty alice;
    final PatentParty bob;
    final SigningKey aliceKey;
    final SigningKey bobKey;
    /** Lets a test intercept (replace, drop, duplicate) a message on its way. */
    UnaryOperator<Envelope> wire = UnaryOperator.identity();

    Table(PatentParameters params, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        aliceKey = key(seeds);
        bobKey = key(seeds);
        alice = PatentParty.create(params, 0, "alice", aliceKey, seeds.split());
        bob = PatentParty.create(params, 1, "bob", bobKey, seeds.split());
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    PatentParty other(PatentParty p) {
        return p == alice ? bob : alice;
    }

    /** Delivers {@code sent} from {@code from}, and every reply, until nobody has anything to say. */
    void pump(PatentParty from, List<Envelope> sent) throws ProtocolViolation {
        Deque<Object[]> queue = new ArrayDeque<>();
        sent.forEach(e -> queue.add(new Object[] {other(from), e}));
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            PatentParty to = (PatentParty) item[0];
            Envelope e = wire.apply((Envelope) item[1]);
            if (e == null) {
                continue;
            }
            for (Envelope reply : to.receive(e)) {
                queue.add(new Object[] {other(to), reply});
            }
        }
    }

    Table deal() throws ProtocolViolation {
        pump(alice, alice.start());
        return this;
    }

    Table finish() throws ProtocolViolation {
        pump(alice, alice.reveal());
        return this;
    }

    /** The third-party audit of what {@code p} kept: its transcript and the messages it refused. */
    static AuditVerdict audit(PatentParty p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
