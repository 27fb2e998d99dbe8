package fairtable.protocol.permutation;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.seal.SealContext;
import fairtable.crypto.seal.SealOpeningException;
import fairtable.crypto.seal.SealingKey;
import fairtable.crypto.seal.SealingPublicKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.permutation.PermutationMessage.Accusation;
import fairtable.protocol.permutation.PermutationMessage.Codec;
import fairtable.protocol.permutation.PermutationMessage.Commitments;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Opened;
import fairtable.protocol.permutation.PermutationMessage.Opening;
import fairtable.protocol.permutation.PermutationMessage.Request;
import fairtable.protocol.permutation.PermutationMessage.SealedMessage;
import fairtable.protocol.permutation.PermutationMessage.SealingKeyAnnouncement;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The public state of a permutation deal: what anyone who sees the messages (and not their secrets) knows
 * and checks. Every party and the auditor run it, so all agree on whose turn it is, which step comes next,
 * who must receive each private message, and which permutation each commitment is for.
 *
 * <p>Seats are 0-based: seat 0 is the seed's P1, seat N-1 its P_N ("the last player"), seat N-2 its
 * P_(N-1) ("the helper"). The order of play: every seat announces its sealing key (steps 1..N), the last
 * player hands out the halves of its permutation (steps N+1..2N-1), every seat commits in seat order, then
 * reveals follow one at a time, each asked by a public request, and the game ends with every seat opening
 * its commitments and revealing its sealing key.
 *
 * <p>Private messages are sealed: the observer checks their recipient and the size of their box, and
 * {@link #openPrivate} opens one, given the recipient's sealing key (the recipient's own during play, the
 * revealed one in the audit), and checks what is inside.
 */
public final class PermutationObserver {
    /** The commitment domain; the committed bytes also carry the session, the seat and the slot. */
    public static final String COMMITMENT_DOMAIN = "fairtable/permutation-deal/v2/commitment";
    /**
     * The seat that deals: only it asks for cards to be shown (the seed's P1, which starts every chain).
     * Anyone else's request, and a request to show a position dealt to one seat to another, is refused
     * by every seat and by the audit, so no honest seat passes on a value for it. Only it ends the deal
     * too: the first opening makes every seat open, which shows every card.
     */
    public static final int DEALER = 0;
    /** Prefix of the label every sealed box is bound to, with its type and step. */
    static final String SEAL_DOMAIN = "fairtable/permutation-deal/v2/";
    /** What a seat's proof of knowledge of its sealing key is bound to, with the session and the seat. */
    static final String SEALING_KEY_PROOF_DOMAIN = "fairtable/permutation-deal/v2/sealing-key";

    /** What a held permutation is: the seat's own A_i, or a half of A_N handed out by the last player. */
    public enum Kind { OWN, OUTER, INNER }

    /** One permutation a seat holds and commits to; {@code target} is the seat a half serves reveals to. */
    public record Slot(Kind kind, int target) {
        String describe(PermutationObserver o) {
            return switch (kind) {
                case OWN -> "its own permutation";
                case OUTER -> "the outer half for reveals to " + o.nameOf(target);
                case INNER -> "the inner half for reveals to " + o.nameOf(target);
            };
        }
    }

    /** What the sender of a hop applies to the value it received (or to the position, on the first hop). */
    public enum Transform { OWN, OWN_THEN_INNER, INNER }

    /** One private (or, last of a public reveal, public) message of a reveal. */
    public record Hop(int from, int to, Transform transform) {}

    /** A reveal: asked at {@code requestStep}, carried by {@code hops}. */
    public record Operation(int requestStep, int requester, int position, int audience, List<Hop> hops) {
        public Operation {
            hops = List.copyOf(hops);
        }

        public boolean isPublic() {
            return audience == PermutationMessage.EVERYONE;
        }
    }

    /**
     * A message accepted at a step from a seat. For a forward, {@code operation} and {@code hop} say which
     * reveal and which hop of it; otherwise they are -1.
     */
    public record Event(int step, int seat, PermutationMessage message, int operation, int hop) {
        /** The same event carrying {@code content}: a sealed message's opened content. */
        Event withMessage(PermutationMessage content) {
            return new Event(step, seat, content, operation, hop);
        }
    }

    enum Phase { KEYS, HANDOUT, COMMIT, IDLE, CHAIN, CLOSING, DONE }

    private final PermutationParameters params;
    private final int players;
    private final List<String> names;
    private final byte[] session;
    private final List<Event> events = new ArrayList<>();
    private final List<List<Commitment>> commitments = new ArrayList<>();
    // Commitment has no value equality: compare the digests.
    private final Set<ByteBuffer> allCommitments = new HashSet<>();
    private final List<List<Permutation>> openings = new ArrayList<>();
    private final List<SealingPublicKey> sealingKeys = new ArrayList<>();
    private final List<SealingKey> revealedKeys = new ArrayList<>();
    private final List<Operation> operations = new ArrayList<>();
    private final Map<Integer, Integer> publicCards = new TreeMap<>();
    // Position to the seat it was shown to privately: each position is dealt to one seat at most.
    private final Map<Integer, Integer> dealt = new TreeMap<>();
    private Phase phase = Phase.KEYS;
    private ProtocolViolation conviction;
    private int nextStep = 1;
    private int turn;
    private int hop;
    /** Where an audit keeps the sealing-key proofs, labelled by step, for one batch; null: each checked in its message. */
    private ProofBatch<Integer> deferred;

    public PermutationObserver(PermutationParameters params, List<String> names, byte[] session) {
        if (names.size() < PermutationParameters.MIN_PLAYERS || names.size() >= PermutationMessage.EVERYONE) {
            throw new IllegalArgumentException("the permutation deal needs 3 to 254 players, not " + names.size());
        }
        this.params = params;
        this.players = names.size();
        this.names = List.copyOf(names);
        this.session = session.clone();
        for (int s = 0; s < players; s++) {
            commitments.add(null);
            openings.add(null);
            sealingKeys.add(null);
            revealedKeys.add(null);
        }
    }

    /**
     * Keeps every sealing-key proof in {@code pending} from now on instead of checking it: for an audit, whose verdict
     * stands only if {@code pending} then verifies.
     */
    public void deferProofsTo(ProofBatch<Integer> pending) {
        this.deferred = pending;
    }

    // ---- The generalisation of the seed's three-player chain to N players. ----

    public int last() {
        return players - 1;
    }

    /** P_(N-1): the seat that applies the inner half for every reveal except the reveals to itself. */
    public int helper() {
        return players - 2;
    }

    /** Who applies the inner half of the split for reveals to {@code target}: P1 for P_(N-1), else P_(N-1). */
    public int innerHolder(int target) {
        return target == helper() ? 0 : helper();
    }

    /**
     * The permutations {@code seat} holds and commits to, in commitment order: its own, then the halves of
     * A_N it is handed, by target. Seat 0 holds the outer half for itself and the inner half for P_(N-1)
     * (the seed's C3 and X3); P_(N-1) the inner halves for everyone below it and the outer one for itself
     * (D3 and Y3); the seats in between their own outer half; the last seat only its own permutation.
     */
    public List<Slot> slots(int seat) {
        List<Slot> out = new ArrayList<>();
        out.add(new Slot(Kind.OWN, 0));
        if (seat == last()) {
            return out;
        }
        for (int target = 0; target <= helper(); target++) {
            if (target == seat) {
                out.add(new Slot(Kind.OUTER, target));
            } else if (innerHolder(target) == seat) {
                out.add(new Slot(Kind.INNER, target));
            }
        }
        return out;
    }

    /**
     * The hops of a reveal of any position to {@code audience}. The chain P1 → P2 → ... applies A_1, A_2, ...
     * in turn; what differs is the end:
     * <ul>
     *   <li>everyone: the chain reaches P_N, which publishes A(i);</li>
     *   <li>P_N: the chain reaches P_N, which applies A_N privately;</li>
     *   <li>P_(N-1): the chain reaches P_(N-1), which applies its own permutation and sends the result to
     *       P1; P1 applies the inner half X and sends it back; P_(N-1) applies the outer half Y = A_N∘X^-1
     *       (the spec's corrected mirror construction);</li>
     *   <li>any other seat k: the chain reaches P_(N-1), which applies its own permutation and the inner half
     *       D = C^-1∘A_N and sends the result to k, which applies C (the seed's construction).</li>
     * </ul>
     */
    public List<Hop> plan(int audience) {
        List<Hop> hops = new ArrayList<>();
        int chainEnd = audience == PermutationMessage.EVERYONE || audience == last() ? last() : helper();
        for (int s = 0; s < chainEnd; s++) {
            hops.add(new Hop(s, s + 1, Transform.OWN));
        }
        if (audience == PermutationMessage.EVERYONE) {
            hops.add(new Hop(last(), PermutationMessage.EVERYONE, Transform.OWN));
        } else if (audience == helper()) {
            hops.add(new Hop(helper(), 0, Transform.OWN));
            hops.add(new Hop(0, helper(), Transform.INNER));
        } else if (audience != last()) {
            hops.add(new Hop(helper(), audience, Transform.OWN_THEN_INNER));
        }
        return hops;
    }

    /** The slot the recipient of a private reveal applies to the last value it receives. */
    public Slot finalSlot(int audience) {
        return audience == last() ? new Slot(Kind.OWN, 0) : new Slot(Kind.OUTER, audience);
    }

    /** The bytes a commitment binds: the session, the seat, the slot and the permutation. */
    public static byte[] committedValue(byte[] session, int seat, Slot slot, Permutation p) {
        WireWriter w = new WireWriter().fixed(session).u8(seat).u8(slot.kind().ordinal()).u8(slot.target());
        return p.write(w).toBytes();
    }

    /** What {@code seat}'s proof of knowledge of its sealing key is bound to: this session and that seat. */
    public ProofContext sealingKeyProofContext(int seat) {
        return ProofContext.of(session, new byte[0], new WireWriter().string(SEALING_KEY_PROOF_DOMAIN).u8(seat).toBytes());
    }

    /** What the private message of {@code type} at {@code step} is sealed under: this session, the type, the step. */
    public SealContext sealContext(int step, String type) {
        return SealContext.of(session, SEAL_DOMAIN + type + "/step " + step);
    }

    /**
     * Opens the sealed message of {@code event} with {@code recipientKey}, the key of the seat it is
     * addressed to, and checks its content: it opens, it is well formed, it names the same recipient, and a
     * handout holds exactly the halves that seat must hold. Every failure is the sender's (the box is signed
     * by it, and the key is the one the recipient announced), so it names the sender at that step.
     */
    public PermutationMessage openPrivate(Event event, SealingKey recipientKey) throws ProtocolViolation {
        SealedMessage m = (SealedMessage) event.message();
        String who = nameOf(event.seat());
        if (!recipientKey.publicKey().equals(sealingKeys.get(m.to()))) {
            throw new IllegalArgumentException("not the sealing key of " + nameOf(m.to()));
        }
        byte[] plain;
        try {
            plain = recipientKey.open(m.box(), sealingKeys.get(event.seat()), sealContext(event.step(), m.type()));
        } catch (SealOpeningException x) {
            throw new ProtocolViolation(event.step(), who, "sealed a " + m.type() + " to " + nameOf(m.to())
                    + " that does not open under " + nameOf(m.to()) + "'s sealing key");
        }
        try {
            if (m.type().equals(Handout.TYPE)) {
                Handout h = Codec.handout(plain, params.cards(), players);
                if (h.to() != m.to()) {
                    throw new MalformedMessageException("seals to " + nameOf(m.to()) + " a handout for seat " + h.to());
                }
                List<Slot> expected = slots(m.to()).subList(1, slots(m.to()).size());
                List<Slot> got = h.factors().stream()
                        .map(f -> new Slot(f.half() == Half.OUTER ? Kind.OUTER : Kind.INNER, f.target())).toList();
                if (!got.equals(expected)) {
                    throw new MalformedMessageException("hands " + nameOf(m.to()) + " the halves " + got + ", expected " + expected);
                }
                return h;
            }
            Forward f = Codec.forward(plain, params.cards());
            if (f.to() != m.to()) {
                throw new MalformedMessageException("seals to " + nameOf(m.to()) + " a hop for " + nameOf(f.to()));
            }
            return f;
        } catch (MalformedMessageException x) {
            throw new ProtocolViolation(event.step(), who, "inside its sealed " + m.type() + ": " + x.getMessage());
        }
    }

    // ---- Checking and applying messages. ----

    /** Checks that {@code e} is the message the game expects now and decodes it. Changes nothing. */
    public Event parse(Envelope e) throws ProtocolViolation {
        int seat = e.sender();
        String who = nameOf(seat);
        if (seat >= players) {
            throw new ProtocolViolation(e.step(), who, "there is no seat " + seat);
        }
        if (e.step() != nextStep) {
            throw new ProtocolViolation(e.step(), who, "claims step " + e.step() + " but step " + nextStep + " is due");
        }
        try {
            return decode(e, seat, who);
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), who, m.getMessage());
        }
    }

    private Event decode(Envelope e, int seat, String who) throws MalformedMessageException, ProtocolViolation {
        int n = params.cards();
        byte[] body = e.body();
        String type = e.type();
        if (type.equals(Accusation.TYPE) && phase != Phase.DONE) {
            Accusation a = Codec.accusation(body);
            if (!(phase == Phase.IDLE || seatToSpeak() == seat)) {
                throw new ProtocolViolation(e.step(), who, "accuses out of turn: " + awaiting());
            }
            if (provenBy(a, e.step(), seat) == null) {
                Event accused = eventAt(a.step());
                throw new ProtocolViolation(e.step(), who, "accuses " + nameOf(accused.seat()) + " falsely: its sealed "
                        + ((SealedMessage) accused.message()).type() + " of step " + a.step() + " opens and holds what it should");
            }
            return event(e, a);
        }
        switch (phase) {
            case KEYS: {
                expect(e, who, turn, SealingKeyAnnouncement.TYPE);
                SealingKeyAnnouncement k = Codec.sealingKey(body);
                if (sealingKeys.contains(k.key())) {
                    throw new MalformedMessageException("announces a sealing key already announced");
                }
                if (deferred != null) {
                    deferred.addSchnorr(e.step(), k.proof(), k.key().point(), sealingKeyProofContext(seat));
                } else if (!k.proof().verify(k.key().point(), sealingKeyProofContext(seat))) {
                    throw new MalformedMessageException("does not prove that it knows its sealing key");
                }
                return event(e, k);
            }
            case HANDOUT: {
                expect(e, who, last(), Handout.TYPE);
                int halves = slots(turn).size() - 1;
                SealedMessage h = Codec.sealed(Handout.TYPE, body, Codec.handoutLength(n, halves));
                if (h.to() != turn) {
                    throw new MalformedMessageException("hands out to seat " + h.to() + " where seat " + turn + " is due");
                }
                return event(e, h);
            }
            case COMMIT: {
                expect(e, who, turn, Commitments.TYPE);
                Commitments c = Codec.commitments(body, slots(seat).size());
                Set<ByteBuffer> fresh = new HashSet<>();
                for (Commitment x : c.commitments()) {
                    ByteBuffer digest = ByteBuffer.wrap(x.toBytes());
                    if (allCommitments.contains(digest) || !fresh.add(digest)) {
                        throw new MalformedMessageException("repeats a commitment already made");
                    }
                }
                return event(e, c);
            }
            case IDLE: {
                if (type.equals(Opening.TYPE)) {
                    if (seat != DEALER) {
                        // Every other seat would answer with its own opening, and the openings show every card.
                        throw new ProtocolViolation(e.step(), who, "opens its commitments, but only the dealer, "
                                + nameOf(DEALER) + ", ends the deal");
                    }
                    return event(e, opening(e, seat, who));
                }
                if (!type.equals(Request.TYPE)) {
                    throw new ProtocolViolation(e.step(), who, "sent '" + type + "'; expected a request or an opening");
                }
                if (seat != DEALER) {
                    throw new ProtocolViolation(e.step(), who, "asks for a card to be shown, but only the dealer, "
                            + nameOf(DEALER) + ", deals");
                }
                Request r = Codec.request(body, n);
                if (r.audience() != PermutationMessage.EVERYONE && r.audience() >= players) {
                    throw new MalformedMessageException("asks to show a card to seat " + r.audience() + ", which does not exist");
                }
                if (publicCards.containsKey(r.position())) {
                    throw new MalformedMessageException("position " + r.position() + " is already public");
                }
                Integer dealtTo = dealt.get(r.position());
                if (dealtTo != null && r.audience() != PermutationMessage.EVERYONE) {
                    throw new MalformedMessageException("asks to show position " + r.position() + " to "
                            + nameOf(r.audience()) + ", but it was already dealt to " + nameOf(dealtTo)
                            + "; it may only be shown to everyone now");
                }
                return event(e, r);
            }
            case CHAIN: {
                Hop h = currentOperation().hops().get(hop);
                expect(e, who, h.from(), PermutationMessage.Forward.TYPE);
                int to;
                PermutationMessage m;
                if (Codec.isPublicForward(body)) {
                    Forward f = Codec.forward(body, n);
                    to = f.to();
                    m = f;
                } else {
                    SealedMessage f = Codec.sealed(Forward.TYPE, body, Codec.FORWARD_LENGTH);
                    to = f.to();
                    m = f;
                }
                if (to != h.to()) {
                    throw new MalformedMessageException("sends hop " + (hop + 1) + " of the reveal to "
                            + nameOf(to) + " instead of " + nameOf(h.to()));
                }
                return new Event(e.step(), seat, m, operations.size() - 1, hop);
            }
            case CLOSING:
                expect(e, who, turn, Opening.TYPE);
                return event(e, opening(e, seat, who));
            default:
                throw new ProtocolViolation(e.step(), who, "sent '" + type + "' after the game is over");
        }
    }

    /**
     * What an accusation by {@code seat} proves: the violation of the sealed message it names, or null if
     * that message opens and holds what it should. Refuses an accusation about anything but a sealed message
     * to the accuser, or with a key other than the one the accuser announced.
     */
    private ProtocolViolation provenBy(Accusation a, int step, int seat) throws ProtocolViolation, MalformedMessageException {
        Event accused = eventAt(a.step());
        if (accused == null || !(accused.message() instanceof SealedMessage m) || m.to() != seat) {
            throw new MalformedMessageException("accuses step " + a.step() + ", which is not a sealed message to it");
        }
        SealingKey key;
        try {
            key = SealingKey.fromSecretKeyBytes(a.sealingSecret());
        } catch (MalformedEncodingException x) {
            throw new MalformedMessageException("its sealing secret key: " + x.getMessage());
        }
        if (!key.publicKey().equals(sealingKeys.get(seat))) {
            throw new ProtocolViolation(step, nameOf(seat), "reveals a sealing secret key that is not the one it announced");
        }
        try {
            openPrivate(accused, key);
            return null;
        } catch (ProtocolViolation proven) {
            return proven;
        }
    }

    private Event eventAt(int step) {
        for (Event ev : events) {
            if (ev.step() == step) {
                return ev;
            }
        }
        return null;
    }

    private Opening opening(Envelope e, int seat, String who) throws MalformedMessageException, ProtocolViolation {
        if (openings.get(seat) != null) {
            throw new ProtocolViolation(e.step(), who, "has already opened its commitments");
        }
        List<Slot> slots = slots(seat);
        Opening o = Codec.opening(e.body(), params.cards(), slots.size());
        for (int i = 0; i < slots.size(); i++) {
            Opened x = o.opened().get(i);
            byte[] value = committedValue(session, seat, slots.get(i), x.permutation());
            if (!commitments.get(seat).get(i).isOpenedBy(COMMITMENT_DOMAIN, new Commitment.Opening(x.nonce(), value))) {
                throw new ProtocolViolation(e.step(), who, "opening " + (i + 1) + " (" + slots.get(i).describe(this)
                        + ") does not open its commitment");
            }
        }
        SealingKey revealed;
        try {
            revealed = SealingKey.fromSecretKeyBytes(o.sealingSecret());
        } catch (MalformedEncodingException x) {
            throw new MalformedMessageException("its sealing secret key: " + x.getMessage());
        }
        if (!revealed.publicKey().equals(sealingKeys.get(seat))) {
            throw new ProtocolViolation(e.step(), who, "reveals a sealing secret key that is not the one it announced");
        }
        return o;
    }

    private static Event event(Envelope e, PermutationMessage m) {
        return new Event(e.step(), e.sender(), m, -1, -1);
    }

    private void expect(Envelope e, String who, int seat, String type) throws ProtocolViolation {
        if (e.sender() != seat) {
            throw new ProtocolViolation(e.step(), who, "spoke out of turn: " + nameOf(seat) + " must send " + type);
        }
        if (!e.type().equals(type)) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' where '" + type + "' is due");
        }
    }

    /** Records an event returned by {@link #parse}. */
    public void apply(Event event) {
        PermutationMessage m = event.message();
        if (m instanceof Accusation a) {
            try {
                conviction = provenBy(a, event.step(), event.seat());
            } catch (ProtocolViolation | MalformedMessageException x) {
                throw new IllegalArgumentException("an accusation that parse() did not accept", x);
            }
            phase = Phase.DONE;
        } else if (m instanceof SealingKeyAnnouncement k) {
            sealingKeys.set(event.seat(), k.key());
            turn++;
            if (turn == players) {
                phase = Phase.HANDOUT;
                turn = 0;
            }
        } else if (phase == Phase.HANDOUT) {
            turn++;
            if (turn == last()) {
                phase = Phase.COMMIT;
                turn = 0;
            }
        } else if (m instanceof Commitments c) {
            commitments.set(event.seat(), c.commitments());
            c.commitments().forEach(x -> allCommitments.add(ByteBuffer.wrap(x.toBytes())));
            turn++;
            if (turn == players) {
                phase = Phase.IDLE;
            }
        } else if (m instanceof Request r) {
            operations.add(new Operation(event.step(), event.seat(), r.position(), r.audience(), plan(r.audience())));
            if (r.audience() != PermutationMessage.EVERYONE) {
                dealt.put(r.position(), r.audience());
            }
            phase = Phase.CHAIN;
            hop = 0;
        } else if (event.operation() >= 0) {
            hop++;
            Operation op = currentOperation();
            if (hop == op.hops().size()) {
                if (m instanceof Forward f) {
                    publicCards.put(op.position(), f.value());
                }
                phase = Phase.IDLE;
            }
        } else if (m instanceof Opening o) {
            openings.set(event.seat(), o.opened().stream().map(Opened::permutation).toList());
            try {
                revealedKeys.set(event.seat(), SealingKey.fromSecretKeyBytes(o.sealingSecret()));
            } catch (MalformedEncodingException x) {
                throw new IllegalArgumentException("an opening that parse() did not accept", x);
            }
            turn = firstUnopened();
            phase = turn < 0 ? Phase.DONE : Phase.CLOSING;
        }
        events.add(event);
        nextStep = event.step() + 1;
    }

    private int firstUnopened() {
        for (int s = 0; s < players; s++) {
            if (openings.get(s) == null) {
                return s;
            }
        }
        return -1;
    }

    // ---- What anyone may ask. ----

    public int nextStep() {
        return nextStep;
    }

    public int players() {
        return players;
    }

    public PermutationParameters parameters() {
        return params;
    }

    /** Whether no reveal is under way and the game is not closing: a seat may ask a reveal or open. */
    public boolean isIdle() {
        return phase == Phase.IDLE;
    }

    public boolean isDone() {
        return phase == Phase.DONE;
    }

    /** The cheat an accepted accusation proved, which ended the game. */
    public Optional<ProtocolViolation> conviction() {
        return Optional.ofNullable(conviction);
    }

    public boolean hasOpened(int seat) {
        return openings.get(seat) != null;
    }

    /** The seat that must send the next message, or -1 when any may (idle) or nobody (done). */
    public int seatToSpeak() {
        return switch (phase) {
            case HANDOUT -> last();
            case KEYS, COMMIT, CLOSING -> turn;
            case CHAIN -> currentOperation().hops().get(hop).from();
            case IDLE, DONE -> -1;
        };
    }

    boolean isAnnouncingKeys() {
        return phase == Phase.KEYS;
    }

    /** The sealing key {@code seat} announced, or null before it did. */
    public SealingPublicKey sealingKey(int seat) {
        return sealingKeys.get(seat);
    }

    /** The sealing key {@code seat} revealed in its opening (checked against the one announced), or null. */
    public SealingKey revealedSealingKey(int seat) {
        return revealedKeys.get(seat);
    }

    /** During the handouts, the seat the next handout is for. */
    int handoutRecipient() {
        return phase == Phase.HANDOUT ? turn : -1;
    }

    /** The reveal under way or last completed; its next hop is {@link #nextHop()}. */
    public Operation currentOperation() {
        return operations.get(operations.size() - 1);
    }

    /** The index of the next hop in the current reveal, meaningful while a reveal is under way. */
    int nextHop() {
        return hop;
    }

    boolean isRevealing() {
        return phase == Phase.CHAIN;
    }

    public List<Operation> operations() {
        return Collections.unmodifiableList(operations);
    }

    /** Position to card, for every card shown to everyone. */
    public Map<Integer, Integer> publicCards() {
        return Collections.unmodifiableMap(publicCards);
    }

    /** The commitments {@code seat} published, or null before it committed. */
    public List<Commitment> commitments(int seat) {
        return commitments.get(seat);
    }

    /** The permutations {@code seat} opened, aligned with {@link #slots(int)}, or null before it opened. */
    public List<Permutation> openings(int seat) {
        return openings.get(seat);
    }

    public List<Event> events() {
        return Collections.unmodifiableList(events);
    }

    public String nameOf(int seat) {
        if (seat == PermutationMessage.EVERYONE) {
            return "everyone";
        }
        return seat < names.size() ? names.get(seat) : "seat " + seat;
    }

    /** Who must speak next, and what: for people waiting on a slow game. */
    public String awaiting() {
        return switch (phase) {
            case KEYS -> nameOf(turn) + " to announce its sealing key (step " + nextStep + ")";
            case HANDOUT -> nameOf(last()) + " to hand " + nameOf(turn) + " its halves (step " + nextStep + ")";
            case COMMIT -> nameOf(turn) + " to publish its commitments (step " + nextStep + ")";
            case IDLE -> nameOf(DEALER) + " (the dealer) to ask for a card to be shown, or to open its commitments and"
                    + " end the game";
            case CHAIN -> nameOf(seatToSpeak()) + " to pass on the value for position " + currentOperation().position()
                    + " (hop " + (hop + 1) + " of " + currentOperation().hops().size() + ", step " + nextStep + ")";
            case CLOSING -> nameOf(turn) + " to open its commitments (step " + nextStep + ")";
            case DONE -> conviction == null ? "nobody: the game is over"
                    : "nobody: the game ended when " + conviction.party() + " was shown to have cheated at step " + conviction.step();
        };
    }
}
