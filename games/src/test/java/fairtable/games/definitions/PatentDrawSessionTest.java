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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
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

    @Test
    void playersWhoDrawTwoGetTwoNewCardsReturnTheirDiscardsAtTheCloseAndProveTheirHandsByTheReveal() throws Exception {
        PokerTable<DrawGame> t = new PokerTable<>(new FiveCardDraw(), params(2), 22, s -> drawTwoAndShow());
        t.table.play();

        assertThat(t.table.isFinished()).isTrue();
        PokerState<DrawGame> end = t.seat(1).state();
        assertThat(end.game().handNumber()).isEqualTo(2);
        assertThat(end.hand().shownHands()).as("both hands shown at the last showdown").containsOnlyKeys(0, 1);
        for (int seat = 0; seat < 2; seat++) {
            assertThat(end.hand().privateCards(seat)).as("public once revealed: the hand its holder saw").hasSize(5)
                    .containsExactlyInAnyOrderElementsOf(t.seat(seat).view().hand().privateCards(seat));
        }
        List<String> inner = new ArrayList<>();
        for (var e : t.seat(0).transcript().envelopes()) {
            if (e.type().equals("deck")) {
                inner.add(PokerTable.inner(e).type());
            }
        }
        assertThat(inner.stream().filter("draw"::equals).count()).as("each seat draws in each hand").isEqualTo(4);
        assertThat(inner.stream().filter("return"::equals).count()).as("each seat's discards back at each close")
                .isEqualTo(4);
        assertThat(inner.stream().filter("reveal"::equals).count()).isEqualTo(4);
        AuditVerdict verdict = PokerTable.audit(t.seat(0));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).endsWith(t.seat(0).outcome().orElseThrow().text() + "; game over");
    }

    @Test
    void aHandEndedByAFoldStillClosesItsDrawWithBothRevealsBeforeTheNextHandIsDealt() throws Exception {
        // The patent proves nothing before its keys are out: every hand's draw is closed and checked, folded or not.
        PokerTable<DrawGame> t = new PokerTable<>(new FiveCardDraw(), params(2), 24, s -> (view, seat, legal) ->
                legal.contains(PokerMove.FOLD) ? PokerMove.FOLD : legal.get(0));
        t.table.play();

        assertThat(t.table.isFinished()).isTrue();
        List<String> inner = new ArrayList<>();
        for (var e : t.seat(0).transcript().envelopes()) {
            if (e.type().equals("deck")) {
                inner.add(PokerTable.inner(e).type());
            }
        }
        assertThat(inner).containsSubsequence("deal.4", "reveal", "reveal", "hello", "hello", "deal.1", "deal.4",
                "reveal", "reveal");
        assertThat(inner.stream().filter("reveal"::equals).count()).isEqualTo(4);
        AuditVerdict verdict = PokerTable.audit(t.seat(0));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }

    @Test
    void aSeatRestoredAfterItsDrawKnowsItsNewHandAgainAndTheMatchFinishesVerified() throws Exception {
        AtomicBoolean holdAfterTheDraw = new AtomicBoolean(true);
        FiveCardDraw game = new FiveCardDraw();
        PokerTable<DrawGame> t = new PokerTable<>(game, params(1), 23, s -> (view, seat, legal) ->
                holdAfterTheDraw.get() && drew(view, 0) && drew(view, 1) ? null : drawTwoAndShow().choose(view, seat, legal));
        t.table.play();
        TableParty<PokerState<DrawGame>, PokerMove> bob = t.seat(1);
        assertThat(bob.isFinished()).isFalse();
        List<fairtable.games.cards.Card> hand = bob.view().hand().privateCards(1);
        assertThat(hand).hasSize(5);

        TableParty<PokerState<DrawGame>, PokerMove> restored = TableParty.restore(bob.snapshot(), game, t.keys.get(1),
                new SplittableRandom(99), drawTwoAndShow());
        assertThat(restored.view().hand().privateCards(1)).isEqualTo(hand);
        assertThat(restored.view().hand().isHidden(0)).isTrue();

        holdAfterTheDraw.set(false);
        List<TableParty<PokerState<DrawGame>, PokerMove>> seats = new ArrayList<>(t.seats);
        seats.set(1, restored);
        InMemoryTable table = new InMemoryTable(seats, t.keys);
        table.resume();
        assertThat(table.isFinished()).as(seats.stream().map(p -> p.awaiting() + " / " + p.failure()).toList().toString())
                .isTrue();
        assertThat(restored.transcript().envelopes()).isEqualTo(t.seat(0).transcript().envelopes());
        AuditVerdict verdict = PokerTable.audit(restored);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }

    /** Whether {@code seat} holds a card of its draw: the deal fills positions 0 to 9, a draw the ones after. */
    private static boolean drew(PokerState<DrawGame> view, int seat) {
        return view.held().get(seat).stream().anyMatch(p -> p >= 10);
    }

    /** Throws the first two cards it holds at every draw, calls or checks, and shows. */
    private static fairtable.protocol.table.TablePlayer<PokerState<DrawGame>, PokerMove> drawTwoAndShow() {
        return (view, seat, legal) -> {
            List<Integer> held = view.held().get(seat);
            PokerMove drawTwo = held.size() >= 2 ? new PokerMove.Draw(held.subList(0, 2)) : null;
            return legal.contains(drawTwo) ? drawTwo : PokerTable.<DrawGame>passive(v -> false).choose(view, seat, legal);
        };
    }
}
