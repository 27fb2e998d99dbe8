package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.Optional;

/** What a round's verifiable-deck/v1 session answers the table, whoever holds it: the rules' calls are its operations. */
abstract class VerifiableDeck implements RoundDeck {
    final DeckParameters params;
    private DeckEvents events;

    VerifiableDeck(DeckParameters params) {
        this.params = params;
        this.events = new DeckEvents(params.cards());
    }

    /** The public state; null until every seat's deck hello is in. */
    abstract DeckObserver observer();

    @Override
    public boolean isIdle() {
        return observer() != null && observer().isIdle();
    }

    @Override
    public int awaitedSeat() {
        return observer().awaitedSeat().orElse(-1);
    }

    @Override
    public String awaiting() {
        return observer().awaiting();
    }

    @Override
    public Optional<DeckObserver.Setup> setup() {
        return observer() == null ? Optional.empty() : observer().setup();
    }

    @Override
    public void check(Envelope inner) throws ProtocolViolation {
        Transcript t = transcript();
        if (!t.established()) {
            RoundDeck.checkHello(t, inner, DeckParameters.PROTOCOL, params.toBytes(), params.players());
            return;
        }
        t.requireFit(inner);
        t.check(inner);
        observer().parse(inner);
    }

    @Override
    public String refusal(Envelope inner, Next next) throws ProtocolViolation {
        if (!observer().isIdle()) {
            return null; // the deck's own script says whose step is due
        }
        DeckMessage m = observer().parse(inner).message();
        if (next instanceof Next.Deck call && call.seat() == inner.sender() && matches(call.call(), m)) {
            return null;
        }
        return "starts a deck " + inner.type() + " the rules did not call for";
    }

    private static boolean matches(DeckCall call, DeckMessage m) {
        if (call instanceof DeckCall.Deal deal) {
            return m instanceof DeckMessage.Deal d && d.recipients().equals(deal.recipients()) && d.count() == deal.count();
        }
        if (call instanceof DeckCall.Open open) {
            return m instanceof DeckMessage.Open o && o.count() == open.count();
        }
        if (call instanceof DeckCall.Discard discard) {
            return m instanceof DeckMessage.Discard d && d.position() == discard.position() && d.faceUp() == discard.faceUp();
        }
        DeckCall.Show show = (DeckCall.Show) call;
        return m instanceof DeckMessage.Show s && s.positions().equals(show.positions());
    }

    @Override
    public int starter(Next next) {
        return next instanceof Next.Deck call ? call.seat() : -1;
    }

    @Override
    public void continueFrom(RoundDeck replayed) {
        events = ((VerifiableDeck) replayed).events; // the operations the table was told of already
    }

    @Override
    public List<DeckEvent> drain() {
        return events.drain(observer());
    }

    @Override
    public Cards publicCards() {
        return position -> observer() == null ? -1 : observer().publicCard(position);
    }
}
