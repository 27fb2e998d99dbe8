package fairtable.net;

import fairtable.protocol.transcript.Envelope;
import java.util.List;

/**
 * This side's own moves (a draw, a return, a reveal, a person's or a bot's move): asked after every step the party
 * takes; returns the messages to send, usually none.
 */
@FunctionalInterface
public interface Actor {
    List<Envelope> act();

    /** A side that only answers: its party's replies are all it sends. */
    Actor PASSIVE = List::of;
}
