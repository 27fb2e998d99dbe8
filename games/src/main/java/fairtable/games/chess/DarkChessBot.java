package fairtable.games.chess;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A simple dark-chess player. It decides from its own fog-of-war view only (every capture target is
 * fully visible to the capturer): capture the enemy king if it can, else make the capture that takes
 * the most valuable piece, else play a uniformly random move. Ties are broken at random. Given the
 * same game and the same random generator state it plays the same move.
 */
public final class DarkChessBot {

    private DarkChessBot() {
    }

    /**
     * @throws IllegalArgumentException if the game is over
     */
    public static Move chooseMove(DarkChessGame game, RandomGenerator random) {
        Objects.requireNonNull(random, "random");
        List<Move> moves = game.legalMoves();
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("no move to choose, the game is over: " + game.result());
        }
        FogView view = game.view(game.sideToMove());
        int bestValue = 0;
        List<Move> best = new ArrayList<>();
        for (Move move : moves) {
            Optional<Square> captured = game.capturedSquare(move);
            int value = captured.flatMap(view::seenPiece).map(p -> p.type().value()).orElse(0);
            if (value > bestValue) {
                bestValue = value;
                best.clear();
            }
            if (value == bestValue) {
                best.add(move);
            }
        }
        return best.get(random.nextInt(best.size()));
    }
}
