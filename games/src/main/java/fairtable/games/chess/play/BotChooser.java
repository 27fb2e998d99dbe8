package fairtable.games.chess.play;

import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.PieceType;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The unattended player: from its own view only, takes the enemy king if it can, else the most valuable piece
 * it can capture, else plays a uniformly random move (as {@link fairtable.games.chess.DarkChessBot}, which needs
 * the whole game). Offered a draw, it accepts when it sees nothing to take: with nothing to win this turn, it takes
 * the peace; otherwise it moves, which declines. It never offers one.
 */
public final class BotChooser implements ChessSide.MoveChooser {
    @Override
    public Move choose(FogView view, List<Move> legal, boolean drawOffered, RandomGenerator random) {
        if (drawOffered && legal.stream().allMatch(m -> capturedValue(view, m) == 0)) {
            throw new ChessSide.AcceptsDraw();
        }
        return choose(view, legal, random);
    }

    @Override
    public Move choose(FogView view, List<Move> legal, RandomGenerator random) {
        int bestValue = 0;
        List<Move> best = new ArrayList<>();
        for (Move move : legal) {
            int value = capturedValue(view, move);
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

    /** The value of the opponent's piece {@code move} lands on, as far as {@code view} shows it; 0 for none. */
    private static int capturedValue(FogView view, Move move) {
        return view.seenPiece(move.to()).filter(p -> p.color() != view.viewer()).map(Piece::type)
                .map(PieceType::value).orElse(0);
    }
}
