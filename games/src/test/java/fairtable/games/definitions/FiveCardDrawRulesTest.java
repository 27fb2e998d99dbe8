package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawHand;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckCall;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The five-card draw definition as pure functions, with hand-made deck events (the card at position p is card
 * number p): the button deals five to each, and a draw names held positions, which the rules then call for one
 * by one as face-down discards and as one deal of as many to the drawer. Three seats: alice on the button.
 */
class FiveCardDrawRulesTest {
    private static final FiveCardDraw DRAW = new FiveCardDraw();
    private static final List<String> NAMES = List.of("alice", "bob", "carol");
    private static final DeckEvent.Dealt HANDS = new DeckEvent.Dealt(List.of(1, 2, 0),
            List.of(List.of(0, 3, 6, 9, 12), List.of(1, 4, 7, 10, 13), List.of(2, 5, 8, 11, 14)));
    private static final Cards JUDGE = p -> -1;

    /** What bob's own view reads: the positions he was dealt (and will be). */
    private static final Cards BOBS = p -> List.of(0, 3, 6, 9, 12, 15, 16).contains(p) ? p : -1;

    /** The first round called and checked, as {@code view} sees it: bob is to draw. */
    private static PokerState<DrawGame> atTheDraw(Cards view) throws IllegalMove {
        PokerState<DrawGame> s = DRAW.setup(NAMES, PokerDefinition.options(3, 1000, 10, 20));
        assertThat(DRAW.next(s)).isEqualTo(new Next.Deck(0, new DeckCall.Deal(List.of(1, 2, 0), 5)));
        s = DRAW.afterDeck(s, HANDS, view);
        s = DRAW.play(DRAW.play(DRAW.play(s, 0, PokerMove.CALL), 1, PokerMove.CALL), 2, PokerMove.CHECK);
        assertThat(((DrawHand) s.hand()).phase()).isEqualTo(DrawHand.Phase.DRAW);
        assertThat(DRAW.next(s)).isEqualTo(new Next.Move(1));
        return s;
    }

    @Test
    void aDrawCallsForEachNamedDiscardFaceDownThenOneDealOfAsManyToTheDrawer() throws IllegalMove {
        PokerState<DrawGame> s = DRAW.play(atTheDraw(JUDGE), 1, new PokerMove.Draw(List.of(3, 0)));
        assertThat(DRAW.next(s)).isEqualTo(new Next.Deck(1, new DeckCall.Discard(0, false)));
        assertThat(DRAW.legal(s, 1)).isEmpty();
        s = DRAW.afterDeck(s, new DeckEvent.Discarded(1, 0, false), JUDGE);
        assertThat(DRAW.next(s)).isEqualTo(new Next.Deck(1, new DeckCall.Discard(3, false)));
        s = DRAW.afterDeck(s, new DeckEvent.Discarded(1, 3, false), JUDGE);
        assertThat(DRAW.next(s)).isEqualTo(new Next.Deck(1, new DeckCall.Deal(List.of(1), 2)));
        s = DRAW.afterDeck(s, new DeckEvent.Dealt(List.of(1), List.of(List.of(15, 16))), JUDGE);
        assertThat(s.held().get(1)).containsExactly(6, 9, 12, 15, 16);
        assertThat(s.hand().isHidden(1)).isTrue();
        assertThat(DRAW.next(s)).isEqualTo(new Next.Move(2));
    }

    @Test
    void theDrawersOwnViewThrowsTheCardsAtTheNamedPositionsAndReadsItsReplacements() throws IllegalMove {
        PokerState<DrawGame> s = DRAW.play(atTheDraw(BOBS), 1, new PokerMove.Draw(List.of(0, 3)));
        assertThat(s.hand().privateCards(1)).containsExactly(Card.ofIndex(6), Card.ofIndex(9), Card.ofIndex(12));
        s = DRAW.afterDeck(DRAW.afterDeck(s, new DeckEvent.Discarded(1, 0, false), BOBS),
                new DeckEvent.Discarded(1, 3, false), BOBS);
        s = DRAW.afterDeck(s, new DeckEvent.Dealt(List.of(1), List.of(List.of(15, 16))), BOBS);
        assertThat(s.hand().privateCards(1)).containsExactly(Card.ofIndex(6), Card.ofIndex(9), Card.ofIndex(12),
                Card.ofIndex(15), Card.ofIndex(16));
    }

    @Test
    void standingPatCallsForNoDeckOperation() throws IllegalMove {
        PokerState<DrawGame> s = DRAW.play(atTheDraw(JUDGE), 1, new PokerMove.Draw(List.of()));
        assertThat(DRAW.next(s)).isEqualTo(new Next.Move(2));
        s = DRAW.play(DRAW.play(s, 2, new PokerMove.Draw(List.of())), 0, new PokerMove.Draw(List.of()));
        assertThat(((DrawHand) s.hand()).phase()).isEqualTo(DrawHand.Phase.SECOND_BETTING);
        assertThat(DRAW.next(s)).isEqualTo(new Next.Move(1));
    }

    @Test
    void aDrawOfPositionsTheDrawerDoesNotHoldIsRefused() throws IllegalMove {
        PokerState<DrawGame> s = atTheDraw(JUDGE);
        assertThatThrownBy(() -> DRAW.play(s, 1, new PokerMove.Draw(List.of(0, 1)))).isInstanceOf(IllegalMove.class)
                .hasMessage("may not draw positions [0, 1]: bob holds [0, 3, 6, 9, 12]");
        assertThatThrownBy(() -> DRAW.play(s, 1, PokerMove.CHECK)).isInstanceOf(IllegalMove.class)
                .hasMessage("may not check in the draw; legal: draw 0 to 3 of positions [0, 3, 6, 9, 12]");
        assertThat(DRAW.legal(s, 1)).hasSize(26).contains(new PokerMove.Draw(List.of()),
                new PokerMove.Draw(List.of(0, 9, 12)));
    }

    @Test
    void aDiscardOrADealTheDrawDidNotCallForBreaksTheRules() throws IllegalMove {
        PokerState<DrawGame> s = DRAW.play(atTheDraw(JUDGE), 1, new PokerMove.Draw(List.of(0)));
        assertThatThrownBy(() -> DRAW.afterDeck(s, new DeckEvent.Discarded(1, 3, false), JUDGE))
                .isInstanceOf(IllegalMove.class).hasMessage("a discard the draw did not name");
        assertThatThrownBy(() -> DRAW.afterDeck(s, new DeckEvent.Dealt(List.of(1), List.of(List.of(15))), JUDGE))
                .isInstanceOf(IllegalMove.class)
                .hasMessage("a deal of 1 to bob while the hand waits for ReplacementCards[seat=1, count=1]");
    }

    @Test
    void drawsAreTypedAsCardsOrAsPlacesInTheHand() throws IllegalMove {
        PokerState<DrawGame> s = atTheDraw(BOBS);
        assertThat(DRAW.parse("draw", s, 1)).isEqualTo(new PokerMove.Draw(List.of()));
        assertThat(DRAW.parse("draw 1 3", s, 1)).isEqualTo(new PokerMove.Draw(List.of(0, 6)));
        assertThat(DRAW.parse("draw " + Card.ofIndex(9) + " " + Card.ofIndex(3), s, 1))
                .isEqualTo(new PokerMove.Draw(List.of(3, 9)));
        assertThatThrownBy(() -> DRAW.parse("draw 1 2 3 4", s, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("draw at most 3 cards, not 4");
        assertThatThrownBy(() -> DRAW.parse("draw 6", s, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("your hand has places 1 to 5, not 6");
        assertThatThrownBy(() -> DRAW.parse("draw " + Card.ofIndex(1), s, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("you do not hold " + Card.ofIndex(1));
        assertThat(DRAW.render(s, 1, NAMES)).contains("bob (you) 980: " + Card.format(
                List.of(Card.ofIndex(0), Card.ofIndex(3), Card.ofIndex(6), Card.ofIndex(9), Card.ofIndex(12))),
                "carol 980: ?? ?? ?? ?? ??");
    }

    @Test
    void fiveCardDrawIsForTwoToSixPlayersAndRegisteredUnderTodaysName() {
        assertThat(Games.ALL.definition("draw-poker")).containsInstanceOf(FiveCardDraw.class);
        assertThat(Games.ALL.definition("holdem")).containsInstanceOf(Holdem.class);
        assertThat(DRAW.defaults()).containsEntry("players", "2");
        assertThatThrownBy(() -> DRAW.setup(List.of("a", "b", "c", "d", "e", "f", "g"),
                PokerDefinition.options(3, 1000, 10, 20))).isInstanceOf(IllegalMove.class)
                .hasMessage("draw-poker is for 2 to 6 players, not 7");
        assertThatThrownBy(() -> DRAW.options(Map.of("players", "7"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("draw-poker is for 2 to 6 players, not 7");
    }
}
