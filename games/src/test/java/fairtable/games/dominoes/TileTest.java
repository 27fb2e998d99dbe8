package fairtable.games.dominoes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TileTest {

    @Test
    void theDoubleSixSetHasTwentyEightDistinctTilesIndexedZeroToTwentySeven() {
        Set<Tile> seen = new HashSet<>();
        for (int a = 0; a <= 6; a++) {
            for (int b = 0; b <= 6; b++) {
                seen.add(Tile.of(a, b));
            }
        }
        assertThat(seen).hasSize(28);
        for (int i = 0; i < 28; i++) {
            assertThat(Tile.ofIndex(i).index()).isEqualTo(i);
            assertThat(Tile.all().get(i)).isEqualTo(Tile.ofIndex(i));
        }
        assertThat(Tile.all()).containsExactlyInAnyOrderElementsOf(seen);
    }

    @Test
    void documentedIndicesAndPips() {
        assertThat(Tile.of(0, 0).index()).isZero();
        assertThat(Tile.of(1, 0).index()).isEqualTo(1);
        assertThat(Tile.of(1, 1).index()).isEqualTo(2);
        assertThat(Tile.of(2, 0).index()).isEqualTo(3);
        assertThat(Tile.of(6, 6).index()).isEqualTo(27);
        // A double-six set carries 168 pips in total.
        assertThat(Tile.all().stream().mapToInt(Tile::pips).sum()).isEqualTo(168);
        assertThat(Tile.all().stream().filter(Tile::isDouble)).hasSize(7);
        assertThat(Tile.of(6, 3).otherEnd(3)).isEqualTo(6);
    }

    @Test
    void rejectsNonTiles() {
        assertThatThrownBy(() -> Tile.of(7, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Tile(4, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Tile.ofIndex(28)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Tile.of(6, 3).otherEnd(2)).isInstanceOf(IllegalArgumentException.class);
    }
}
