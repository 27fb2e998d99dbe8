package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Actor;
import fairtable.net.Transport;
import fairtable.net.journal.Journal;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every seat of one session in one process, through the session layer as between processes: one {@link SessionHost}
 * places each message under its signed receipt, and one {@link SessionMember} per seat checks every delivery (the
 * receipt, the author's signature, the chain) before its party takes it, and acknowledges it to the others. The
 * frames cross {@link InMemoryTransport} pairs, moved on the caller's thread in a fixed order, so a seeded game keeps
 * its transcript: the frames each seat sent are handed to the host (seat by seat), then each seat takes what the host
 * delivered up to the next placed message, so every seat has a message before anyone's answer to it is placed.
 *
 * <p>Nothing more can arrive once no frame is moving, so any position a seat still lacks then, or its own message the
 * host refused with nothing else placed there, is judged at once ({@link SessionMember#checkGaps}).
 */
public final class LocalSession {
    /**
     * One seat: its party, the key that signs its messages (and its join), what it starts on its own, and the journal
     * each of its steps is written to before its messages leave, as over the network (or null for none).
     */
    public record Seat(Party party, SigningKey key, Actor actor, Journal journal) {
        public Seat(Party party, SigningKey key, Actor actor) {
            this(party, key, actor, null);
        }
    }

    /** Stands for "now" for every member: time does not pass inside one pump, and the patience is zero. */
    private static final Instant NOW = Instant.EPOCH;

    private final SessionHost host;
    private final List<Link> links = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();
    private final List<Envelope> soFar;
    private Runnable afterEach = () -> { };
    private boolean started;

    /** A seat's member and the two ends of its connection to the host. */
    private record Link(SessionMember member, InMemoryTransport memberEnd, InMemoryTransport hostEnd,
            SessionHost.Connection connection) {}

    /**
     * The seats, in seat order. Seats restored mid-game (from their journals) take up their session where the seat
     * that holds the most of it stands: the host places those messages first, as if it had relayed them.
     */
    public LocalSession(List<Seat> seats) {
        for (int i = 0; i < seats.size(); i++) {
            if (seats.get(i).party().seat() != i) {
                throw new IllegalArgumentException("seat " + i + " is " + seats.get(i).party().seat());
            }
        }
        SecureRandom random = new SecureRandom();
        this.host = new SessionHost("this process", SigningKey.generate(random), random).logTo(notices::add);
        this.soFar = seats.stream().map(s -> s.party().transcript().envelopes())
                .reduce((a, b) -> b.size() > a.size() ? b : a).map(List::copyOf).orElse(List.of());
        List<Hello> placed = seats.stream().map(s -> s.party().transcript().hellos())
                .reduce((a, b) -> b.size() > a.size() ? b : a).orElse(List.of());
        for (Seat s : seats) {
            // A seat whose hello is placed joins under its hello's name, as a returning player must.
            String name = placed.stream().filter(h -> h.seat() == s.party().seat()).map(Hello::name).findFirst()
                    .orElse("seat " + s.party().seat());
            InMemoryTransport[] ends = InMemoryTransport.pair("host", name);
            links.add(new Link(new SessionMember(s.party(), s.key(), name, s.actor(), Duration.ZERO, s.journal()), ends[1], ends[0],
                    null));
        }
    }

    /** Runs {@code watcher} each time a placed message has reached every seat: to follow the seats as they go. */
    public LocalSession watchedBy(Runnable watcher) {
        this.afterEach = watcher;
        return this;
    }

    /**
     * Seats every party the first time (each starts, and sends again what it may not have had placed), and moves
     * frames until none is left.
     *
     * @throws ProtocolViolation if a seat's party refused a placed message, naming its signer
     * @throws IllegalStateException if a seat stopped for another reason (see {@link #problems()})
     */
    public void play() throws ProtocolViolation {
        if (!started) {
            started = true;
            try {
                host.placeAlready(soFar);
            } catch (ProtocolViolation notOneChain) {
                throw new IllegalArgumentException("the seats' transcripts are not one session: "
                        + notOneChain.getMessage());
            }
            for (int i = 0; i < links.size(); i++) {
                Link l = links.get(i);
                links.set(i, new Link(l.member(), l.memberEnd(), l.hostEnd(), host.attach(l.hostEnd())));
            }
        }
        pump();
    }

    /**
     * Sends what {@code seat} started on its own between steps (a move chosen outside its party, a decision put off),
     * and moves frames until none is left.
     *
     * @throws ProtocolViolation if a seat's party refused a placed message, naming its signer
     */
    public void send(int seat, List<Envelope> initiatives) throws ProtocolViolation {
        if (!started) {
            throw new IllegalStateException("the session has not been played yet");
        }
        Link l = links.get(seat);
        if (l.member().isDone()) {
            return;
        }
        l.member().send(initiatives).forEach(frame -> hand(l.memberEnd(), frame));
        pump();
    }

    private void pump() throws ProtocolViolation {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (Link l : links) {
                for (byte[] f = next(l.hostEnd()); f != null; f = next(l.hostEnd())) {
                    moved = true;
                    host.take(l.connection(), f);
                }
            }
            boolean delivered = false;
            for (Link l : links) {
                for (byte[] f = next(l.memberEnd()); f != null; f = next(l.memberEnd())) {
                    moved = true;
                    if (!l.member().isDone()) {
                        l.member().onFrame(f, NOW).forEach(answer -> hand(l.memberEnd(), answer));
                        stopIfRefused(l);
                    }
                    if (SessionFrame.isDeliver(f)) {
                        delivered = true;
                        break; // the others take this message before anyone's answer to it is placed
                    }
                }
            }
            if (delivered) {
                afterEach.run();
            }
        }
        for (Link l : links) {
            l.member().checkGaps(NOW);
            stopIfRefused(l);
        }
    }

    // Neither end is ever closed: the session lives as long as this object.
    private static byte[] next(InMemoryTransport end) {
        try {
            return end.poll();
        } catch (Transport.PeerGoneException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static void hand(InMemoryTransport end, byte[] frame) {
        try {
            end.send(frame);
        } catch (Transport.PeerGoneException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Throws what stopped a seat, unless it is a cheat its party caught and recorded as its failure. */
    private static void stopIfRefused(Link l) throws ProtocolViolation {
        Optional<HostProblem> problem = l.member().problem();
        if (problem.isEmpty()) {
            return;
        }
        Party party = l.member().party();
        if (problem.get() instanceof HostProblem.Violation v) {
            if (party.failure().isPresent() && party.failure().get() == v.violation()) {
                return;
            }
            throw v.violation();
        }
        throw new IllegalStateException("seat " + party.seat() + " stopped: " + problem.get().describe());
    }

    /** Whether every seat's party has finished and holds the host's receipt for every message. */
    public boolean isFinished() {
        return links.stream().allMatch(l -> l.member().isDone() && l.member().problem().isEmpty());
    }

    /** What stopped each seat that stopped, by seat. */
    public List<Optional<HostProblem>> problems() {
        return links.stream().map(l -> l.member().problem()).toList();
    }

    /** The host's one-line notices: messages it refused to place, and why. */
    public List<String> notices() {
        return List.copyOf(notices);
    }

    /** Each seat's member, in seat order: its receipts and what it observed. */
    public List<SessionMember> members() {
        return links.stream().map(Link::member).toList();
    }

    /** Every message the host placed, in order. */
    public List<Envelope> placed() {
        return host.placed();
    }

    /** The host's key, which signed every receipt. */
    public VerifyingKey hostKey() {
        return host.key();
    }
}
