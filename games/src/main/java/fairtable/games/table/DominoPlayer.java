package fairtable.games.table;

import fairtable.games.dominoes.DominoBot;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.DominoRound;

/** Who decides for a dominoes seat: a bot or a person. It sees only its seat's view of the round. */
@FunctionalInterface
public interface DominoPlayer {

    /**
     * A legal move for this seat in {@code view} (this seat's own engine, other hands hidden); or null to decide
     * later: the seat waits for {@link TableNode#resume()}, when it asks again.
     */
    DominoMove decide(DominoRound view);

    /** The heuristic {@link DominoBot}. */
    static DominoPlayer bot() {
        return DominoBot::choose;
    }
}
