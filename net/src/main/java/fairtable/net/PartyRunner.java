package fairtable.net;

import fairtable.net.journal.Journal;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Drives a sans-I/O party over a transport: sends what the party says, feeds it what arrives, and asks an
 * {@link Actor} for this side's own initiatives (draw, return, reveal) whenever it may act.
 *
 * <p>With a {@link Journal}, every step is on disk before its messages leave. With a {@link Connector}
 * that can reconnect, a dropped connection is re-established and both sides send again whatever the other
 * may have missed; exact copies of messages already accepted are ignored, so retransmission is idempotent.
 * After finishing, the runner lingers briefly so that a peer who lost the last message can ask again.
 */
public final class PartyRunner {
    private PartyRunner() {}

    /** This side's own moves: called after every step; returns the messages to send, usually none. */
    @FunctionalInterface
    public interface Actor {
        List<Envelope> act();

        Actor PASSIVE = List::of;
    }

    /** Opens a connection to the peer, waiting at most {@code patience}; called again after a drop. */
    @FunctionalInterface
    public interface Connector {
        Transport connect(Duration patience) throws IOException, TimeoutException;
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

    /**
     * Settings beyond the essentials. {@code patience} says how long to wait for the peer given where the
     * game stands, so that a slow step (a 2048-bit shuffle) can be allowed more time than a quick one.
     */
    public record Options(Function<Party, Duration> patience, Journal journal, Duration linger) {
        public static Options waitingFor(Duration silence) {
            return new Options(party -> silence, null, Duration.ZERO);
        }

        public static Options waitingFor(Function<Party, Duration> patience) {
            return new Options(patience, null, Duration.ZERO);
        }

        public Options journaled(Journal j) {
            return new Options(patience, j, linger);
        }

        public Options lingering(Duration d) {
            return new Options(patience, journal, d);
        }

        Duration silence(Party party) {
            return patience.apply(party);
        }
    }

    /** One connection, no journal, no reconnection. */
    public static Outcome run(Party party, Transport transport, Actor actor, Duration silence) {
        boolean[] used = {false};
        Connector once = patience -> {
            if (used[0]) {
                throw new Transport.PeerGoneException(transport.peer());
            }
            used[0] = true;
            return transport;
        };
        return run(party, once, actor, Options.waitingFor(silence));
    }

    public static Outcome run(Party party, Connector connector, Actor actor, Options options) {
        Link link = new Link(connector);
        try {
            Transport transport = link.open(options.silence(party));
            List<Envelope> resend = party.unacknowledged();
            List<Envelope> fresh = new ArrayList<>(party.start());
            fresh.addAll(actor.act());
            journal(options, party, fresh);
            send(transport, resend);
            send(transport, fresh);
            while (!party.isFinished()) {
                byte[] frame;
                try {
                    frame = transport.receive(options.silence(party));
                } catch (TimeoutException e) {
                    return Outcome.trouble("waited " + options.silence(party).toSeconds() + " s for " + party.awaiting()
                            + "; " + transport.peer() + " is silent");
                } catch (IOException e) {
                    transport = link.reopen(party, options.silence(party));
                    continue;
                }
                Envelope e;
                try {
                    e = Envelope.fromBytes(frame);
                } catch (MalformedMessageException m) {
                    return Outcome.trouble(transport.peer() + " sent bytes that are not a message: " + m.getMessage());
                }
                if (alreadyAccepted(party, e)) {
                    continue; // a retransmission of something we have: idempotent
                }
                List<Envelope> out;
                try {
                    out = new ArrayList<>(party.receive(e));
                } catch (ProtocolViolation v) {
                    return Outcome.failed(v);
                }
                if (party.failure().isEmpty()) {
                    out.addAll(actor.act());
                }
                journal(options, party, out);
                sendOrReconnect(transport, out);
                if (party.failure().isPresent()) {
                    return Outcome.failed(party.failure().get());
                }
            }
            linger(link, party, options.linger());
            return Outcome.done();
        } catch (IOException e) {
            return Outcome.trouble(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        } catch (TimeoutException e) {
            return Outcome.trouble(e.getMessage());
        } finally {
            link.close();
        }
    }

    /** The connection in use; whatever happens, the last one opened is the one closed at the end. */
    private static final class Link {
        private final Connector connector;
        private Transport current;

        Link(Connector connector) {
            this.connector = connector;
        }

        Transport open(Duration patience) throws IOException, TimeoutException {
            close();
            current = connector.connect(patience);
            return current;
        }

        /** Connects again and sends what the peer may have missed. */
        Transport reopen(Party party, Duration patience) throws IOException, TimeoutException {
            Transport fresh = open(patience);
            send(fresh, party.unacknowledged());
            return fresh;
        }

        Transport current() {
            return current;
        }

        void close() {
            if (current != null) {
                current.close();
            }
        }
    }

    /** A send may fail because the peer just went away; the reconnection will resend it. */
    private static void sendOrReconnect(Transport transport, List<Envelope> out) {
        try {
            send(transport, out);
        } catch (IOException ignored) {
            // Journaled already; the next receive sees the broken connection and reconnects.
        }
    }

    /**
     * Answers a peer that may have missed our last messages (it asks again, or reconnects after a crash),
     * until the linger time is up.
     */
    private static void linger(Link link, Party party, Duration linger) {
        long deadline = System.nanoTime() + linger.toNanos();
        while (System.nanoTime() < deadline) {
            Duration left = Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
            try {
                link.current().receive(left);
                send(link.current(), party.unacknowledged());
            } catch (TimeoutException quiet) {
                return;
            } catch (IOException gone) {
                try {
                    link.reopen(party, left);
                } catch (IOException | TimeoutException nobody) {
                    return;
                }
            }
        }
    }

    private static boolean alreadyAccepted(Party party, Envelope e) {
        List<Envelope> accepted = party.transcript().envelopes();
        return e.seq() < accepted.size() && accepted.get((int) e.seq()).equals(e);
    }

    private static void journal(Options options, Party party, List<Envelope> outbox) throws IOException {
        if (options.journal() != null) {
            options.journal().record(party.snapshot(), outbox);
        }
    }

    private static void send(Transport transport, List<Envelope> messages) throws IOException {
        for (Envelope e : messages) {
            transport.send(e.toBytes());
        }
    }
}
