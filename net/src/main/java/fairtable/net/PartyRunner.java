package fairtable.net;

import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Drives a sans-I/O party over a transport: sends what the party says, feeds it what arrives, and asks an
 * {@link Actor} for this side's own initiatives (draw, return, reveal) whenever it may act. Stops when the
 * party is finished, when the peer breaks the protocol, or when the peer goes silent.
 */
public final class PartyRunner {
    private PartyRunner() {}

    /** This side's own moves: called after every step; returns the messages to send, usually none. */
    @FunctionalInterface
    public interface Actor {
        List<Envelope> act();

        Actor PASSIVE = List::of;
    }

    /** How a run ended. Exactly one of: finished, a protocol failure, or a transport problem. */
    public record Outcome(boolean finished, Optional<ProtocolViolation> failure, Optional<String> problem) {
        static Outcome done() {
            return new Outcome(true, Optional.empty(), Optional.empty());
        }

        static Outcome failed(ProtocolViolation v) {
            return new Outcome(false, Optional.of(v), Optional.empty());
        }

        static Outcome trouble(String what) {
            return new Outcome(false, Optional.empty(), Optional.of(what));
        }
    }

    public static Outcome run(Party party, Transport transport, Actor actor, Duration silence) {
        try {
            send(transport, party.start());
            send(transport, actor.act());
            while (!party.isFinished()) {
                byte[] frame;
                try {
                    frame = transport.receive(silence);
                } catch (TimeoutException e) {
                    return Outcome.trouble("waited " + silence.toSeconds() + " s for " + party.awaiting()
                            + "; " + transport.peer() + " is silent");
                }
                Envelope e;
                try {
                    e = Envelope.fromBytes(frame);
                } catch (MalformedMessageException m) {
                    return Outcome.trouble(transport.peer() + " sent bytes that are not a message: " + m.getMessage());
                }
                try {
                    send(transport, party.receive(e));
                } catch (ProtocolViolation v) {
                    return Outcome.failed(v);
                }
                if (party.failure().isPresent()) {
                    return Outcome.failed(party.failure().get());
                }
                send(transport, actor.act());
            }
            return Outcome.done();
        } catch (IOException e) {
            return Outcome.trouble(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static void send(Transport transport, List<Envelope> messages) throws IOException {
        for (Envelope e : messages) {
            transport.send(e.toBytes());
        }
    }
}
