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
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Drives a sans-I/O party over a transport: sends what the party says, feeds it what arrives, and asks an
 * {@link Actor} for this side's own initiatives (draw, return, reveal) whenever it may act.
 *
 * <p>With a {@link Journal}, every step is on disk before its messages leave. With a {@link Connector}
 * that can reconnect, a dropped connection is re-established and both sides send again whatever the other
 * may have missed; exact copies of messages already accepted are ignored, so retransmission is idempotent.
 * After finishing, the runner lingers briefly so that a peer who lost the last message can ask again.
 *
 * <p>A received message that does not fit the chain (another session, another place, a bad signature: the
 * party's refusal {@linkplain ProtocolViolation#provesNothing proves nothing}, docs/evidence.md) does not end the
 * game: it is logged, kept as evidence in the party's {@link Party#rejected()}, and the runner goes on waiting for
 * the genuine message. Only the first {@link #KEPT_MISFITS} such messages are kept; later ones are dropped unkept,
 * and none of them counts as hearing from the peer, so a flood of them neither grows memory without limit nor
 * keeps the runner waiting past its patience. A refusal that names a party ends the game as before.
 */
public final class PartyRunner {
    private PartyRunner() {}

    /**
     * How many refused messages that prove nothing a party driven by a runner keeps as evidence (counted in its
     * {@link Party#rejected()}, which its snapshot keeps across a resume); later ones are dropped unkept.
     */
    public static final int KEPT_MISFITS = 100;

    private static final System.Logger LOG = System.getLogger(PartyRunner.class.getName());

    /** Where a runner's notices go unless told otherwise: the platform logger, as warnings. */
    public static final Consumer<String> WARNINGS = line -> LOG.log(System.Logger.Level.WARNING, line);

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
    public record Options(Function<Party, Duration> patience, Journal journal, Duration linger, Consumer<String> log) {
        public static Options waitingFor(Duration silence) {
            return new Options(party -> silence, null, Duration.ZERO, WARNINGS);
        }

        public static Options waitingFor(Function<Party, Duration> patience) {
            return new Options(patience, null, Duration.ZERO, WARNINGS);
        }

        public Options journaled(Journal j) {
            return new Options(patience, j, linger, log);
        }

        public Options lingering(Duration d) {
            return new Options(patience, journal, d, log);
        }

        /** Sends the runner's notices (a refused message that proves nothing, one line each) to {@code to}. */
        public Options logging(Consumer<String> to) {
            return new Options(patience, journal, linger, to);
        }

        Duration silence(Party party) {
            return patience.apply(party);
        }
    }

    /** One connection, no journal, no reconnection. */
    public static Outcome run(Party party, Transport transport, Actor actor, Duration silence) {
        return run(party, transport, actor, Options.waitingFor(silence));
    }

    /** One connection, no reconnection, with {@code options}. */
    public static Outcome run(Party party, Transport transport, Actor actor, Options options) {
        boolean[] used = {false};
        Connector once = patience -> {
            if (used[0]) {
                throw new Transport.PeerGoneException(transport.peer());
            }
            used[0] = true;
            return transport;
        };
        return run(party, once, actor, options);
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
            // The patience runs from the last progress (a message accepted, a connection made): copies and
            // messages that do not fit are not progress, so a stream of them cannot keep the run waiting forever.
            long waitingSince = System.nanoTime();
            boolean droppingNoted = false;
            while (!party.isFinished()) {
                byte[] frame;
                try {
                    Duration left = options.silence(party).minusNanos(System.nanoTime() - waitingSince);
                    if (left.isNegative() || left.isZero()) {
                        throw new TimeoutException();
                    }
                    frame = transport.receive(left);
                } catch (TimeoutException e) {
                    return Outcome.trouble("waited " + options.silence(party).toSeconds() + " s for " + party.awaiting()
                            + "; " + transport.peer() + " is silent");
                } catch (IOException e) {
                    transport = link.reopen(party, options.silence(party));
                    waitingSince = System.nanoTime();
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
                if (misfitsKept(party) >= KEPT_MISFITS && doesNotFit(party, e)) {
                    if (!droppingNoted) {
                        droppingNoted = true;
                        options.log().accept("more than " + KEPT_MISFITS + " messages from " + transport.peer()
                                + " did not fit the game; further ones are dropped without being kept or logged");
                    }
                    continue;
                }
                List<Envelope> out;
                try {
                    out = new ArrayList<>(party.receive(e));
                } catch (ProtocolViolation v) {
                    if (!v.provesNothing()) {
                        return Outcome.failed(v);
                    }
                    options.log().accept(v.getMessage() + " (kept as evidence; still awaiting " + party.awaiting()
                            + ")");
                    continue; // the party is unchanged: wait on for the genuine message
                }
                waitingSince = System.nanoTime();
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

    /** Whether {@code e} does not fit the head of the party's chain: the party's refusal of it would prove nothing. */
    private static boolean doesNotFit(Party party, Envelope e) {
        return party.transcript().established() && party.transcript().misfitAt(e, party.transcript().size()) != null;
    }

    /** How many refused messages that prove nothing the party keeps (its snapshot keeps them across a resume). */
    private static long misfitsKept(Party party) {
        return party.rejected().stream().filter(r -> r.reason().provesNothing()).count();
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
