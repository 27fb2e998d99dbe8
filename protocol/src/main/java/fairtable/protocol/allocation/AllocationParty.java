package fairtable.protocol.allocation;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.EscrowedShare;
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
import fairtable.protocol.allocation.AllocationObserver.DeckStep;
import fairtable.protocol.allocation.AllocationObserver.EscrowStep;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One institution in an allocation/v1 draw, as a sans-I/O state machine: its hello in seat order, then
 * whatever the allocation calls for from it, sent as soon as it is due: its deck key with a proof, its proved
 * shuffle, its escrowed shares (with a board), the deal (seat 0), its decryption shares of the others'
 * positions. It takes no decision: an allocation has none, so the same messages come out at every seat
 * whatever the runner. See docs/allocation.md.
 *
 * <p>Every received message is checked completely by an {@link AllocationObserver} before anything changes;
 * a refused message leaves the state as it was and is kept in {@link #rejected()}. Every cheat is visible
 * without secrets, so {@link #failure()} is always empty.
 */
public final class AllocationParty implements Party {
    private final AllocationParameters params;
    private final int seat;
    private final SigningKey signingKey;
    private final RandomGenerator random;
    private final KeyPair elgamal;
    private final PartyCore core;
    private final Transcript transcript;
    private AllocationObserver observer;
    private List<Integer> numbers;

    private AllocationParty(AllocationParameters params, int seat, String name, SigningKey signingKey,
            RandomGenerator random, KeyPair elgamal) {
        if (seat < 0 || seat >= params.institutions()) {
            throw new IllegalArgumentException("seat " + seat + " of " + params.institutions());
        }
        this.params = params;
        this.seat = seat;
        this.signingKey = signingKey;
        this.random = random;
        this.elgamal = elgamal;
        this.core = new PartyCore(seat, name, signingKey);
        this.transcript = core.transcript();
    }

    /**
     * A new institution at {@code seat}. {@code random} supplies every secret (the deck key, the permutation,
     * re-randomisation and escrow randomness, proof nonces) and the weights for checking others' shuffles: a
     * SecureRandom, except in tests.
     */
    public static AllocationParty create(AllocationParameters params, int seat, String name, SigningKey signingKey,
            RandomGenerator random) {
        return new AllocationParty(params, seat, name, signingKey, random, KeyPair.generate(random));
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        return core.receive(e, isFinished(), this::receiveHello, m -> {
            AllocationObserver.Event event = observer.parse(m);
            transcript.append(m);
            observer.apply(event);
            return respond();
        });
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, AllocationParameters.PROTOCOL, params.toBytes(), params.institutions(),
                hello -> PartyCore.proposes(hello, " with ", AllocationParameters::fromBytes,
                        AllocationParameters.PROTOCOL + " with " + params));
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
        Envelope e = core.sendHello(AllocationParameters.PROTOCOL, params.toBytes(), params.institutions(), random);
        if (transcript.established()) {
            observer = newObserver();
        }
        return e;
    }

    private AllocationObserver newObserver() {
        return new AllocationObserver(params, transcript.hellos(), transcript.sessionId(), random);
    }

    /** Sends whatever the allocation asks of this institution now, possibly several messages in a row. */
    private List<Envelope> respond() {
        List<Envelope> out = new ArrayList<>();
        while (observer != null && observer.awaitedSeat().orElse(-1) == seat) {
            int step = observer.nextStep();
            out.add(send(next(observer.context(transcript.head(), seat))));
            if (observer.nextStep() == step) {
                break; // a tampered message this institution's own observer refused: the others will say so
            }
        }
        return out;
    }

    private PartyCore.Message next(ProofContext context) {
        DeckObserver deck = observer.deck();
        if (!deck.hasJointKey()) {
            return new KeyShare(elgamal.publicKey(), elgamal.proveKnowledge(context, random));
        }
        if (!deck.isShuffled()) {
            ShuffledDeck s = VerifiableShuffle.shuffle(deck.jointKey(), deck.deck(),
                    Permutation.random(params.items(), random), context, random);
            return new Shuffle(s.deck(), s.proof());
        }
        if (observer.awaitsEscrowFrom(seat)) {
            List<EscrowedShare> escrowed = new ArrayList<>();
            for (int p : params.positionsOf(seat)) {
                escrowed.add(elgamal.escrowShare(deck.deck().get(p), params.board().orElseThrow().escrowKey(), context, random));
            }
            return new Escrow(escrowed);
        }
        if (observer.awaitsDeal()) {
            return new Deal(params.recipients(), params.each());
        }
        List<DecryptionShare> shares = new ArrayList<>();
        for (int p : deck.duePositions(seat)) {
            shares.add(elgamal.decryptionShare(deck.deck().get(p), context, random));
        }
        return new Shares(shares);
    }

    private Envelope send(PartyCore.Message m) {
        int step = observer.nextStep();
        return core.send(step, m, tamper, () -> observer.apply(built(step, m)), e -> observer.apply(observer.parse(e)));
    }

    private AllocationObserver.Event built(int step, PartyCore.Message m) {
        return m instanceof Escrow escrow ? new EscrowStep(step, seat, escrow)
                : new DeckStep(new DeckObserver.Event(step, seat, (DeckMessage) m));
    }

    private PartyCore.Tamper<PartyCore.Message> tamper;

    /** This institution's deck key; package-private, for the adversarial tests only. */
    KeyPair deckKey() {
        return elgamal;
    }

    /** Makes this institution a cheater; package-private, for the adversarial tests only. */
    void cheatWith(PartyCore.Tamper<PartyCore.Message> tamper) {
        this.tamper = tamper;
    }

    // ---- What the institution may ask. ----

    /**
     * This institution's numbers (1..K) in the order of the deal, once every other institution's shares are
     * in; empty before. Read with its own key: its own shares never leave it.
     */
    public List<Integer> numbers() {
        if (numbers != null) {
            return numbers;
        }
        if (observer == null || !observer.isDone()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (int p : params.positionsOf(seat)) {
            Ciphertext c = observer.deck().deck().get(p);
            out.add(params.deck().cardOf(elgamal.decrypt(c, observer.othersShares(p, seat))) + 1);
        }
        numbers = List.copyOf(out);
        return numbers;
    }

    /**
     * A claim of this institution's numbers that anyone can check against the transcript
     * ({@link AllocationClaim#check}): its own shares of its positions, with their proofs, signed. Publishing it
     * unblinds this institution's numbers, and only them.
     *
     * @throws IllegalStateException before the allocation is over
     */
    public Envelope claim() {
        if (observer == null || !observer.isDone()) {
            throw new IllegalStateException("the allocation is not over: awaiting " + awaiting());
        }
        return AllocationClaim.make(observer, transcript, seat, signingKey, elgamal, numbers(), random);
    }

    /** The public state, as every institution and the auditor see it; null before every hello is in. */
    public AllocationObserver observer() {
        return observer;
    }

    public AllocationParameters parameters() {
        return params;
    }

    public String name() {
        return core.name();
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    @Override
    public String awaiting() {
        return observer == null ? "the hello of seat " + transcript.hellos().size() : observer.awaiting();
    }

    @Override
    public boolean isFinished() {
        return observer != null && observer.isDone();
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

    // ---- Serialisation: the deck key plus the messages; the public state is rebuilt by replaying them. ----

    private static final int SNAPSHOT_VERSION = 1;

    /** This institution's whole state as bytes, its deck key included: keep it as private as its numbers. */
    @Override
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes()).fixed(elgamal.secretKeyBytes());
        core.writeHistory(w);
        return w.toBytes();
    }

    /** Rebuilds an institution from {@link #snapshot()}, checking every message again. */
    public static AllocationParty restore(byte[] snapshot, SigningKey signingKey, RandomGenerator random)
            throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        PartyCore.Header header = PartyCore.readHeader(r, SNAPSHOT_VERSION, "not an allocation's saved state");
        AllocationParameters params = AllocationParameters.fromBytes(header.parameters());
        KeyPair elgamal;
        try {
            elgamal = KeyPair.fromSecretKeyBytes(r.fixed(32, "the deck key"));
        } catch (MalformedEncodingException e) {
            throw new MalformedMessageException("the deck key: " + e.getMessage());
        }
        AllocationParty p;
        try {
            p = new AllocationParty(params, header.seat(), header.name(), signingKey, random, elgamal);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
        p.core.readHistory(r, () -> p.observer = p.newObserver(), e -> p.observer.apply(p.observer.parse(e)));
        r.end();
        return p;
    }
}
