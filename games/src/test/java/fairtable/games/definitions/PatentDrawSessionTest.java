package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawRules;
import fairtable.games.cards.Card;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Heads-up five-card draw over the FR 2823580 blind draw on the table protocol: one signed chain for the whole
 * match carries every hand's patent messages and every decision, and the audit replays it through the rules.
 */
class PatentDrawSessionTest {
    static final PatentParameters PATENT = new PatentParameters(PatentMode.DEFAULT, Card.DECK_SIZE, DrawRules.HAND_SIZE);

    static TableParameters params(int hands) {
        return new TableParameters(FiveCardDraw.NAME, 2, PokerDefinition.options(hands, 1000, 10, 20), PATENT);
    }

    @Test
    void twoBotsPlayAHeadsUpDrawOverThePatentAndTheSessionFileAuditsVerifiedWithTheSameResult() throws Exception {
        FiveCardDraw game = new FiveCardDraw();
        SplittableRandom bots = new SplittableRandom(21);
        PokerTable<DrawGame> t = new PokerTable<>(game, params(2), 21, s -> game.bot(bots.split()));
        t.table.play();

        assertThat(t.table.isFinished()).isTrue();
        Outcome outcome = t.seat(0).outcome().orElseThrow();
        for (TableParty<PokerState<DrawGame>, PokerMove> p : t.seats) {
            assertThat(p.failure()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(t.seat(0).transcript().envelopes());
            assertThat(p.outcome()).contains(outcome);
        }
        assertThat(outcome.totals().stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        AuditVerdict verdict = PokerTable.audit(t.seat(1));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).isEqualTo("draw-poker for 2, " + t.seat(0).round() + " rounds: " + outcome.text()
                + "; game over");
    }
}
