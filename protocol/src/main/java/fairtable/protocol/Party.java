package fairtable.protocol;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.Optional;

/**
 * One seat of a protocol, as a deterministic state machine with no I/O: it consumes a message and returns
 * the messages to send. The same party runs in memory, over TCP and by correspondence.
 */
public interface Party {
    /** The messages this seat sends before hearing from anyone (usually its hello, or nothing). */
    List<Envelope> start();

    /**
     * Consumes one received message. A message that breaks the protocol is rejected with a
     * {@link ProtocolViolation}, kept as evidence in {@link #rejected()}, and leaves the state unchanged.
     * A cheat that is only visible with this seat's secrets ends the game instead: the message is recorded,
     * this seat reveals what proves the cheat, and {@link #failure()} says who cheated.
     */
    List<Envelope> receive(Envelope message) throws ProtocolViolation;

    /** What is awaited now, and from whom, in words for the user. */
    String awaiting();

    /**
     * The step number the next message will carry ({@link Envelope#step()}; 0 while the hellos are exchanged), so
     * that a runner can wait longer at some steps than at others.
     */
    int nextStep();

    /** Whether this seat has nothing more to send or receive. */
    boolean isFinished();

    /** The cheat this seat caught that ended the game, if any. */
    Optional<ProtocolViolation> failure();

    /** The signed, hash-chained messages accepted so far. */
    Transcript transcript();

    /**
     * This party's whole state, secrets included, as bytes: what a journal stores so that the party can be
     * restored after a crash. Protect it like a key.
     */
    byte[] snapshot();

    /**
     * This party's own messages since it last heard from anyone: what to send again after a reconnection,
     * in case they were lost. The receiver ignores exact copies of messages it already has.
     */
    default List<Envelope> unacknowledged() {
        List<Envelope> all = transcript().envelopes();
        int mine = -1;
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).sender() != seat()) {
                break;
            }
            mine = i;
        }
        return mine < 0 ? List.of() : List.copyOf(all.subList(mine, all.size()));
    }

    /** This party's seat. */
    int seat();

    /** Messages that were refused, with the reason: evidence to keep. */
    List<Rejected> rejected();

    /** A refused message and why. */
    record Rejected(Envelope envelope, ProtocolViolation reason) {}
}
