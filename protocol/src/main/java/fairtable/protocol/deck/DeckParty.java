package fairtable.protocol.deck;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.shuffle.Permutation;
import fairtable.crypto.shuffle.ShuffledDeck;
import fairtable.crypto.shuffle.VerifiableShuffle;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
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
import fairtable.protocol.deck.DeckObserver.Event;
import fairtable.protocol.deck.DeckObserver.Place;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One seat of the verifiable N-player deck (Barnett–Smart over ristretto255), as a sans-I/O state machine.
 * Every message is broadcast to every other seat. The seat sends its hello after the previous seat's, then
 * answers automatically whenever the script names it: its key with a proof of knowledge, its proved
 * shuffle, its proved decryption shares. When the table is idle the game layer calls {@link #deal},
 * {@link #draw}, {@link #open}, {@link #cut}, {@link #discard}, {@link #show}, {@link #reveal} or
 * {@link #leave}; see docs/verifiable-deck.md.
 *
 * <p>Every received message is checked completely by a {@link DeckObserver} (place, encoding, every proof)
 * before anything changes; a refused message leaves the state as it was and is kept in {@link #rejected()}.
 * Every cheat of this protocol is visible without secrets, so it is refused on receipt: {@link #failure()}
 * is always empty.
 */
public final class DeckParty implements Party {
    private final DeckParameters params;
    private final int seat;
    private final RandomGenerator random;
    private final KeyPair elgamal;

    private final PartyCore core;
    private final Transcript transcript;
    private DeckObserver observer;
    private final Map<Integer, Integer> known = new HashMap<>();

    private DeckParty(DeckParameters params, int seat, String name, SigningKey signingKey, RandomGenerator random,
            KeyPair elgamal) {
        if (seat < 0 || seat >= params.players()) {
            throw new IllegalArgumentException("seat " + seat + " of " + params.players());
        }
        this.params = params;
        this.seat = seat;
        this.random = random;
        this.elgamal = elgamal;
        this.core = new PartyCore(seat, name, signingKey);
        this.transcript = core.transcript();
    }

    /**
     * A new seat. {@code random} supplies every secret (the ElGamal key, permutations, re-randomisation,
     * proof nonces) and the weights for checking others' shuffles: a SecureRandom, except in tests.
     */
    public static DeckParty create(DeckParameters params, int seat, String name, SigningKey signingKey,
            RandomGenerator random) {
        return new DeckParty(params, seat, name, signingKey, random, KeyPair.generate(random));
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        return core.receive(e, isFinished(), this::receiveHello, m -> {
            Event event = observer.parse(m);
            transcript.append(m);
            observer.apply(event);
            return respond();
        });
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, DeckParameters.PROTOCOL, params.toBytes(), params.players(), hello -> PartyCore.proposes(hello,
                " with ", DeckParameters::fromBytes, DeckParameters.PROTOCOL + " with " + params));
        List<Envelope> out = new ArrayList<>();
        if (transcript.hellos().size() == seat) {
            out.add(sendHello());
        }
        if (transcript.established() && observer == null) {
            observer = newObserver();
        }
        out.addAll(respond());
        return out;
    }

    private Envelope sendHello() {
        Envelope e = core.sendHello(DeckParameters.PROTOCOL, params.toBytes(), params.players(), random);
        if (transcript.established()) {
            observer = newObserver();
        }
        return e;
    }

    private DeckObserver newObserver() {
        return new DeckObserver(params, transcript.hellos(), transcript.sessionId(), random);
    }

    /** Sends whatever the script asks of this seat now: key, shuffle or shares, possibly several in a row. */
    private List<Envelope> respond() {
        List<Envelope> out = new ArrayList<>();
        while (observer != null && observer.awaitedSeat().orElse(-1) == seat) {
            int step = observer.nextStep();
            ProofContext context = observer.context(transcript.head(), seat);
            DeckMessage m;
            if (!observer.hasJointKey()) {
                m = new KeyShare(elgamal.publicKey(), elgamal.proveKnowledge(context, random));
            } else if (!observer.isShuffled()) {
                Permutation p = fixedPermutation != null ? fixedPermutation : Permutation.random(params.cards(), random);
                ShuffledDeck s = VerifiableShuffle.shuffle(observer.jointKey(), observer.deck(), p, context, random);
                m = new Shuffle(s.deck(), s.proof());
            } else {
                m = new Shares(sharesFor(observer.duePositions(seat), context));
            }
            out.add(send(m));
            if (observer.nextStep() == step) {
                break; // a tampered message this seat's own observer refused: the others will say so
            }
        }
        return out;
    }

    private List<DecryptionShare> sharesFor(List<Integer> positions, ProofContext context) {
        List<DecryptionShare> out = new ArrayList<>(positions.size());
        for (int p : positions) {
            out.add(elgamal.decryptionShare(observer.deck().get(p), context, random));
        }
        return out;
    }

    // ---- Operations the game layer starts when the table is idle. ----

    /**
     * Deals {@code count} cards face-down to each of {@code recipients} (distinct seats still playing) from
     * the top of the stock, round-robin; every seat then sends its shares for the cards that are not its own,
     * one message per seat.
     */
    public List<Envelope> deal(List<Integer> recipients, int count) {
        requireIdle();
        if (recipients.isEmpty() || new HashSet<>(recipients).size() != recipients.size()) {
            throw new IllegalArgumentException("deal to distinct seats, at least one: " + recipients);
        }
        for (int recipient : recipients) {
            if (recipient < 0 || recipient >= params.players() || observer.hasLeft(recipient)) {
                throw new IllegalArgumentException("seat " + recipient + " is not playing");
            }
        }
        requireStock((long) count * recipients.size());
        return sendAndRespond(new Deal(recipients, count));
    }

    /** Deals {@code count} cards face-down to {@code recipient}. */
    public List<Envelope> deal(int recipient, int count) {
        return deal(List.of(recipient), count);
    }

    /** Deals {@code count} cards face-down to every seat still playing, round-robin in seat order. */
    public List<Envelope> dealEach(int count) {
        requireIdle();
        List<Integer> playing = new ArrayList<>();
        for (int s = 0; s < params.players(); s++) {
            if (!observer.hasLeft(s)) {
                playing.add(s);
            }
        }
        return deal(playing, count);
    }

    /** Draws the top {@code count} stock cards into this seat's hand. */
    public List<Envelope> draw(int count) {
        return deal(List.of(seat), count);
    }

    /** Turns the top {@code count} stock cards face-up on the table; every seat sends its shares. */
    public List<Envelope> open(int count) {
        requireIdle();
        requireStock(count);
        return sendAndRespond(new Open(count));
    }

    /** Cuts the stock at {@code index} (1 to stock size - 1): that card becomes the top. */
    public List<Envelope> cut(int index) {
        requireIdle();
        int size = observer.stock().size();
        if (index < 1 || index >= size) {
            throw new IllegalArgumentException("a stock of " + size + " is cut at 1 to " + (size - 1));
        }
        return sendAndRespond(new Cut(index));
    }

    /** Discards a face-down held card; face-up publishes this seat's share so that everyone reads it. */
    public List<Envelope> discard(int position, boolean faceUp) {
        requireIdle();
        requireHeld(position);
        DecryptionShare share = faceUp ? sharesFor(List.of(position), nextContext()).get(0) : null;
        return sendAndRespond(new Discard(position, share));
    }

    /** Showdown: proves the given held cards to everyone with this seat's shares, revealing no key. */
    public List<Envelope> show(List<Integer> positions) {
        requireIdle();
        if (positions.isEmpty() || new HashSet<>(positions).size() != positions.size()) {
            throw new IllegalArgumentException("show distinct positions, at least one");
        }
        positions.forEach(this::requireHeld);
        return sendAndRespond(new Show(positions, sharesFor(positions, nextContext())));
    }

    /** Ends the game: every seat in turn publishes all its shares not yet public, so anyone can read every card. */
    public List<Envelope> reveal() {
        requireIdle();
        return sendAndRespond(new Reveal());
    }

    /** Leaves the game, publishing this seat's shares for the whole stock so the others can go on; the hand stays private. */
    public List<Envelope> leave() {
        requireIdle();
        return sendAndRespond(new Leave(sharesFor(observer.stock(), nextContext())));
    }

    private ProofContext nextContext() {
        return observer.context(transcript.head(), seat);
    }

    private List<Envelope> sendAndRespond(DeckMessage m) {
        List<Envelope> out = new ArrayList<>();
        out.add(send(m));
        out.addAll(respond());
        return out;
    }

    private void requireIdle() {
        if (observer == null || !observer.isIdle() || observer.hasLeft(seat)) {
            throw new IllegalStateException("cannot start an operation now: awaiting " + awaiting());
        }
    }

    private void requireStock(long count) {
        if (count < 1 || count > observer.stock().size()) {
            throw new IllegalArgumentException("the stock has " + observer.stock().size() + " cards, not " + count);
        }
    }

    private void requireHeld(int position) {
        if (position < 0 || position >= params.cards() || observer.place(position) != Place.HELD
                || observer.holder(position) != seat) {
            throw new IllegalArgumentException("position " + position + " is not a face-down card in this hand");
        }
    }

    private Envelope send(DeckMessage m) {
        int step = observer.nextStep();
        return core.send(step, m, tamper, () -> observer.apply(new Event(step, seat, m)),
                e -> observer.apply(observer.parse(e)));
    }

    private PartyCore.Tamper<DeckMessage> tamper;
    private Permutation fixedPermutation;

    /** Makes this seat a cheater; package-private, for the adversarial tests only. */
    void cheatWith(PartyCore.Tamper<DeckMessage> tamper) {
        this.tamper = tamper;
    }

    /** Makes this seat shuffle with a chosen permutation instead of a random one; for tests only. */
    void shuffleWith(Permutation permutation) {
        this.fixedPermutation = permutation;
    }

    // ---- What the caller may ask. ----

    /**
     * This seat's hand as position -> card number, ascending by position: the cards it holds (face-down or
     * shown) whose other shares are all in, decrypted with its own key.
     */
    public Map<Integer, Integer> hand() {
        Map<Integer, Integer> out = new TreeMap<>();
        if (observer == null) {
            return out;
        }
        for (int p : observer.heldBy(seat)) {
            int card = privateCard(p);
            if (card >= 0) {
                out.put(p, card);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** The card at a position this seat holds, once the others' shares are in; -1 otherwise. */
    private int privateCard(int position) {
        Integer cached = known.get(position);
        if (cached != null) {
            return cached;
        }
        List<DecryptionShare> others = new ArrayList<>();
        for (int s = 0; s < params.players(); s++) {
            if (s != seat) {
                DecryptionShare share = observer.shareOf(position, s);
                if (share == null) {
                    return -1;
                }
                others.add(share);
            }
        }
        Ciphertext c = observer.deck().get(position);
        int card = params.cardOf(elgamal.decrypt(c, others));
        known.put(position, card);
        return card;
    }

    /** The public state of the game, as every seat and the auditor see it; null before every hello is in. */
    public DeckObserver observer() {
        return observer;
    }

    public int seat() {
        return seat;
    }

    public DeckParameters parameters() {
        return params;
    }

    /** Whether no operation is under way, so this seat may start one. */
    public boolean isIdle() {
        return observer != null && observer.isIdle() && !observer.hasLeft(seat);
    }

    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    @Override
    public String awaiting() {
        if (observer == null) {
            return "the hello of seat " + transcript.hellos().size();
        }
        return observer.awaiting();
    }

    @Override
    public boolean isFinished() {
        return observer != null && (observer.isDone() || observer.hasLeft(seat));
    }

    @Override
    public Optional<ProtocolViolation> failure() {
        return core.failure();
    }

    @Override
    public Transcript transcript() {
        return transcript;
    }

    @Override
    public List<Rejected> rejected() {
        return core.rejected();
    }

    // ---- Serialisation: the secret key plus the messages; the public state is rebuilt by replaying them. ----

    private static final int SNAPSHOT_VERSION = 1;

    /** This seat's whole state as bytes, its secret key included: store it as carefully as a key. */
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes()).fixed(elgamal.secretKeyBytes());
        core.writeHistory(w);
        return w.toBytes();
    }

    /**
     * Rebuilds a seat from {@link #snapshot()}, re-checking every message; {@code signingKey} must be the one
     * it was created with.
     */
    public static DeckParty restore(byte[] snapshot, SigningKey signingKey, RandomGenerator random)
            throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        PartyCore.Header header = PartyCore.readHeader(r, SNAPSHOT_VERSION, "unknown snapshot version");
        DeckParameters params = DeckParameters.fromBytes(header.parameters());
        KeyPair elgamal;
        try {
            elgamal = KeyPair.fromSecretKeyBytes(r.fixed(32, "the secret key"));
        } catch (MalformedEncodingException e) {
            throw new MalformedMessageException("the secret key: " + e.getMessage());
        }
        DeckParty p;
        try {
            p = new DeckParty(params, header.seat(), header.name(), signingKey, random, elgamal);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
        p.core.readHistory(r, p::replay);
        r.end();
        return p;
    }

    /** Replays one accepted message of a snapshot, checked again as on receipt (every proof included). */
    private void replay(Envelope e) throws ProtocolViolation {
        if (observer == null) {
            transcript.append(e);
            if (transcript.established()) {
                observer = newObserver();
            }
        } else {
            transcript.check(e);
            Event event = observer.parse(e);
            transcript.append(e);
            observer.apply(event);
        }
    }
}
