package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PatentDealTest {
    static Stream<Arguments> games() {
        return Stream.of(
                Arguments.of(PatentMode.RISTRETTO, 2, 1),
                Arguments.of(PatentMode.RISTRETTO, 10, 5),
                Arguments.of(PatentMode.RISTRETTO, 52, 5),
                Arguments.of(PatentMode.RISTRETTO, 52, 26),
                Arguments.of(PatentMode.RISTRETTO, 1000, 13),
                Arguments.of(PatentMode.SAFE_PRIME, 2, 1),
                Arguments.of(PatentMode.SAFE_PRIME, 12, 6),
                Arguments.of(PatentMode.SAFE_PRIME, 20, 3),
                Arguments.of(PatentMode.SAFE_PRIME_FFDHE2048, 8, 2),
                Arguments.of(PatentMode.SAFE_PRIME_FFDHE3072, 6, 3),
                Arguments.of(PatentMode.LITERAL, 2, 1),
                Arguments.of(PatentMode.LITERAL, 12, 6),
                Arguments.of(PatentMode.LITERAL, 20, 3));
    }

    @ParameterizedTest(name = "{0} K={1} X={2}")
    @MethodSource("games")
    void handsAreDisjointSubsetsOfTheRightSizeAndTheAuditAgrees(PatentMode mode, int k, int x) throws Exception {
        Table table = new Table(new PatentParameters(mode, k, x), 31L * k + x).deal();

        List<Integer> a = table.alice.hand();
        List<Integer> b = table.bob.hand();
        assertThat(a).hasSize(x).allMatch(c -> c >= 0 && c < k);
        assertThat(b).hasSize(x).allMatch(c -> c >= 0 && c < k);
        Set<Integer> both = new HashSet<>(a);
        both.retainAll(b);
        assertThat(both).isEmpty();
        assertThat(table.alice.pileSize()).isEqualTo(k - 2 * x);
        assertThat(table.bob.pileSize()).isEqualTo(k - 2 * x);

        table.finish();
        assertThat(table.alice.isFinished()).isTrue();
        assertThat(table.bob.isFinished()).isTrue();
        // Both hold the same transcript and refused nothing, so their evidence files are one file: audited once.
        assertThat(table.alice.transcript().envelopes()).isEqualTo(table.bob.transcript().envelopes());
        assertThat(table.alice.rejected()).isEmpty();
        assertThat(table.bob.rejected()).isEmpty();
        AuditVerdict verdict = Table.audit(table.bob);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.holdings().get("alice")).isEqualTo(a);
        assertThat(verdict.holdings().get("bob")).isEqualTo(b);
        assertThat(verdict.holdings().get("pile")).hasSize(k - 2 * x).doesNotContainAnyElementsOf(a)
                .doesNotContainAnyElementsOf(b);
    }
}
