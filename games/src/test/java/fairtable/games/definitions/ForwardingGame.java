package fairtable.games.definitions;

import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableGame;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;

/** A game's honest rules, for a dishonest seat's own rules to change one part of: override what differs. */
abstract class ForwardingGame<S, M> implements TableGame<S, M> {
    private final TableGame<S, M> rules;

    ForwardingGame(TableGame<S, M> rules) {
        this.rules = rules;
    }

    @Override
    public S afterDeck(S state, DeckEvent event, Cards known) throws IllegalMove {
        return rules.afterDeck(state, event, known);
    }

    @Override
    public String name() {
        return rules.name();
    }

    @Override
    public int minSeats() {
        return rules.minSeats();
    }

    @Override
    public int maxSeats() {
        return rules.maxSeats();
    }

    @Override
    public int deckSize() {
        return rules.deckSize();
    }

    @Override
    public S setup(List<String> names, byte[] options) throws IllegalMove {
        return rules.setup(names, options);
    }

    @Override
    public Next next(S state) {
        return rules.next(state);
    }

    @Override
    public S nextRound(S state) {
        return rules.nextRound(state);
    }

    @Override
    public List<M> legal(S state, int seat) {
        return rules.legal(state, seat);
    }

    @Override
    public S play(S state, int seat, M move) throws IllegalMove {
        return rules.play(state, seat, move);
    }

    @Override
    public byte[] encode(M move) {
        return rules.encode(move);
    }

    @Override
    public M decode(byte[] bytes) throws MalformedMessageException {
        return rules.decode(bytes);
    }

    @Override
    public String describe(M move) {
        return rules.describe(move);
    }

    @Override
    public Outcome outcome(S state) {
        return rules.outcome(state);
    }
}
