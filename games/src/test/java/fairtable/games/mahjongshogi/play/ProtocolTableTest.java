package fairtable.games.mahjongshogi.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.mahjongshogi.BattleTable;
import fairtable.protocol.mahjong.MahjongTable;
import org.junit.jupiter.api.Test;

/** The protocol's own copy of the battle table (layer 2 may not import layer 4) is the rules engine's table. */
class ProtocolTableTest {
    @Test
    void theProtocolsTableIsTheEnginesTableOnAll169Pairs() {
        for (int x = 1; x <= 13; x++) {
            for (int y = 1; y <= 13; y++) {
                assertThat(ProtocolRules.outcome(MahjongTable.t(x, y))).as("t(%d, %d)", x, y)
                        .isEqualTo(BattleTable.battle(x, y));
            }
        }
    }
}
