package fairtable.protocol.permutation;

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

/** N seats wired together in memory, every message delivered to every other seat, with seeded randomness. */
final class Table {
    static final List<String> NAMES = List.of("alice", "bob", "carol", "dave", "erin", "frank", "grace");

    final List<PermutationParty> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    /** Lets a test intercept (replace, drop) a message on its way to everyone. */
    UnaryOperator<Envelope> wire = UnaryOperator.identity();

    Table(int players, int cards, long seed) {
        this(players, cards, seed, new long[0]);
    }

    /**
     * Seats get independent generators; {@code fixedSeeds[s]}, when given and non-zero, pins seat s's
     * generator, so that a test can replay a seat's secrets in another game.
     */
    Table(int players, int cards, long seed, long[] fixedSeeds) {
        SplittableRandom seeds = new SplittableRandom(seed);
        PermutationParameters params = new PermutationParameters(cards);
        for (int s = 0; s < players; s++) {
            keys.add(key(seeds));
            SplittableRandom own = seeds.split();
            if (s < fixedSeeds.length && fixedSeeds[s] != 0) {
                own = new SplittableRandom(fixedSeeds[s]);
            }
            seats.add(PermutationParty.create(params, players, s, NAMES.get(s), keys.get(s), own));
        }
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    PermutationParty seat(int s) {
        return seats.get(s);
    }

    PermutationParty last() {
        return seats.get(seats.size() - 1);
    }

    /** Delivers {@code sent} from {@code from} to every other seat, and every reply, until nobody speaks. */
    Table pump(PermutationParty from, List<Envelope> sent) throws ProtocolViolation {
        Deque<Object[]> queue = new ArrayDeque<>();
        sent.forEach(e -> queue.add(new Object[] {from, e}));
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            PermutationParty sender = (PermutationParty) item[0];
            Envelope e = wire.apply((Envelope) item[1]);
            if (e == null) {
                continue;
            }
            for (PermutationParty to : seats) {
                if (to != sender) {
                    for (Envelope reply : to.receive(e)) {
                        queue.add(new Object[] {to, reply});
                    }
                }
            }
        }
        return this;
    }

    /** Hellos, the last seat's handouts and every commitment. */
    Table setUp() throws ProtocolViolation {
        return pump(seat(0), seat(0).start());
    }

    /** The dealer (seat 0, the only seat that may) asks for {@code position} to be shown to {@code audience}. */
    Table revealTo(int position, int audience) throws ProtocolViolation {
        return pump(seat(0), seat(0).revealTo(position, audience));
    }

    Table revealPublicly(int position) throws ProtocolViolation {
        return pump(seat(0), seat(0).revealPublicly(position));
    }

    Table finish() throws ProtocolViolation {
        return pump(seat(0), seat(0).finish());
    }

    /** The true layout A = A_N ∘ ... ∘ A_1, from every seat's secret. */
    Permutation layout() {
        Permutation a = Permutation.identity(seat(0).parameters().cards());
        for (PermutationParty p : seats) {
            a = p.ownPermutation().after(a);
        }
        return a;
    }

    /** The public state rebuilt from {@code p}'s transcript, as an outsider (or a colluder) would. */
    static PermutationObserver replay(PermutationParty p) throws ProtocolViolation {
        List<String> names = p.transcript().hellos().stream().map(h -> h.name()).toList();
        PermutationObserver o = new PermutationObserver(p.parameters(), names, p.transcript().sessionId());
        for (Envelope e : p.transcript().envelopes()) {
            if (!e.type().equals(fairtable.protocol.transcript.Hello.TYPE)) {
                o.apply(o.parse(e));
            }
        }
        return o;
    }

    /**
     * The events of {@code seen} with every sealed message opened by its recipient's key: what the table as
     * a whole knows (a coalition knows the part addressed to its members).
     */
    List<PermutationObserver.Event> inClear(PermutationObserver seen) throws ProtocolViolation {
        List<PermutationObserver.Event> out = new ArrayList<>();
        for (PermutationObserver.Event e : seen.events()) {
            if (e.message() instanceof PermutationMessage.SealedMessage m) {
                out.add(e.withMessage(seen.openPrivate(e, seat(m.to()).sealingKey())));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    /** The third-party audit of what {@code p} kept: its transcript and the messages it refused. */
    static AuditVerdict audit(PermutationParty p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
