package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.List;

/** A square of the 9x9 board: files and ranks 0..8. Player 0 sits at rank 0, player 1 at rank 8. */
public record Square(int file, int rank) implements Comparable<Square> {

    public Square {
        if (file < 0 || file >= Board.SIZE || rank < 0 || rank >= Board.SIZE) {
            throw new IllegalArgumentException("off the board: " + file + "," + rank);
        }
    }

    public static Square ofIndex(int index) {
        if (index < 0 || index >= Board.SQUARES) {
            throw new IllegalArgumentException("square index out of range: " + index);
        }
        return new Square(index % Board.SIZE, index / Board.SIZE);
    }

    /** Parses a name such as {@code e3}: file a..i, rank 1..9. */
    public static Square parse(String name) {
        if (name == null || name.length() != 2) {
            throw new IllegalArgumentException("not a square (a1..i9): " + name);
        }
        int file = Character.toLowerCase(name.charAt(0)) - 'a';
        int rank = name.charAt(1) - '1';
        if (file < 0 || file >= Board.SIZE || rank < 0 || rank >= Board.SIZE) {
            throw new IllegalArgumentException("not a square (a1..i9): " + name);
        }
        return new Square(file, rank);
    }

    public int index() {
        return rank * Board.SIZE + file;
    }

    /** The up to four orthogonally adjacent squares. */
    public List<Square> neighbours() {
        List<Square> result = new ArrayList<>(4);
        if (rank + 1 < Board.SIZE) {
            result.add(new Square(file, rank + 1));
        }
        if (rank > 0) {
            result.add(new Square(file, rank - 1));
        }
        if (file > 0) {
            result.add(new Square(file - 1, rank));
        }
        if (file + 1 < Board.SIZE) {
            result.add(new Square(file + 1, rank));
        }
        return result;
    }

    public boolean isAdjacentTo(Square other) {
        return Math.abs(file - other.file) + Math.abs(rank - other.rank) == 1;
    }

    @Override
    public int compareTo(Square other) {
        return Integer.compare(index(), other.index());
    }

    @Override
    public String toString() {
        return (char) ('a' + file) + Integer.toString(rank + 1);
    }
}
