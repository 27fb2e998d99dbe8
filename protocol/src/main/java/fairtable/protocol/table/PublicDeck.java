package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.random.RandomGenerator;

/** A round's verifiable deck as anyone without a key sees it: what the audit replays. */
final class PublicDeck extends VerifiableDeck {
    private final RandomGenerator verifierRandom;
    private final Transcript transcript = new Transcript();
    /** Where an audit keeps this deck's proofs to check them with every other round's; null: checked at once. */
    private final DeferredProofs pending;
    private DeckObserver observer;

    PublicDeck(DeckParameters params, RandomGenerator verifierRandom, DeferredProofs pending) {
        super(params);
        this.verifierRandom = verifierRandom;
        this.pending = pending;
    }

    @Override
    public Transcript transcript() {
        return transcript;
    }

    @Override
    DeckObserver observer() {
        return observer;
    }

    @Override
    public List<Envelope> receive(Envelope inner, Next next) throws ProtocolViolation {
        if (!transcript.established()) {
            check(inner);
            transcript.append(inner);
            if (transcript.established()) {
                observer = new DeckObserver(params, transcript.hellos(), transcript.sessionId(), verifierRandom);
                if (pending != null) {
                    observer.deferProofsTo(pending);
                }
            }
            return List.of();
        }
        transcript.requireFit(inner);
        transcript.check(inner);
        DeckObserver.Event event = observer.parse(inner);
        transcript.append(inner);
        observer.apply(event);
        return List.of();
    }

    @Override
    public Cards ownCards() {
        return publicCards();
    }
}
