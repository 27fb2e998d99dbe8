package fairtable.protocol.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * One seat of a table/v1 session: a whole game, every round of it, as one protocol party. Its observer
 * holds the game's rules; its deck for the current round holds its key; its player decides its moves. It
 * starts the deck operations the rules call for from it, answers the deck steps due from it, and nothing
 * else: a deck operation nobody was called to start is refused before its deck sees it.
 *
 * @param <S> the game's state
 * @param <M> the game's moves
 */
public final class TableParty<S, M> implements Party {
    private final TableGame<S, M> game;
    private final TableParameters params;
    private final int seat;
    private final String name;
    private final SigningKey signingKey;
    private final RandomGenerator random;
    private final PartyCore core;
    private final Transcript transcript;
    private final TablePlayer<S, M> player;
    private TableObserver<S, M> observer;
    private boolean replaying; // restoring from a snapshot: past rounds' decks are rebuilt from public messages
    // What this seat's own deck of each finished round could read at its end, and the round whose deck it holds now.
    private final Map<Integer, int[]> seenInRounds = new TreeMap<>();
    private RoundDeck heldDeck;
    private int heldRound;

    private TableParty(TableGame<S, M> game, TableParameters params, int seat, String name, SigningKey signingKey,
            RandomGenerator random, TablePlayer<S, M> player) {
        if (!params.game().equals(game.name())) {
            throw new IllegalArgumentException("parameters for " + params.game() + ", not " + game.name());
        }
        if (seat < 0 || seat >= params.players()) {
            throw new IllegalArgumentException("no seat " + seat + " at a table of " + params.players());
        }
        this.game = game;
        this.params = params;
        this.seat = seat;
        this.name = name;
        this.signingKey = signingKey;
        this.random = random;
        this.player = player;
        this.core = new PartyCore(seat, name, signingKey);
        this.transcript = core.transcript();
    }

    /**
     * A new seat. {@code random} supplies every secret (each round's deck key, shuffles, proof nonces): a
     * SecureRandom, except in tests. {@code player} decides this seat's moves.
     */
    public static <S, M> TableParty<S, M> create(TableGame<S, M> game, TableParameters params, int seat, String name,
            SigningKey signingKey, RandomGenerator random, TablePlayer<S, M> player) {
        return new TableParty<>(game, params, seat, name, signingKey, random, player);
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        return core.receive(e, isFinished(), this::receiveHello, m -> {
            List<Envelope> answers = observer.accept(m);
            transcript.append(m);
            List<Envelope> out = new ArrayList<>(wrap(answers));
            out.addAll(act());
            return out;
        });
    }

    /** Asks this seat's player again, after it put a decision off; returns what to send. */
    public List<Envelope> resume() {
        return observer == null || isFinished() ? List.of() : act();
    }

    /**
     * Why a hello for another table is refused. The options are the game's own bytes, which this layer cannot put in
     * words, so a hello that differs only there says so: the two texts would otherwise read the same.
     */
    private String refusal(Hello hello) {
        String refused = PartyCore.proposes(hello, " ", TableParameters::fromBytes, TableParameters.PROTOCOL + " " + params);
        try {
            TableParameters offered = TableParameters.fromBytes(hello.parameters());
            if (hello.protocol().equals(TableParameters.PROTOCOL) && offered.toString().equals(params.toString())
                    && !Arrays.equals(offered.options(), params.options())) {
                return refused + " (the same game with other settings)";
            }
        } catch (MalformedMessageException unreadable) {
            // proposes(...) has said so
        }
        return refused;
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, TableParameters.PROTOCOL, params.toBytes(), params.players(), this::refusal);
        List<Envelope> out = new ArrayList<>();
        if (transcript.hellos().size() == seat) {
            out.add(sendHello());
        }
        if (transcript.established() && observer == null) {
            establish();
        }
        out.addAll(act());
        return out;
    }

    private Envelope sendHello() {
        Envelope e = core.sendHello(TableParameters.PROTOCOL, params.toBytes(), params.players(), random);
        if (transcript.established()) {
            establish();
        }
        return e;
    }

    private void establish() {
        try {
            observer = new TableObserver<>(game, params, transcript.hellos(), this::newDeck, seat);
        } catch (ProtocolViolation v) {
            core.stop(v); // every seat agreed to these options, and the game cannot play them
        }
    }

    private RoundDeck newDeck(int round) {
        if (heldDeck != null) {
            seenInRounds.put(heldRound, readable(heldDeck));
        }
        heldDeck = params.patent() != null ? PatentDeck.own(params.patent(), seat, name, signingKey, random)
                : new OwnDeck(DeckParty.create(new DeckParameters(params.players(), game.deckSize()), seat, name,
                        signingKey, random));
        heldRound = round;
        return heldDeck;
    }

    private int[] readable(RoundDeck deck) {
        Cards cards = deck.ownCards();
        int[] out = new int[game.deckSize()];
        for (int position = 0; position < out.length; position++) {
            out[position] = cards.at(position);
        }
        return out;
    }

    /** Does what is due from this seat now, as far as it can: its deck hello, deck operations, its moves. */
    private List<Envelope> act() {
        List<Envelope> out = new ArrayList<>();
        while (observer != null && !isFinished()) {
            RoundDeck deck = observer.deck();
            if (deck.transcript().size() == 0 && seat == 0) {
                out.addAll(wrap(deck.start()));
                continue;
            }
            if (observer.awaitedSeat() != seat || !deck.established() || !deck.isIdle()) {
                return out; // the deck's own steps are answered as they arrive
            }
            Next next = game.next(observer.state());
            if (next instanceof Next.Move) {
                S view = observer.view();
                M move = player.choose(view, seat, game.legal(view, seat));
                if (move == null) {
                    return out; // decided later: resume() asks again
                }
                out.add(sendMove(move));
            } else if (deck.starter(next) == seat) {
                List<Envelope> mine = deck.perform(next);
                if (mine.isEmpty()) {
                    return out;
                }
                out.addAll(wrap(mine));
            } else {
                return out;
            }
        }
        return out;
    }

    private Envelope sendMove(M move) {
        try {
            game.play(observer.state(), seat, move);
        } catch (IllegalMove illegal) {
            throw new IllegalArgumentException(name + " chose an illegal move (" + game.describe(move) + "): "
                    + illegal.getMessage());
        }
        Envelope e = core.seal(observer.nextStep(), TableObserver.MOVE,
                TableObserver.moveBody(observer.round(), game.encode(move)));
        try {
            observer.accept(e);
        } catch (ProtocolViolation v) {
            throw new IllegalStateException("this seat's own move was refused: " + v.getMessage());
        }
        return e;
    }

    /** Signs each of this seat's deck messages into the table's chain, in order. */
    private List<Envelope> wrap(List<Envelope> inner) {
        List<Envelope> out = new ArrayList<>();
        int round = observer.round();
        RoundDeck deck = observer.deck();
        for (Envelope m : inner) {
            Envelope e = core.seal(observer.nextStep(), TableObserver.DECK, TableObserver.deckBody(round, m));
            deck.sent(m);
            observer.recordOwnDeck(e);
            out.add(e);
        }
        return out;
    }

    /**
     * Sends deck messages that the rules did not call for, as a dishonest seat would: the seam through which the
     * adversarial tests play one. A node never calls it.
     */
    List<Envelope> cheat(Function<DeckParty, List<Envelope>> operation) {
        return wrap(operation.apply(((OwnDeck) observer.deck()).party()));
    }

    /** The same over the FR 2823580 draw: patent messages the rules did not call for. A node never calls it. */
    List<Envelope> cheatPatent(Function<PatentParty, List<Envelope>> operation) {
        return wrap(((PatentDeck) observer.deck()).cheat(operation));
    }

    // ---- What the caller may ask.

    /** This seat's own view: its cards and every public one. Null before every hello is in. */
    public S view() {
        return observer == null ? null : observer.view();
    }

    /**
     * What this seat could read in each round whose deck it held (from round 1 if it played from the start, or from
     * the round it was restored in): for each deck position, the card it read there by the round's end (its own
     * hand and the public cards), or -1. A replay shows the seat's own cards from it ({@link TableReplay#asSeen}).
     */
    public Map<Integer, int[]> seenCards() {
        Map<Integer, int[]> out = new TreeMap<>(seenInRounds);
        if (heldDeck != null) {
            out.put(heldRound, readable(heldDeck));
        }
        return out;
    }

    /** The public state every seat and the auditor agree on. Null before every hello is in. */
    public S state() {
        return observer == null ? null : observer.state();
    }

    public Optional<Outcome> outcome() {
        return observer == null ? Optional.empty() : Optional.of(observer.outcome());
    }

    /** Whether this seat's player is due to decide now. */
    public boolean isToMove() {
        return observer != null && !isFinished() && observer.awaitedSeat() == seat
                && game.next(observer.state()) instanceof Next.Move;
    }

    public TableGame<S, M> game() {
        return game;
    }

    public TableParameters parameters() {
        return params;
    }

    /** The round being played, from 1. */
    public int round() {
        return observer == null ? 0 : observer.round();
    }

    public String nameOf(int s) {
        return transcript.nameOf(s);
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public String awaiting() {
        if (observer == null) {
            return core.awaitingUnlessStopped("the hello of seat " + transcript.hellos().size());
        }
        return core.awaitingUnlessStopped(observer.awaiting());
    }

    /** While this round's deck is set up (keys, then a shuffle by each seat in turn), how far it has come. */
    public Optional<DeckObserver.Setup> deckSetup() {
        return observer == null || isFinished() ? Optional.empty() : observer.deckSetup();
    }

    @Override
    public int nextStep() {
        return observer == null ? 0 : observer.nextStep();
    }

    @Override
    public boolean isFinished() {
        return core.hasStopped() || observer != null && (observer.isOver() || observer.stopped() != null);
    }

    @Override
    public Optional<ProtocolViolation> failure() {
        if (observer != null && observer.stopped() != null) {
            return Optional.of(observer.stopped());
        }
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

    // ---- Serialisation: the table's messages, and the current round's deck with its key.

    /**
     * Version 2 added what this seat read in each finished round ({@link #seenCards}), so that a seat taken up from
     * its journal still knows the rounds before, which no public message holds; version 1 still restores.
     */
    private static final int SNAPSHOT_VERSION = 2;
    private static final int MAX_DECK_SNAPSHOT = 64 << 20;
    /** The most rounds a seat's record holds: more than any game here plays (hold'em's 100,000 hands). */
    private static final int MAX_SEEN_ROUNDS = 1 << 20;

    @Override
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes());
        core.writeFailure(w);
        core.writeHistory(w);
        w.u32(seenInRounds.size());
        seenInRounds.forEach((round, cards) -> {
            w.u32(round);
            w.u32(cards == null ? 0 : cards.length);
            if (cards != null) {
                for (int card : cards) {
                    w.u32(card + 1); // -1, a position this seat never read, is written as 0
                }
            }
        });
        w.blob(observer == null ? new byte[0] : observer.deck().snapshot());
        return w.toBytes();
    }

    /** Reads the finished rounds' record written by {@link #snapshot}, judging every round and card. */
    private void readSeenRounds(WireReader r) throws MalformedMessageException {
        int rounds = r.count(MAX_SEEN_ROUNDS, "the rounds seen");
        int currentRound = observer == null ? 0 : observer.round();
        int last = 0;
        for (int i = 0; i < rounds; i++) {
            long round = r.u32();
            if (round <= last || round >= currentRound) {
                throw new MalformedMessageException("a seen round " + round + " out of order or not yet finished");
            }
            last = (int) round;
            int length = r.count(game.deckSize(), "the cards seen");
            if (length != 0 && length != game.deckSize()) {
                throw new MalformedMessageException("a seen round of " + length + " positions, not " + game.deckSize());
            }
            int[] cards = new int[length];
            for (int k = 0; k < length; k++) {
                long card = r.u32() - 1;
                if (card < -1 || card >= game.deckSize()) {
                    throw new MalformedMessageException("a seen card " + card + " outside the deck");
                }
                cards[k] = (int) card;
            }
            seenInRounds.put(last, length == 0 ? null : cards);
        }
    }

    /**
     * Rebuilds a seat from {@link #snapshot()}: the table's messages are checked again through a public judge (their
     * deck proofs as one batch; if it fails, again one by one, so a refusal names the forger), then the current
     * round's deck comes back with this seat's key. {@code signingKey} must be the one the seat
     * was created with.
     */
    public static <S, M> TableParty<S, M> restore(byte[] snapshot, TableGame<S, M> game, SigningKey signingKey,
            RandomGenerator random, TablePlayer<S, M> player) throws MalformedMessageException {
        DeferredProofs pending = new DeferredProofs(random);
        try {
            TableParty<S, M> batched = restore(snapshot, game, signingKey, random, player, pending);
            if (pending.verify()) {
                return batched;
            }
        } catch (MalformedMessageException | RuntimeException astray) {
            // a refusal or a failure after a bad proof accepted for now is judged again one by one
        }
        return restore(snapshot, game, signingKey, random, player, null);
    }

    /**
     * The restore, with the past messages' deck proofs kept in {@code pending} for one batch (the caller's to check),
     * or checked in each message when it is null.
     */
    private static <S, M> TableParty<S, M> restore(byte[] snapshot, TableGame<S, M> game, SigningKey signingKey,
            RandomGenerator random, TablePlayer<S, M> player, DeferredProofs pending) throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        int version = snapshot.length > 0 && snapshot[0] == 1 ? 1 : SNAPSHOT_VERSION;
        PartyCore.Header header = PartyCore.readHeader(r, version, "unknown snapshot version");
        TableParameters params = TableParameters.fromBytes(header.parameters());
        TableParty<S, M> p;
        try {
            p = new TableParty<>(game, params, header.seat(), header.name(), signingKey, random, player);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
        p.core.readFailure(r);
        p.replaying = true;
        p.core.readHistory(r, () -> {
            try {
                p.observer = new TableObserver<>(game, params, p.transcript.hellos(),
                        round -> p.replaying ? TableObserver.publicDeck(params, game.deckSize(), random, pending)
                                : p.newDeck(round), header.seat());
            } catch (ProtocolViolation v) {
                p.core.stop(v);
            }
        }, e -> {
            if (p.observer != null) {
                p.observer.accept(e);
            }
        });
        p.replaying = false;
        if (version >= 2) {
            p.readSeenRounds(r);
        }
        byte[] deck = r.blob(MAX_DECK_SNAPSHOT, "the current deck");
        r.end();
        if (p.observer != null) {
            RoundDeck replayed = p.observer.deck();
            RoundDeck restored;
            int restoredSeat;
            if (params.patent() != null) {
                PatentDeck own = PatentDeck.restore(deck, replayed, signingKey, random);
                restored = own;
                restoredSeat = own.seat();
            } else {
                DeckParty party = DeckParty.restore(deck, signingKey, random);
                restored = new OwnDeck(party);
                restoredSeat = party.seat();
            }
            Transcript round = replayed.transcript();
            // The same messages, not just as many: an earlier round's deck of the same length would play on with
            // that round's key and cards.
            if (restored.transcript().size() != round.size()
                    || !java.util.Arrays.equals(restored.transcript().head(), round.head())) {
                throw new MalformedMessageException("the current deck does not hold the table's deck messages");
            }
            if (restoredSeat != p.seat) {
                throw new MalformedMessageException("the current deck is not this seat's deck of the table's current round");
            }
            p.observer.restoreDeck(restored);
            p.heldDeck = restored;
            p.heldRound = p.observer.round();
        }
        return p;
    }
}
