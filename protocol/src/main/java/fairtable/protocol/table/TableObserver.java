package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The public state of a table/v1 session, with the game's rules inside: every seat and the auditor run one.
 * One signed chain carries every round's deck messages (each wrapped whole, with its own deck signature) and
 * every move. {@link #judge} checks that a message is one the rules allow this sender to send now, changing
 * nothing; {@link #accept} checks it the same way and records it.
 *
 * <p>The rule that keeps cards secret: while the round's deck is idle, a deck message that starts an operation
 * (deal, open, cut, discard, show, reveal, leave) is accepted only if it is exactly the operation the game
 * calls for now ({@link Next.Deck}), from the seat it names. So an honest seat, whose deck answers only what
 * its observer accepted, never releases a decryption share that the rules did not ask for. A move is accepted
 * only from the seat whose move the game awaits, and only if the rules allow it. Blame goes to the signer of
 * the offending message, always.
 *
 * @param <S> the game's state
 * @param <M> the game's moves
 */
public final class TableObserver<S, M> {
    public static final String DECK = "deck";
    public static final String MOVE = "move";
    private static final int MAX_INNER = Envelope.MAX_BODY;
    private static final int MAX_MOVE = 4096;

    private final TableGame<S, M> game;
    private final TableParameters params;
    private final List<Hello> hellos;
    private final IntFunction<RoundDeck> decks;
    private final int viewer;

    private S state;
    private S view;
    private int round = 1;
    private RoundDeck deck;
    private int nextStep = 1;
    private boolean over;
    private ProtocolViolation stopped;
    // The followed seat's view at the start of this round and what changed it since: a restored seat rebuilds
    // its view from them once its own deck (with its key) is back.
    private S roundStartView;
    private final java.util.List<Object> roundInputs = new java.util.ArrayList<>();

    private record MoveInput<M>(int seat, M move) {}

    /**
     * @param decks  a new round's deck session, by round number from 1
     * @param viewer the seat whose own view to follow as well (its cards from its deck), or -1 for none
     */
    TableObserver(TableGame<S, M> game, TableParameters params, List<Hello> hellos, IntFunction<RoundDeck> decks,
            int viewer) throws ProtocolViolation {
        this.game = game;
        this.params = params;
        this.hellos = List.copyOf(hellos);
        this.decks = decks;
        this.viewer = viewer;
        if (params.players() < game.minSeats() || params.players() > game.maxSeats()) {
            throw new ProtocolViolation(0, hellos.get(0).name(), game.name() + " is for " + game.minSeats() + " to "
                    + game.maxSeats() + " players, not " + params.players());
        }
        if (params.patent() != null && params.patent().cards() != game.deckSize()) {
            throw new ProtocolViolation(0, hellos.get(0).name(), "proposes an FR 2823580 draw of " + params.patent().cards()
                    + " cards for " + game.name() + ", which plays with " + game.deckSize());
        }
        try {
            this.state = game.setup(names(), params.options());
        } catch (IllegalMove | RuntimeException e) {
            throw new ProtocolViolation(0, hellos.get(0).name(), "proposes options " + game.name() + " cannot play: "
                    + e.getMessage());
        }
        this.view = state;
        beginRound();
    }

    /** A public judge, as the audit runs it: no seat's secrets. */
    static <S, M> TableObserver<S, M> judge(TableGame<S, M> game, TableParameters params, List<Hello> hellos,
            java.util.random.RandomGenerator verifierRandom) throws ProtocolViolation {
        return judge(game, params, hellos, verifierRandom, null);
    }

    /**
     * A public judge whose verifiable decks keep every proof in {@code pending} (when not null) rather than checking
     * it in its message: for an audit, whose verdict then stands only if the pending proofs verify.
     */
    static <S, M> TableObserver<S, M> judge(TableGame<S, M> game, TableParameters params, List<Hello> hellos,
            java.util.random.RandomGenerator verifierRandom, DeferredProofs pending) throws ProtocolViolation {
        return new TableObserver<>(game, params, hellos,
                r -> publicDeck(params, game.deckSize(), verifierRandom, pending), -1);
    }

    /** A round's deck as anyone without a key follows it, over the deck the table's parameters name. */
    static RoundDeck publicDeck(TableParameters params, int cards, java.util.random.RandomGenerator verifierRandom) {
        return publicDeck(params, cards, verifierRandom, null);
    }

    /** The same, keeping its proofs in {@code pending} (when not null) rather than checking each in its message. */
    static RoundDeck publicDeck(TableParameters params, int cards,
            java.util.random.RandomGenerator verifierRandom, DeferredProofs pending) {
        return params.patent() != null ? PatentDeck.publicDeck(params.patent())
                : new PublicDeck(new DeckParameters(params.players(), cards), verifierRandom, pending);
    }

    private List<String> names() {
        return hellos.stream().map(Hello::name).toList();
    }

    private void beginRound() {
        deck = decks.apply(round);
        roundStartView = view;
        roundInputs.clear();
    }

    // ---- Receiving.

    /** Checks, changing nothing, that {@code e} (placed next in the chain) is a message the rules allow now. */
    public void judge(Envelope e) throws ProtocolViolation {
        guard(e, () -> {
            if (DECK.equals(e.type())) {
                deck.check(gateDeck(e));
            } else {
                checkMove(e);
            }
            return null;
        });
    }

    /**
     * Checks {@code e} as {@link #judge} does and records it. Returns the messages this seat's deck answers with
     * (to be wrapped and sent), none for a public judge. A card that breaks the rules once it is read (a tile
     * that does not fit) stops the game, naming its player: see {@link #stopped()}.
     */
    public List<Envelope> accept(Envelope e) throws ProtocolViolation {
        List<Envelope> answers = guard(e, () -> {
            if (DECK.equals(e.type())) {
                Envelope inner = gateDeck(e);
                return deck.receive(inner, game.next(state));
            }
            M move = checkMove(e);
            S after = game.play(state, e.sender(), move);
            // the view first: if it refuses, the refusal must leave the public state as it was too
            S afterView = viewer >= 0 ? playInView(e.sender(), move) : null;
            state = after;
            if (viewer >= 0) {
                view = afterView;
                roundInputs.add(new MoveInput<>(e.sender(), move));
            }
            return List.of();
        });
        nextStep++;
        settle(e);
        return answers;
    }

    /** Records this seat's own deck message, already applied by its deck. */
    void recordOwnDeck(Envelope e) {
        nextStep++;
        settle(e);
    }

    private S playInView(int seat, M move) {
        try {
            return game.play(view, seat, move);
        } catch (IllegalMove illegal) {
            // The public judge allowed it; a view that knows more cards cannot see it otherwise.
            throw new IllegalStateException("the view refused a move the rules allowed: " + illegal.getMessage());
        }
    }

    @FunctionalInterface
    private interface Check<T> {
        T run() throws ProtocolViolation, IllegalMove, MalformedMessageException;
    }

    /** Runs one check; whatever it throws becomes a refusal that names the message's signer and its step. */
    private <T> T guard(Envelope e, Check<T> check) throws ProtocolViolation {
        String signer = nameOf(e.sender());
        if (over || stopped != null) {
            throw new ProtocolViolation(e.step(), signer, stopped != null ? "the game was stopped" : "the game is over");
        }
        if (e.step() != nextStep) {
            throw new ProtocolViolation(e.step(), signer, "a message numbered step " + e.step() + " where step "
                    + nextStep + " comes next");
        }
        try {
            return check.run();
        } catch (ProtocolViolation v) {
            throw v.party().equals(signer) ? new ProtocolViolation(e.step(), signer, v.reason())
                    : new ProtocolViolation(e.step(), signer, v.reason() + " (deck step " + v.step() + ")");
        } catch (IllegalMove illegal) {
            throw new ProtocolViolation(e.step(), signer, illegal.getMessage());
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), signer, "an unreadable " + e.type() + ": " + m.getMessage());
        } catch (RuntimeException unexpected) {
            throw new ProtocolViolation(e.step(), signer, "a " + e.type() + " the table cannot judge ("
                    + unexpected.getClass().getSimpleName() + ")");
        }
    }

    /** The deck message inside {@code e}, if the rules allow its sender to send it now. */
    private Envelope gateDeck(Envelope e) throws ProtocolViolation, MalformedMessageException {
        WireReader r = new WireReader(e.body());
        int ofRound = (int) r.u32();
        Envelope inner = Envelope.fromBytes(r.blob(MAX_INNER, "the deck message"));
        r.end();
        if (ofRound != round) {
            throw violation(e, "a deck message for round " + ofRound + " in round " + round);
        }
        if (inner.sender() != e.sender()) {
            throw violation(e, "wraps a deck message of seat " + inner.sender());
        }
        fairtable.protocol.transcript.Transcript roundDeck = deck.transcript();
        if (roundDeck.established()) {
            // Said here, naming the wrapper: the deck's own refusal would say it "proves nothing against" the
            // very seat this line convicts, since the deck cannot see who put it in the table's chain.
            fairtable.protocol.transcript.Transcript.Misfit misfit = roundDeck.misfitAt(inner, roundDeck.size());
            if (misfit != null) {
                throw violation(e, "wraps a deck message that does not fit round " + round + "'s deck: " + misfit.what());
            }
        }
        if (Hello.TYPE.equals(inner.type())) {
            Hello hello = Hello.fromBytes(inner.body());
            Hello table = hellos.get(e.sender());
            if (!Arrays.equals(hello.key().toBytes(), table.key().toBytes()) || !hello.name().equals(table.name())) {
                throw violation(e, "a deck hello under another name or key than its table hello");
            }
            return inner;
        }
        if (deck.established()) {
            boolean idle = deck.isIdle();
            Next next = game.next(state);
            String refusal = deck.refusal(inner, next);
            if (refusal != null) {
                throw violation(e, refusal + (idle ? ": they await " + describeDue(next) : ": the deck awaits "
                        + deck.awaiting()));
            }
        }
        return inner;
    }

    private M checkMove(Envelope e) throws ProtocolViolation, MalformedMessageException, IllegalMove {
        if (!MOVE.equals(e.type())) {
            throw violation(e, "a message of unknown type '" + e.type() + "'");
        }
        WireReader r = new WireReader(e.body());
        int ofRound = (int) r.u32();
        byte[] bytes = r.blob(MAX_MOVE, "the move");
        r.end();
        if (ofRound != round) {
            throw violation(e, "a move for round " + ofRound + " in round " + round);
        }
        if (!deck.established() || !deck.isIdle()) {
            throw violation(e, "a move while the deck awaits " + (!deck.established() ? "its hellos" : deck.awaiting()));
        }
        Next next = game.next(state);
        if (!(next instanceof Next.Move turn) || turn.seat() != e.sender()) {
            throw violation(e, "a move out of turn: the rules await " + describe(next));
        }
        M move = game.decode(bytes);
        game.play(state, e.sender(), move); // refuses an illegal move, changing nothing
        return move;
    }

    /**
     * The move a table message carries, as {@code game} reads it, for showing it to a person; null for a deck
     * message. It judges nothing: only what a party or judge has accepted should be shown so.
     *
     * @throws MalformedMessageException if the move cannot be read
     */
    public static <M> M moveIn(TableGame<?, M> game, Envelope e) throws MalformedMessageException {
        if (!MOVE.equals(e.type())) {
            return null;
        }
        WireReader r = new WireReader(e.body());
        r.u32();
        byte[] bytes = r.blob(MAX_MOVE, "the move");
        r.end();
        return game.decode(bytes);
    }

    /**
     * Hands every completed deck operation to the rules; a card that breaks them stops the game, naming the
     * seat that played it. Then, if the round is over, the next one begins.
     */
    private void settle(Envelope last) {
        while (!over && stopped == null) {
            if (deck.failure() != null) {
                stopped = new ProtocolViolation(last.step(), deck.failure().party(), deck.failure().reason());
                return;
            }
            if (!deck.established() || !deck.isIdle()) {
                return;
            }
            for (DeckEvent event : deck.drain()) {
                int starter = starterOf(event, last);
                try {
                    state = game.afterDeck(state, event, deck.publicCards());
                    if (viewer >= 0) {
                        view = game.afterDeck(view, event, deck.ownCards());
                        roundInputs.add(event);
                    }
                } catch (IllegalMove | RuntimeException illegal) {
                    stopped = new ProtocolViolation(last.step(), nameOf(starter), illegal.getMessage());
                    return;
                }
            }
            Next next;
            try {
                next = game.next(state);
                if (deck.silent(next)) {
                    deck.performSilently(next);
                    continue;
                }
                String cannot = deck.cannot(next);
                if (cannot != null) {
                    // every seat agreed to this game over this deck: the one who proposed it answers for it
                    stopped = new ProtocolViolation(last.step(), nameOf(0), cannot);
                    return;
                }
                if ((next instanceof Next.RoundOver || next instanceof Next.GameOver) && !deck.closed()) {
                    return; // the deck closes the round first
                }
                if (next instanceof Next.RoundOver) {
                    S following = game.nextRound(state);
                    S followingView = viewer >= 0 ? game.nextRound(view) : following;
                    state = following;
                    view = followingView;
                }
            } catch (RuntimeException unexpected) {
                stopped = new ProtocolViolation(last.step(), nameOf(last.sender()), "the rules cannot go on after this "
                        + last.type() + " (" + unexpected.getClass().getSimpleName() + ")");
                return;
            }
            if (next instanceof Next.GameOver) {
                over = true;
            } else if (next instanceof Next.RoundOver) {
                round++;
                beginRound();
            } else {
                return;
            }
        }
    }

    /**
     * The seat answerable for a completed operation whose cards break the rules: the holder who discarded or
     * showed them, or the seat the rules called to start a deal or an open (never a seat that only sent shares).
     */
    private int starterOf(DeckEvent event, Envelope last) {
        if (event instanceof DeckEvent.Discarded d) {
            return d.seat();
        }
        if (event instanceof DeckEvent.Shown s) {
            return s.seat();
        }
        try {
            return game.next(state) instanceof Next.Deck call ? call.seat() : last.sender();
        } catch (RuntimeException unexpected) {
            return last.sender();
        }
    }

    private ProtocolViolation violation(Envelope e, String reason) {
        return new ProtocolViolation(e.step(), nameOf(e.sender()), reason);
    }

    // ---- Encoding the table's messages.

    static byte[] deckBody(int round, Envelope inner) {
        return new WireWriter().u32(round).blob(inner.toBytes()).toBytes();
    }

    static byte[] moveBody(int round, byte[] move) {
        return new WireWriter().u32(round).blob(move).toBytes();
    }

    // ---- What anyone may ask.

    /** What the rules wait for now, in words. */
    public String describe(Next next) {
        if (next instanceof Next.Move m) {
            return nameOf(m.seat()) + "'s move";
        }
        if (next instanceof Next.Deck d) {
            return nameOf(d.seat()) + " to " + describe(d.call());
        }
        return next instanceof Next.RoundOver ? "the next round" : "nothing: the game is over";
    }

    /** What the rules await while the deck is idle, with the deck's part in it: its close at a round's end. */
    private String describeDue(Next next) {
        if ((next instanceof Next.RoundOver || next instanceof Next.GameOver) && !deck.closed()) {
            int closer = deck.starter(next);
            return (closer >= 0 ? nameOf(closer) : "nobody") + " to close the round's deck (set-aside cards back to the"
                    + " pile, then the keys revealed)";
        }
        if (next instanceof Next.Deck d && deck.starter(next) >= 0) {
            // the deck may start the call from another seat than the rules' dealer (the patent's deal: the first seat)
            return nameOf(deck.starter(next)) + " to " + describe(d.call());
        }
        return describe(next);
    }

    private static String describe(DeckCall call) {
        if (call instanceof DeckCall.Deal d) {
            return "deal " + d.count() + " to each of seats " + d.recipients();
        }
        if (call instanceof DeckCall.Open o) {
            return "open " + o.count();
        }
        if (call instanceof DeckCall.Discard d) {
            return "discard position " + d.position() + (d.faceUp() ? " face-up" : " face-down");
        }
        return "show positions " + ((DeckCall.Show) call).positions();
    }

    /** While this round's deck is set up (keys, then a shuffle by each seat in turn), how far it has come. */
    public Optional<DeckObserver.Setup> deckSetup() {
        return over || stopped != null || !deck.established() ? Optional.empty() : deck.setup();
    }

    /** The seat due to speak now, or -1 when nobody is (the game is over or stopped). */
    public int awaitedSeat() {
        if (over || stopped != null) {
            return -1;
        }
        if (!deck.established()) {
            return deck.transcript().hellos().size();
        }
        if (!deck.isIdle()) {
            return deck.awaitedSeat();
        }
        Next next = game.next(state);
        return next instanceof Next.Move m ? m.seat() : deck.starter(next);
    }

    /** What the table awaits, in words. */
    public String awaiting() {
        if (stopped != null) {
            return "nothing: the game was stopped (" + stopped.getMessage() + ")";
        }
        if (over) {
            return "nothing: the game is over";
        }
        if (!deck.established()) {
            return "the deck hello of " + nameOf(deck.transcript().hellos().size()) + " for round " + round;
        }
        return deck.isIdle() ? describeDue(game.next(state)) : deck.awaiting();
    }

    public String nameOf(int seat) {
        return seat >= 0 && seat < hellos.size() ? hellos.get(seat).name() : "seat " + seat;
    }

    public TableGame<S, M> game() {
        return game;
    }

    public TableParameters parameters() {
        return params;
    }

    /** The public state of the game: what every seat and the auditor agree on. */
    public S state() {
        return state;
    }

    /** The followed seat's own view (its cards too); the public state for a judge. */
    public S view() {
        return viewer >= 0 ? view : state;
    }

    public int round() {
        return round;
    }

    RoundDeck deck() {
        return deck;
    }

    /**
     * Replaces the current round's deck with a restored one that holds the same messages (and this seat's key),
     * and rebuilds this seat's view of the round with the cards it can read again.
     */
    @SuppressWarnings("unchecked")
    void restoreDeck(RoundDeck restored) {
        restored.continueFrom(deck);
        this.deck = restored;
        if (viewer < 0) {
            return;
        }
        S rebuilt = roundStartView;
        try {
            for (Object input : roundInputs) {
                rebuilt = input instanceof DeckEvent event ? game.afterDeck(rebuilt, event, deck.ownCards())
                        : game.play(rebuilt, ((MoveInput<M>) input).seat(), ((MoveInput<M>) input).move());
            }
        } catch (IllegalMove illegal) {
            throw new IllegalStateException("the restored view refuses what the table accepted: " + illegal.getMessage());
        }
        view = rebuilt;
    }

    public int nextStep() {
        return nextStep;
    }

    public boolean isOver() {
        return over;
    }

    /** The rule a card broke once it was read, which stopped the game; null while it plays on. */
    public ProtocolViolation stopped() {
        return stopped;
    }

    public Outcome outcome() {
        return game.outcome(state);
    }
}
