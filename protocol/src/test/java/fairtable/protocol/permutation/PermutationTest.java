package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PermutationTest {
    /**
     * Chi-square goodness of fit of {@link Permutation#random} over the 24 permutations of 4 elements, and of
     * the composed layout of three such permutations (which must stay uniform). 23 degrees of freedom: the
     * 0.999 quantile is 49.73 (standard chi-square tables).
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomPermutationsAndTheirCompositionAreUniform(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int samples = 24_000;
        Map<Permutation, Integer> single = new HashMap<>();
        Map<Permutation, Integer> composed = new HashMap<>();
        for (int i = 0; i < samples; i++) {
            single.merge(Permutation.random(4, random), 1, Integer::sum);
            Permutation layout = Permutation.random(4, random).after(Permutation.random(4, random))
                    .after(Permutation.random(4, random));
            composed.merge(layout, 1, Integer::sum);
        }
        for (Map<Permutation, Integer> counts : List.of(single, composed)) {
            assertThat(counts).hasSize(24);
            double expected = samples / 24.0;
            double chi2 = counts.values().stream().mapToDouble(c -> (c - expected) * (c - expected) / expected).sum();
            assertThat(chi2).isLessThan(49.73);
        }
    }

    @Test
    void compositionAppliesTheRightOperandFirst() {
        Permutation p = Permutation.of(1, 2, 0);
        Permutation q = Permutation.of(0, 2, 1);
        assertThat(p.after(q).apply(1)).isEqualTo(p.apply(q.apply(1))).isEqualTo(0);
        assertThat(q.after(p).apply(1)).isEqualTo(1);
        assertThat(p.after(p.inverse())).isEqualTo(Permutation.identity(3));
        assertThat(p.inverse().after(p)).isEqualTo(Permutation.identity(3));
        assertThat(p.withImagesSwapped(0, 2)).isEqualTo(Permutation.of(0, 2, 1));
    }

    @Test
    void onlyCanonicalPermutationsDecode() throws Exception {
        Permutation p = Permutation.of(2, 0, 1);
        assertThat(Permutation.fromBytes(p.toBytes(), 3)).isEqualTo(p);
        assertThatThrownBy(() -> Permutation.fromBytes(new WireWriter().ints(List.of(0, 0, 1)).toBytes(), 3))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("image 0 repeats");
        assertThatThrownBy(() -> Permutation.fromBytes(new WireWriter().ints(List.of(0, 3, 1)).toBytes(), 3))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("outside 0..2");
        assertThatThrownBy(() -> Permutation.fromBytes(new WireWriter().ints(List.of(0, 1)).toBytes(), 3))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("expected 3");
        assertThatThrownBy(() -> Permutation.fromBytes(new WireWriter().ints(List.of(1, 0, 2, 3)).toBytes(), 3))
                .isInstanceOf(MalformedMessageException.class);
        byte[] trailing = new WireWriter().ints(List.of(1, 0, 2)).u8(0).toBytes();
        assertThatThrownBy(() -> Permutation.fromBytes(trailing, 3)).isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> Permutation.of(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
