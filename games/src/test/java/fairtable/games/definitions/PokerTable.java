package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.poker.PokerGame;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.table.TableAudit;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/** The seats of one poker table in memory, with what the adversarial tests need to play a dishonest one. */
final class PokerTable<G extends PokerGame<G, ?>> {
    static final List<String> NAMES = List.of("alice", "bob", "carol", "dave", "erin", "frank");

    final PokerDefinition<G> game;
    final List<TableParty<PokerState<G>, PokerMove>> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    final InMemoryTable table;

    /** Each seat decides with the player {@code players} gives it; secrets and keys from {@code seed}. */
    PokerTable(PokerDefinition<G> game, int players, byte[] options, long seed,
            IntFunction<TablePlayer<PokerState<G>, PokerMove>> player) {
        this(game, new TableParameters(game.name(), players, options), seed, player);
    }

    /** The same at a table of these parameters: over the FR 2823580 draw, say. */
    PokerTable(PokerDefinition<G> game, TableParameters params, long seed,
            IntFunction<TablePlayer<PokerState<G>, PokerMove>> player) {
        this.game = game;
        int players = params.players();
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int s = 0; s < players; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
        }
        for (int s = 0; s < players; s++) {
            seats.add(TableParty.create(game, params, s, NAMES.get(s), keys.get(s), seeds.split(), player.apply(s)));
        }
        table = new InMemoryTable(seats, keys);
    }

    private PokerTable(PokerDefinition<G> game, List<TableParty<PokerState<G>, PokerMove>> seats, List<SigningKey> keys) {
        this.game = game;
        this.seats.addAll(seats);
        this.keys.addAll(keys);
        table = new InMemoryTable(this.seats, this.keys);
    }

    /**
     * This position again, every seat restored from its snapshot (as a node restarted from its journal) with a player
     * that waits: a fresh table for each cheat, without playing the hand again from the shuffle.
     */
    PokerTable<G> copy() throws MalformedMessageException {
        List<TableParty<PokerState<G>, PokerMove>> restored = new ArrayList<>();
        for (TableParty<PokerState<G>, PokerMove> s : seats) {
            restored.add(TableParty.restore(s.snapshot(), game, keys.get(s.seat()), new SplittableRandom(s.seat()),
                    (view, seat, legal) -> null));
        }
        PokerTable<G> copy = new PokerTable<>(game, restored, keys);
        for (int s = 0; s < seats.size(); s++) {
            assertThat(copy.seat(s).transcript().envelopes()).isEqualTo(seat(s).transcript().envelopes());
            assertThat(copy.seat(s).awaiting()).isEqualTo(seat(s).awaiting());
        }
        return copy;
    }

    /**
     * A player that checks or calls, stands pat and shows, and puts its decision off (the table goes quiet)
     * while {@code pause} holds.
     */
    static <G extends PokerGame<G, ?>> TablePlayer<PokerState<G>, PokerMove> passive(Predicate<PokerState<G>> pause) {
        return (view, seat, legal) -> {
            if (pause.test(view)) {
                return null;
            }
            for (PokerMove m : List.of(PokerMove.CHECK, PokerMove.CALL, new PokerMove.Draw(List.of()), PokerMove.SHOW)) {
                if (legal.contains(m)) {
                    return m;
                }
            }
            return legal.get(0);
        };
    }

    /** Passive players at every seat that together make {@code moves} decisions, then all wait. */
    static <G extends PokerGame<G, ?>> IntFunction<TablePlayer<PokerState<G>, PokerMove>> passiveFor(int moves) {
        AtomicInteger made = new AtomicInteger();
        return s -> {
            TablePlayer<PokerState<G>, PokerMove> passive = passive(view -> made.get() >= moves);
            return (view, seat, legal) -> {
                PokerMove m = passive.choose(view, seat, legal);
                if (m != null) {
                    made.incrementAndGet();
                }
                return m;
            };
        };
    }

    /** A table of passive players, played until they all wait. */
    static <G extends PokerGame<G, ?>> PokerTable<G> quietAfter(PokerDefinition<G> game, int players, long seed,
            IntFunction<TablePlayer<PokerState<G>, PokerMove>> player) throws ProtocolViolation {
        PokerTable<G> t = new PokerTable<>(game, players, PokerDefinition.options(3, 1000, 10, 20), seed, player);
        t.table.play();
        return t;
    }

    /**
     * Offers {@code sent} to every honest seat: each refuses it naming the cheater with exactly this reason,
     * records nothing, and the audit of its evidence convicts the cheater for the same reason.
     */
    void assertRefusedByEveryHonestSeat(int cheater, Envelope sent, String reason) {
        String name = NAMES.get(cheater);
        for (TableParty<PokerState<G>, PokerMove> honest : seats) {
            if (honest.seat() == cheater) {
                continue;
            }
            int before = honest.transcript().size();
            int step = honest.nextStep();
            assertThatThrownBy(() -> honest.receive(sent))
                    .isInstanceOf(ProtocolViolation.class)
                    .hasMessage("step " + step + ", party " + name + ": " + reason);
            assertThat(honest.transcript().size())
                    .as("nothing recorded, nothing answered").isEqualTo(before);
            assertThat(honest.failure()).isEmpty();
            AuditVerdict verdict = audit(honest);
            assertThat(verdict.verified()).as(verdict.line()).isFalse();
            assertThat(verdict.failure().party()).isEqualTo(name);
            assertThat(verdict.failure().reason()).isEqualTo(reason);
        }
    }

    /** Delivers a message the rules allow to every honest seat, which accepts it and has nothing to answer. */
    void acceptedByEveryHonestSeat(int cheater, Envelope sent) throws ProtocolViolation {
        for (TableParty<PokerState<G>, PokerMove> honest : seats) {
            if (honest.seat() != cheater) {
                assertThat(honest.receive(sent)).isEmpty();
            }
        }
    }

    TableParty<PokerState<G>, PokerMove> seat(int s) {
        return seats.get(s);
    }

    /** The audit of a seat's evidence file: its transcript and the messages it refused, written and read back. */
    static AuditVerdict audit(TableParty<?, ?> p) {
        try {
            Path file = Files.createTempFile("evidence", ".transcript");
            try {
                TranscriptFile.write(file, p.transcript().envelopes(), p.rejected());
                return Auditor.audit(TranscriptFile.read(file), List.of(new TableAudit(Games.ALL)));
            } finally {
                Files.delete(file);
            }
        } catch (IOException | TranscriptFile.UnreadableTranscriptException e) {
            throw new AssertionError("the evidence file cannot be written or read back", e);
        }
    }

    /**
     * A table message signed by {@code cheater} as the next one in {@code honest}'s chain: what a dishonest seat
     * whose own client fell out of step with the table sends (the chain is copied, not changed).
     */
    Envelope sealedAs(int cheater, TableParty<?, ?> honest, String type, byte[] body) throws ProtocolViolation {
        return GameTable.sealedAs(keys.get(cheater), cheater, honest, type, body);
    }

    /** A move by {@code cheater} placed next in {@code honest}'s chain. */
    Envelope moveAs(int cheater, TableParty<?, ?> honest, PokerMove move) throws ProtocolViolation {
        TableParty<?, ?> c = seat(cheater);
        Envelope own = TableCheats.move(c, keys.get(cheater), game.encode(move));
        return sealedAs(cheater, honest, TableObserver.MOVE, own.body());
    }

    /** The deck message inside a table deck message. */
    static Envelope inner(Envelope wrapped) throws Exception {
        WireReader r = new WireReader(wrapped.body());
        r.u32();
        return Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "the deck message"));
    }
}
