package fairtable.games.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.DeckEvents;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One player's node at a game table: its own {@link DeckParty} for each round (a fresh verifiable-deck/v1
 * session per hand) and its own view of the rules engine, in which every other player's private cards are
 * hidden. Cards reach the engine only from completed deck operations (deal, open, draw, show, face-up
 * discard); public decisions travel as {@link TableMessage.Declaration}s and are checked against the engine
 * and, when they name a card, against the card the deck proved.
 *
 * <p>Sans-I/O like a protocol party: {@link #start()} and {@link #receive} return the messages to send to
 * every other seat, in order. The flow is deterministic from the rules engine (who deals, who acts), so
 * every seat agrees on whose turn it is and at most one seat may speak at any moment.
 */
public abstract class Seat implements TableNode {
    private final int seat;
    private final List<String> names;
    private final SigningKey signingKey;
    private final RandomGenerator random;
    private final int maxRounds;

    private int round;
    private DeckParty deck;
    private DeckEvents operations;
    private Decisions decisions = new Decisions();
    private final List<Session> sessions = new ArrayList<>();
    private ProtocolViolation failure;
    private boolean finished;
    private Consumer<String> narrator = line -> { };

    /** One finished (or interrupted) round's deck session: what to write to a transcript file and audit. */
    public record Session(int round, List<Envelope> messages, List<Party.Rejected> refused,
            List<TableMessage.Declaration> decisions) {
        public Session {
            messages = List.copyOf(messages);
            refused = List.copyOf(refused);
            decisions = List.copyOf(decisions);
        }
    }

    protected Seat(int seat, List<String> names, SigningKey signingKey, RandomGenerator random, int maxRounds) {
        if (names.size() < DeckParameters.MIN_PLAYERS || names.size() > DeckParameters.MAX_PLAYERS) {
            throw new IllegalArgumentException("a table has 2 to 10 players, not " + names.size());
        }
        if (seat < 0 || seat >= names.size()) {
            throw new IllegalArgumentException("no seat " + seat + " at a table of " + names.size());
        }
        if (maxRounds < 1) {
            throw new IllegalArgumentException("play at least one round, not " + maxRounds);
        }
        this.seat = seat;
        this.names = List.copyOf(names);
        this.signingKey = Objects.requireNonNull(signingKey);
        this.random = Objects.requireNonNull(random);
        this.maxRounds = maxRounds;
    }

    // ---- What a game supplies. ----

    /** The number of cards in the deck (52 for poker, 28 for dominoes). */
    protected abstract int deckSize();

    /** Sets up the engine for a new round, before its deck is shuffled. */
    protected abstract void beginRound(int round);

    /** A deal completed: {@code positions.get(i)} went to {@code recipients.get(i)}, in deal order. */
    protected abstract void onDealt(List<Integer> recipients, List<List<Integer>> positions) throws ProtocolViolation;

    /** Cards turned face-up on the table. */
    protected abstract void onOpened(List<Integer> positions) throws ProtocolViolation;

    /** Another seat proved the cards at these positions (showdown). */
    protected abstract void onShown(int from, List<Integer> positions) throws ProtocolViolation;

    /** Another seat discarded a held card, face-up (everyone reads it) or face-down. */
    protected abstract void onDiscarded(int from, int position, boolean faceUp) throws ProtocolViolation;

    /** Another seat's public decision; refuse it with a violation if the engine does not accept it. */
    protected abstract void onDeclaration(int from, String words) throws ProtocolViolation;

    /**
     * This seat's part when the deck is idle and every completed operation is consumed: start a deck
     * operation or decide, returning what to send; empty when it is not this seat's turn.
     */
    protected abstract List<TableMessage> act() throws ProtocolViolation;

    /** Whether the engine finished the current round. */
    protected abstract boolean roundOver();

    /** Called once when the engine finishes a round, before the next one begins: report it. */
    protected abstract void roundFinished();

    /** Whether no further round can be played (a player has won the match or only one has chips). */
    protected abstract boolean gameOver();

    // ---- Driving the seat. ----

    /** Starts the first round; the first seat opens the deck session with its hello. */
    public final List<TableMessage> start() {
        if (round != 0) {
            throw new IllegalStateException("already started");
        }
        List<TableMessage> out = new ArrayList<>();
        newRound(out);
        return out;
    }

    /**
     * Consumes one message from another seat and returns what this seat sends in answer. A message that
     * breaks the deck protocol or the rules is refused with a violation naming its sender; a refused deck
     * message is kept as evidence. A rule broken after the deck accepted the message (a card that is not
     * the one named, a deal the rules did not ask for) ends the game for this seat: see {@link #failure()}.
     */
    public final List<TableMessage> receive(TableMessage m) throws ProtocolViolation {
        if (finished) {
            throw new ProtocolViolation(0, nameOf(m.sender()), "the game is over at this seat");
        }
        if (m.sender() == seat || m.sender() < 0 || m.sender() >= names.size()) {
            throw new ProtocolViolation(0, nameOf(m.sender()), "a message from seat " + m.sender());
        }
        if (m.round() != round) {
            throw new ProtocolViolation(0, nameOf(m.sender()), "a message for round " + m.round() + " in round " + round);
        }
        List<TableMessage> out = new ArrayList<>();
        if (m instanceof TableMessage.DeckStep step) {
            // A refused deck message throws here: the deck keeps it as evidence and nothing changed.
            wrap(deck.receive(step.envelope()), out);
        } else {
            TableMessage.Declaration d = (TableMessage.Declaration) m;
            if (deck.observer() == null || !deck.observer().isIdle()) {
                throw new ProtocolViolation(deck.observer() == null ? 0 : deck.observer().nextStep(),
                        nameOf(d.sender()), "declared \"" + d.words() + "\" while the deck awaits " + deck.awaiting());
            }
            decisions.check(deck.transcript(), d);
            onDeclaration(d.sender(), d.words()); // a refused decision throws before changing the engine
            decisions.accept(d);
        }
        progressOrFail(out);
        return out;
    }

    private void fail(ProtocolViolation v) {
        failure = v;
        finished = true;
        sessions.add(new Session(round, deck.transcript().envelopes(), deck.rejected(), decisions.list()));
    }

    private void newRound(List<TableMessage> out) {
        round++;
        deck = DeckParty.create(new DeckParameters(names.size(), deckSize()), seat, names.get(seat), signingKey, random);
        operations = new DeckEvents(deckSize());
        decisions = new Decisions();
        beginRound(round);
        wrap(deck.start(), out);
    }

    @Override
    public final List<TableMessage> resume() throws ProtocolViolation {
        List<TableMessage> out = new ArrayList<>();
        if (deck != null && !finished) {
            progressOrFail(out);
        }
        return out;
    }

    /** Goes on as far as the seat can; a rule broken on the way ends the game here, as evidence. */
    private void progressOrFail(List<TableMessage> out) throws ProtocolViolation {
        try {
            progress(out);
        } catch (ProtocolViolation v) {
            fail(v);
            throw v;
        }
    }

    private void progress(List<TableMessage> out) throws ProtocolViolation {
        while (!finished) {
            DeckObserver observer = deck.observer();
            if (observer == null || !observer.isIdle()) {
                return;
            }
            consumeEvents(observer);
            if (roundOver()) {
                roundFinished();
                sessions.add(new Session(round, deck.transcript().envelopes(), deck.rejected(), decisions.list()));
                if (round >= maxRounds || gameOver()) {
                    finished = true;
                    return;
                }
                newRound(out);
                continue;
            }
            List<TableMessage> mine = act();
            if (mine.isEmpty()) {
                if (roundOver()) {
                    continue; // the engine finished without a message (e.g. the hands are all read)
                }
                return;
            }
            out.addAll(mine);
        }
    }

    /** Hands every completed deck operation to the game, in order (this seat's own shows and discards aside). */
    private void consumeEvents(DeckObserver observer) throws ProtocolViolation {
        for (DeckEvent op : operations.drain(observer)) {
            if (op instanceof DeckEvent.Dealt d) {
                onDealt(d.recipients(), d.positions());
            } else if (op instanceof DeckEvent.Opened o) {
                onOpened(o.positions());
            } else if (op instanceof DeckEvent.Shown sh && sh.seat() != seat) {
                onShown(sh.seat(), sh.positions());
            } else if (op instanceof DeckEvent.Discarded d && d.seat() != seat) {
                onDiscarded(d.seat(), d.position(), d.faceUp());
            }
        }
    }

    // ---- Helpers for games. ----

    /** Wraps this round's deck envelopes for sending. */
    protected final List<TableMessage> wrap(List<Envelope> envelopes) {
        List<TableMessage> out = new ArrayList<>();
        wrap(envelopes, out);
        return out;
    }

    private void wrap(List<Envelope> envelopes, List<TableMessage> out) {
        for (Envelope e : envelopes) {
            out.add(new TableMessage.DeckStep(round, e));
        }
    }

    /** A public decision of this seat for the current round. */
    protected final TableMessage declare(String words) {
        return decisions.sign(deck.transcript(), signingKey, round, seat, words);
    }

    /** The same decision with other words, signed again by this seat: for the tests' dishonest players only. */
    TableMessage.Declaration reword(TableMessage.Declaration original, String words) {
        return Decisions.reword(deck.transcript(), signingKey, original, words);
    }

    /** This round's deck. */
    protected final DeckParty deck() {
        return deck;
    }

    /** The card number at a position, read from public shares; a violation if it is not readable. */
    protected final int publicCard(int position, int from) throws ProtocolViolation {
        int card = deck.observer().publicCard(position);
        if (card < 0) {
            throw violation(from, "position " + position + " is not publicly readable");
        }
        return card;
    }

    /** The card numbers this seat holds at the given positions, read with its own key. */
    protected final List<Integer> myCards(List<Integer> positions) {
        Map<Integer, Integer> hand = deck.hand();
        List<Integer> out = new ArrayList<>();
        for (int p : positions) {
            Integer card = hand.get(p);
            if (card == null) {
                throw new IllegalStateException("position " + p + " is not readable in this hand");
            }
            out.add(card);
        }
        return out;
    }

    /** The position this seat holds face-down with this card number. */
    protected final int myPosition(int card) {
        for (Map.Entry<Integer, Integer> e : deck.hand().entrySet()) {
            if (e.getValue() == card && deck.observer().place(e.getKey()) == DeckObserver.Place.HELD) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("card " + card + " is not held face-down by this seat");
    }

    protected final ProtocolViolation violation(int from, String reason) {
        return new ProtocolViolation(deck.observer() == null ? 0 : deck.observer().nextStep() - 1, nameOf(from), reason);
    }

    /** Sends a line of this seat's own view (private cards included) to its narrator. */
    protected final void tell(String line) {
        narrator.accept(line);
    }

    // ---- What the caller may ask. ----

    /** Where this seat's view is told, line by line (its own private cards included). */
    public final void narrateTo(Consumer<String> narrator) {
        this.narrator = Objects.requireNonNull(narrator);
    }

    public final int seat() {
        return seat;
    }

    public final int players() {
        return names.size();
    }

    public final List<String> names() {
        return names;
    }

    public final String nameOf(int s) {
        return s >= 0 && s < names.size() ? names.get(s) : "seat " + s;
    }

    /** The round being played, from 1. */
    public final int round() {
        return round;
    }

    public final boolean isFinished() {
        return finished;
    }

    /** The rule or proof this seat caught being broken after the deck accepted it, which ended its game. */
    public final Optional<ProtocolViolation> failure() {
        return Optional.ofNullable(failure);
    }

    /** Every finished round's deck session, in order. */
    public final List<Session> sessions() {
        return Collections.unmodifiableList(sessions);
    }

    @Override
    public final List<Session> evidence() {
        List<Session> out = new ArrayList<>(sessions);
        boolean current = deck != null && (sessions.isEmpty() || sessions.get(sessions.size() - 1).round() != round);
        if (current) {
            out.add(new Session(round, deck.transcript().envelopes(), deck.rejected(), decisions.list()));
        }
        return out;
    }

    /** What the current round's deck waits for, in words. */
    public final String awaiting() {
        if (deck == null) {
            return "the start";
        }
        if (deck.isIdle()) {
            String turn = turn();
            if (turn != null) {
                return turn; // the deck waits for anyone; the game for one player's decision
            }
        }
        return deck.awaiting();
    }

    /** Whose decision the game awaits while the deck is idle, in words (e.g. "bob to act"); or null. */
    protected String turn() {
        return null;
    }
}
