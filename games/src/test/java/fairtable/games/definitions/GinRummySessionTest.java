package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParty;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GinRummySessionTest {
    @TempDir
    Path dir;

    @Test
    void isRegisteredUnderItsName() {
        assertThat(Games.ALL.definition("gin-rummy")).containsSame(GinRummy.GAME);
    }

    /** What the histories print for another seat's move: the deck's positions are no words for a player. */
    @Test
    void aCardThrownFromTheHandIsDescribedAsSuchAndATakenCardByItsName() {
        GinRummy.Move fromHand = new GinRummy.Move.EndTurn(GinRummy.Ending.KNOCK, new GinRummy.Thrown.Position(17));
        assertThat(GinRummy.GAME.describe(fromHand)).isEqualTo("knock a card from the hand");
        fairtable.games.cards.Card upcard = fairtable.games.cards.Card.ofIndex(5);
        GinRummy.Move taken = new GinRummy.Move.EndTurn(GinRummy.Ending.DISCARD, new GinRummy.Thrown.PublicCard(upcard));
        assertThat(GinRummy.GAME.describe(taken)).isEqualTo("discard " + upcard);
    }

    @Test
    void twoBotsPlayAMatchToTheTargetInOneChainThatAuditsVerifiedWithTheSameResult() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table =
                new GameTable<>(GinRummy.GAME, 2, Map.of("target", "30", "hands", "20"), 41).play();
        for (TableParty<GinRummy.State, GinRummy.Move> p : table.seats) {
            assertThat(p.isFinished()).as(p.awaiting()).isTrue();
            assertThat(p.failure()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        }
        Outcome result = table.seat(0).outcome().orElseThrow();
        assertThat(table.seat(1).outcome()).contains(result);
        assertThat(result.text()).matches("alice -?\\d+, bob -?\\d+; (alice|bob) wins the match|.*stops after 20 hands");
        assertThat(table.seat(0).round()).as("hands played").isGreaterThan(1);

        AuditVerdict live = GameTable.audit(table.seat(1));
        assertThat(live.verified()).as(live.line()).isTrue();
        assertThat(live.summary()).contains(result.text()).contains("game over");
        assertThat(GameTable.auditFromFile(table.seat(0), dir).line()).isEqualTo(live.line());
    }
}
