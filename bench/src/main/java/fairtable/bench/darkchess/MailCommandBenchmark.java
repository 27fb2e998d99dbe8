package fairtable.bench.darkchess;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.net.journal.Journal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;

/**
 * What one {@code mail receive} costs apart from JVM start, late in a game and (the reference, same run) at ply 2:
 * open the journal, restore the receiving party from its last entry, receive the other side's next message (the bots
 * then answer, as the party would), and snapshot again. The game is two bots in one process, in the mode {@code ot},
 * from the first seed from {@code seed} up whose game lasts, stopped at the first message after {@code plies} plies; the receiver's snapshot after every
 * message is journaled as {@code mail} does, in a temporary directory. The setup prints the ply actually reached, the transcript
 * length and the journal's size, since a seeded game may end sooner.
 *
 * <p>{@code restore} and {@code receiveOneMessage} wake the party as any snapshot from elsewhere is woken, every
 * message's signature verified again; the {@code Vouched} ones as {@code mail} now does from the owner's journal,
 * whose signature vouches for the messages. Run with the reference:
 * {@code java -jar bench/target/benchmarks.jar 'MailCommand|elisabethVariableBase' -f 1 -wi 3 -i 5}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class MailCommandBenchmark {
    @Param({"2", "60"})
    public int plies;

    @Param({"9"})
    public long seed;

    @Param({"ote-table", "oprf-table"})
    public String ot;

    private SigningKey receiverKey;
    private byte[] snapshot;
    private Envelope next;
    private Path directory;
    private Path journal;
    private final SplittableRandom random = new SplittableRandom(17);

    /**
     * Plays the first seeded game from {@code seed} upwards that reaches {@code plies} (the bots' games differ by mode,
     * and one may end by a king capture sooner), and keeps its receiver's journal.
     */
    @Setup(Level.Trial)
    public void playUpToThePly() throws ProtocolViolation, IOException {
        for (long s = seed; s < seed + 100; s++) {
            if (playUpToThePly(s)) {
                return;
            }
            removeTheJournals();
        }
        throw new IllegalStateException("no game from seed " + seed + " to " + (seed + 99) + " reached ply " + plies);
    }

    private boolean playUpToThePly(long gameSeed) throws ProtocolViolation, IOException {
        SplittableRandom game = new SplittableRandom(gameSeed);
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        game.nextBytes(a);
        game.nextBytes(b);
        SigningKey[] keys = {SigningKey.fromSeed(a), SigningKey.fromSeed(b)};
        DarkChessParameters params = new DarkChessParameters(OtMode.parse(ot), 2048, 200);
        DarkChessParty[] parties = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE),
                    game.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK),
                    game.split())};
        directory = Files.createTempDirectory("mail-bench");
        Journal[] journals = {Journal.open(directory.resolve("white"), keys[0]),
            Journal.open(directory.resolve("black"), keys[1])};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        for (int seat = 0; seat < 2; seat++) {
            journals[seat].record(parties[seat].snapshot(), List.of());
        }
        Envelope last = null;
        int receiver = 0;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            receiver = 1 - e.sender();
            last = e;
            if (parties[0].plies() >= plies) {
                break;
            }
            List<Envelope> out = parties[receiver].receive(e);
            journals[receiver].record(parties[receiver].snapshot(), out);
            queue.addAll(out);
        }
        for (Journal j : journals) {
            j.close();
        }
        if (parties[0].plies() < plies) {
            return false;
        }
        next = last;
        receiverKey = keys[receiver];
        journal = directory.resolve(receiver == 0 ? "white" : "black");
        try (Journal j = Journal.open(journal, receiverKey)) {
            snapshot = j.last().orElseThrow().state();
        }
        System.out.printf("%nmail command at ply %d (asked %d, seed %d), transcript %d messages, snapshot %d bytes,"
                + " journal %d bytes%n", parties[0].plies(), plies, gameSeed, parties[0].transcript().envelopes().size(),
                snapshot.length, Files.size(journal));
        return true;
    }

    @TearDown(Level.Trial)
    public void removeTheJournals() throws IOException {
        try (var files = Files.list(directory)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(directory);
    }

    /** The whole of a mail command's work before its step: open the journal and wake the party from it. */
    @Benchmark
    public int openJournalAndRestoreVouched() throws IOException, MalformedMessageException {
        try (Journal j = Journal.open(journal, receiverKey)) {
            return DarkChessParty.restoreVouched(j.last().orElseThrow().state(), receiverKey, random.split(),
                    ChessSide::fromBytes).plies();
        }
    }

    @Benchmark
    public int openJournal() {
        try (Journal j = Journal.open(journal, receiverKey)) {
            return j.last().orElseThrow().state().length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public int receiveOneMessage() throws MalformedMessageException, ProtocolViolation {
        DarkChessParty party = DarkChessParty.restore(snapshot, receiverKey, random.split(), ChessSide::fromBytes);
        List<Envelope> out = party.receive(next);
        return party.snapshot().length + out.size();
    }

    @Benchmark
    public int receiveOneMessageVouched() throws MalformedMessageException, ProtocolViolation {
        DarkChessParty party = DarkChessParty.restoreVouched(snapshot, receiverKey, random.split(), ChessSide::fromBytes);
        List<Envelope> out = party.receive(next);
        return party.snapshot().length + out.size();
    }

    @Benchmark
    public int restoreOnly() throws MalformedMessageException {
        return DarkChessParty.restore(snapshot, receiverKey, random.split(), ChessSide::fromBytes).plies();
    }

    @Benchmark
    public int restoreVouchedOnly() throws MalformedMessageException {
        return DarkChessParty.restoreVouched(snapshot, receiverKey, random.split(), ChessSide::fromBytes).plies();
    }
}
