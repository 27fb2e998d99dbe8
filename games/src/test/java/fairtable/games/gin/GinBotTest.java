package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The bot's choices on hands whose best play is plain. */
class GinBotTest {

    private static final String MELDED_PLUS_FIVE = "4h 5h 6h 8c 9c Tc Qc Qd Qh 5s";
    private static final String OTHER = "Qs 2h 7h 7c Jc 2d 9s Kd 5c 6c";

    private static GinHand dealt(String upcard) {
        return GinHand.start(GinRules.standard(), 0).deal(Card.parseAll(MELDED_PLUS_FIVE))
                .deal(Card.parseAll(OTHER)).openUpcard(Card.parse(upcard));
    }

    private static GinMove choose(GinHand hand) {
        return GinBot.choose(hand, new SplittableRandom(1));
    }

    /**
     * 3h melds with 4-5-6h (deadwood 5 down to 0); As would only swap for 5s (down to 1) without melding, and
     * Ks does nothing for the hand.
     */
    @Test
    void takesTheUpcardOnlyWhenItJoinsAMeldAndLowersTheDeadwood() {
        assertThat(choose(dealt("3h"))).isEqualTo(GinMove.TAKE_UPCARD);
        assertThat(choose(dealt("As"))).isEqualTo(GinMove.PASS);
        assertThat(choose(dealt("Ks"))).isEqualTo(GinMove.PASS);
    }

    @Test
    void takesTheTopDiscardOnlyWhenItJoinsAMeld() {
        GinHand hand = dealt("Ks").apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK)
                .draw(Card.parse("3s")).apply(GinMove.discard(Card.parse("3s")));
        // For seat 0 the 3s would replace a ten-pointer but meld with nothing.
        assertThat(choose(hand)).isEqualTo(GinMove.DRAW_STOCK);
        GinHand useful = dealt("Ks").apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK)
                .draw(Card.parse("4c")).apply(GinMove.discard(Card.parse("4c")));
        // 4c makes 4c-5c-6c-7c for seat 0.
        assertThat(choose(useful)).isEqualTo(GinMove.TAKE_DISCARD);
    }

    /** Whatever the seed: a plain discard of 5s leaves the same deadwood, and the bot must still knock. */
    @Test
    void knocksAsSoonAsItMayWithTheDiscardThatLeavesLeast() {
        GinHand hand = dealt("As").apply(GinMove.TAKE_UPCARD);
        for (long seed = 0; seed < 10; seed++) {
            assertThat(GinBot.choose(hand, new SplittableRandom(seed))).isEqualTo(GinMove.knock(Card.parse("5s")));
        }
    }

    @Test
    void goesGinRatherThanKnock() {
        GinHand hand = GinHand.start(GinRules.standard(), 0).deal(Card.parseAll("4h 5h 6h 7h 8c 9c Tc Qc Qd Qh"))
                .deal(Card.parseAll(OTHER.replace("7h", "3h"))).openUpcard(Card.parse("Ah"))
                .apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK).draw(Card.parse("Ks"));
        assertThat(choose(hand)).isEqualTo(GinMove.gin(Card.parse("Ks")));
    }

    /** Seat 0 keeps 5c 6c 7c; of its deadwood (Qs Kd Jc 9s 7h 2h 2d and the drawn 4s) it sheds a ten-pointer. */
    @Test
    void discardsTheHighestDeadwoodCardAndBreaksTiesBySeed() {
        GinHand hand = dealt("Ks").apply(GinMove.PASS).apply(GinMove.PASS).apply(GinMove.DRAW_STOCK)
                .draw(Card.parse("3s")).apply(GinMove.discard(Card.parse("3s"))).apply(GinMove.DRAW_STOCK)
                .draw(Card.parse("4s"));
        GinMove move = choose(hand);
        assertThat(move).isIn(GinMove.discard(Card.parse("Qs")), GinMove.discard(Card.parse("Kd")),
                GinMove.discard(Card.parse("Jc")));
        for (long seed = 0; seed < 5; seed++) {
            assertThat(GinBot.choose(hand, new SplittableRandom(seed)))
                    .isEqualTo(GinBot.choose(hand, new SplittableRandom(seed)));
        }
    }

    @Test
    void playsOnlyAHandItSees() {
        GinHand judge = GinHand.start(GinRules.standard(), 0).dealHidden().dealHidden().openUpcard(Card.parse("As"));
        assertThatThrownBy(() -> GinBot.choose(judge, new SplittableRandom(1)))
                .hasMessage("the bot plays only a hand it can see");
    }
}
