package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Permutation's own contract: what it accepts, how it applies, composes and inverts, and when two are equal. */
class PermutationTest {

    @Test
    void ofAcceptsExactlyTheBijectionsOfItsPositions() {
        assertThat(Permutation.of(2, 0, 1).sourceOf(0)).isEqualTo(2);
        assertThatThrownBy(() -> Permutation.of(0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a permutation of 0..1: [0, 2]");
        assertThatThrownBy(() -> Permutation.of(0, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a permutation of 0..1: [0, -1]");
        assertThatThrownBy(() -> Permutation.of(1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a permutation of 0..1: [1, 1]");
        assertThatThrownBy(() -> Permutation.of()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a permutation needs at least one position");
    }

    @Test
    void applyMovesTheSourceElementToEveryOutputPosition() {
        assertThat(Permutation.of(2, 0, 1).apply(List.of("a", "b", "c"))).containsExactly("c", "a", "b");
        assertThat(Permutation.identity(1).apply(List.of("a"))).containsExactly("a");
        assertThatThrownBy(() -> Permutation.of(1, 0).apply(List.of("a"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("permutation of 2 applied to 1 elements");
    }

    @Test
    void inverseUndoesThePermutation() {
        Permutation p = Permutation.of(2, 0, 3, 1);
        assertThat(p.inverse()).isEqualTo(Permutation.of(1, 3, 0, 2));
        assertThat(p.then(p.inverse())).isEqualTo(Permutation.identity(4));
        assertThat(p.inverse().apply(p.apply(List.of("a", "b", "c", "d")))).containsExactly("a", "b", "c", "d");
    }

    @Test
    void permutationsAreEqualExactlyWhenTheyMoveTheSameWay() {
        Permutation p = Permutation.of(1, 2, 0);
        assertThat(p).isEqualTo(Permutation.of(1, 2, 0)).hasSameHashCodeAs(Permutation.of(1, 2, 0));
        assertThat(p).isNotEqualTo(Permutation.of(2, 0, 1)).isNotEqualTo(Permutation.identity(3))
                .isNotEqualTo(List.of(1, 2, 0));
        assertThat(p.hashCode()).isNotEqualTo(Permutation.of(2, 0, 1).hashCode());
        assertThat(p).hasToString("[1, 2, 0]");
    }

    @Test
    void randomPermutationsOfOneAndTwoPositionsAreValid() {
        SplittableRandom rng = new SplittableRandom(8);
        assertThat(Permutation.random(1, rng)).isEqualTo(Permutation.identity(1));
        boolean sawSwap = false;
        for (int i = 0; i < 20; i++) {
            sawSwap |= Permutation.random(2, rng).equals(Permutation.of(1, 0));
        }
        assertThat(sawSwap).isTrue();
    }
}
