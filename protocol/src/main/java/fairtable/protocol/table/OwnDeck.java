package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;

/** A round's deck as one seat plays it, with its own key: it answers what its observer accepted. */
record OwnDeck(DeckParty party) implements RoundDeck {
    @Override
    public Transcript transcript() {
        return party.transcript();
    }

    @Override
    public DeckObserver observer() {
        return party.observer();
    }

    @Override
    public List<Envelope> receive(Envelope inner) throws ProtocolViolation {
        return party.receive(inner);
    }

    @Override
    public Cards ownCards() {
        return position -> {
            int card = observer() == null ? -1 : observer().publicCard(position);
            if (card >= 0) {
                return card;
            }
            Integer mine = party.hand().get(position);
            return mine == null ? -1 : mine;
        };
    }
}
