package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Honest bots games long enough to reach captures, king hunts and late-game material meet none of the paths that
 * stop a game naming the peer (a contradicting announcement, an answer or query no honest party sends): each
 * finishes and its audit verifies. Seeds 21 to 32 all held (14 to 56 plies, about 100 s together); the suite keeps
 * the longest game, seed 25, and every other ote-table game in the suite guards the same.
 */
class HonestGamesNeverStopTest {
    @ParameterizedTest
    @ValueSource(ints = {25})
    void aLongOteTableBotsGameNeverStopsAndVerifies(int seed) throws Exception {
        DarkChessTable table = DarkChessPlayTest.table(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 90), seed);
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        assertThat(DarkChessPlayTest.audit(table).line()).startsWith("VERIFIED");
    }
}
