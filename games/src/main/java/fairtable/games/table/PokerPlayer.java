package fairtable.games.table;

import fairtable.games.poker.Action;
import fairtable.games.poker.PokerBot;
import fairtable.games.poker.PokerHand;
import java.util.random.RandomGenerator;

/** Who decides for a poker seat: a bot or a person. It sees only its seat's view of the hand. */
@FunctionalInterface
public interface PokerPlayer {

    /**
     * A legal action for the seat to act in {@code view} (this seat's own engine); or null to decide later (a person
     * playing by mail): the seat then sends nothing more and waits for {@link TableNode#resume()}, when it asks again.
     */
    Action decide(PokerHand view);

    /** The Monte-Carlo {@link PokerBot} with {@code samples} deals per decision. */
    static PokerPlayer bot(RandomGenerator random, int samples) {
        PokerBot bot = new PokerBot(random, samples);
        return bot::choose;
    }
}
