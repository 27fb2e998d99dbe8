package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.DrawGame;
import fairtable.games.poker.HoldemGame;
import fairtable.games.poker.PokerGame;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableAudit;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bots play a whole match of each poker game over the table protocol: every seat ends with the same chain and
 * the same result, and the audit of the session file, replaying every hand through the registered rules, says
 * VERIFIED with that result.
 */
class PokerSessionTest {
    @TempDir
    Path dir;

    @Test
    void threeBotsPlayHoldemToTheEndAndTheSessionFileAuditsVerifiedWithTheSameResult() throws Exception {
        assertBotsMatchAudits(new Holdem(), 3, 11);
    }

    @Test
    void threeBotsPlayFiveCardDrawToTheEndAndTheSessionFileAuditsVerifiedWithTheSameResult() throws Exception {
        assertBotsMatchAudits(new FiveCardDraw(), 3, 12);
    }

    @Test
    void playersWhoCheckItDownProveTheirHoldemHandsAtEveryShowdownAndTheAuditAgrees() throws Exception {
        PokerTable<HoldemGame> t = PokerTable.quietAfter(new Holdem(), 3, 13, s -> PokerTable.passive(view -> false));
        assertShowdownAudits(t);
    }

    @Test
    void playersWhoDrawTwoDiscardAndAreDealtTwoAndProveTheirDrawHandsAtEveryShowdown() throws Exception {
        // Each throws the first two cards it holds: two face-down discards, then a deal of two, every hand.
        PokerTable<DrawGame> t = PokerTable.quietAfter(new FiveCardDraw(), 3, 14, s -> (view, seat, legal) -> {
            List<Integer> held = view.held().get(seat);
            PokerMove drawTwo = new PokerMove.Draw(held.subList(0, 2));
            return legal.contains(drawTwo) ? drawTwo : PokerTable.<DrawGame>passive(v -> false).choose(view, seat, legal);
        });
        assertShowdownAudits(t);
        assertThat(t.seat(0).transcript().envelopes().stream().filter(e -> e.type().equals("move")).count())
                .as("3 hands of 3 decisions, 3 draws and at least one show each").isGreaterThanOrEqualTo(3 * 10);
    }

    @Test
    void theMatchEndsBeforeItsLastHandWhenOnePlayerHoldsEveryChip() throws Exception {
        PokerTable<HoldemGame> t = new PokerTable<>(new Holdem(), 2, PokerDefinition.options(50, 40, 10, 20), 15,
                s -> PokerTable.passive(view -> false));
        t.table.play();
        assertThat(t.table.isFinished()).isTrue();
        PokerState<HoldemGame> end = t.seat(0).state();
        assertThat(end.game().handNumber()).isLessThan(50);
        Outcome outcome = t.seat(1).outcome().orElseThrow();
        assertThat(outcome.totals()).containsExactlyInAnyOrder(0, 80);
        assertThat(outcome.text()).isIn("alice 80, bob 0; alice wins", "alice 0, bob 80; bob wins");
        AuditVerdict verdict = PokerTable.audit(t.seat(0));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).isEqualTo("holdem for 2, " + end.game().handNumber() + " rounds: " + outcome.text()
                + "; game over");
    }

    /** Three hands each ended in a showdown at which every hand was shown or mucked, the chips conserved. */
    private static <G extends PokerGame<G, ?>> void assertShowdownAudits(PokerTable<G> t) {
        assertThat(t.table.isFinished()).isTrue();
        PokerState<G> end = t.seat(2).state();
        assertThat(end.game().handNumber()).isEqualTo(3);
        assertThat(end.hand().shownHands()).as("the last hand's showdown").isNotEmpty();
        for (int seat = 0; seat < 3; seat++) {
            assertThat(end.hand().shownHands().containsKey(seat) || end.hand().mucked(seat)).isTrue();
        }
        Outcome outcome = t.seat(0).outcome().orElseThrow();
        assertThat(outcome.totals().stream().mapToInt(Integer::intValue).sum()).isEqualTo(3000);
        AuditVerdict verdict = PokerTable.audit(t.seat(1));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).endsWith(outcome.text() + "; game over");
    }

    private <G extends PokerGame<G, ?>> void assertBotsMatchAudits(PokerDefinition<G> game, int players, long seed)
            throws Exception {
        SplittableRandom bots = new SplittableRandom(seed);
        PokerTable<G> table = new PokerTable<>(game, players, PokerDefinition.options(3, 1000, 10, 20), seed,
                s -> game.bot(bots.split()));
        table.table.play();

        assertThat(table.table.isFinished()).isTrue();
        Outcome outcome = table.seat(0).outcome().orElseThrow();
        for (TableParty<PokerState<G>, PokerMove> p : table.seats) {
            assertThat(p.failure()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
            assertThat(p.outcome()).contains(outcome);
        }
        assertThat(outcome.totals().stream().mapToInt(Integer::intValue).sum()).isEqualTo(players * 1000);
        assertThat(table.seat(0).round()).isEqualTo(3);
        assertThat(outcome.text()).matches("alice \\d+, bob \\d+, carol \\d+; .*");

        Path file = dir.resolve(game.name() + ".transcript");
        TranscriptFile.write(file, table.seat(1).transcript().envelopes(), table.seat(1).rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file), List.of(new TableAudit(Games.ALL)));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).isEqualTo(game.name() + " for 3, 3 rounds: " + outcome.text() + "; game over");
    }
}
