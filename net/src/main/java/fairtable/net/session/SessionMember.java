package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Actor;
import fairtable.net.identity.Fingerprint;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One player at a table run by a relaying host, as a sans-I/O state machine around a {@link Party}: it
 * consumes the host's frames and returns the frames to send back. It trusts the host with nothing:
 * <ul>
 *   <li>every message must carry its author's signature (the party checks it; a message the host signed a
 *       receipt for without its author's signature is {@link HostProblem.Forged});</li>
 *   <li>messages delivered early are held until the gap before them is filled, and the early delivery is
 *       noted in {@link #observations()};</li>
 *   <li>after each placed message this player signs an {@link Ack} carrying the host's {@link Receipt},
 *       relayed to everyone else; a receipt for another message at a position where this player holds one
 *       is {@link HostProblem.Equivocation}, with proof signed by the host itself;</li>
 *   <li>a position the host has placed (seen in someone's ack, or in a later delivery) that has not reached
 *       this player within {@code patience} is {@link HostProblem.Withheld}.</li>
 * </ul>
 * A delivered message that does not fit the party's chain (another session, another number, another previous
 * message) proves nothing against its signer, since anyone may offer an old signed message anywhere; but the host
 * placed it with its receipt, and an honest host places only what fits. So the player stops with
 * {@link HostProblem.Misplaced}, whose {@link MisplacedEvidence} proves it against the host; the message is not
 * handed to the party, so nothing the player keeps can be read against its signer. A refusal that names a player
 * stops it with {@link HostProblem.Violation}.
 *
 * <p>The game must let only one player act at a time (the protocols' scripts name who speaks next; when any
 * player may start an operation, the game layer designates one): if two act at once, the host places one
 * and refuses the other, and the refused player stops with {@link HostProblem.Collision}.
 */
public final class SessionMember {
    private final Party party;
    private final SigningKey key;
    private final String name;
    private final Actor actor;
    private final Duration patience;
    private final Journal journal;

    private Welcome welcome;
    private List<Member> presence = List.of();
    /** Whether the host has listed this player present, i.e. taken its join. */
    private boolean listed;
    /** Why the host refused this player's join, if it did. */
    private String joinRefusal;
    private final Map<Long, Receipt> receipts = new HashMap<>();
    private final TreeMap<Long, Deliver> early = new TreeMap<>();
    /** Other players' acks for positions this player holds no receipt for yet. */
    private final Map<Long, Ack> othersAcks = new HashMap<>();
    /** Positions known to be placed but not yet delivered here: since when, and the host's proof. */
    private final TreeMap<Long, Clue> missing = new TreeMap<>();
    private final List<String> observations = new ArrayList<>();
    /** Irregularities beyond the first {@link #MAX_OBSERVATIONS}, only counted. */
    private long unkeptObservations;
    /** How many different irregularities a player keeps a line for. */
    static final int MAX_OBSERVATIONS = 64;
    private HostProblem problem;

    private record Clue(Instant since, Receipt proof, String witness) {}

    /** Own messages the host refused to place: since when, and its reason. */
    private final Map<Long, Refusal> refused = new HashMap<>();

    private record Refusal(Instant since, String reason) {}

    /**
     * A player. {@code key} is the identity that signs the party's messages; {@code actor} supplies this
     * player's own initiatives after every step; {@code patience} is how long a placed message may take to
     * arrive before the host is blamed for withholding it.
     */
    public SessionMember(Party party, SigningKey key, String name, Actor actor, Duration patience) {
        this(party, key, name, actor, patience, null);
    }

    /**
     * A player whose every step is written to {@code journal} before its messages leave, so that after a
     * crash the party can be restored from the journal's last entry and rejoin with a new member: the host
     * sends it everything placed so far, and it sends again its own last messages, which the host places
     * or ignores as copies.
     */
    public SessionMember(Party party, SigningKey key, String name, Actor actor, Duration patience,
            Journal journal) {
        this.party = party;
        this.key = key;
        this.name = name;
        this.actor = actor;
        this.patience = patience;
        this.journal = journal;
    }

    /**
     * Consumes one frame from the host; returns the frames to send to it.
     *
     * @throws UncheckedIOException if the journal cannot be written (nothing is sent then)
     */
    public List<byte[]> onFrame(byte[] bytes, Instant now) {
        List<byte[]> out = new ArrayList<>();
        if (problem != null || joinRefusal != null) {
            return out;
        }
        SessionFrame frame;
        try {
            frame = SessionFrame.decode(bytes);
        } catch (MalformedMessageException e) {
            problem = new HostProblem.Broken("sent a frame that is not a session frame: " + e.getMessage());
            return out;
        }
        if (welcome == null) {
            if (frame instanceof Refused r && r.seq() == SessionHost.JOIN_REFUSED) {
                joinRefusal = plain(r.reason()); // a relay that will not open the table asked for
                return out;
            }
            if (!(frame instanceof Welcome w)) {
                problem = new HostProblem.Broken("did not introduce itself first");
                return out;
            }
            if (!Hello.isPlayerName(w.hostName())) {
                // Not repeated: a name with a line break or an escape sequence would forge lines on the player's screen.
                problem = new HostProblem.Broken("introduced itself by a name that is not a player's name (1 to "
                        + Hello.MAX_NAME_BYTES + " printable characters)");
                return out;
            }
            welcome = w;
            out.add(SessionFrame.encode(Join.sign(key, name, w)));
            party.unacknowledged().forEach(e -> out.add(SessionFrame.encode(new Relay(e))));
            List<Envelope> first = new ArrayList<>(party.start());
            first.addAll(actor.act());
            journal(first);
            first.forEach(e -> out.add(SessionFrame.encode(new Relay(e))));
            return out;
        }
        if (frame instanceof Presence p) {
            if (p.members().stream().anyMatch(m -> !Hello.isPlayerName(m.name()))) {
                // The host lets in only players' names; one that is not would forge lines where the list is printed.
                problem = new HostProblem.Broken("listed a player by a name that is not a player's name");
                return out;
            }
            presence = p.members();
            listed = true;
        } else if (frame instanceof Deliver d) {
            onDeliver(d, now, out);
        } else if (frame instanceof AckFrame a) {
            onAck(a.ack(), now);
        } else if (frame instanceof Refused r && r.seq() == SessionHost.JOIN_REFUSED && !listed) {
            joinRefusal = plain(r.reason());
        } else if (frame instanceof Refused r) {
            onRefused(r, now);
        } else {
            problem = new HostProblem.Broken("sent a " + frame.getClass().getSimpleName() + " frame to a player");
        }
        return out;
    }

    /**
     * Why the host refused this player's join, in its words if they are one line of plain text (a host's text could
     * otherwise forge lines on the player's screen); empty if it did not refuse it.
     */
    public Optional<String> joinRefusal() {
        return Optional.ofNullable(joinRefusal);
    }

    /** Whether the join was refused before any table welcomed the player: by a relay's door, not a table's host. */
    public boolean refusedAtTheDoor() {
        return joinRefusal != null && welcome == null;
    }

    /** The fingerprint of this player's key, for the line that says what the host can type to accept it. */
    public Fingerprint fingerprint() {
        return Fingerprint.of(key.verifyingKey());
    }

    private static String plain(String reason) {
        return reason.length() <= 200 && reason.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f) ? reason
                : "(its reason is not one line of plain text)";
    }

    /**
     * Frames for messages the game layer started on its own between steps (a deal, a draw, a reveal when
     * the table is idle), e.g. from a user's command.
     */
    public List<byte[]> send(List<Envelope> initiatives) {
        if (welcome == null || problem != null) {
            throw new IllegalStateException("not at the table: " + (problem == null ? "no welcome yet" : problem.describe()));
        }
        journal(initiatives);
        List<byte[]> out = new ArrayList<>();
        initiatives.forEach(e -> out.add(SessionFrame.encode(new Relay(e))));
        return out;
    }

    /** Writes the step to the journal, if any, before its messages leave. */
    private void journal(List<Envelope> outgoing) {
        if (journal == null || (outgoing.isEmpty() && party.transcript().size() == 0)) {
            return;
        }
        try {
            journal.record(party.snapshot(), outgoing);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the journal " + journal.file(), e);
        }
    }

    private void onDeliver(Deliver d, Instant now, List<byte[]> out) {
        Envelope e = d.envelope();
        Receipt receipt = d.receipt(welcome.table());
        if (!receipt.isSignedBy(welcome.host())) {
            problem = new HostProblem.Broken("delivered message #" + e.seq() + " without a valid receipt");
            return;
        }
        Transcript t = party.transcript();
        Arrival arrival = Arrival.of(t, e);
        if (arrival instanceof Arrival.Copy || arrival instanceof Arrival.Conflict) {
            Receipt held = receipts.get(e.seq());
            if (held != null) {
                if (!held.places(e)) {
                    problem = new HostProblem.Equivocation(new EquivocationEvidence(welcome.host(), held, receipt, name));
                }
                return; // an exact repeat: harmless
            }
            if (arrival instanceof Arrival.Copy) {
                placed(receipt, out); // my own message confirmed, or one I already hold (after a rejoin)
                acceptHeld(out);
            } else if (((Arrival.Conflict) arrival).held().sender() == party.seat()) {
                problem = new HostProblem.Collision(e.seq(), "the host placed " + t.nameOf(e.sender())
                        + "'s message there");
            } else {
                problem = new HostProblem.Broken("placed another message at #" + e.seq()
                        + " than the one it delivered to me before");
            }
            return;
        }
        // Past my own message still awaiting its receipt, a delivery waits for it: judged without the host's receipt
        // for the position before, a misfit would be a complaint nobody can check.
        long lacking = awaitsOwnEcho() ? t.size() - 1 : t.size();
        if (e.seq() > lacking) {
            if (early.putIfAbsent(e.seq(), d) == null) {
                observe("the host delivered message #" + e.seq() + " before #" + lacking);
            }
            missing.putIfAbsent(lacking, new Clue(now, receipt, "the host's own receipt"));
            return;
        }
        accept(e, receipt, out);
        acceptHeld(out);
    }

    /** Whether the last message of the transcript is this player's own, not yet placed by the host. */
    private boolean awaitsOwnEcho() {
        int size = party.transcript().size();
        return size > 0 && !receipts.containsKey((long) size - 1);
    }

    /** Accepts the deliveries held for positions now due. */
    private void acceptHeld(List<byte[]> out) {
        while (problem == null && !awaitsOwnEcho() && !early.isEmpty()
                && early.firstKey() <= party.transcript().size()) {
            Deliver next = early.pollFirstEntry().getValue();
            if (next.envelope().seq() == party.transcript().size()) {
                accept(next.envelope(), next.receipt(welcome.table()), out);
            }
        }
    }

    /**
     * The host says another message took the position of one of mine. It must then deliver that message:
     * the collision is proven by its receipt ({@link #onDeliver}); a refusal with nothing placed is the host's fault.
     */
    private void onRefused(Refused r, Instant now) {
        List<Envelope> mine = party.transcript().envelopes();
        boolean pendingOwn = r.seq() < mine.size() && mine.get((int) r.seq()).sender() == party.seat()
                && !receipts.containsKey(r.seq());
        if (!pendingOwn) {
            problem = new HostProblem.Broken("refused message #" + r.seq() + ", which is not a message of mine awaiting placement");
            return;
        }
        refused.putIfAbsent(r.seq(), new Refusal(now, r.reason()));
    }

    private void accept(Envelope e, Receipt receipt, List<byte[]> out) {
        Transcript t = party.transcript();
        Arrival arrival = Arrival.of(t, e);
        if (arrival instanceof Arrival.Unsigned) {
            problem = new HostProblem.Forged(e, receipt);
            return;
        }
        if (!(arrival instanceof Arrival.Next)) {
            // An honest host places only what fits; the message proves nothing against its signer, the receipt
            // proves the placement against the host.
            Receipt last = t.size() == 0 ? null : receipts.get((long) t.size() - 1);
            problem = new HostProblem.Misplaced(new MisplacedEvidence(welcome.host(), t.envelopes(), last, e, receipt));
            return;
        }
        List<Envelope> replies;
        try {
            replies = new ArrayList<>(party.receive(e));
        } catch (ProtocolViolation v) {
            if (party.failure().isPresent()) {
                // A refusal that stopped the game for good (a cheat seen through this seat's secrets) must outlive a
                // restart: restored from before it, the seat would judge the sender's next variant and give a bit away.
                journal(List.of());
            }
            problem = v.provesNothing()
                    ? new HostProblem.Broken("placed message #" + e.seq() + ", which the game refuses as not its own: "
                            + v.getMessage())
                    : new HostProblem.Violation(v);
            return;
        }
        placed(receipt, out);
        if (party.failure().isEmpty()) {
            replies.addAll(actor.act());
        }
        journal(replies);
        replies.forEach(r -> out.add(SessionFrame.encode(new Relay(r))));
        if (party.failure().isPresent() && problem == null) {
            problem = new HostProblem.Violation(party.failure().get());
        }
    }

    /** Records the host's receipt for a position this player holds, acknowledges it, and checks it against others'. */
    private void placed(Receipt receipt, List<byte[]> out) {
        receipts.put(receipt.seq(), receipt);
        missing.remove(receipt.seq());
        out.add(SessionFrame.encode(new AckFrame(Ack.sign(key, receipt))));
        Ack other = othersAcks.remove(receipt.seq());
        if (other != null) {
            compare(receipt, other);
        }
    }

    private void compare(Receipt mine, Ack other) {
        if (!Arrays.equals(mine.head(), other.receipt().head()) && problem == null) {
            problem = new HostProblem.Equivocation(
                    new EquivocationEvidence(welcome.host(), mine, other.receipt(), nameOf(other.player())));
        }
    }

    private void onAck(Ack ack, Instant now) {
        if (!Arrays.equals(ack.receipt().table(), welcome.table())) {
            // Refused without a trace of its own: a host that serves several tables under one key could otherwise
            // make this player keep a line for every acknowledgement of another table it relays.
            observe("ignored acknowledgements of another table's receipts");
            return;
        }
        if (ack.receipt().equals(receipts.get(ack.seq()))) {
            return; // the receipt this player holds and checked: whoever acknowledged it, nothing is learned
        }
        if (!ack.isValid(welcome.host())) {
            observe("ignored an acknowledgement that is not validly signed");
            return;
        }
        if (ack.player().equals(key.verifyingKey())) {
            return;
        }
        long seq = ack.seq();
        Receipt mine = receipts.get(seq);
        if (mine != null) {
            compare(mine, ack);
            return;
        }
        othersAcks.putIfAbsent(seq, ack);
        // Placed at seq means placed at every position before it: the first one this player lacks is
        // enough to watch (a position below the transcript size is its own message awaiting the echo).
        long watch = Math.min(seq, party.transcript().size());
        missing.putIfAbsent(watch, new Clue(now, ack.receipt(), nameOf(ack.player())));
    }

    /**
     * Notes an irregularity that was tolerated, at most {@link #MAX_OBSERVATIONS} lines in all and each line once,
     * so that nothing the host sends can grow what this player keeps without bound; the rest are only counted.
     */
    private void observe(String what) {
        if (observations.size() < MAX_OBSERVATIONS && !observations.contains(what)) {
            observations.add(what);
        } else if (!observations.contains(what)) {
            unkeptObservations++;
        }
    }

    /** Blames the host for any placed message that has not arrived within the patience. */
    public void checkGaps(Instant now) {
        if (problem != null) {
            return;
        }
        missing.keySet().removeIf(receipts::containsKey);
        for (Map.Entry<Long, Refusal> r : refused.entrySet()) {
            if (!Duration.between(r.getValue().since(), now).minus(patience).isNegative()) {
                problem = new HostProblem.Broken("refused my message #" + r.getKey() + " (\"" + r.getValue().reason()
                        + "\") but delivered no other message there");
                return;
            }
        }
        for (Map.Entry<Long, Clue> m : missing.entrySet()) {
            if (!Duration.between(m.getValue().since(), now).minus(patience).isNegative()) {
                problem = new HostProblem.Withheld(m.getKey(), m.getValue().proof(), m.getValue().witness());
                return;
            }
        }
    }

    /**
     * Judges every clue still open now, whatever its patience: when this seat stops waiting, a placed message it never
     * got, or its own message refused with nothing placed there, is the host's fault and says more than silence.
     */
    public void judgeOpenGaps() {
        checkGaps(Instant.MAX);
    }

    private String nameOf(VerifyingKey player) {
        for (Hello h : party.transcript().hellos()) {
            if (h.key().equals(player)) {
                return h.name();
            }
        }
        for (Member m : presence) {
            if (m.key().equals(player)) {
                return m.name();
            }
        }
        return "the player with key " + player.fingerprint();
    }

    /** Whether to stop: a problem, or the game over and every one of this player's positions confirmed by the host. */
    public boolean isDone() {
        return problem != null || (party.isFinished() && receipts.size() >= party.transcript().size());
    }

    public Optional<HostProblem> problem() {
        return Optional.ofNullable(problem);
    }

    /** Who is at the table, as the host last said. */
    public List<Member> presence() {
        return presence;
    }

    /** The host's key, once it has introduced itself. */
    public Optional<VerifyingKey> host() {
        return welcome == null ? Optional.empty() : Optional.of(welcome.host());
    }

    /** Irregularities that were tolerated (early deliveries, invalid acknowledgements, messages that do not fit). */
    public List<String> observations() {
        if (unkeptObservations == 0) {
            return List.copyOf(observations);
        }
        List<String> all = new ArrayList<>(observations);
        all.add("and " + unkeptObservations + " more not kept");
        return List.copyOf(all);
    }

    public Party party() {
        return party;
    }

    /** The host's receipts held, by position. */
    public Map<Long, Receipt> receipts() {
        return Map.copyOf(receipts);
    }
}
