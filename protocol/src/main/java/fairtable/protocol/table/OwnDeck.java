package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;

/** A round's verifiable deck as one seat plays it, with its own key: it answers what its observer accepted. */
final class OwnDeck extends VerifiableDeck {
    private final DeckParty party;

    OwnDeck(DeckParty party) {
        super(party.parameters());
        this.party = party;
    }

    DeckParty party() {
        return party;
    }

    @Override
    public Transcript transcript() {
        return party.transcript();
    }

    @Override
    DeckObserver observer() {
        return party.observer();
    }

    @Override
    public List<Envelope> receive(Envelope inner, Next next) throws ProtocolViolation {
        return party.receive(inner);
    }

    @Override
    public List<Envelope> start() {
        return party.start();
    }

    @Override
    public List<Envelope> perform(Next next) {
        DeckCall call = ((Next.Deck) next).call();
        if (call instanceof DeckCall.Deal deal) {
            return party.deal(deal.recipients(), deal.count());
        }
        if (call instanceof DeckCall.Open open) {
            return party.open(open.count());
        }
        if (call instanceof DeckCall.Discard discard) {
            return party.discard(discard.position(), discard.faceUp());
        }
        return party.show(((DeckCall.Show) call).positions());
    }

    @Override
    public byte[] snapshot() {
        return party.snapshot();
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
