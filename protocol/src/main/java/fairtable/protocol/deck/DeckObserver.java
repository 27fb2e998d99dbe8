package fairtable.protocol.deck;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.shuffle.VerifiableShuffle;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage.Codec;
import fairtable.protocol.deck.DeckMessage.Cut;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.Discard;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Leave;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckMessage.Reveal;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Show;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;

/**
 * The public state of a verifiable-deck/v1 game: everything anyone who sees the messages knows and can
 * check without a secret key. Every seat and the auditor run one, so all agree on whose turn it is, which
 * step comes next, where each card is, and which decryption shares are public. {@link #parse} validates a
 * message completely (its place, its encoding and every proof in it) without changing anything;
 * {@link #apply} records it.
 *
 * <p>The script: every seat publishes its key in seat order, then shuffles in seat order. Then the table is
 * idle and any seat still playing may start one operation (deal, open, cut, discard, show, reveal, leave).
 * An operation that needs decryption shares (deal, open, reveal) collects them one seat at a time in seat
 * order, so at every moment at most one seat is due to speak: {@link #awaitedSeat()} names it, and a seat
 * that stays silent past a timeout is the one to blame.
 */
public final class DeckObserver {
    /** Where a deck position is. */
    public enum Place {
        /** Face-down in the stock. */
        STOCK,
        /** Face-down in a seat's hand. */
        HELD,
        /** In a seat's hand, proved at showdown: everyone can read it. */
        SHOWN,
        /** Face-up on the table. */
        TABLE,
        /** Discarded face-down by its holder. */
        DISCARDED,
        /** Discarded face-up: everyone can read it. */
        DISCARDED_FACE_UP
    }

    enum Phase { KEYS, SHUFFLES, IDLE, COLLECTING, DONE }

    private enum Operation { DEAL, OPEN, REVEAL }

    /** A message accepted at a step from a seat. */
    public record Event(int step, int seat, DeckMessage message) {}

    /**
     * How far the deck's set-up has come: {@code done} of the {@code seats} have published their keys or, once
     * {@code shuffling}, have shuffled; the seat due next is seat {@code done}.
     */
    public record Setup(boolean shuffling, int done, int seats) {}

    private final DeckParameters params;
    private final int players;
    private final int cards;
    private final List<String> names;
    private final byte[][] proverIds;
    private final byte[] sessionId;
    private final RandomGenerator verifierRandom;
    private final List<Event> events = new ArrayList<>();

    private Phase phase = Phase.KEYS;
    private int turn;
    private int nextStep = 1;
    private final PublicKey[] keys;
    private JointKey jointKey;
    private List<Ciphertext> deck;
    private List<Integer> stock;
    private final Place[] place;
    private final int[] holder;
    private final DecryptionShare[][] shares;
    private final boolean[] gone;
    private Operation operation;
    private List<Integer> operationPositions = List.of();
    private List<Integer> owing = List.of();
    private int owingIndex;
    private int sharesVerified;
    /** Where an audit keeps the proofs to check them all at once; null: each is checked in its message. */
    private DeferredProofs deferred;

    /**
     * @param hellos         every seat's hello, in seat order (the session is established)
     * @param sessionId      the transcript's session id
     * @param verifierRandom weights for batch-verifying shuffle proofs: a SecureRandom in production, never
     *                       predictable by a prover
     */
    public DeckObserver(DeckParameters params, List<Hello> hellos, byte[] sessionId, RandomGenerator verifierRandom) {
        if (hellos.size() != params.players()) {
            throw new IllegalArgumentException(hellos.size() + " hellos for " + params.players() + " players");
        }
        this.params = params;
        this.players = params.players();
        this.cards = params.cards();
        this.names = hellos.stream().map(Hello::name).toList();
        this.proverIds = new byte[players][];
        for (int s = 0; s < players; s++) {
            proverIds[s] = new WireWriter().u8(s).fixed(hellos.get(s).key().toBytes()).toBytes();
        }
        this.sessionId = sessionId.clone();
        this.verifierRandom = verifierRandom;
        this.keys = new PublicKey[players];
        List<Ciphertext> fresh = new ArrayList<>(cards);
        List<Integer> order = new ArrayList<>(cards);
        for (int j = 0; j < cards; j++) {
            fresh.add(Ciphertext.unmasked(params.card(j)));
            order.add(j);
        }
        this.deck = List.copyOf(fresh);
        this.stock = List.copyOf(order);
        this.place = new Place[cards];
        Arrays.fill(place, Place.STOCK);
        this.holder = new int[cards];
        Arrays.fill(holder, -1);
        this.shares = new DecryptionShare[cards][players];
        this.gone = new boolean[players];
    }

    /**
     * From now on every proof in a parsed message (key proof, shuffle, decryption share) goes to {@code pending}
     * instead of being checked: for an audit, whose verdict stands only if {@link DeferredProofs#verify} then
     * holds, and which otherwise audits again without deferring. Never for live play: a seat must not act on
     * a message whose proofs it has not checked.
     */
    public void deferProofsTo(DeferredProofs pending) {
        this.deferred = pending;
    }

    /**
     * The Fiat–Shamir context of a proof by {@code seat} in the message that follows {@code previousHash}:
     * the session, the transcript so far and the prover (seat and signing key), so that a proof cannot be
     * moved to another game, another moment or another player.
     */
    public ProofContext context(byte[] previousHash, int seat) {
        return ProofContext.of(sessionId, previousHash, proverIds[seat]);
    }

    /** Checks that {@code e} is a message the game accepts now, including every proof in it. Changes nothing. */
    public Event parse(Envelope e) throws ProtocolViolation {
        int seat = e.sender();
        String who = nameOf(seat);
        if (seat >= players) {
            throw new ProtocolViolation(e.step(), who, "there is no seat " + seat);
        }
        if (e.step() != nextStep) {
            throw new ProtocolViolation(e.step(), who, "claims step " + e.step() + " but step " + nextStep + " is due");
        }
        if (phase == Phase.DONE) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' after the game is over");
        }
        if (gone[seat]) {
            throw new ProtocolViolation(e.step(), who, "has left the game and may send nothing more");
        }
        try {
            return new Event(e.step(), seat, decode(e, seat, who));
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), who, m.getMessage());
        }
    }

    private DeckMessage decode(Envelope e, int seat, String who) throws MalformedMessageException, ProtocolViolation {
        byte[] body = e.body();
        ProofContext context = context(e.prev(), seat);
        switch (phase) {
            case KEYS -> {
                expect(e, who, turn, KeyShare.TYPE);
                KeyShare k = Codec.keyShare(body);
                for (int s = 0; s < turn; s++) {
                    if (keys[s].equals(k.key())) {
                        throw new MalformedMessageException("publishes the same key as " + nameOf(s));
                    }
                }
                if (deferred != null) {
                    deferred.addKeyProof(where(e, who), k.key(), k.proof(), context);
                } else if (!k.key().verifyKnowledge(k.proof(), context)) {
                    throw new ProtocolViolation(e.step(), who, "the proof of knowledge of its secret key does not verify");
                }
                if (turn == players - 1) {
                    try {
                        jointKeyWith(k.key());
                    } catch (IllegalArgumentException sumIsIdentity) {
                        throw new MalformedMessageException("its key cancels the others: the joint key is the identity");
                    }
                }
                return k;
            }
            case SHUFFLES -> {
                expect(e, who, turn, Shuffle.TYPE);
                Shuffle s = Codec.shuffle(body, cards);
                for (int i = 0; i < cards; i++) {
                    if (s.deck().get(i).c1Point().isIdentity()) {
                        throw new MalformedMessageException("leaves the card at position " + i + " unmasked");
                    }
                }
                if (deferred != null) {
                    deferred.addShuffle(where(e, who), jointKey, deck, s.deck(), s.proof(), context);
                } else if (!VerifiableShuffle.verify(jointKey, deck, s.deck(), s.proof(), context, verifierRandom)) {
                    throw new ProtocolViolation(e.step(), who,
                            "the shuffle proof does not verify: the new deck is not a permutation and re-randomisation of the deck it received");
                }
                return s;
            }
            case IDLE -> {
                return decodeOperation(e, seat, who, context);
            }
            case COLLECTING -> {
                expect(e, who, owing.get(owingIndex), Shares.TYPE);
                List<Integer> due = duePositions(seat);
                List<DecryptionShare> list = Codec.shares(body, due.size());
                verifyShares(e, who, seat, due, list, context);
                return new Shares(list);
            }
            default -> throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' after the game is over");
        }
    }

    private DeckMessage decodeOperation(Envelope e, int seat, String who, ProofContext context)
            throws MalformedMessageException, ProtocolViolation {
        byte[] body = e.body();
        switch (e.type()) {
            case Deal.TYPE -> {
                Deal d = Codec.deal(body, players);
                for (int recipient : d.recipients()) {
                    if (recipient >= players || gone[recipient]) {
                        throw new MalformedMessageException("deals to seat " + recipient + ", which is not playing");
                    }
                }
                requireStock((long) d.count() * d.recipients().size());
                return d;
            }
            case Open.TYPE -> {
                Open o = Codec.open(body);
                requireStock(o.count());
                return o;
            }
            case Cut.TYPE -> {
                Cut c = Codec.cut(body);
                if (stock.size() < 2 || c.index() < 1 || c.index() >= stock.size()) {
                    throw new MalformedMessageException("cuts at " + c.index() + "; a cut of a stock of "
                            + stock.size() + " is at 1 to " + (stock.size() - 1));
                }
                return c;
            }
            case Discard.TYPE -> {
                Discard d = Codec.discard(body, cards);
                requireHeld(seat, d.position());
                if (d.faceUp()) {
                    verifyShares(e, who, seat, List.of(d.position()), List.of(d.faceUpShare()), context);
                }
                return d;
            }
            case Show.TYPE -> {
                Show s = Codec.show(body, cards);
                for (int position : s.positions()) {
                    requireHeld(seat, position);
                }
                verifyShares(e, who, seat, s.positions(), s.shares(), context);
                return s;
            }
            case Reveal.TYPE -> {
                return Codec.reveal(body);
            }
            case Leave.TYPE -> {
                List<DecryptionShare> list = Codec.shares(body, stock.size());
                verifyShares(e, who, seat, stock, list, context);
                return new Leave(list);
            }
            default -> throw new ProtocolViolation(e.step(), who, "sent '" + e.type()
                    + "'; expected deal, open, cut, discard, show, reveal or leave");
        }
    }

    private void requireStock(long count) throws MalformedMessageException {
        if (count < 1 || count > stock.size()) {
            throw new MalformedMessageException("asks for " + count + " cards; the stock has " + stock.size());
        }
    }

    private void requireHeld(int seat, int position) throws MalformedMessageException {
        if (position < 0 || position >= cards || place[position] != Place.HELD || holder[position] != seat) {
            throw new MalformedMessageException("does not hold a face-down card at position " + position);
        }
    }

    /**
     * Checks a message's shares (one per position) as one batch: a failing batch is re-checked share by
     * share, so the refusal names the first position whose share is bad, as checking them one by one would.
     */
    private void verifyShares(Envelope e, String who, int seat, List<Integer> positions, List<DecryptionShare> list,
            ProofContext context) throws ProtocolViolation {
        if (deferred != null) {
            for (int i = 0; i < positions.size(); i++) {
                deferred.addShare(where(e, who) + ", position " + positions.get(i), list.get(i), keys[seat],
                        deck.get(positions.get(i)), context);
            }
            return;
        }
        ProofBatch<Integer> batch = new ProofBatch<>();
        for (int i = 0; i < positions.size(); i++) {
            list.get(i).addTo(batch, positions.get(i), keys[seat], deck.get(positions.get(i)), context);
        }
        Optional<Integer> bad = batch.firstInvalid();
        if (bad.isPresent()) {
            throw new ProtocolViolation(e.step(), who, "the decryption share for position " + bad.get()
                    + " does not verify: it was not made with its key for this card");
        }
    }

    private static String where(Envelope e, String who) {
        return "step " + e.step() + " by " + who;
    }

    private void expect(Envelope e, String who, int seat, String type) throws ProtocolViolation {
        if (e.sender() != seat) {
            throw new ProtocolViolation(e.step(), who, "spoke out of turn: " + nameOf(seat) + " must send '" + type + "'");
        }
        if (!e.type().equals(type)) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' where '" + type + "' is due");
        }
    }

    private JointKey jointKeyWith(PublicKey last) {
        List<PublicKey> all = new ArrayList<>(Arrays.asList(keys).subList(0, players - 1));
        all.add(last);
        return JointKey.of(all);
    }

    /** Records an event returned by {@link #parse}. */
    public void apply(Event event) {
        int seat = event.seat();
        DeckMessage m = event.message();
        if (m instanceof KeyShare k) {
            if (turn == players - 1) {
                jointKey = jointKeyWith(k.key());
            }
            keys[seat] = k.key();
            if (++turn == players) {
                phase = Phase.SHUFFLES;
                turn = 0;
            }
        } else if (m instanceof Shuffle s) {
            deck = s.deck();
            if (++turn == players) {
                phase = Phase.IDLE;
            }
        } else if (m instanceof Deal d) {
            List<Integer> taken = takeFromStock(d.count() * d.recipients().size());
            for (int i = 0; i < taken.size(); i++) {
                place[taken.get(i)] = Place.HELD;
                holder[taken.get(i)] = d.recipients().get(i % d.recipients().size());
            }
            begin(Operation.DEAL, taken);
        } else if (m instanceof Open o) {
            List<Integer> taken = takeFromStock(o.count());
            for (int p : taken) {
                place[p] = Place.TABLE;
            }
            begin(Operation.OPEN, taken);
        } else if (m instanceof Cut c) {
            List<Integer> cut = new ArrayList<>(stock.subList(c.index(), stock.size()));
            cut.addAll(stock.subList(0, c.index()));
            stock = List.copyOf(cut);
        } else if (m instanceof Discard d) {
            place[d.position()] = d.faceUp() ? Place.DISCARDED_FACE_UP : Place.DISCARDED;
            if (d.faceUp()) {
                record(d.position(), seat, d.faceUpShare());
            }
        } else if (m instanceof Show s) {
            for (int i = 0; i < s.positions().size(); i++) {
                place[s.positions().get(i)] = Place.SHOWN;
                record(s.positions().get(i), seat, s.shares().get(i));
            }
        } else if (m instanceof Reveal) {
            begin(Operation.REVEAL, List.of());
        } else if (m instanceof Leave l) {
            for (int i = 0; i < stock.size(); i++) {
                record(stock.get(i), seat, l.stockShares().get(i));
            }
            gone[seat] = true;
            boolean anyoneLeft = false;
            for (boolean g : gone) {
                anyoneLeft |= !g;
            }
            if (!anyoneLeft) {
                phase = Phase.DONE;
            }
        } else if (m instanceof Shares s) {
            List<Integer> due = duePositions(seat);
            for (int i = 0; i < due.size(); i++) {
                record(due.get(i), seat, s.shares().get(i));
            }
            owingIndex++;
            if (owingIndex == owing.size()) {
                complete();
            }
        }
        events.add(event);
        nextStep++;
    }

    /**
     * Records that a message of the game played over this deck, not a deck message, took the next step while
     * the table was idle (for instance an allocation's escrowed shares): the deck's next message carries the
     * step after it. The game's own observer has checked that message.
     */
    public void stepTakenByGame() {
        if (phase != Phase.IDLE) {
            throw new IllegalStateException("a game's own message may take a step only while the table is idle");
        }
        nextStep++;
    }

    private List<Integer> takeFromStock(int count) {
        List<Integer> taken = List.copyOf(stock.subList(0, count));
        stock = List.copyOf(stock.subList(count, stock.size()));
        return taken;
    }

    /** Starts collecting shares from every seat still playing that owes some, in seat order. */
    private void begin(Operation op, List<Integer> positions) {
        operation = op;
        operationPositions = positions;
        List<Integer> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            if (!gone[s] && (op == Operation.REVEAL || !duePositions(s).isEmpty())) {
                seats.add(s);
            }
        }
        owing = List.copyOf(seats);
        owingIndex = 0;
        phase = Phase.COLLECTING;
        if (owing.isEmpty()) {
            complete();
        }
    }

    private void complete() {
        phase = operation == Operation.REVEAL ? Phase.DONE : Phase.IDLE;
        operation = null;
        operationPositions = List.of();
        owing = List.of();
        owingIndex = 0;
    }

    private void record(int position, int seat, DecryptionShare share) {
        shares[position][seat] = share;
        sharesVerified++;
    }

    /** The positions whose shares {@code seat} must send in the operation under way, in order. */
    public List<Integer> duePositions(int seat) {
        if (operation == Operation.REVEAL) {
            List<Integer> out = new ArrayList<>();
            for (int p = 0; p < cards; p++) {
                if (shares[p][seat] == null) {
                    out.add(p);
                }
            }
            return out;
        }
        if (operation == Operation.DEAL) {
            return operationPositions.stream().filter(p -> holder[p] != seat).toList();
        }
        return operationPositions;
    }

    // ---- Queries. ----

    public DeckParameters parameters() {
        return params;
    }

    public int nextStep() {
        return nextStep;
    }

    public List<Event> events() {
        return Collections.unmodifiableList(events);
    }

    public String nameOf(int seat) {
        return seat >= 0 && seat < names.size() ? names.get(seat) : "at seat " + seat;
    }

    /** Whether every key is published and the joint key fixed. */
    public boolean hasJointKey() {
        return jointKey != null;
    }

    /** Whether every seat has shuffled. */
    public boolean isShuffled() {
        return phase.ordinal() >= Phase.IDLE.ordinal();
    }

    /** Whether no operation is under way, so any seat still playing may start one. */
    public boolean isIdle() {
        return phase == Phase.IDLE;
    }

    /** Whether the game is over: the final reveal is complete, or every seat has left. */
    public boolean isDone() {
        return phase == Phase.DONE;
    }

    public boolean hasLeft(int seat) {
        return gone[seat];
    }

    /** The joint key; only once every key is in. */
    public JointKey jointKey() {
        if (jointKey == null) {
            throw new IllegalStateException("the joint key is not known yet");
        }
        return jointKey;
    }

    public PublicKey publicKey(int seat) {
        return keys[seat];
    }

    /** The deck as it stands: unmasked cards before the first shuffle, then the last shuffle's output. */
    public List<Ciphertext> deck() {
        return deck;
    }

    /** The positions still in the stock, top first. */
    public List<Integer> stock() {
        return stock;
    }

    public Place place(int position) {
        return place[position];
    }

    /** The seat holding (or having held and discarded) the position, or -1. */
    public int holder(int position) {
        return holder[position];
    }

    /** The positions dealt to {@code seat} that it still holds (face-down or shown), ascending. */
    public List<Integer> heldBy(int seat) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < cards; p++) {
            if (holder[p] == seat && (place[p] == Place.HELD || place[p] == Place.SHOWN)) {
                out.add(p);
            }
        }
        return out;
    }

    /** The positions in the given place, ascending. */
    public List<Integer> positionsIn(Place where) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < cards; p++) {
            if (place[p] == where) {
                out.add(p);
            }
        }
        return out;
    }

    /** The verified decryption share {@code seat} published for the position, or null. */
    public DecryptionShare shareOf(int position, int seat) {
        return shares[position][seat];
    }

    /** The card at {@code position} if every seat's share of it is public, else -1. */
    public int publicCard(int position) {
        List<DecryptionShare> all = new ArrayList<>(players);
        for (DecryptionShare s : shares[position]) {
            if (s == null) {
                return -1;
            }
            all.add(s);
        }
        return params.cardOf(deck.get(position).decrypt(all));
    }

    /** How many decryption shares have been verified and recorded. */
    public int sharesVerified() {
        return sharesVerified;
    }

    /** The seat that must send the next message, or empty when any seat may (idle) or nobody (over). */
    public OptionalInt awaitedSeat() {
        return switch (phase) {
            case KEYS, SHUFFLES -> OptionalInt.of(turn);
            case COLLECTING -> OptionalInt.of(owing.get(owingIndex));
            case IDLE, DONE -> OptionalInt.empty();
        };
    }

    /** While the keys are published or the deck shuffled, how far that has come; empty after (and before: never). */
    public Optional<Setup> setup() {
        return switch (phase) {
            case KEYS -> Optional.of(new Setup(false, turn, players));
            case SHUFFLES -> Optional.of(new Setup(true, turn, players));
            case IDLE, COLLECTING, DONE -> Optional.empty();
        };
    }

    /** Who must speak next, and what, in words: the seat to blame if nothing comes. */
    public String awaiting() {
        return switch (phase) {
            case KEYS -> nameOf(turn) + " to publish its key (step " + nextStep + ")";
            case SHUFFLES -> nameOf(turn) + " to shuffle the deck (step " + nextStep + ")";
            case COLLECTING -> nameOf(owing.get(owingIndex)) + " to send its decryption shares for the "
                    + operation.name().toLowerCase() + " (step " + nextStep + ")";
            case IDLE -> "any player to deal, open, cut, discard, show, reveal or leave";
            case DONE -> "nobody: the game is over";
        };
    }
}
