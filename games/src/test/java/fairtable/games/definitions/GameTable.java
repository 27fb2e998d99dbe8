package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.table.TableAudit;
import fairtable.protocol.table.TableGame;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * N seats of one game's table in memory, every message delivered to every other seat in one order, with seeded
 * keys and secrets. A seat may run another game under the same name (a dishonest seat's own rules).
 */
final class GameTable<S, M> {
    static final String[] NAMES = {"alice", "bob", "carol", "dave", "erin", "frank"};

    final List<TableParty<S, M>> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();
    final TableParameters params;

    /** {@code players} bots with these settings. */
    GameTable(GameDefinition<S, M> game, int players, Map<String, String> settings, long seed) {
        this(game, players, settings, seed, seat -> game.bot(new SplittableRandom(seed + seat)), seat -> game);
    }

    GameTable(GameDefinition<S, M> game, int players, Map<String, String> settings, long seed,
            IntFunction<TablePlayer<S, M>> players0, IntFunction<TableGame<S, M>> rules) {
        this(new TableParameters(game.name(), players, game.options(settings)), seed, players0, rules);
    }

    /** Seats at a table of these parameters (a game over the FR 2823580 draw, say). */
    GameTable(TableParameters params, long seed, IntFunction<TablePlayer<S, M>> players0,
            IntFunction<TableGame<S, M>> rules) {
        this.params = params;
        int players = params.players();
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int s = 0; s < players; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
        }
        for (int s = 0; s < players; s++) {
            seats.add(TableParty.create(rules.apply(s), params, s, NAMES[s], keys.get(s), seeds.split(),
                    players0.apply(s)));
        }
    }

    TableParty<S, M> seat(int s) {
        return seats.get(s);
    }

    /** Starts the table and delivers until nobody has anything to say. */
    GameTable<S, M> play() throws ProtocolViolation {
        return playUntil(() -> false);
    }

    /**
     * Starts the table and delivers until {@code stop} holds before a message is delivered (that message and the
     * rest are dropped: the seats that did not send them have not seen them), or nobody has anything to say.
     */
    GameTable<S, M> playUntil(BooleanSupplier stop) throws ProtocolViolation {
        List<Envelope> first = new ArrayList<>();
        for (TableParty<?, ?> s : seats) {
            first.addAll(s.start());
        }
        pump(first, stop);
        return this;
    }

    /** Broadcasts {@code sent} and every reply, in order, until nobody has anything to say. */
    void pump(List<Envelope> sent) throws ProtocolViolation {
        pump(sent, () -> false);
    }

    private void pump(List<Envelope> sent, BooleanSupplier stop) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty() && !stop.getAsBoolean()) {
            Envelope e = queue.poll();
            for (TableParty<?, ?> to : seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
    }

    /** Asks every seat whose player put a decision off to decide now, and delivers what follows. */
    void resume() throws ProtocolViolation {
        List<Envelope> out = new ArrayList<>();
        for (TableParty<?, ?> s : seats) {
            out.addAll(s.resume());
        }
        pump(out);
    }

    /** The audit of {@code p}'s evidence, as `fairtable audit` runs it on its file: transcript and refusals. */
    static AuditVerdict audit(TableParty<?, ?> p) {
        List<Envelope> refused = new ArrayList<>();
        p.rejected().forEach(r -> refused.add(r.envelope()));
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused),
                List.of(new TableAudit(Games.ALL)));
    }

    /** The same audit, of {@code p}'s evidence written to a file and read back. */
    static AuditVerdict auditFromFile(TableParty<?, ?> p, Path dir) throws Exception {
        Path file = dir.resolve(p.nameOf(p.seat()) + ".transcript");
        TranscriptFile.write(file, p.transcript().envelopes(), p.rejected());
        TranscriptFile.Contents contents = TranscriptFile.read(file);
        Files.delete(file);
        return Auditor.audit(contents, List.of(new TableAudit(Games.ALL)));
    }

    /**
     * Every honest seat refuses {@code sent} naming {@code cheater} with exactly {@code reason}, records nothing
     * and answers nothing, and the audit of its evidence fails with the same line.
     */
    void assertRefusedByEveryHonestSeat(int cheater, List<Envelope> sent, String reason) {
        assertThat(sent).isNotEmpty();
        String expected = "step " + sent.get(0).step() + ", party " + NAMES[cheater] + ": " + reason;
        for (TableParty<S, M> honest : seats) {
            if (honest.seat() != cheater) {
                assertRefusedBy(honest, sent.get(0), expected);
            }
        }
    }

    static void assertRefusedBy(TableParty<?, ?> honest, Envelope sent, String expected) {
        int before = honest.transcript().size();
        String awaited = honest.awaiting();
        assertThatThrownBy(() -> honest.receive(sent)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(honest.transcript().size()).as("nothing recorded").isEqualTo(before);
        assertThat(honest.awaiting()).as("nothing changed").isEqualTo(awaited);
        assertThat(audit(honest).line()).isEqualTo("FAILED: " + expected);
    }

    /**
     * Every seat stopped on the same broken rule naming {@code cheater} with {@code reason}, and the audit of the
     * first seat's evidence agrees, in memory and from a file written to {@code dir}.
     */
    void assertStoppedNaming(String cheater, String reason, Path dir) throws Exception {
        ProtocolViolation stopped = seat(0).failure().orElseThrow();
        assertThat(stopped.party()).isEqualTo(cheater);
        assertThat(stopped.reason()).isEqualTo(reason);
        for (TableParty<S, M> p : seats) {
            assertThat(p.isFinished()).isTrue();
            assertThat(p.failure().orElseThrow()).hasMessage(stopped.getMessage());
            assertThat(p.awaiting()).isEqualTo("nothing: the game was stopped (" + stopped.getMessage() + ")");
        }
        assertThat(audit(seat(0)).line()).isEqualTo("FAILED: " + stopped.getMessage());
        assertThat(auditFromFile(seat(0), dir).line()).isEqualTo("FAILED: " + stopped.getMessage());
    }

    /** A message signed by {@code cheater}'s real key, placed next in {@code honest}'s chain. */
    Envelope sealedAs(int cheater, TableParty<?, ?> honest, String type, byte[] body) throws ProtocolViolation {
        return sealedAs(keys.get(cheater), cheater, honest, type, body);
    }

    static Envelope sealedAs(SigningKey key, int seat, TableParty<?, ?> honest, String type, byte[] body)
            throws ProtocolViolation {
        Transcript copy = new Transcript();
        for (Envelope e : honest.transcript().envelopes()) {
            copy.append(e);
        }
        return copy.seal(key, seat, honest.nextStep(), type, body);
    }
}
