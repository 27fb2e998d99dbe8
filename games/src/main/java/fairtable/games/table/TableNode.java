package fairtable.games.table;

import fairtable.protocol.ProtocolViolation;
import java.util.List;
import java.util.function.Consumer;

/** One player's node at a table, whatever protocol deals its cards: what a runner needs to drive it. */
public interface TableNode {

    /** The messages this seat sends before hearing from anyone. */
    List<TableMessage> start();

    /** Consumes one message from another seat; returns what to send to every other seat, in order. */
    List<TableMessage> receive(TableMessage message) throws ProtocolViolation;

    /**
     * Goes on once this seat's player, who put a decision off (its player returned null), can make it: the seat asks
     * again and returns what to send. Returns nothing when the seat is not waiting for its player.
     */
    List<TableMessage> resume() throws ProtocolViolation;

    int seat();

    String nameOf(int seat);

    boolean isFinished();

    /** What the table waits for now, in words. */
    String awaiting();

    /** Every finished round's deck session: the transcripts to write and audit. */
    List<Seat.Session> sessions();

    /** Where this seat tells its own view, line by line (its private cards included); silent by default. */
    default void narrateTo(Consumer<String> narrator) {
    }

    /**
     * Every finished round's session and, if the game stopped during a round, that round's session so far
     * with the messages this seat refused: the evidence to write when a game is broken off.
     */
    List<Seat.Session> evidence();

    /** Every finished round, as this seat saw it. */
    List<RoundReport> reports();
}
