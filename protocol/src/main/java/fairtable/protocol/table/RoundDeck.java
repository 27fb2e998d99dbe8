package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;
import java.util.Optional;

/**
 * One round's deck session inside a table: a seat's own deck (with its secrets) or, for the audit, the public
 * messages alone; over the verifiable deck ({@link OwnDeck}, {@link PublicDeck}) or the FR 2823580 draw
 * ({@link PatentDeck}). Its messages travel wrapped in the table's signed chain. The table asks it only what the
 * rules need: whether an operation is under way, which operation a message starts, what completed.
 */
interface RoundDeck {

    /** The deck's messages so far. */
    Transcript transcript();

    /** Whether every seat's deck hello is in. */
    default boolean established() {
        return transcript().established();
    }

    /** Established, and no operation under way: a message now must start one, and only the rules' call may. */
    boolean isIdle();

    /** While an operation is under way: the seat whose deck step is due, or -1. */
    int awaitedSeat();

    /** While an operation is under way: what it awaits, in words. */
    String awaiting();

    /**
     * While the round's verifiable deck is set up (keys, then one shuffle per seat), how far it has come; empty
     * otherwise, and always for the FR 2823580 draw, whose deal is four fixed steps between two players.
     */
    default Optional<DeckObserver.Setup> setup() {
        return Optional.empty();
    }

    /** Checks, changing nothing, that {@code inner} may come next in this deck: a hello for it, or its next step. */
    void check(Envelope inner) throws ProtocolViolation;

    /**
     * Once established: checks, changing nothing, the deck's own rules for {@code inner} (its step, its sender, its values), and
     * returns why the table must refuse it if it starts an operation that is not {@code next}'s, or arrives where
     * the deck awaits something else; null if it may come next.
     */
    String refusal(Envelope inner, Next next) throws ProtocolViolation, MalformedMessageException;

    /** Records one deck message that {@link #refusal} let through; returns this seat's answers (none if public). */
    List<Envelope> receive(Envelope inner, Next next) throws ProtocolViolation;

    /** The seat that must start the deck's part of {@code next} now, or -1 if none is due from the deck. */
    int starter(Next next);

    /** Whether {@code next} is a deck call this deck carries out with no message (all it needs is public). */
    default boolean silent(Next next) {
        return false;
    }

    /** Carries out a {@link #silent} call. */
    default void performSilently(Next next) {
        throw new IllegalStateException("nothing is silent on this deck");
    }

    /** Why this deck cannot carry out {@code next}, or null if it can. */
    default String cannot(Next next) {
        return null;
    }

    /** Whether the round's deck is finished with, so the next round may begin (the rules said the round is over). */
    default boolean closed() {
        return true;
    }

    /** The completed operations not handed to the rules yet; only while the deck is idle. */
    List<DeckEvent> drain();

    /** A rule of the deck broken in a way only its end or a seat's keys show, which stops the table; else null. */
    default ProtocolViolation failure() {
        return null;
    }

    /** The cards everyone can read. */
    Cards publicCards();

    /** The cards this seat can read: the public ones and, for a seat's own deck, its hand. */
    Cards ownCards();

    /** This seat's deck starts the round (seat 0 sends its hello). */
    default List<Envelope> start() {
        throw new IllegalStateException("a public deck sends nothing");
    }

    /** This seat's messages for the deck's part of {@code next}, which {@link #starter} says is this seat's. */
    default List<Envelope> perform(Next next) {
        throw new IllegalStateException("a public deck sends nothing");
    }

    /** This seat's own deck message, as the table signs it into its chain (its deck may follow it only now). */
    default void sent(Envelope inner) {
    }

    /** This seat's deck restored from its snapshot takes over from {@code replayed}, the same round replayed in public. */
    default void continueFrom(RoundDeck replayed) {
    }

    /** This seat's deck, secrets included, as bytes. */
    default byte[] snapshot() {
        throw new IllegalStateException("a public deck has no secrets to keep");
    }

    /** Checks, changing nothing, that a deck hello is one for this deck. */
    static void checkHello(Transcript t, Envelope inner, String protocol, byte[] parameters, int players)
            throws ProtocolViolation {
        Hello hello = t.check(inner);
        if (!hello.protocol().equals(protocol) || hello.players() != players
                || !java.util.Arrays.equals(hello.parameters(), parameters)) {
            throw new ProtocolViolation(0, hello.name(), "a deck hello for another deck than " + protocol);
        }
    }
}
