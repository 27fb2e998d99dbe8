package fairtable.protocol.table;

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

/** N seats of a {@link HighCard} table wired together in memory, every message broadcast in one order. */
final class TableSeats {
    static final String[] NAMES = {"alice", "bob", "carol", "dave", "erin", "frank"};
    static final GameCatalog CATALOG = new GameCatalog() {
        @Override
        public Optional<TableGame<?, ?>> find(String name) {
            return name.equals(HighCard.GAME.name()) ? Optional.of(HighCard.GAME) : Optional.empty();
        }

        @Override
        public List<TableGame<?, ?>> games() {
            return List.of(HighCard.GAME);
        }
    };

    final List<TableParty<HighCard.State, HighCard.Move>> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    final TableParameters params;
    /** Lets a test intercept a message on its way to one recipient: return it, another, or null to drop it. */
    BiFunction<TableParty<?, ?>, Envelope, Envelope> wire = (to, e) -> e;

    TableSeats(int players, int rounds, long seed) {
        this(players, rounds, seed, (view, seat, legal) -> HighCard.Move.SHOW);
    }

    TableSeats(int players, int rounds, long seed, TablePlayer<HighCard.State, HighCard.Move> player) {
        this(players, rounds, seed, player, HighCard.GAME);
    }

    /** Every seat plays {@code rules} (high card, or a variant of it under the same name). */
    TableSeats(int players, int rounds, long seed, TablePlayer<HighCard.State, HighCard.Move> player,
            TableGame<HighCard.State, HighCard.Move> rules) {
        params = new TableParameters(HighCard.GAME.name(), players, new byte[] {(byte) rounds});
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int s = 0; s < players; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
        }
        for (int s = 0; s < players; s++) {
            seats.add(TableParty.create(rules, params, s, NAMES[s], keys.get(s), seeds.split(), player));
        }
    }

    TableParty<HighCard.State, HighCard.Move> seat(int s) {
        return seats.get(s);
    }

    /** Broadcasts {@code sent} and every reply, in order, until nobody has anything to say. */
    void pump(List<Envelope> sent) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (TableParty<HighCard.State, HighCard.Move> to : seats) {
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

    /** Delivers {@code sent} to every other seat, collecting each refusal instead of stopping at the first. */
    List<ProtocolViolation> offer(List<Envelope> sent) {
        List<ProtocolViolation> refusals = new ArrayList<>();
        for (Envelope e : sent) {
            for (TableParty<HighCard.State, HighCard.Move> to : seats) {
                if (to.seat() == e.sender()) {
                    continue;
                }
                try {
                    to.receive(e);
                } catch (ProtocolViolation v) {
                    refusals.add(v);
                }
            }
        }
        return refusals;
    }

    static AuditVerdict audit(TableParty<?, ?> p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused),
                List.of(new TableAudit(CATALOG)));
    }
}
