package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import fairtable.games.poker.HoldemGame;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckCall;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Hold'em definition as pure functions, with hand-made deck events: which operation the rules call for at
 * each moment, what the public judge and a seat's own view learn from it, and which moves and options it refuses.
 * Three seats: alice on the button, bob small blind, carol big blind; one hand.
 */
class HoldemRulesTest {
    private static final Holdem HOLDEM = new Holdem();
    private static final List<String> NAMES = List.of("alice", "bob", "carol");

    /** The card at each position of this hand-made deck: bob Kd Kc, carol As Ah, alice 6h 5d, board 2c 7d 9h Js 3c. */
    private static final Map<Integer, Card> DECK = new HashMap<>();

    static {
        String[] cards = {"Kd", "As", "6h", "Kc", "Ah", "5d", "2c", "7d", "9h", "Js", "3c"};
        for (int p = 0; p < cards.length; p++) {
            DECK.put(p, Card.parse(cards[p]));
        }
    }

    private final Set<Integer> open = new HashSet<>();

    /** What the public judge reads: the cards turned face-up or shown. */
    private Cards judge() {
        return p -> open.contains(p) ? DECK.get(p).index() : -1;
    }

    /** What {@code seat}'s own view reads: its hole cards too. */
    private Cards ownView(PokerState<HoldemGame> s, int seat) {
        return p -> open.contains(p) || s.held().get(seat).contains(p) ? DECK.get(p).index() : -1;
    }

    private static PokerState<HoldemGame> setup(int hands) throws IllegalMove {
        return HOLDEM.setup(NAMES, PokerDefinition.options(hands, 1000, 10, 20));
    }

    private static final DeckEvent.Dealt HOLE_CARDS = new DeckEvent.Dealt(List.of(1, 2, 0),
            List.of(List.of(0, 3), List.of(1, 4), List.of(2, 5)));

    private static PokerState<HoldemGame> play(PokerState<HoldemGame> s, int seat, PokerMove... moves) throws IllegalMove {
        for (PokerMove m : moves) {
            s = HOLDEM.play(s, seat, m);
        }
        return s;
    }

    /** Called and checked to the river, as the judge sees it. */
    private PokerState<HoldemGame> checkedToTheShowdown() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.afterDeck(setup(1), HOLE_CARDS, judge());
        s = play(play(play(s, 0, PokerMove.CALL), 1, PokerMove.CALL), 2, PokerMove.CHECK);
        int next = 6;
        for (int count : new int[] {3, 1, 1}) {
            assertThat(HOLDEM.next(s)).isEqualTo(new Next.Deck(0, new DeckCall.Open(count)));
            List<Integer> positions = new java.util.ArrayList<>();
            for (int i = 0; i < count; i++) {
                positions.add(next++);
            }
            open.addAll(positions);
            s = HOLDEM.afterDeck(s, new DeckEvent.Opened(positions), judge());
            s = play(play(play(s, 1, PokerMove.CHECK), 2, PokerMove.CHECK), 0, PokerMove.CHECK);
        }
        return s;
    }

    @Test
    void theButtonDealsTwoHoleCardsToEverySeatFromTheSmallBlindInOneDeal() throws IllegalMove {
        PokerState<HoldemGame> s = setup(3);
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.Deck(0, new DeckCall.Deal(List.of(1, 2, 0), 2)));
        assertThat(HOLDEM.legal(s, 0)).isEmpty();
        assertThatThrownBy(() -> HOLDEM.play(s, 0, PokerMove.CALL)).isInstanceOf(IllegalMove.class)
                .hasMessage("not alice's move");
    }

    @Test
    void theJudgeDealsEveryHoleCardHiddenAndASeatsViewKnowsOnlyItsOwn() throws IllegalMove {
        PokerState<HoldemGame> judged = HOLDEM.afterDeck(setup(3), HOLE_CARDS, judge());
        assertThat(judged.held()).isEqualTo(List.of(List.of(2, 5), List.of(0, 3), List.of(1, 4)));
        for (int seat = 0; seat < 3; seat++) {
            assertThat(judged.hand().isHidden(seat)).isTrue();
        }
        PokerState<HoldemGame> start = setup(3);
        PokerState<HoldemGame> carols = HOLDEM.afterDeck(start, HOLE_CARDS,
                p -> List.of(1, 4).contains(p) ? DECK.get(p).index() : -1);
        assertThat(carols.hand().privateCards(2)).containsExactly(Card.parse("As"), Card.parse("Ah"));
        assertThat(carols.hand().isHidden(0)).isTrue();
        assertThat(carols.hand().isHidden(1)).isTrue();
        assertThat(HOLDEM.render(carols, 2, NAMES)).containsExactly(
                "hand 1 of 3, button alice, pot 30",
                "alice [D] 1000: ?? ??",
                "bob [SB] 990: ?? ??",
                "carol (you) [BB] 980: As Ah",
                "alice's move");
        assertThat(HOLDEM.next(judged)).isEqualTo(new Next.Move(0));
        assertThat(HOLDEM.legal(judged, 0)).containsExactly(PokerMove.FOLD, PokerMove.CALL,
                new PokerMove.RaiseTo(40), new PokerMove.RaiseTo(1000));
        assertThat(HOLDEM.legal(judged, 1)).isEmpty();
    }

    @Test
    void aDealThisViewReadsOnlyPartOfIsRefused() throws IllegalMove {
        PokerState<HoldemGame> s = setup(3);
        assertThatThrownBy(() -> HOLDEM.afterDeck(s, HOLE_CARDS, p -> p == 0 ? DECK.get(0).index() : -1))
                .isInstanceOf(IllegalMove.class).hasMessage("a deal this view reads only part of");
    }

    @Test
    void theBoardIsOpenedByTheButtonAndMustBeReadable() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.afterDeck(setup(3), HOLE_CARDS, judge());
        s = play(play(play(s, 0, PokerMove.CALL), 1, PokerMove.CALL), 2, PokerMove.CHECK);
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.Deck(0, new DeckCall.Open(3)));
        PokerState<HoldemGame> flopped = s;
        assertThatThrownBy(() -> HOLDEM.afterDeck(flopped, new DeckEvent.Opened(List.of(6, 7, 8)), judge()))
                .isInstanceOf(IllegalMove.class).hasMessage("opened cards nobody can read");
        open.addAll(List.of(6, 7, 8));
        s = HOLDEM.afterDeck(s, new DeckEvent.Opened(List.of(6, 7, 8)), judge());
        assertThat(s.hand().board()).containsExactly(Card.parse("2c"), Card.parse("7d"), Card.parse("9h"));
        assertThat(s.board()).containsExactly(6, 7, 8);
        assertThat(HOLDEM.next(s)).as("after the flop the small blind acts first").isEqualTo(new Next.Move(1));
    }

    @Test
    void aShowMakesTheRulesCallForTheDecksShowOfEveryHeldCardAndTheJudgeLearnsThemFromIt() throws IllegalMove {
        PokerState<HoldemGame> s = checkedToTheShowdown();
        assertThat(HOLDEM.next(s)).as("nobody bet: the first seat left of the button shows first")
                .isEqualTo(new Next.Move(1));
        assertThat(HOLDEM.legal(s, 1)).containsExactly(PokerMove.SHOW);
        PokerState<HoldemGame> nothingShown = s;
        assertThatThrownBy(() -> HOLDEM.play(nothingShown, 1, PokerMove.MUCK)).isInstanceOf(IllegalMove.class)
                .hasMessage("may not muck now; legal: show");
        s = HOLDEM.play(s, 1, PokerMove.SHOW);
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.Deck(1, new DeckCall.Show(List.of(0, 3))));
        open.addAll(List.of(0, 3));
        s = HOLDEM.afterDeck(s, new DeckEvent.Shown(1, List.of(0, 3)), judge());
        assertThat(s.hand().privateCards(1)).containsExactlyInAnyOrder(Card.parse("Kd"), Card.parse("Kc"));
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.Move(2));
        assertThat(HOLDEM.legal(s, 2)).as("the judge cannot tell whether a hidden hand is beaten: mucking only costs")
                .containsExactly(PokerMove.SHOW, PokerMove.MUCK);
        s = HOLDEM.play(s, 2, PokerMove.SHOW);
        open.addAll(List.of(1, 4));
        s = HOLDEM.afterDeck(s, new DeckEvent.Shown(2, List.of(1, 4)), judge());
        assertThat(HOLDEM.legal(s, 0)).containsExactly(PokerMove.SHOW, PokerMove.MUCK);
        s = HOLDEM.play(s, 0, PokerMove.MUCK);
        assertThat(s.hand().isHidden(0)).as("a mucked hand is never shown").isTrue();
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.GameOver());
        assertThat(HOLDEM.outcome(s).totals()).containsExactly(980, 980, 1040);
        assertThat(HOLDEM.outcome(s).text()).isEqualTo("alice 980, bob 980, carol 1040; carol wins");
    }

    @Test
    void aShowOfCardsNobodyCanReadIsRefused() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.play(checkedToTheShowdown(), 1, PokerMove.SHOW);
        assertThatThrownBy(() -> HOLDEM.afterDeck(s, new DeckEvent.Shown(1, List.of(0, 3)), judge()))
                .isInstanceOf(IllegalMove.class).hasMessage("shown cards nobody can read");
    }

    @Test
    void aFinishedHandBeforeTheLastIsARoundOverAndTheNextHandMovesTheButton() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.afterDeck(setup(2), HOLE_CARDS, judge());
        s = play(play(s, 0, PokerMove.FOLD), 1, PokerMove.FOLD);
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.RoundOver());
        assertThat(HOLDEM.outcome(s).text()).isEqualTo("alice 1000, bob 990, carol 1010");
        PokerState<HoldemGame> second = HOLDEM.nextRound(s);
        assertThat(second.held()).containsOnly(List.of());
        assertThat(HOLDEM.next(second)).isEqualTo(new Next.Deck(1, new DeckCall.Deal(List.of(2, 0, 1), 2)));
    }

    @Test
    void bettingMovesAreRefusedWithTheirReasonChangingNothing() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.afterDeck(setup(3), HOLE_CARDS, judge());
        assertThatThrownBy(() -> HOLDEM.play(s, 0, new PokerMove.RaiseTo(39))).isInstanceOf(IllegalMove.class)
                .hasMessage("a raise to 39 is below the minimum raise to 40");
        assertThatThrownBy(() -> HOLDEM.play(s, 0, new PokerMove.RaiseTo(1001))).isInstanceOf(IllegalMove.class)
                .hasMessage("may not raise to 1001 now; legal: fold | call 20 | raise 40..1000 | all-in");
        assertThatThrownBy(() -> HOLDEM.play(s, 0, new PokerMove.Draw(List.of(2)))).isInstanceOf(IllegalMove.class)
                .hasMessage("may not draw now; legal: fold | call 20 | raise 40..1000 | all-in");
        assertThatThrownBy(() -> HOLDEM.play(s, 0, PokerMove.SHOW)).isInstanceOf(IllegalMove.class)
                .hasMessage("may not show now; legal: fold | call 20 | raise 40..1000 | all-in");
        assertThatThrownBy(() -> HOLDEM.play(s, 1, PokerMove.CALL)).isInstanceOf(IllegalMove.class)
                .hasMessage("not bob's move");
        assertThat(HOLDEM.next(s)).isEqualTo(new Next.Move(0));
        assertThat(HOLDEM.play(s, 0, new PokerMove.RaiseTo(40)).hand().currentBet()).isEqualTo(40);
    }

    @Test
    void optionsThatCannotBePlayedAreRefused() {
        assertRefused(PokerDefinition.options(0, 1000, 10, 20), "1 to 100000 hands, not 0");
        assertRefused(PokerDefinition.options(3, 1000, 0, 20), "blinds with 0 < small <= big, not 0/20");
        assertRefused(PokerDefinition.options(3, 1000, 20, 10), "blinds with 0 < small <= big, not 20/10");
        assertRefused(PokerDefinition.options(3, 39, 10, 20), "a stack of at least two big blinds (40), not 39");
        assertRefused(PokerDefinition.options(3, 1 << 29, 10, 20),
                "at most 1073741824 chips on the table, not 536870912 for each of 3");
        assertRefused(new WireWriter().u32(3).u32(1000).u32(10).toBytes(),
                "the options are hands, stack, small and big blind (four u32): truncated: a 32-bit integer is missing");
        byte[] trailing = new WireWriter().u32(3).u32(1000).u32(10).u32(20).u8(0).toBytes();
        assertRefused(trailing, "the options are hands, stack, small and big blind (four u32): 1 unexpected trailing bytes");
        assertThatThrownBy(() -> HOLDEM.setup(List.of("alice"), PokerDefinition.options(3, 1000, 10, 20)))
                .isInstanceOf(IllegalMove.class).hasMessage("holdem is for 2 to 9 players, not 1");
    }

    private static void assertRefused(byte[] options, String reason) {
        assertThatThrownBy(() -> HOLDEM.setup(NAMES, options)).isInstanceOf(IllegalMove.class).hasMessage(reason);
    }

    @Test
    void namedSettingsBecomeTheCanonicalOptionsAndUnknownOnesAreRefused() throws IllegalMove {
        assertThat(HOLDEM.defaults()).containsExactly(Map.entry("players", "4"), Map.entry("hands", "3"),
                Map.entry("stack", "1000"), Map.entry("blinds", "10/20"));
        assertThat(HOLDEM.options(Map.of())).isEqualTo(PokerDefinition.options(3, 1000, 10, 20));
        assertThat(HOLDEM.options(Map.of("hands", "5", "blinds", "25/50", "stack", "2000")))
                .isEqualTo(PokerDefinition.options(5, 2000, 25, 50));
        assertThatThrownBy(() -> HOLDEM.options(Map.of("target", "100"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown setting 'target' for holdem: players, hands, stack, blinds");
        assertThatThrownBy(() -> HOLDEM.options(Map.of("blinds", "20"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("blinds are small/big, like 10/20, not '20'");
        assertThatThrownBy(() -> HOLDEM.options(Map.of("players", "10"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("holdem is for 2 to 9 players, not 10");
        assertThatThrownBy(() -> HOLDEM.options(Map.of("stack", "30"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stack of at least two big blinds (40), not 30");
    }

    @Test
    void everyMoveRoundTripsThroughItsCanonicalBytes() throws MalformedMessageException {
        for (PokerMove m : List.of(PokerMove.FOLD, PokerMove.CHECK, PokerMove.CALL, new PokerMove.RaiseTo(60),
                new PokerMove.Draw(List.of()), new PokerMove.Draw(List.of(51, 3, 7)), PokerMove.SHOW, PokerMove.MUCK)) {
            assertThat(HOLDEM.decode(HOLDEM.encode(m))).isEqualTo(m);
        }
        assertThat(HOLDEM.encode(new PokerMove.RaiseTo(60))).containsExactly(3, 0, 0, 0, 60);
    }

    @Test
    void bytesThatAreNotACanonicalMoveAreRefused() {
        assertUnreadable(new byte[] {}, "truncated: a byte is missing");
        assertUnreadable(new byte[] {7}, "unknown poker move 7");
        assertUnreadable(new byte[] {0, 0}, "1 unexpected trailing bytes");
        assertUnreadable(new byte[] {3, 0, 0, 0, 0}, "a raise to 0 chips");
        assertUnreadable(new byte[] {3, (byte) 0x80, 0, 0, 0}, "the raise is 2147483648, more than the limit 2147483647");
        assertUnreadable(new WireWriter().u8(4).ints(List.of(7, 3)).toBytes(),
                "a draw names ascending positions below 52, not [7, 3]");
        assertUnreadable(new WireWriter().u8(4).ints(List.of(3, 3)).toBytes(),
                "a draw names ascending positions below 52, not [3, 3]");
        assertUnreadable(new WireWriter().u8(4).ints(List.of(52)).toBytes(),
                "a draw names ascending positions below 52, not [52]");
        assertUnreadable(new WireWriter().u8(4).ints(List.of(1, 2, 3, 4)).toBytes(),
                "the number of values in the draw is 4, more than the limit 3");
    }

    private static void assertUnreadable(byte[] bytes, String reason) {
        assertThatThrownBy(() -> HOLDEM.decode(bytes)).isInstanceOf(MalformedMessageException.class).hasMessage(reason);
    }

    @Test
    void wordsAreParsedAsTheTerminalTakesThem() throws IllegalMove {
        PokerState<HoldemGame> s = HOLDEM.afterDeck(setup(3), HOLE_CARDS, judge());
        assertThat(HOLDEM.parse("call", s, 0)).isEqualTo(PokerMove.CALL);
        assertThat(HOLDEM.parse(" Call  20 ", s, 0)).isEqualTo(PokerMove.CALL);
        assertThat(HOLDEM.parse("raise 60", s, 0)).isEqualTo(new PokerMove.RaiseTo(60));
        assertThat(HOLDEM.parse("bet 60", s, 0)).isEqualTo(new PokerMove.RaiseTo(60));
        assertThat(HOLDEM.parse("all-in", s, 0)).isEqualTo(new PokerMove.RaiseTo(1000));
        assertThat(HOLDEM.parse("fold", s, 0)).isEqualTo(PokerMove.FOLD);
        assertThatThrownBy(() -> HOLDEM.parse("call 30", s, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("calling costs 20 now, not 30");
        assertThatThrownBy(() -> HOLDEM.parse("raise 30", s, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a raise to 30 is below the minimum raise to 40");
        assertThatThrownBy(() -> HOLDEM.parse("check", s, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("may not check now; legal: fold | call 20 | raise 40..1000 | all-in");
        assertThatThrownBy(() -> HOLDEM.parse("jump", s, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown move \"jump\"; legal: fold | call 20 | raise 40..1000 | all-in");
        assertThatThrownBy(() -> HOLDEM.parse("call", s, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not your move: the table awaits alice's move");
    }
}
