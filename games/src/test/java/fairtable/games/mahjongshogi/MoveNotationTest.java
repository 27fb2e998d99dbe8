package fairtable.games.mahjongshogi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MoveNotationTest {
    @Test
    void everyAdjacentStepSurvivesItsPrintedForm() {
        int moves = 0;
        for (int index = 0; index < Board.SQUARES; index++) {
            Square from = Square.ofIndex(index);
            assertThat(Square.parse(from.toString())).isEqualTo(from);
            for (Square to : from.neighbours()) {
                Move move = new Move(from, to);
                assertThat(Move.parse(move.toString())).isEqualTo(move);
                assertThat(Move.parse(move.toString().replace("-", ""))).isEqualTo(move);
                moves++;
            }
        }
        // 9x9 grid: 2 * 9 * 8 edges, each in both directions.
        assertThat(moves).isEqualTo(4 * 9 * 8);
    }

    @Test
    void cornersAndCaseAreRead() {
        assertThat(Square.parse("a1")).isEqualTo(new Square(0, 0));
        assertThat(Square.parse("I9")).isEqualTo(new Square(8, 8));
        assertThat(Move.parse(" e3-e4 ")).isEqualTo(new Move(new Square(4, 2), new Square(4, 3)));
    }

    @Test
    void nonsenseIsRefusedWithTheText() {
        for (String bad : new String[] {"", "e3", "e3-e5", "j1-j2", "a0-a1", "e3-f4", "e3-e3", "xyzw"}) {
            assertThatThrownBy(() -> Move.parse(bad)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> Move.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
