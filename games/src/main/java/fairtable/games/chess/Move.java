package fairtable.games.chess;

import java.util.Objects;

/**
 * A move as "from, to, optional promotion". Castling is the king's two-square move (e1g1);
 * en passant is the pawn's diagonal move to the en-passant square. Whether a move is legal is
 * decided by a rules variant ({@link StandardChess} or {@link DarkChessGame}), not here.
 *
 * @param promotion the promoted-to type, or null when the move is not a promotion
 */
public record Move(Square from, Square to, PieceType promotion) {

    public Move {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from == to) {
            throw new IllegalArgumentException("a move must change square: " + from);
        }
        if (promotion != null && !promotion.isPromotionTarget()) {
            throw new IllegalArgumentException("cannot promote to " + promotion);
        }
    }

    public static Move of(Square from, Square to) {
        return new Move(from, to, null);
    }

    public static Move promotion(Square from, Square to, PieceType promotion) {
        return new Move(from, to, Objects.requireNonNull(promotion, "promotion"));
    }

    /** Parses UCI long algebraic notation: "e2e4", "e7e8q". */
    public static Move parseUci(String uci) {
        if (uci == null || (uci.length() != 4 && uci.length() != 5)) {
            throw new IllegalArgumentException("not a UCI move: " + uci);
        }
        Square from = Square.parse(uci.substring(0, 2));
        Square to = Square.parse(uci.substring(2, 4));
        if (uci.length() == 4) {
            return of(from, to);
        }
        PieceType type = PieceType.ofLetter(uci.charAt(4));
        if (type == null || !type.isPromotionTarget() || Character.isUpperCase(uci.charAt(4))) {
            throw new IllegalArgumentException("bad promotion letter in UCI move: " + uci);
        }
        return promotion(from, to, type);
    }

    public String uci() {
        return from.algebraic() + to.algebraic() + (promotion == null ? "" : String.valueOf(promotion.letter()));
    }

    @Override
    public String toString() {
        return uci();
    }
}
