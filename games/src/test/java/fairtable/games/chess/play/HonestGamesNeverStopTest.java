package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Honest bots games long enough to reach captures, king hunts and late-game material meet none of the paths that
 * stop a game naming the peer (a contradicting announcement, an answer or query no honest party sends): each
 * finishes and its audit verifies.
 */
class HonestGamesNeverStopTest {
    @ParameterizedTest
    @ValueSource(ints = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32})
    void aLongOteTableBotsGameNeverStopsAndVerifies(int seed) throws Exception {
        DarkChessTable table = DarkChessPlayTest.table(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 90), seed);
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        assertThat(DarkChessPlayTest.audit(table).line()).startsWith("VERIFIED");
    }
}
