package fairtable.games.dominoes;

/**
 * What a player does on their turn. A player must play when they hold a playable tile; otherwise they
 * {@link Draw} while the boneyard has tiles, and {@link Pass} once it is empty.
 */
public sealed interface DominoMove {

    Draw DRAW = new Draw();
    Pass PASS = new Pass();

    static Play play(Tile tile, End end) {
        return new Play(tile, end);
    }

    record Play(Tile tile, End end) implements DominoMove {
        public Play {
            if (tile == null || end == null) {
                throw new IllegalArgumentException("a play needs a tile and an end");
            }
        }
    }

    /** Ask for one tile from the boneyard; the tile itself arrives as an input ({@link DominoRound#draw}). */
    record Draw() implements DominoMove {
    }

    record Pass() implements DominoMove {
    }
}
