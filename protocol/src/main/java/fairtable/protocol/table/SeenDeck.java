package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A finished round's deck followed in public, reading as one seat read it: the public cards, and at the positions
 * dealt to that seat the cards a record of the seat gives ({@code held}). Any card of the record at a position not
 * dealt to the seat is never read, so a record that knew more than the seat saw shows nothing more.
 */
final class SeenDeck implements RoundDeck {
    private final RoundDeck publicDeck;
    private final int seat;
    private final int[] held;
    private final Set<Integer> dealtToSeat = new HashSet<>();

    SeenDeck(RoundDeck publicDeck, int seat, int[] held) {
        this.publicDeck = publicDeck;
        this.seat = seat;
        this.held = held;
    }

    /** The first position dealt to the seat whose card in the record differs from the one the transcript opened, or -1. */
    int contradicted() {
        Cards open = publicDeck.publicCards();
        for (int position : dealtToSeat) {
            int proved = open.at(position);
            if (proved >= 0 && position < held.length && held[position] >= 0 && held[position] != proved) {
                return position;
            }
        }
        return -1;
    }

    @Override
    public Cards ownCards() {
        Cards open = publicDeck.publicCards();
        return position -> {
            int card = open.at(position);
            if (card >= 0 || !dealtToSeat.contains(position) || position >= held.length) {
                return card;
            }
            return held[position];
        };
    }

    @Override
    public List<DeckEvent> drain() {
        List<DeckEvent> events = publicDeck.drain();
        for (DeckEvent event : events) {
            if (event instanceof DeckEvent.Dealt dealt) {
                for (int i = 0; i < dealt.recipients().size(); i++) {
                    if (dealt.recipients().get(i) == seat) {
                        dealtToSeat.addAll(dealt.positions().get(i));
                    }
                }
            }
        }
        return events;
    }

    @Override
    public Transcript transcript() {
        return publicDeck.transcript();
    }

    @Override
    public boolean established() {
        return publicDeck.established();
    }

    @Override
    public boolean isIdle() {
        return publicDeck.isIdle();
    }

    @Override
    public int awaitedSeat() {
        return publicDeck.awaitedSeat();
    }

    @Override
    public String awaiting() {
        return publicDeck.awaiting();
    }

    @Override
    public Optional<DeckObserver.Setup> setup() {
        return publicDeck.setup();
    }

    @Override
    public void check(Envelope inner) throws ProtocolViolation {
        publicDeck.check(inner);
    }

    @Override
    public String refusal(Envelope inner, Next next) throws ProtocolViolation, MalformedMessageException {
        return publicDeck.refusal(inner, next);
    }

    @Override
    public List<Envelope> receive(Envelope inner, Next next) throws ProtocolViolation {
        return publicDeck.receive(inner, next);
    }

    @Override
    public int starter(Next next) {
        return publicDeck.starter(next);
    }

    @Override
    public boolean silent(Next next) {
        return publicDeck.silent(next);
    }

    @Override
    public void performSilently(Next next) {
        publicDeck.performSilently(next);
    }

    @Override
    public String cannot(Next next) {
        return publicDeck.cannot(next);
    }

    @Override
    public boolean closed() {
        return publicDeck.closed();
    }

    @Override
    public ProtocolViolation failure() {
        return publicDeck.failure();
    }

    @Override
    public Cards publicCards() {
        return publicDeck.publicCards();
    }
}
