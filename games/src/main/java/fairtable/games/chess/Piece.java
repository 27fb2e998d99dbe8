package fairtable.games.chess;

import java.util.Objects;

/** A coloured piece. */
public record Piece(Color color, PieceType type) {

    private static final Piece[] BY_CODE = new Piece[16];

    static {
        for (Color c : Color.values()) {
            for (PieceType t : PieceType.values()) {
                Piece p = new Piece(c, t);
                BY_CODE[p.code()] = p;
            }
        }
    }

    public Piece {
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(type, "type");
    }

    public static Piece of(Color color, PieceType type) {
        return BY_CODE[(color == Color.BLACK ? 8 : 0) | type.code()];
    }

    /** FEN letter: upper case for white, lower case for black. */
    public char fenLetter() {
        return color == Color.WHITE ? Character.toUpperCase(type.letter()) : type.letter();
    }

    /** Internal board code: colour bit 8, type 1..6. */
    byte code() {
        return (byte) ((color == Color.BLACK ? 8 : 0) | type.code());
    }

    /** The piece for an internal board code, or null for an empty square (code 0). */
    static Piece ofCode(int code) {
        return BY_CODE[code];
    }

    @Override
    public String toString() {
        return String.valueOf(fenLetter());
    }
}
