package fairtable.games.mahjongshogi.play;

import fairtable.games.mahjongshogi.MahjongShogiBot;
import fairtable.games.mahjongshogi.Move;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Who decides one seat's moves: a bot, a person at a terminal, ... Whoever it is sees only that seat's
 * {@link PlayerView} (its own placement and the public position), never the opponent's kinds.
 */
public interface Seat {

    /** This seat's decision; {@code view}'s position awaits this seat's move. */
    Choice choose(PlayerView view);

    /**
     * Told after every completed move of either player ({@code mover}), its battle (if any) already resolved,
     * with this seat's view afterwards. Moves are public; battle results are in the view's battle list.
     */
    default void moved(int mover, Move move, PlayerView view) {
    }

    /** What a seat may do when it is its turn. */
    sealed interface Choice permits Play, Resign, Leave {
    }

    /** Make a legal move. */
    record Play(Move move) implements Choice {
        public Play {
            Objects.requireNonNull(move);
        }
    }

    /**
     * Stop the game by revealing now. mahjong-shogi/v1 has no resignation message: the transcript records an early
     * reveal ("stopped the game by revealing") and names no winner.
     */
    record Resign() implements Choice {
    }

    /** Stop taking part without sending anything more (e.g. the person's input ended); the game is left unfinished. */
    record Leave(String reason) implements Choice {
        public Leave {
            Objects.requireNonNull(reason);
        }
    }

    /** A {@link MahjongShogiBot} deciding from the view, its ties broken by {@code random}. */
    static Seat bot(RandomGenerator random) {
        Objects.requireNonNull(random);
        return view -> new Play(new MahjongShogiBot(view.placement(), random).choose(view.state()));
    }
}
