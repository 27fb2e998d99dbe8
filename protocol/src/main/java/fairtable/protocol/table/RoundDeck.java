package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import java.util.List;

/**
 * One round's verifiable-deck/v1 session inside a table: a seat's own {@code DeckParty} (with its secrets), or
 * for the audit the public messages alone. Its messages travel wrapped in the table's signed chain.
 */
interface RoundDeck {

    /** The deck's messages so far. */
    Transcript transcript();

    /** The public state; null until every seat's deck hello is in. */
    DeckObserver observer();

    /** Checks and records one deck message; returns this seat's answers (none for a public deck). */
    List<Envelope> receive(Envelope inner) throws ProtocolViolation;

    /** The cards everyone can read. */
    default Cards publicCards() {
        return position -> observer() == null ? -1 : observer().publicCard(position);
    }

    /** The cards this seat can read: the public ones and, for a seat's own deck, its hand. */
    Cards ownCards();

    /** Checks, changing nothing, that {@code inner} may come next in this deck. */
    default void check(Envelope inner, String protocol, byte[] parameters, int players) throws ProtocolViolation {
        Transcript t = transcript();
        if (t.established()) {
            t.requireFit(inner);
            t.check(inner);
            observer().parse(inner);
            return;
        }
        Hello hello = t.check(inner);
        if (!hello.protocol().equals(protocol) || hello.players() != players
                || !java.util.Arrays.equals(hello.parameters(), parameters)) {
            throw new ProtocolViolation(0, hello.name(), "a deck hello for another deck than " + protocol);
        }
    }
}
