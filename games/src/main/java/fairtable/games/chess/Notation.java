package fairtable.games.chess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Standard algebraic notation (SAN: {@code Nf3}, {@code exd5}, {@code O-O}, {@code e8=Q}, {@code Nbd2}) read
 * against one side's legal moves, so a person may type a move the way chess books print it. Check and annotation
 * marks ({@code + # ! ?}) are ignored: dark chess has no check. A piece letter may be typed in lower case where that
 * cannot be a pawn's file ({@code nf3}); {@code b} is a pawn's file first, a bishop only if no pawn move fits.
 */
public final class Notation {
    private static final Pattern SAN =
            Pattern.compile("([KQRBNkqrn])?([a-h])?([1-8])?[x:]?([a-h][1-8])(?:=?([QRBNqrbn]))?(?:e\\.?p\\.?)?");
    private static final Pattern CASTLING = Pattern.compile("([O0o])-?\\1(-?\\1)?");

    private Notation() {
    }

    /**
     * The one legal move {@code san} names.
     *
     * @param ownPiece the type of the mover's own piece on a square, empty where it has none
     * @return empty if {@code san} is not written in SAN at all
     * @throws IllegalArgumentException if it is SAN but names no legal move, or several: the message says which
     */
    public static Optional<Move> read(String san, Function<Square, Optional<PieceType>> ownPiece, List<Move> legal) {
        String text = san.strip().replaceAll("[+#!?]+$", "");
        Matcher castling = CASTLING.matcher(text);
        if (castling.matches()) {
            int direction = castling.group(2) == null ? 2 : -2;
            return Optional.of(legal.stream()
                    .filter(m -> ownPiece.apply(m.from()).equals(Optional.of(PieceType.KING))
                            && m.to().file() - m.from().file() == direction)
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("You cannot castle " + (direction > 0 ? "short" : "long")
                            + " (" + text + ") now.")));
        }
        Matcher m = SAN.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        String letter = m.group(1);
        List<PieceType> types = new ArrayList<>();
        if (letter == null) {
            types.add(PieceType.PAWN);
            if (m.group(2) != null && m.group(2).equals("b") && m.group(3) == null) {
                types.add(PieceType.BISHOP); // "bc4": a pawn from the b-file if one can, else a bishop
            }
        } else {
            types.add(PieceType.ofLetter(letter.charAt(0)));
        }
        Square to = Square.parse(m.group(4));
        for (PieceType type : types) {
            boolean bishopByB = type == PieceType.BISHOP && letter == null;
            String file = bishopByB ? null : m.group(2);
            List<Move> fits = legal.stream()
                    .filter(move -> move.to() == to && ownPiece.apply(move.from()).equals(Optional.of(type)))
                    .filter(move -> file == null || move.from().algebraic().charAt(0) == file.charAt(0))
                    .filter(move -> m.group(3) == null || move.from().algebraic().charAt(1) == m.group(3).charAt(0))
                    .toList();
            List<Move> promoted = m.group(5) == null ? fits : fits.stream()
                    .filter(move -> move.promotion() == PieceType.ofLetter(m.group(5).charAt(0))).toList();
            if (m.group(5) == null && !fits.isEmpty() && fits.stream().allMatch(move -> move.promotion() != null)) {
                throw new IllegalArgumentException(text + " promotes: add the piece, e.g. " + text + "=Q (Q, R, B or N).");
            }
            if (promoted.size() == 1) {
                return Optional.of(promoted.get(0));
            }
            if (promoted.size() > 1) {
                throw new IllegalArgumentException(text + " could be " + promoted.stream()
                        .map(move -> move.from().algebraic() + "-" + move.to().algebraic())
                        .collect(Collectors.joining(" or ")) + ": name the piece's file or rank too, e.g. "
                        + (letter == null ? "" : letter.toUpperCase(Locale.ROOT)) + promoted.get(0).from().algebraic().charAt(0)
                        + to.algebraic() + ".");
            }
        }
        throw new IllegalArgumentException("No " + types.get(0).name().toLowerCase(Locale.ROOT) + " of yours can move to "
                + to.algebraic() + " now (" + text + ").");
    }
}
