package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scripted deals: the order of play, the rules of a turn, and hands scored as worked out by hand. */
class GinHandTest {

    private static final GinRules RULES = GinRules.standard();

    /** Seat 0 deals, so seat 1 (the non-dealer) is dealt and offered the upcard first. */
    private static GinHand dealt(String nonDealer, String dealer, String upcard) {
        return GinHand.start(RULES, 0).deal(Card.parseAll(nonDealer)).deal(Card.parseAll(dealer))
                .openUpcard(Card.parse(upcard));
    }

    private static Card card(String text) {
        return Card.parse(text);
    }

    // Seat 1 melds 4-5-6h, 8-9-Tc and three queens; seat 0 holds cards that lay off onto all of them.
    private static final String KNOCKER = "4h 5h 6h 8c 9c Tc Qc Qd Qh 5s";
    private static final String DEFENDER = "Qs 3h 7h 7c Jc 2d 9s Kd 5c 6c";

    @Test
    void dealGoesToTheNonDealerFirstThenTheUpcardIsOpened() {
        GinHand hand = GinHand.start(RULES, 0);
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Deal(1, 10));
        hand = hand.deal(Card.parseAll(KNOCKER));
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Deal(0, 10));
        hand = hand.deal(Card.parseAll(DEFENDER));
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Upcard());
        GinHand beforeUpcard = hand;
        assertThatThrownBy(() -> beforeUpcard.openUpcard(card("Qs")))
                .hasMessage("card Qs turned up was already seen in this hand");
        hand = hand.openUpcard(card("As"));
        assertThat(hand.discardPile()).containsExactly(card("As"));
        assertThat(hand.stockSize()).isEqualTo(31);
    }

    @Test
    void upcardIsOfferedToTheNonDealerThenTheDealerThenTheNonDealerDrawsFromTheStock() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As");
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(1));
        assertThat(hand.legalMoves()).containsExactly(GinMove.TAKE_UPCARD, GinMove.PASS);
        GinHand first = hand;
        assertThatThrownBy(() -> first.apply(0, GinMove.PASS)).hasMessage("it is seat 1's turn, not seat 0's");
        assertThatThrownBy(() -> first.apply(GinMove.DRAW_STOCK))
                .hasMessage("seat 1 may not draw-stock: it is offered the upcard, so it takes it or passes");

        hand = hand.apply(1, GinMove.PASS);
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(0));
        assertThat(hand.legalMoves()).containsExactly(GinMove.TAKE_UPCARD, GinMove.PASS);

        hand = hand.apply(0, GinMove.PASS);
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(1));
        assertThat(hand.legalMoves()).containsExactly(GinMove.DRAW_STOCK);
        GinHand bothPassed = hand;
        assertThatThrownBy(() -> bothPassed.apply(GinMove.TAKE_DISCARD)).hasMessage(
                "seat 1 may not take-discard: both seats passed the upcard, so the non-dealer draws from the stock");

        hand = hand.apply(GinMove.DRAW_STOCK);
        assertThat(hand.awaiting()).isEqualTo(new GinHand.StockCard(1));
        hand = hand.draw(card("2h"));
        assertThat(hand.handSize(1)).isEqualTo(11);
        assertThat(hand.stockSize()).isEqualTo(30);
        // A card drawn from the stock may go straight back.
        assertThat(hand.legalMoves()).contains(GinMove.discard(card("2h")));
        hand = hand.apply(GinMove.discard(card("2h")));
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(0));
        assertThat(hand.legalMoves()).containsExactly(GinMove.DRAW_STOCK, GinMove.TAKE_DISCARD);
    }

    @Test
    void dealerTakingThePassedUpcardDiscardsAndTheNonDealerPlaysOn() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.PASS).apply(GinMove.TAKE_UPCARD);
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(0));
        assertThat(hand.hand(0)).contains(card("As")).hasSize(11);
        assertThat(hand.discardPile()).isEmpty();
        hand = hand.apply(GinMove.discard(card("Kd")));
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Turn(1));
        assertThat(hand.topDiscard()).contains(card("Kd"));
        assertThat(hand.legalMoves()).containsExactly(GinMove.DRAW_STOCK, GinMove.TAKE_DISCARD);
    }

    @Test
    void aCardTakenFromTheDiscardPileMayNotBeDiscardedInTheSameTurn() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.TAKE_UPCARD);
        assertThat(hand.takenThisTurn()).contains(card("As"));
        assertThat(hand.legalMoves()).doesNotContain(GinMove.discard(card("As")), GinMove.knock(card("As")))
                .contains(GinMove.discard(card("Qc")));
        GinHand tookUpcard = hand;
        assertThatThrownBy(() -> tookUpcard.apply(GinMove.discard(card("As"))))
                .hasMessage("seat 1 may not discard As: As was just taken from the discard pile");

        // Later turns too: seat 0 takes seat 1's discard and may not throw it back...
        hand = hand.apply(GinMove.discard(card("5s"))).apply(GinMove.TAKE_DISCARD);
        GinHand tookDiscard = hand;
        assertThatThrownBy(() -> tookDiscard.apply(GinMove.discard(card("5s"))))
                .hasMessage("seat 0 may not discard 5s: 5s was just taken from the discard pile");
        // ...but may in its next turn.
        hand = hand.apply(GinMove.discard(card("Kd"))).apply(GinMove.DRAW_STOCK).draw(card("2h"))
                .apply(GinMove.discard(card("2h"))).apply(GinMove.DRAW_STOCK).draw(card("3s"));
        assertThat(hand.legalMoves()).contains(GinMove.discard(card("5s")));
    }

    @Test
    void aSeatDiscardsOnlyCardsItHolds() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.TAKE_UPCARD);
        assertThatThrownBy(() -> hand.apply(GinMove.discard(card("Kd"))))
                .hasMessage("seat 1 may not discard Kd: it does not hold Kd");
    }

    @Test
    void knockNeedsOneToTenDeadwoodAndGinNeedsNone() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.TAKE_UPCARD);
        assertThat(hand.legalMoves()).contains(GinMove.knock(card("5s")))
                .doesNotContain(GinMove.gin(card("5s")), GinMove.knock(card("Qc")));
        assertThatThrownBy(() -> hand.apply(GinMove.knock(card("Qc"))))
                .hasMessage("seat 1 may not knock Qc: its hand keeps 26 deadwood, more than 10");
        assertThatThrownBy(() -> hand.apply(GinMove.gin(card("5s"))))
                .hasMessage("seat 1 may not gin 5s: its hand keeps 1 deadwood, and gin needs none");

        GinHand ginHand = dealt("4h 5h 6h 7h 8c 9c Tc Qc Qd Qh", "3h 2d 9s Kd 5c 6c 7c 8h Jc As", "2h")
                .apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK).draw(card("Ks"));
        assertThat(ginHand.legalMoves()).contains(GinMove.gin(card("Ks")), GinMove.knock(card("4h")))
                .doesNotContain(GinMove.knock(card("Ks")), GinMove.gin(card("4h")));
        assertThatThrownBy(() -> ginHand.apply(GinMove.knock(card("Ks"))))
                .hasMessage("seat 1 may not knock Ks: its hand keeps no deadwood, which is gin, not a knock");
    }

    /**
     * Seat 1 knocks with As (1). Seat 0 lays off Qs on the queens, 3h and 7h on 4-5-6h, 7c 6c 5c below and Jc
     * above 8-9-Tc, keeping 2d 9s Kd: 21. Seat 1 scores 21 - 1 = 20.
     */
    @Test
    void knockScoresTheDifferenceAfterTheDefenderLaysOff() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.TAKE_UPCARD).apply(GinMove.knock(card("5s")));
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Show(1));
        hand = hand.showKnown();
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Show(0));
        hand = hand.showKnown();
        GinResult result = hand.result().orElseThrow();
        assertThat(hand.awaiting()).isEqualTo(new GinHand.Over(result));
        assertThat(result.outcome()).isEqualTo(GinResult.Outcome.KNOCK);
        assertThat(result.knocker()).hasValue(1);
        assertThat(result.winner()).hasValue(1);
        assertThat(result.points()).isEqualTo(20);
        assertThat(result.deadwood(1)).contains(1);
        assertThat(result.deadwood(0)).contains(21);
        assertThat(result.layOffs()).containsExactlyInAnyOrderElementsOf(Card.parseAll("Qs 3h 7h 7c 6c 5c Jc"));
        assertThat(result.arrangements().get(0).deadwood()).containsExactlyInAnyOrderElementsOf(
                Card.parseAll("2d 9s Kd"));
    }

    /** Seat 1 knocks with Kd (10) against seat 0's 5d (5): seat 0 undercuts, 10 - 5 + 25 = 30. */
    @Test
    void defenderWithLessDeadwoodUndercutsForTheDifferencePlusTwentyFive() {
        GinResult result = knockWithKingAgainst("Ac 2c 3c 7s 7d 7c Jh Js Jd 5d");
        assertThat(result.outcome()).isEqualTo(GinResult.Outcome.UNDERCUT);
        assertThat(result.winner()).hasValue(0);
        assertThat(result.points()).isEqualTo(30);
    }

    /** The same with seat 0 keeping Kc (10): a tie is an undercut too, for 0 + 25. */
    @Test
    void equalDeadwoodIsAnUndercut() {
        GinResult result = knockWithKingAgainst("Ac 2c 3c 7s 7d 7c Jh Js Jd Kc");
        assertThat(result.outcome()).isEqualTo(GinResult.Outcome.UNDERCUT);
        assertThat(result.winner()).hasValue(0);
        assertThat(result.points()).isEqualTo(25);
    }

    /**
     * Seat 1 holds 3-4-5 of clubs, diamonds and hearts and Ks (10): three runs or three sets, both 10 deadwood.
     * Against the runs, seat 0 lays off 6d (keeping 73); against the sets, 3s and 5s (keeping 71). A careful
     * knocker lays out the runs and scores 73 - 10 = 63.
     */
    @Test
    void knockerLaysOutTheLeastDeadwoodLayoutThatLeavesTheDefenderMost() {
        GinResult result = GinResult.score(RULES, 1, false, Card.parseAll("3c 4c 5c 3d 4d 5d 3h 4h 5h Ks"),
                Card.parseAll("3s 5s 6d 9s Jd Qc Kh 8c Td 8h"));
        assertThat(result.layOffs()).containsExactly(card("6d"));
        assertThat(result.arrangements().get(1).melds()).allMatch(meld -> meld.kind() == Meld.Kind.RUN);
        assertThat(result.deadwood(0)).contains(73);
        assertThat(result.points()).isEqualTo(63);
    }

    /** Both pass; seat 1 draws 2s from the stock and knocks with it, keeping Kd. */
    private static GinResult knockWithKingAgainst(String defender) {
        return dealt("4h 5h 6h 8c 9c Tc Qc Qd Qh Kd", defender, "9h").apply(GinMove.PASS).apply(GinMove.PASS)
                .apply(GinMove.DRAW_STOCK).draw(card("2s")).apply(GinMove.knock(card("2s")))
                .showKnown().showKnown().result().orElseThrow();
    }

    /**
     * Seat 1 goes gin (4-7h, 8-Tc, three queens). Seat 0 holds 3h and 8h that would lay off, but may not: it
     * keeps 5c-6c-7c and 3h 2d 9s Kd 8h Jc As, 43, so gin scores 25 + 43 = 68.
     */
    @Test
    void ginScoresTwentyFivePlusAllTheDefendersDeadwoodWithNoLayOffs() {
        GinHand hand = dealt("4h 5h 6h 7h 8c 9c Tc Qc Qd Qh", "3h 2d 9s Kd 5c 6c 7c 8h Jc As", "2h")
                .apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK).draw(card("Ks"))
                .apply(GinMove.gin(card("Ks"))).showKnown().showKnown();
        GinResult result = hand.result().orElseThrow();
        assertThat(result.outcome()).isEqualTo(GinResult.Outcome.GIN);
        assertThat(result.winner()).hasValue(1);
        assertThat(result.layOffs()).isEmpty();
        assertThat(result.deadwood(0)).contains(43);
        assertThat(result.points()).isEqualTo(68);
    }

    /**
     * Both seats draw from the stock and throw the card back. The 29th draw leaves 2 cards; the discard after
     * it draws the hand (no score) instead of asking for a 30th.
     */
    @Test
    void handIsDrawnWhenADiscardLeavesTwoCardsInTheStock() {
        GinHand hand = dealt(KNOCKER, DEFENDER, "As");
        List<Card> stock = new ArrayList<>(Card.deck());
        stock.removeAll(Card.parseAll(KNOCKER + " " + DEFENDER + " As"));
        hand = hand.apply(GinMove.PASS).apply(GinMove.PASS);
        int draws = 0;
        while (!hand.isOver()) {
            assertThat(hand.legalMoves()).contains(GinMove.DRAW_STOCK);
            Card drawn = stock.remove(0);
            hand = hand.apply(GinMove.DRAW_STOCK).draw(drawn);
            draws++;
            if (draws == 29) {
                assertThat(hand.stockSize()).isEqualTo(2);
                assertThat(hand.legalMoves()).as("a knock is still allowed on the last draw")
                        .contains(GinMove.knock(card("5s")));
            }
            hand = hand.apply(GinMove.discard(drawn));
        }
        assertThat(draws).isEqualTo(29);
        assertThat(hand.stockSize()).isEqualTo(2);
        assertThat(hand.result()).contains(GinResult.drawn());
    }

    // ---- the judge: an engine that sees no private card ----

    private static GinHand judgeAfterUpcardTaken() {
        return GinHand.start(RULES, 0).dealHidden().dealHidden().openUpcard(card("As")).apply(GinMove.TAKE_UPCARD);
    }

    /** The judge accepts the knock on trust, and then scores it exactly as the full view does. */
    @Test
    void judgeScoresFromTheShownHandsLikeTheFullView() {
        GinHand judge = judgeAfterUpcardTaken();
        assertThat(judge.hand(1)).containsExactly(card("As"));
        assertThat(judge.hiddenCount(1)).isEqualTo(10);
        assertThat(judge.legalMoves()).contains(GinMove.knock(card("5s")), GinMove.gin(card("Kd")))
                .doesNotContain(GinMove.discard(card("As")));
        judge = judge.apply(GinMove.knock(card("5s")))
                .show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd Qh As")).show(Card.parseAll(DEFENDER));
        GinResult full = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.TAKE_UPCARD).apply(GinMove.knock(card("5s")))
                .showKnown().showKnown().result().orElseThrow();
        assertThat(judge.result()).contains(full);
    }

    /** Seat 1 knocks throwing away Qh while hidden; its shown hand keeps 26 deadwood (Qc Qd 5s As), so the show is refused. */
    @Test
    void judgeRefusesTheShowOfAKnockThatTheCardsDoNotAllow() {
        GinHand judge = judgeAfterUpcardTaken().apply(GinMove.knock(card("Qh")));
        assertThatThrownBy(() -> judge.show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd 5s As")))
                .hasMessage("seat 1 knocked but its hand keeps 26 deadwood, more than 10");
        GinHand ginClaim = judgeAfterUpcardTaken().apply(GinMove.gin(card("Qh")));
        assertThatThrownBy(() -> ginClaim.show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd 5s As")))
                .hasMessage("seat 1 went gin but its hand keeps 26 deadwood, and gin needs none");
    }

    @Test
    void judgeRefusesAShowThatContradictsWhatItSaw() {
        GinHand judge = judgeAfterUpcardTaken().apply(GinMove.knock(card("5s")));
        assertThatThrownBy(() -> judge.show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd Qh Ah")))
                .hasMessage("seat 1 shows 8c 9c Tc Qc Qd 4h 5h 6h Qh Ah without As, which it holds");
        assertThatThrownBy(() -> judge.show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd 5s As")))
                .hasMessage("card 5s shown by seat 1 was already seen in this hand");
        assertThatThrownBy(() -> judge.show(Card.parseAll("4h 5h 6h 8c 9c Tc Qc Qd As")))
                .hasMessage("seat 1 holds 10 cards but shows 9");
    }

    /** A hidden hand may discard any card not seen elsewhere, but not one already on the pile or in a known hand. */
    @Test
    void judgeRefusesADiscardOfACardSeenElsewhere() {
        GinHand judge = judgeAfterUpcardTaken().apply(GinMove.discard(card("Kd"))).apply(GinMove.TAKE_DISCARD);
        assertThatThrownBy(() -> judge.apply(GinMove.discard(card("As"))))
                .hasMessage("seat 0 may not discard As: it does not hold As");
        assertThat(judge.legalMoves()).doesNotContain(GinMove.discard(card("As")), GinMove.discard(card("Kd")))
                .contains(GinMove.discard(card("2c")));
    }

    @Test
    void cardsAreNeverDealtTwice() {
        GinHand hand = GinHand.start(RULES, 1).deal(Card.parseAll(KNOCKER));
        assertThatThrownBy(() -> hand.deal(Card.parseAll("5s 3h 7h 7c Jc 2d 9s Kd 5c 6c")))
                .hasMessage("card 5s dealt to seat 1 was already seen in this hand");
        assertThatThrownBy(() -> hand.deal(Card.parseAll("3h 7h")))
                .hasMessage("seat 1 is dealt 10 cards, not 2");
        GinHand drawing = dealt(KNOCKER, DEFENDER, "As").apply(GinMove.PASS).apply(GinMove.PASS)
                .apply(GinMove.DRAW_STOCK);
        assertThatThrownBy(() -> drawing.draw(card("Qs")))
                .hasMessage("card Qs drawn from the stock was already seen in this hand");
        assertThatThrownBy(() -> drawing.draw(card("As")))
                .hasMessage("card As drawn from the stock was already seen in this hand");
    }
}
