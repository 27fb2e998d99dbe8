package fairtable.protocol.table;

import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;

/**
 * A game, defined once: what the table protocol needs to run it, check it and audit it. Every function is
 * pure; the state {@code S} is immutable. The same definition runs as the public judge inside every
 * {@link TableObserver} (it knows only the cards everyone can read) and as each seat's own view (it also
 * knows that seat's cards): both are the same functions given different {@link Cards}.
 *
 * <p>Cards move only through deck operations, and a deck operation happens only when {@link #next} calls
 * for it: the observer refuses any other, so no seat releases a decryption share the rules did not ask for.
 *
 * @param <S> the game's state, immutable
 * @param <M> the game's moves: typed values with a canonical encoding
 */
public interface TableGame<S, M> {

    /** The name this game is registered and announced under, e.g. {@code "holdem"}. */
    String name();

    int minSeats();

    int maxSeats();

    /** How many cards (or tiles) each round's deck holds. */
    int deckSize();

    /**
     * The state before the first round, for these players and options (the game's own canonical bytes: stacks,
     * blinds, a target score). Refuses options it cannot play with an {@link IllegalMove} that says why.
     */
    S setup(List<String> names, byte[] options) throws IllegalMove;

    /** What the game waits for now. */
    Next next(S state);

    /** The state of the next round, once {@link #next} said {@link Next.RoundOver}. */
    S nextRound(S state);

    /**
     * A deck operation the game called for has completed: the positions it moved, and the cards among them
     * that this view can read. Refuses, naming what is wrong, a card that breaks the rules (a tile that does
     * not fit the end its player named).
     */
    S afterDeck(S state, DeckEvent event, Cards known) throws IllegalMove;

    /** The moves {@code seat} may make now, as far as this view knows; empty when it is not that seat's move. */
    List<M> legal(S state, int seat);

    /** A move by {@code seat}; refuses it with an {@link IllegalMove} that says why, changing nothing. */
    S play(S state, int seat, M move) throws IllegalMove;

    /** The canonical bytes of a move. */
    byte[] encode(M move);

    /** The move these bytes encode; refuses anything that is not a canonical encoding. */
    M decode(byte[] bytes) throws MalformedMessageException;

    /** A move in a few words, for the players and the audit. */
    String describe(M move);

    /** How the game stands: the scores or stacks so far and, once it is over, the result. */
    Outcome outcome(S state);
}
