package fairtable.games.chess;

/**
 * The 64 squares. {@link #index()} is {@code 8 * rank + file} with a1 = 0 and h8 = 63, which is the
 * report's {@code k = 8(j-1) + i} minus one.
 */
public enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8;

    private static final Square[] ALL = values();

    public static Square of(int index) {
        if (index < 0 || index >= 64) {
            throw new IllegalArgumentException("square index out of range 0..63: " + index);
        }
        return ALL[index];
    }

    /** @param file 0 = a .. 7 = h; @param rank 0 = rank 1 .. 7 = rank 8 */
    public static Square at(int file, int rank) {
        if (file < 0 || file > 7 || rank < 0 || rank > 7) {
            throw new IllegalArgumentException("file and rank must be 0..7: " + file + "," + rank);
        }
        return ALL[rank * 8 + file];
    }

    /** Parses algebraic names such as "e4". */
    public static Square parse(String name) {
        if (name == null || name.length() != 2) {
            throw new IllegalArgumentException("not a square name: " + name);
        }
        int file = name.charAt(0) - 'a';
        int rank = name.charAt(1) - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7) {
            throw new IllegalArgumentException("not a square name: " + name);
        }
        return ALL[rank * 8 + file];
    }

    public int index() {
        return ordinal();
    }

    /** 0 = file a .. 7 = file h. */
    public int file() {
        return ordinal() & 7;
    }

    /** 0 = rank 1 .. 7 = rank 8. */
    public int rank() {
        return ordinal() >> 3;
    }

    /** Algebraic name, e.g. "e4". */
    public String algebraic() {
        return "" + (char) ('a' + file()) + (char) ('1' + rank());
    }

    @Override
    public String toString() {
        return algebraic();
    }
}
