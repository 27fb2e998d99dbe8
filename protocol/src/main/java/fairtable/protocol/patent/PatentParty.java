package fairtable.protocol.patent;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.crypto.random.RandomChoices;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.patent.PatentMessage.Deal1;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.patent.PatentMessage.Deal3;
import fairtable.protocol.patent.PatentMessage.Deal4;
import fairtable.protocol.patent.PatentMessage.Draw;
import fairtable.protocol.patent.PatentMessage.DrawAnswer;
import fairtable.protocol.patent.PatentMessage.Rekey;
import fairtable.protocol.patent.PatentMessage.Remix;
import fairtable.protocol.patent.PatentMessage.Return;
import fairtable.protocol.patent.PatentMessage.Reveal;
import fairtable.protocol.patent.PatentObserver.Event;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * One of the two parties of the FR 2823580 blind draw, as a sans-I/O state machine. Seat 0 plays the
 * patent's A, seat 1 its B. After the five steps of the deal either party may, whenever no operation is
 * under way, {@linkplain #draw draw} from the pile, {@linkplain #giveBack return} cards to it, or
 * {@linkplain #reveal reveal} its keys to end the game; see docs/fr2823580.md for the design.
 *
 * <p>Every received message is checked publicly by a {@link PatentObserver} before this party uses it, and
 * checked again with this party's keys where they allow (a card must decrypt to a card of the deck).
 */
public final class PatentParty implements Party {
    private final PatentParameters params;
    private final Group group;
    private final BigInteger order;
    private final int seat;
    private final RandomGenerator random;

    private final PartyCore core;
    private final Transcript transcript;
    private PatentObserver observer;

    // Secrets. Exponents are listed in the order used, which is the order the reveal publishes them.
    private final List<BigInteger> used = new ArrayList<>();
    private BigInteger pileKey;
    private BigInteger drawKey;
    private final TreeSet<Integer> hand = new TreeSet<>();

    private PatentParty(PatentParameters params, int seat, String name, SigningKey key, RandomGenerator random) {
        if (seat != PatentObserver.A && seat != PatentObserver.B) {
            throw new IllegalArgumentException("seat is 0 (A) or 1 (B)");
        }
        this.params = params;
        this.group = params.group();
        this.order = group.exponentModulus();
        this.seat = seat;
        this.random = random;
        this.core = new PartyCore(seat, name, key);
        this.transcript = core.transcript();
    }

    /**
     * A new party. {@code random} supplies every secret (keys, shuffles, picks): a SecureRandom, except in
     * tests.
     */
    public static PatentParty create(PatentParameters params, int seat, String name, SigningKey key,
            RandomGenerator random) {
        return new PatentParty(params, seat, name, key, random);
    }

    @Override
    public List<Envelope> start() {
        return seat == PatentObserver.A && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        // After catching a cheat this party still takes the other's reveal, which completes the evidence.
        boolean over = (observer != null && observer.isDone()) || (core.hasStopped() && !Reveal.TYPE.equals(e.type()));
        return core.receive(e, over, this::receiveHello, m -> handle(m, observer.parse(m)));
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, PatentParameters.PROTOCOL, params.toBytes(), 2, hello -> PartyCore.proposes(hello, " ",
                PatentParameters::fromBytes, PatentParameters.PROTOCOL + " " + params));
        if (seat == PatentObserver.B) {
            Envelope mine = sendHello();
            return List.of(mine);
        }
        return List.of(sendDeal1());
    }

    private Envelope sendHello() {
        Envelope e = core.sendHello(PatentParameters.PROTOCOL, params.toBytes(), 2, random);
        if (transcript.established()) {
            observer = newObserver();
        }
        return e;
    }

    private PatentObserver newObserver() {
        return new PatentObserver(params, List.of(transcript.nameOf(0), transcript.nameOf(1)));
    }

    private List<Envelope> handle(Envelope e, Event event) throws ProtocolViolation {
        if (observer == null) {
            observer = newObserver();
        }
        PatentMessage m = event.message();
        String peer = transcript.nameOf(e.sender());
        if (m instanceof Reveal && revealGate != null && !core.hasStopped() && !revealGate.getAsBoolean()) {
            // Refused before anything is recorded: this party answers with nothing, its keys least of all.
            throw new ProtocolViolation(e.step(), peer, "revealed its keys before the game called for it ("
                    + revealWhen + ")");
        }
        if (m instanceof Deal1 d) {
            return accept(e, event, sendDeal2(d));
        } else if (m instanceof Deal2 d) {
            return accept(e, event, sendDeal3(d));
        } else if (m instanceof Deal3 d) {
            List<Integer> cards = decryptCards(d.jb(), inverse(used.get(0)));
            if (cards == null) {
                return abort(e, event, new ProtocolViolation(e.step(), peer, "JB does not decrypt to cards of the deck"));
            }
            hand.addAll(cards);
            return accept(e, event, () -> new Deal4(shuffled(d.t()), shuffled(exp(d.ja(), inverse(used.get(1))))));
        } else if (m instanceof Deal4 d) {
            List<Integer> cards = decryptCards(d.ja(), inverse(used.get(1)));
            if (cards == null) {
                return abort(e, event, new ProtocolViolation(e.step(), peer, "JA does not decrypt to cards of the deck"));
            }
            hand.addAll(cards);
            return accept(e, event, null);
        } else if (m instanceof Draw d) {
            return accept(e, event, () -> new DrawAnswer(shuffled(exp(d.values(), inverse(pileKey)))));
        } else if (m instanceof DrawAnswer d) {
            List<Integer> cards = decryptCards(d.values(), inverse(pileKey.multiply(drawKey)));
            if (cards == null || cards.stream().anyMatch(hand::contains)) {
                return abort(e, event, new ProtocolViolation(e.step(), peer,
                        "the drawn values do not decrypt to cards that can be in the pile"));
            }
            hand.addAll(cards);
            drawKey = null;
            return accept(e, event, null);
        } else if (m instanceof Return r) {
            return accept(e, event, () -> {
                BigInteger fresh = newKey();
                List<Element> pile = new ArrayList<>(exp(observer.pile(), fresh));
                pile.addAll(exp(r.values(), pileKey.multiply(fresh)));
                pileKey = pileKey.multiply(fresh).mod(order);
                return new Rekey(shuffled(pile));
            });
        } else if (m instanceof Rekey r) {
            return accept(e, event, () -> {
                BigInteger fresh = newKey();
                pileKey = pileKey.multiply(fresh).mod(order);
                return new Remix(shuffled(exp(r.pile(), fresh)));
            });
        } else if (m instanceof Remix) {
            return accept(e, event, null);
        } else {
            return accept(e, event, observer.hasRevealed(seat) ? null : () -> new Reveal(List.copyOf(used)));
        }
    }

    /** Records the received message and sends the reply, if any. */
    private List<Envelope> accept(Envelope e, Event event, Reply reply) throws ProtocolViolation {
        transcript.append(e);
        observer.apply(event);
        return reply == null ? List.of() : List.of(send(reply.build()));
    }

    /**
     * A cheat that only this party's keys can see: record the message as it came, then reveal this party's
     * keys, which lets anyone check the accusation, and stop.
     */
    private List<Envelope> abort(Envelope e, Event event, ProtocolViolation why) throws ProtocolViolation {
        transcript.append(e);
        observer.apply(event);
        core.stop(why);
        return observer.hasRevealed(seat) ? List.of() : List.of(send(new Reveal(List.copyOf(used))));
    }

    @FunctionalInterface
    private interface Reply {
        PatentMessage build();
    }

    private Envelope sendDeal1() {
        observer = newObserver();
        BigInteger a1 = newKey();
        return send(new Deal1(shuffled(exp(shuffled(params.deck().elements()), a1))));
    }

    private Reply sendDeal2(Deal1 d) {
        return () -> {
            List<Element> t = shuffled(d.t());
            int[] picks = RandomChoices.distinctIndices(t.size(), params.each(), random);
            List<Element> jb = pick(t, picks);
            List<Element> rest = rest(t, picks);
            BigInteger b1 = newKey();
            BigInteger b2 = newKey();
            pileKey = b2;
            return new Deal2(shuffled(exp(rest, b2)), shuffled(exp(jb, b1)));
        };
    }

    private Reply sendDeal3(Deal2 d) {
        return () -> {
            BigInteger a1Inverse = inverse(used.get(0));
            List<Element> t = shuffled(d.t());
            List<Element> jb = shuffled(exp(shuffled(d.jb()), a1Inverse));
            BigInteger a2 = newKey();
            BigInteger a3 = newKey();
            pileKey = a3;
            int[] picks = RandomChoices.distinctIndices(t.size(), params.each(), random);
            List<Element> ja = shuffled(exp(pick(t, picks), a1Inverse.multiply(a2)));
            List<Element> pile = shuffled(exp(rest(t, picks), a1Inverse.multiply(a3)));
            return new Deal3(pile, jb, ja);
        };
    }

    /** Draws {@code count} cards from the pile. Only when no operation is under way. */
    public List<Envelope> draw(int count) {
        requireIdle();
        List<Element> pile = observer.pile();
        if (count < 1 || count > pile.size()) {
            throw new IllegalArgumentException("can draw 1 to " + pile.size() + " cards, not " + count);
        }
        int[] picked = RandomChoices.distinctIndices(pile.size(), count, random);
        Arrays.sort(picked);
        List<Integer> positions = Arrays.stream(picked).boxed().toList();
        drawKey = newKey();
        return List.of(send(new Draw(positions, shuffled(exp(pick(pile, picked), drawKey)))));
    }

    /** Returns the given cards from this party's hand to the pile; both parties then re-shuffle it. */
    public List<Envelope> giveBack(List<Integer> cards) {
        requireIdle();
        if (cards.isEmpty() || !hand.containsAll(cards) || new TreeSet<>(cards).size() != cards.size()) {
            throw new IllegalArgumentException("can only return distinct cards from the hand " + hand);
        }
        List<Element> values = cards.stream().map(c -> params.deck().element(c).exp(pileKey)).toList();
        hand.removeAll(cards);
        return List.of(send(new Return(shuffled(values))));
    }

    private BooleanSupplier revealGate;
    private String revealWhen;

    /**
     * For a game played over this protocol: refuses the peer's reveal unless {@code allowed} says the game has
     * reached its end ({@code when} says what that is, for the refusal). The protocol alone lets either party
     * reveal whenever no operation is under way, and answers a reveal with its own keys, which show its hand and
     * the pile; a game whose hand is still to be played must not. A party that stopped on a cheat takes the
     * reveal whatever the game says, as it completes the evidence. Not part of the snapshot: the game sets it
     * again when it restores its party.
     */
    public void acceptRevealOnlyWhen(BooleanSupplier allowed, String when) {
        this.revealGate = allowed;
        this.revealWhen = when;
    }

    /** Ends the game by publishing every exponent this party used; the other party then does the same. */
    public List<Envelope> reveal() {
        if (observer == null || observer.hasRevealed(seat) || core.hasStopped()) {
            throw new IllegalStateException("cannot reveal now");
        }
        return List.of(send(new Reveal(List.copyOf(used))));
    }

    private void requireIdle() {
        if (observer == null || !observer.isIdle() || core.hasStopped()) {
            throw new IllegalStateException("an operation is under way or the game is over: " + awaiting());
        }
    }

    private Envelope send(PatentMessage m) {
        int step = observer.nextStep();
        return core.send(step, m, tamper, () -> observer.apply(new Event(step, seat, m)),
                e -> observer.apply(observer.parse(e)));
    }

    private PartyCore.Tamper<PatentMessage> tamper;

    /** Makes this party a cheater; package-private, for the adversarial tests only. */
    void cheatWith(PartyCore.Tamper<PatentMessage> tamper) {
        this.tamper = tamper;
    }

    private BigInteger newKey() {
        BigInteger k = group.randomInvertibleExponent(random);
        used.add(k);
        return k;
    }

    private BigInteger inverse(BigInteger k) {
        return k.modInverse(order);
    }

    private List<Element> exp(List<Element> values, BigInteger exponent) {
        BigInteger k = exponent.mod(order);
        return values.stream().map(v -> v.exp(k)).toList();
    }

    private List<Element> shuffled(List<Element> values) {
        return RandomChoices.shuffled(values, random);
    }

    private static List<Element> pick(List<Element> values, int[] positions) {
        List<Element> out = new ArrayList<>(positions.length);
        for (int p : positions) {
            out.add(values.get(p));
        }
        return out;
    }

    private static List<Element> rest(List<Element> values, int[] positions) {
        boolean[] taken = new boolean[values.size()];
        for (int p : positions) {
            taken[p] = true;
        }
        List<Element> out = new ArrayList<>(values.size() - positions.length);
        for (int i = 0; i < values.size(); i++) {
            if (!taken[i]) {
                out.add(values.get(i));
            }
        }
        return out;
    }

    /** The card numbers under {@code key}, or null if any value is not a card of the deck. */
    private List<Integer> decryptCards(List<Element> values, BigInteger key) {
        List<Integer> cards = new ArrayList<>(values.size());
        for (Element v : values) {
            int card = params.deck().cardOf(v.exp(key));
            if (card < 0) {
                return null;
            }
            cards.add(card);
        }
        return cards;
    }

    // ---- What the caller may ask. ----

    /** This party's cards, as numbers 0..K-1, sorted. */
    public List<Integer> hand() {
        return List.copyOf(hand);
    }

    public int seat() {
        return seat;
    }

    public PatentParameters parameters() {
        return params;
    }

    /** Whether the deal's steps are complete on this side. */
    public boolean isDealt() {
        return observer != null && observer.isDealt() && (seat == PatentObserver.B || !hand.isEmpty());
    }

    /** Whether no operation is under way, so this party may draw, return or reveal. */
    public boolean isIdle() {
        return observer != null && observer.isIdle() && !core.hasStopped();
    }

    public int pileSize() {
        return observer == null ? 0 : observer.pile().size();
    }

    /** The number of the next step of the game (0 until the hellos are in). */
    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    /** What is awaited now, and from whom. */
    public String awaiting() {
        return core.awaitingUnlessStopped(observer == null ? "the hellos" : observer.awaiting());
    }

    @Override
    public boolean isFinished() {
        return core.hasStopped() || (observer != null && observer.isDone());
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

    // ---- Serialisation: the secrets plus the messages; the public state is rebuilt by replaying them. ----

    private static final int SNAPSHOT_VERSION = 1;

    /** This party's whole state as bytes, secrets included: store it as carefully as a key. */
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes())
                .naturals(used).natural(pileKey == null ? BigInteger.ZERO : pileKey)
                .natural(drawKey == null ? BigInteger.ZERO : drawKey).ints(List.copyOf(hand));
        core.writeFailure(w);
        core.writeHistory(w);
        return w.toBytes();
    }

    /** Rebuilds a party from {@link #snapshot()}; {@code key} must be the one it was created with. */
    public static PatentParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
            throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        PartyCore.Header header = PartyCore.readHeader(r, SNAPSHOT_VERSION, "unknown snapshot version");
        PatentParameters params = PatentParameters.fromBytes(header.parameters());
        PatentParty p = new PatentParty(params, header.seat(), header.name(), key, random);
        int maxExponent = (params.group().exponentModulus().bitLength() + 7) / 8;
        p.used.addAll(r.naturals(1 << 20, maxExponent, "the exponents"));
        BigInteger pile = r.natural(maxExponent, "the pile key");
        BigInteger draw = r.natural(maxExponent, "the draw key");
        p.pileKey = pile.signum() == 0 ? null : pile;
        p.drawKey = draw.signum() == 0 ? null : draw;
        p.hand.addAll(r.ints(PatentParameters.MAX_CARDS, "the hand"));
        p.core.readFailure(r);
        p.core.readHistory(r, () -> p.observer = p.newObserver(), e -> p.observer.apply(p.observer.parse(e)));
        r.end();
        return p;
    }
}
