package fairtable.bench.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the session layer costs a game played in one process: one bots-only game from a fixed seed through
 * {@code InMemoryTable} (one host placing every message under its signed receipt, each seat's member checking the
 * receipt, the author's signature and the chain, and signing an acknowledgement that every other seat checks), against
 * the reference in the same run: the same seats handed each message directly, in the same order, with no receipt and
 * no acknowledgement (how the table ran before). Both play the same transcript; the setup prints its length, so the
 * cost per message is (session - direct) / messages. Run:
 * {@code java -jar bench/target/benchmarks.jar LocalSession -f 1 -wi 3 -i 5}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class LocalSessionBenchmark {
    /** A game and its settings, as {@code fairtable play} takes them: name:key=value,... */
    @Param({"holdem:hands=1", "dominoes:rounds=1"})
    public String game;

    @Param({"2", "3"})
    public int players;

    private List<TableParty<?, ?>> seats;
    private List<SigningKey> keys;

    @Setup(Level.Trial)
    public void printTheLength() throws ProtocolViolation {
        seat();
        direct();
        System.out.println(game + " for " + players + ": " + seats.get(0).transcript().size() + " messages");
    }

    @Setup(Level.Invocation)
    public void seat() {
        String[] nameAndSettings = game.split(":", 2);
        GameDefinition<?, ?> definition = Games.ALL.definition(nameAndSettings[0]).orElseThrow();
        String[] setting = nameAndSettings[1].split("=");
        seats = new ArrayList<>();
        keys = new ArrayList<>();
        seatAll(definition, Map.of(setting[0], setting[1]));
    }

    private <S, M> void seatAll(GameDefinition<S, M> definition, Map<String, String> settings) {
        TableParameters params = new TableParameters(definition.name(), players, definition.options(settings));
        SplittableRandom seeds = new SplittableRandom(7);
        for (int s = 0; s < players; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
            seats.add(TableParty.create(definition, params, s, "seat" + s, keys.get(s), seeds.split(),
                    definition.bot(seeds.split())));
        }
    }

    @Benchmark
    public int session() throws ProtocolViolation {
        new InMemoryTable(seats, keys).play();
        return seats.get(0).transcript().size();
    }

    @Benchmark
    public int direct() throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>();
        seats.forEach(s -> queue.addAll(s.start()));
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (TableParty<?, ?> to : seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
        return seats.get(0).transcript().size();
    }
}
