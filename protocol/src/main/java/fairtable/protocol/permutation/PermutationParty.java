package fairtable.protocol.permutation;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.seal.SealingKey;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.PartySnapshots;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.RefusedMessages;
import fairtable.protocol.permutation.PermutationMessage.Accusation;
import fairtable.protocol.permutation.PermutationMessage.Commitments;
import fairtable.protocol.permutation.PermutationMessage.Factor;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Opened;
import fairtable.protocol.permutation.PermutationMessage.Opening;
import fairtable.protocol.permutation.PermutationMessage.Request;
import fairtable.protocol.permutation.PermutationMessage.SealedMessage;
import fairtable.protocol.permutation.PermutationMessage.SealingKeyAnnouncement;
import fairtable.protocol.permutation.PermutationObserver.Event;
import fairtable.protocol.permutation.PermutationObserver.Hop;
import fairtable.protocol.permutation.PermutationObserver.Kind;
import fairtable.protocol.permutation.PermutationObserver.Operation;
import fairtable.protocol.permutation.PermutationObserver.Slot;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;

/**
 * One seat of the permutation deal (seed 002), as a sans-I/O state machine. Every seat receives every
 * message, so that all keep the same hash-chained transcript; a private message is sealed to the seat it
 * names (the seed's pairwise private channel, end to end inside the signed envelope), so only that seat
 * reads it until every seat reveals its sealing key at the end. See docs/permutation-deal.md.
 *
 * <p>Lightweight and only semi-honest: the protocol trusts that no two players collude, the earlier
 * players of a chain can substitute values and the last one can force public cards, and all of that is
 * caught only by the {@link PermutationAudit} once every seat has opened its commitments. A box that does
 * not open, or holds something malformed, is a cheat only its recipient can see: the recipient records it
 * and, at its next turn, publishes an {@link Accusation} with its sealing secret, so that every seat (and
 * the audit) can open the box; from then on {@link #failure()} names the sender, at every seat.
 */
public final class PermutationParty implements Party {
    private final PermutationParameters params;
    private final int players;
    private final int seat;
    private final String name;
    private final SigningKey key;
    private final RandomGenerator random;

    private final Transcript transcript = new Transcript();
    private PermutationObserver observer;
    private final RefusedMessages rejected = new RefusedMessages();

    // Secrets: the own permutation A_i, the sealing key, the commitment nonces, the halves of A_N handed to
    // this seat.
    private final Permutation own;
    private final SealingKey sealing;
    private final List<byte[]> nonces = new ArrayList<>();
    private final Map<Slot, Permutation> held = new HashMap<>();
    // What this seat has seen: the value of the reveal under way, and the cards shown to it (or to all).
    private int pending = -1;
    private final TreeMap<Integer, Integer> cards = new TreeMap<>();
    // A box sealed to this seat that did not open: what it proves, and the accusation to publish.
    private ProtocolViolation caught;
    private Accusation accusation;
    // The content of every box this seat opened, by step: only for tests.
    private final Map<Integer, PermutationMessage> opened = new TreeMap<>();

    private PermutationParty(PermutationParameters params, int players, int seat, String name, SigningKey key,
            RandomGenerator random, Permutation own, SealingKey sealing) {
        if (players < PermutationParameters.MIN_PLAYERS || players >= PermutationMessage.EVERYONE) {
            throw new IllegalArgumentException("the permutation deal needs 3 to 254 players, not " + players);
        }
        if (seat < 0 || seat >= players) {
            throw new IllegalArgumentException("seat " + seat + " of " + players);
        }
        this.params = params;
        this.players = players;
        this.seat = seat;
        this.name = name;
        this.key = key;
        this.random = random;
        this.own = own;
        this.sealing = sealing;
        held.put(new Slot(Kind.OWN, 0), own);
    }

    /**
     * A new seat. {@code random} supplies every secret (the permutation, the sealing key, the halves, the
     * nonces, the hello nonce, the ephemeral keys of the boxes): a SecureRandom, except in tests.
     */
    public static PermutationParty create(PermutationParameters params, int players, int seat, String name,
            SigningKey key, RandomGenerator random) {
        Permutation own = Permutation.random(params.cards(), random);
        return new PermutationParty(params, players, seat, name, key, random, own, SealingKey.generate(random));
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? sendHello() : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        int accepted = transcript.size();
        try {
            if (transcript.established()) {
                transcript.requireFit(e);
            }
            if (observer != null && observer.isDone()) {
                throw new ProtocolViolation(e.step(), transcript.nameOf(e.sender()), "the game is already over");
            }
            if (!transcript.established()) {
                return receiveHello(e);
            }
            transcript.check(e);
            if (e.sender() == seat) {
                throw new ProtocolViolation(e.step(), transcript.nameOf(seat), "a message in my own name that I did not send");
            }
            Event event = observer.parse(e);
            PermutationMessage content;
            try {
                content = openIfMine(event);
            } catch (ProtocolViolation seenOnlyByMe) {
                // Publicly the message is well formed, and every other seat took it: record it too, then
                // accuse its sender at this seat's turn.
                transcript.append(e);
                observer.apply(event);
                accuse(event, seenOnlyByMe);
                return act();
            }
            transcript.append(e);
            observer.apply(event);
            learn(event, content);
            return act();
        } catch (ProtocolViolation v) {
            rejected.keep(transcript, e, v);
            throw v;
        } catch (RuntimeException unexpected) {
            if (transcript.size() != accepted) {
                throw unexpected; // after the message was recorded: this party's own doing, not the peer's
            }
            // Nothing a peer sends may throw past receive: this party parses and opens before it records.
            ProtocolViolation v = PartyCore.unexpected(transcript, e, unexpected);
            rejected.keep(transcript, e, v);
            throw v;
        }
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        Hello hello = transcript.check(e);
        String who = hello.name();
        if (hello.seat() == seat) {
            throw new ProtocolViolation(0, who, "claims my seat");
        }
        // Accepted, a hello with this party's name or key would make its own hello, sealed after it, break the chain.
        if (hello.key().equals(key.verifyingKey())) {
            throw ProtocolViolation.provingNothing(0, "a hello with my key that I did not send was refused");
        }
        if (hello.name().equals(name)) {
            throw new ProtocolViolation(0, who, "takes my name before my hello");
        }
        if (!hello.protocol().equals(PermutationParameters.PROTOCOL) || hello.players() != players
                || !Arrays.equals(hello.parameters(), params.toBytes())) {
            String offered;
            try {
                offered = PermutationParameters.fromBytes(hello.parameters()).toString();
            } catch (MalformedMessageException m) {
                offered = "unreadable parameters";
            }
            throw new ProtocolViolation(0, who, "proposes " + hello.protocol() + " " + offered + " for "
                    + hello.players() + " players, not " + PermutationParameters.PROTOCOL + " " + params + " for "
                    + players);
        }
        transcript.append(e);
        if (hello.seat() == seat - 1) {
            return sendHello();
        }
        if (transcript.established()) {
            establish();
            return act();
        }
        return List.of();
    }

    private List<Envelope> sendHello() {
        byte[] nonce = new byte[Hello.NONCE_LENGTH];
        random.nextBytes(nonce);
        Hello hello = new Hello(PermutationParameters.PROTOCOL, params.toBytes(), players, seat, name,
                key.verifyingKey(), nonce);
        List<Envelope> out = new ArrayList<>(List.of(transcript.seal(key, seat, 0, Hello.TYPE, hello.toBytes())));
        if (transcript.established()) {
            establish();
            out.addAll(act());
        }
        return out;
    }

    private void establish() {
        List<String> names = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            names.add(transcript.nameOf(s));
        }
        observer = new PermutationObserver(params, names, transcript.sessionId());
    }

    private void accuse(Event event, ProtocolViolation proven) {
        if (caught == null) {
            caught = proven;
            accusation = new Accusation(event.step(), sealing.secretKeyBytes());
        }
    }

    /**
     * The content of a sealed message addressed to this seat, opened and checked (a failure names the
     * sender); for any other message, the message itself.
     */
    private PermutationMessage openIfMine(Event event) throws ProtocolViolation {
        if (event.message() instanceof SealedMessage m && m.to() == seat) {
            PermutationMessage content = observer.openPrivate(event, sealing);
            opened.put(event.step(), content);
            return content;
        }
        return event.message();
    }

    /**
     * Takes in what an accepted message tells this seat: only the contents of messages addressed to it
     * (opened), or to everyone.
     */
    private void learn(Event event, PermutationMessage m) {
        if (m instanceof Handout h && h.to() == seat) {
            for (Factor f : h.factors()) {
                held.put(new Slot(f.half() == Half.OUTER ? Kind.OUTER : Kind.INNER, f.target()), f.permutation());
            }
        } else if (m instanceof Request) {
            pending = -1;
        } else if (m instanceof Forward f) {
            Operation op = observer.operations().get(event.operation());
            if (f.to() == PermutationMessage.EVERYONE) {
                cards.put(op.position(), f.value());
            } else if (f.to() == seat) {
                boolean lastHop = event.hop() == op.hops().size() - 1;
                if (lastHop && op.audience() == seat) {
                    cards.put(op.position(), held.get(observer.finalSlot(seat)).apply(f.value()));
                } else {
                    pending = f.value();
                }
            }
        }
    }

    /** Sends whatever this seat owes now, until it owes nothing. */
    private List<Envelope> act() {
        List<Envelope> out = new ArrayList<>();
        while (observer != null && !observer.isDone()
                && (observer.seatToSpeak() == seat || (accusation != null && observer.isIdle()))) {
            int before = observer.nextStep();
            out.add(send(nextMessage()));
            if (observer.nextStep() == before) {
                break; // a tampered message this seat's own observer refused: nothing more follows
            }
        }
        return out;
    }

    private List<Permutation[]> splits;

    private PermutationMessage nextMessage() {
        if (accusation != null) {
            return accusation;
        }
        if (observer.isAnnouncingKeys()) {
            return new SealingKeyAnnouncement(sealing.publicKey(),
                    sealing.proveKnowledge(observer.sealingKeyProofContext(seat), random));
        }
        if (observer.handoutRecipient() >= 0) {
            return handout(observer.handoutRecipient());
        }
        if (observer.isRevealing()) {
            Operation op = observer.currentOperation();
            Hop hop = op.hops().get(observer.nextHop());
            int input = observer.nextHop() == 0 ? op.position() : pending;
            int value = switch (hop.transform()) {
                case OWN -> own.apply(input);
                case OWN_THEN_INNER -> held.get(new Slot(Kind.INNER, op.audience())).apply(own.apply(input));
                case INNER -> held.get(new Slot(Kind.INNER, op.audience())).apply(input);
            };
            return new Forward(hop.to(), value);
        }
        if (observer.commitments(seat) == null) {
            return commitments();
        }
        return opening();
    }

    /**
     * The last seat splits its permutation once per target: for P_(N-1) as the spec's mirror (X random,
     * Y = A_N∘X^-1), for every other seat as the seed's (C random, D = C^-1∘A_N).
     */
    private Handout handout(int to) {
        if (splits == null) {
            splits = new ArrayList<>();
            for (int target = 0; target <= observer.helper(); target++) {
                Permutation random1 = Permutation.random(params.cards(), random);
                splits.add(target == observer.helper()
                        ? new Permutation[] {own.after(random1.inverse()), random1}
                        : new Permutation[] {random1, random1.inverse().after(own)});
            }
        }
        List<Factor> factors = new ArrayList<>();
        for (Slot slot : observer.slots(to)) {
            if (slot.kind() == Kind.OUTER) {
                factors.add(new Factor(slot.target(), Half.OUTER, splits.get(slot.target())[0]));
            } else if (slot.kind() == Kind.INNER) {
                factors.add(new Factor(slot.target(), Half.INNER, splits.get(slot.target())[1]));
            }
        }
        return new Handout(to, factors);
    }

    private Commitments commitments() {
        List<Commitment> list = new ArrayList<>();
        nonces.clear();
        byte[] session = transcript.sessionId();
        for (Slot slot : observer.slots(seat)) {
            Commitment.Committed c = Commitment.commit(PermutationObserver.COMMITMENT_DOMAIN,
                    PermutationObserver.committedValue(session, seat, slot, held.get(slot)), random);
            nonces.add(c.opening().nonce());
            list.add(c.commitment());
        }
        return new Commitments(list);
    }

    private Opening opening() {
        List<Slot> slots = observer.slots(seat);
        List<Opened> opened = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            opened.add(new Opened(nonces.get(i), held.get(slots.get(i))));
        }
        return new Opening(opened, sealing.secretKeyBytes());
    }

    // ---- What the game asks of this seat. ----

    /**
     * Asks for the card at {@code position} to be shown to the player at {@code audience} only. Only the
     * dealer (seat 0) asks, and a position goes to one player at most (it may be shown to everyone later).
     */
    public List<Envelope> revealTo(int position, int audience) {
        if (audience < 0 || audience >= players) {
            throw new IllegalArgumentException("no seat " + audience);
        }
        return request(position, audience);
    }

    /** Asks for the card at {@code position} to be shown to everyone. */
    public List<Envelope> revealPublicly(int position) {
        return request(position, PermutationMessage.EVERYONE);
    }

    private List<Envelope> request(int position, int audience) {
        requireIdle();
        if (position < 0 || position >= params.cards()) {
            throw new IllegalArgumentException("position " + position + " is outside 0.." + (params.cards() - 1));
        }
        if (observer.publicCards().containsKey(position)) {
            throw new IllegalArgumentException("position " + position + " is already public");
        }
        if (seat != PermutationObserver.DEALER) {
            throw new IllegalStateException("only the dealer, " + observer.nameOf(PermutationObserver.DEALER)
                    + ", asks for cards to be shown");
        }
        List<Envelope> out = new ArrayList<>(List.of(send(new Request(position, audience))));
        out.addAll(act());
        return out;
    }

    /**
     * Ends the game: opens this seat's commitments; the others then open theirs in seat order. Only the dealer
     * (seat 0) ends it.
     */
    public List<Envelope> finish() {
        requireIdle();
        if (seat != PermutationObserver.DEALER) {
            throw new IllegalStateException("only the dealer, " + observer.nameOf(PermutationObserver.DEALER)
                    + ", ends the deal");
        }
        List<Envelope> out = new ArrayList<>(List.of(send(opening())));
        out.addAll(act());
        return out;
    }

    private void requireIdle() {
        if (observer == null || !observer.isIdle() || accusation != null) {
            throw new IllegalStateException("a reveal is under way or the game is not in play: " + awaiting());
        }
    }

    /** Seals {@code m} to its recipient if it is private, signs it, and records it as every other seat will. */
    private Envelope send(PermutationMessage message) {
        PermutationMessage m = alter == null ? message : alter.apply(message);
        PermutationMessage wire = sealIfPrivate(m);
        byte[] body = tamper == null ? wire.toBytes() : tamper.tamper(wire, wire.toBytes());
        Envelope e = transcript.seal(key, seat, observer.nextStep(), m.type(), body);
        try {
            Event event = observer.parse(e);
            observer.apply(event);
            // What this seat says it said: the sealed content it chose, or the public message as sent.
            learn(event, event.message() instanceof SealedMessage ? m : event.message());
        } catch (ProtocolViolation v) {
            if (tamper == null && alter == null) {
                throw new IllegalStateException("own message rejected: " + v.getMessage(), v);
            }
        }
        return e;
    }

    /** A handout, or a forward to one seat, sealed to its recipient; any other message as it is. */
    private PermutationMessage sealIfPrivate(PermutationMessage m) {
        int to = m instanceof Handout h ? h.to() : m instanceof Forward f ? f.to() : PermutationMessage.EVERYONE;
        if (to == PermutationMessage.EVERYONE || to >= players) {
            return m; // public, or (from a cheating test seat) to a seat with no key, which everyone refuses
        }
        return new SealedMessage(m.type(), to, sealing.seal(observer.sealingKey(to), m.toBytes(),
                observer.sealContext(observer.nextStep(), m.type()), random));
    }

    /**
     * Rewrites outgoing message bodies as sent (sealed boxes included): the seam through which tests play a
     * cheating seat.
     */
    @FunctionalInterface
    interface Tamper {
        byte[] tamper(PermutationMessage wire, byte[] body);
    }

    private Tamper tamper;
    private UnaryOperator<PermutationMessage> alter;

    /** Makes this seat a cheater on the wire; package-private, for the adversarial tests only. */
    void cheatWith(Tamper tamper) {
        this.tamper = tamper;
    }

    /**
     * Makes this seat a cheater that changes what it says before sealing it (so the box opens, and holds a
     * lie); package-private, for the adversarial tests only.
     */
    void cheatBeforeSealing(UnaryOperator<PermutationMessage> alter) {
        this.alter = alter;
    }

    /** The content of every box sealed to this seat, by step; package-private, for the tests. */
    Map<Integer, PermutationMessage> openedForMe() {
        return Collections.unmodifiableMap(opened);
    }

    /** This seat's sealing key; package-private, for the tests. */
    SealingKey sealingKey() {
        return sealing;
    }

    /** This seat's own permutation A_i; package-private, for the tests that play colluders. */
    Permutation ownPermutation() {
        return own;
    }

    /** The halves of A_N this seat was handed; package-private, for the tests that play colluders. */
    Map<Slot, Permutation> heldHalves() {
        Map<Slot, Permutation> out = new HashMap<>(held);
        out.remove(new Slot(Kind.OWN, 0));
        return out;
    }

    // ---- What the caller may ask. ----

    /** Position to card, for every card this seat has been shown, privately or publicly. */
    public Map<Integer, Integer> knownCards() {
        return Collections.unmodifiableMap(new TreeMap<>(cards));
    }

    /** Every reveal asked for so far, in order, including one under way. */
    public List<PermutationObserver.Operation> operations() {
        return observer == null ? List.of() : observer.operations();
    }

    /** Position to card, for the cards shown to everyone. */
    public Map<Integer, Integer> publicCards() {
        return observer == null ? Map.of() : observer.publicCards();
    }

    public int seat() {
        return seat;
    }

    public String name() {
        return name;
    }

    public PermutationParameters parameters() {
        return params;
    }

    /** Whether every hello and commitment is in and no reveal is under way, so a reveal may be asked. */
    public boolean isIdle() {
        return observer != null && observer.isIdle() && accusation == null;
    }

    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    @Override
    public String awaiting() {
        return observer == null ? "the hellos" : observer.awaiting();
    }

    @Override
    public boolean isFinished() {
        return observer != null && observer.isDone();
    }

    /**
     * A sealed message that did not open or held something malformed, proved by an accusation (this seat's,
     * once published, or another's). The protocol's other cheats are not visible before the openings; the
     * audit finds them.
     */
    @Override
    public Optional<ProtocolViolation> failure() {
        return observer == null ? Optional.empty() : observer.conviction();
    }

    /** A sealed message to this seat that failed, which it will accuse at its turn; package-private, for tests. */
    Optional<ProtocolViolation> caught() {
        return Optional.ofNullable(caught);
    }

    @Override
    public Transcript transcript() {
        return transcript;
    }

    @Override
    public List<Rejected> rejected() {
        return rejected.list();
    }

    // ---- Serialisation: the secrets plus the messages; everything else is rebuilt by replaying them. ----

    private static final int SNAPSHOT_VERSION = 2;

    /** This seat's whole state as bytes, secrets included: store it as carefully as a key. */
    public byte[] snapshot() {
        WireWriter w = new WireWriter().u8(SNAPSHOT_VERSION).blob(params.toBytes()).u8(players).u8(seat).string(name)
                .blob(own.toBytes()).fixed(sealing.secretKeyBytes()).u32(nonces.size());
        nonces.forEach(w::fixed);
        // The last seat's splits: its handouts are sealed to others, so it cannot read them back.
        List<Permutation[]> kept = splits == null ? List.of() : splits;
        w.u32(kept.size());
        for (Permutation[] pair : kept) {
            w.blob(pair[0].toBytes()).blob(pair[1].toBytes());
        }
        PartySnapshots.writeMessages(w, transcript.envelopes());
        PartySnapshots.writeRefused(w, rejected.list());
        return w.toBytes();
    }

    /**
     * Rebuilds a seat from {@link #snapshot()}; {@code key} must be the one it was created with. The boxes
     * sealed to it are opened again as its transcript is replayed.
     */
    public static PermutationParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
            throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        if (r.u8() != SNAPSHOT_VERSION) {
            throw new MalformedMessageException("unknown snapshot version");
        }
        PermutationParameters params = PermutationParameters.fromBytes(r.blob(64, "the parameters"));
        int players = r.u8();
        int seat = r.u8();
        String name = r.string(256, "the name");
        Permutation own = Permutation.fromBytes(r.blob(4 + 4 * params.cards(), "the permutation"), params.cards());
        SealingKey sealing;
        try {
            sealing = SealingKey.fromSecretKeyBytes(r.fixed(32, "the sealing key"));
        } catch (MalformedEncodingException e) {
            throw new MalformedMessageException("the sealing key: " + e.getMessage());
        }
        PermutationParty p;
        try {
            p = new PermutationParty(params, players, seat, name, key, random, own, sealing);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
        int nonceCount = r.count(players + 1, "the number of nonces");
        for (int i = 0; i < nonceCount; i++) {
            p.nonces.add(r.fixed(Commitment.NONCE_LENGTH, "a nonce"));
        }
        int splitCount = r.count(players, "the number of splits");
        if (splitCount > 0) {
            p.splits = new ArrayList<>();
            for (int i = 0; i < splitCount; i++) {
                int size = 4 + 4 * params.cards();
                p.splits.add(new Permutation[] {Permutation.fromBytes(r.blob(size, "a half"), params.cards()),
                        Permutation.fromBytes(r.blob(size, "a half"), params.cards())});
            }
        }
        List<Envelope> messages = PartySnapshots.readMessages(r);
        List<Rejected> refused = PartySnapshots.readRefused(r);
        try {
            for (Envelope e : messages) {
                boolean wasEstablished = p.transcript.established();
                p.transcript.append(e);
                if (!wasEstablished) {
                    if (p.transcript.established()) {
                        p.establish();
                    }
                    continue;
                }
                Event event = p.observer.parse(e);
                if (event.message() instanceof SealingKeyAnnouncement k && e.sender() == seat
                        && !k.key().equals(sealing.publicKey())) {
                    throw new MalformedMessageException("the snapshot's sealing key is not the one this seat announced");
                }
                PermutationMessage content;
                try {
                    content = p.openIfMine(event);
                } catch (ProtocolViolation seenOnlyByMe) {
                    p.observer.apply(event);
                    p.accuse(event, seenOnlyByMe);
                    continue;
                }
                p.observer.apply(event);
                p.learn(event, content);
            }
            p.rejected.restore(refused);
        } catch (ProtocolViolation v) {
            throw new MalformedMessageException("the snapshot's transcript does not replay: " + v.getMessage());
        }
        r.end();
        return p;
    }
}
