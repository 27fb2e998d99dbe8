package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.RoundResult;
import fairtable.games.dominoes.Tile;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckCall;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dominoes rules as pure functions, with hand-made cards: no deck, no keys. A {@link Deck} stands in for the
 * verifiable deck: it holds a seeded order of the 28 tiles, deals from the top as the deck protocol does, and gives
 * the public judge only face-up and shown tiles, each seat its own tiles too.
 */
class DominoesRulesTest {
    private static final Dominoes GAME = Dominoes.GAME;
    private static final List<String> TWO = List.of("alice", "bob");

    private static byte[] options(int rounds, int target) {
        return new WireWriter().u32(rounds).u32(target).toBytes();
    }

    /** The 28 tiles in a seeded order, dealt and turned up as the rules call for; every view of one table. */
    private static final class Deck {
        final int players;
        int[] tileAt = new int[Tile.COUNT];
        final SplittableRandom random;
        final List<Integer> stock = new ArrayList<>();
        final Set<Integer> open = new HashSet<>();
        final int[] holder = new int[Tile.COUNT];
        Dominoes.State judge;
        final List<Dominoes.State> views = new ArrayList<>();
        /** A seat whose own view reads no tile of its own, or -1. */
        int forgetful = -1;

        Deck(List<String> names, byte[] options, long seed) throws IllegalMove {
            this.players = names.size();
            this.random = new SplittableRandom(seed);
            judge = GAME.setup(names, options);
            for (int s = 0; s < players; s++) {
                views.add(judge);
            }
            shuffle();
        }

        void shuffle() {
            List<Integer> tiles = new ArrayList<>();
            for (int t = 0; t < Tile.COUNT; t++) {
                tiles.add(t);
            }
            for (int i = tiles.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                tiles.set(i, tiles.set(j, tiles.get(i)));
            }
            stock.clear();
            open.clear();
            for (int p = 0; p < Tile.COUNT; p++) {
                tileAt[p] = tiles.get(p);
                stock.add(p);
                holder[p] = -1;
            }
        }

        Cards publicCards() {
            return p -> open.contains(p) ? tileAt[p] : -1;
        }

        Cards cardsOf(int seat) {
            return p -> open.contains(p) || holder[p] == seat && seat != forgetful ? tileAt[p] : -1;
        }

        Tile tile(int position) {
            return Tile.ofIndex(tileAt[position]);
        }

        /** Places {@code tile} at the next stock position to be dealt to {@code seat}, for a hand-made deal. */
        void rig(int position, Tile tile) {
            int other = -1;
            for (int p = 0; p < Tile.COUNT; p++) {
                if (tileAt[p] == tile.index()) {
                    other = p;
                }
            }
            tileAt[other] = tileAt[position];
            tileAt[position] = tile.index();
        }

        /** Applies a completed deck operation to the judge and every seat's view. */
        void apply(DeckEvent event) throws IllegalMove {
            judge = GAME.afterDeck(judge, event, publicCards());
            for (int s = 0; s < players; s++) {
                views.set(s, GAME.afterDeck(views.get(s), event, cardsOf(s)));
            }
        }

        DeckEvent.Dealt deal(DeckCall.Deal call) {
            int r = call.recipients().size();
            List<List<Integer>> dealt = new ArrayList<>();
            for (int i = 0; i < r; i++) {
                dealt.add(new ArrayList<>());
            }
            for (int i = 0; i < call.count() * r; i++) {
                int p = stock.remove(0);
                holder[p] = call.recipients().get(i % r);
                dealt.get(i % r).add(p);
            }
            return new DeckEvent.Dealt(call.recipients(), dealt);
        }

        /** Does what the judge calls for, if it is a deck operation; false when a move is due or the game is over. */
        boolean step() throws IllegalMove {
            Next next = GAME.next(judge);
            if (next instanceof Next.Deck d && d.call() instanceof DeckCall.Deal deal) {
                apply(deal(deal));
            } else if (next instanceof Next.Deck d && d.call() instanceof DeckCall.Discard discard) {
                open.add(discard.position());
                apply(new DeckEvent.Discarded(d.seat(), discard.position(), discard.faceUp()));
            } else if (next instanceof Next.Deck d && d.call() instanceof DeckCall.Show show) {
                open.addAll(show.positions());
                apply(new DeckEvent.Shown(d.seat(), show.positions()));
            } else if (next instanceof Next.RoundOver) {
                judge = GAME.nextRound(judge);
                views.replaceAll(GAME::nextRound);
                shuffle();
            } else {
                return false;
            }
            return true;
        }

        void play(int seat, Dominoes.Move move) throws IllegalMove {
            judge = GAME.play(judge, seat, move);
            for (int s = 0; s < players; s++) {
                views.set(s, GAME.play(views.get(s), seat, move));
            }
        }

        /** Runs every deck operation due, until a move is due or the game is over. */
        void settle() throws IllegalMove {
            while (step()) {
                // next
            }
        }

        /** Plays to the end, each seat's moves chosen by {@code players} from its own view. */
        void playOut(List<TablePlayer<Dominoes.State, Dominoes.Move>> chooser) throws IllegalMove {
            settle();
            while (GAME.next(judge) instanceof Next.Move m) {
                Dominoes.State view = views.get(m.seat());
                play(m.seat(), chooser.get(m.seat()).choose(view, m.seat(), GAME.legal(view, m.seat())));
                settle();
            }
        }
    }

    private static List<TablePlayer<Dominoes.State, Dominoes.Move>> bots(int n) {
        List<TablePlayer<Dominoes.State, Dominoes.Move>> bots = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            bots.add(GAME.bot(new SplittableRandom(s)));
        }
        return bots;
    }

    // ---- Setup and options.

    @Test
    void theDefaultsAreTodaysPlayCommandAndTheLeaderDealsEveryHand() throws Exception {
        assertThat(GAME.name()).isEqualTo("dominoes");
        assertThat(GAME.defaults()).containsExactly(Map.entry("players", "2"), Map.entry("rounds", "50"),
                Map.entry("target", "100"));
        assertThat(GAME.options(Map.of())).isEqualTo(options(50, 100));
        assertThat(GAME.options(Map.of("hands", "3", "target", "60", "players", "3"))).isEqualTo(options(3, 60));
        Dominoes.State two = GAME.setup(TWO, GAME.options(Map.of()));
        assertThat(two.rounds()).isEqualTo(50);
        assertThat(two.rules().targetScore()).isEqualTo(100);
        assertThat(GAME.next(two)).isEqualTo(new Next.Deck(0, new DeckCall.Deal(List.of(0, 1), 7)));
        Dominoes.State three = GAME.setup(List.of("alice", "bob", "carol"), options(1, 100));
        assertThat(GAME.next(three)).isEqualTo(new Next.Deck(0, new DeckCall.Deal(List.of(0, 1, 2), 5)));
    }

    @Test
    void optionsTheGameCannotPlayAreRefused() {
        assertThatThrownBy(() -> GAME.setup(TWO, options(0, 100))).isInstanceOf(IllegalMove.class)
                .hasMessage("play 1 to 10000 rounds, not 0");
        assertThatThrownBy(() -> GAME.setup(TWO, options(1, 0))).isInstanceOf(IllegalMove.class)
                .hasMessage("a target of 1 to 10000 points, not 0");
        assertThatThrownBy(() -> GAME.setup(TWO, options(1, 10_001))).isInstanceOf(IllegalMove.class)
                .hasMessage("a target of 1 to 10000 points, not 10001");
        byte[] trailing = new WireWriter().u32(1).u32(100).u8(0).toBytes();
        assertThatThrownBy(() -> GAME.setup(TWO, trailing)).isInstanceOf(IllegalMove.class)
                .hasMessageStartingWith("options are two u32: the most rounds and the target score");
        assertThatThrownBy(() -> GAME.setup(TWO, new WireWriter().u32(1).toBytes())).isInstanceOf(IllegalMove.class)
                .hasMessageStartingWith("options are two u32");
        assertThatThrownBy(() -> GAME.setup(List.of("a", "b", "c", "d", "e"), options(1, 100)))
                .isInstanceOf(IllegalMove.class).hasMessage("dominoes is for 2 to 4 players, not 5");
        assertThatThrownBy(() -> GAME.options(Map.of("stack", "100"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dominoes has no setting 'stack'; it reads players, rounds, target");
        assertThatThrownBy(() -> GAME.options(Map.of("players", "5"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("players is 2 to 4, not '5'");
        assertThatThrownBy(() -> GAME.options(Map.of("rounds", "many"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rounds is 1 to 10000, not 'many'");
    }

    // ---- Moves: their bytes.

    @Test
    void everyMoveRoundTripsThroughItsCanonicalBytes() throws Exception {
        List<Dominoes.Move> moves = List.of(new Dominoes.Move.Play(0, End.LEFT), new Dominoes.Move.Play(27, End.RIGHT),
                Dominoes.Move.DRAW, Dominoes.Move.PASS);
        for (Dominoes.Move move : moves) {
            assertThat(GAME.decode(GAME.encode(move))).isEqualTo(move);
        }
        assertThat(GAME.encode(new Dominoes.Move.Play(12, End.RIGHT))).containsExactly(0, 12, 1);
        assertThat(GAME.encode(Dominoes.Move.DRAW)).containsExactly(1);
        assertThat(GAME.encode(Dominoes.Move.PASS)).containsExactly(2);
    }

    @Test
    void bytesThatAreNotACanonicalMoveAreRefused() {
        assertMalformed(new byte[0], "");
        assertMalformed(new byte[] {3}, "a move of unknown kind 3; 0 play, 1 draw, 2 pass");
        assertMalformed(new byte[] {1, 0}, "");
        assertMalformed(new byte[] {2, 2}, "");
        assertMalformed(new byte[] {0, 5}, "");
        assertMalformed(new byte[] {0, 5, 0, 0}, "");
        assertMalformed(new byte[] {0, 28, 0}, "a play of position 28; a set has 28 tiles");
        assertMalformed(new byte[] {0, 5, 2}, "a play to end 2; 0 is left, 1 is right");
    }

    private static void assertMalformed(byte[] bytes, String reason) {
        var thrown = assertThatThrownBy(() -> GAME.decode(bytes)).isInstanceOf(MalformedMessageException.class);
        if (!reason.isEmpty()) {
            thrown.hasMessage(reason);
        }
    }

    // ---- A round, step by step.

    /** Two seats dealt: alice holds 6-6 at position 0, bob 5-0 at position 1 and 6-3 at position 3. */
    private static Deck dealt() throws IllegalMove {
        return dealt(-1);
    }

    /** The same, {@code forgetful}'s own view reading none of its tiles. */
    private static Deck dealt(int forgetful) throws IllegalMove {
        Deck deck = new Deck(TWO, options(1, 100), 5);
        deck.forgetful = forgetful;
        deck.rig(0, Tile.of(6, 6));
        deck.rig(1, Tile.of(5, 0));
        deck.rig(3, Tile.of(6, 3));
        deck.settle();
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Move(0));
        return deck;
    }

    @Test
    void theJudgeSeesNoHandWhileEachSeatSeesItsOwn() throws Exception {
        Deck deck = dealt();
        assertThat(deck.judge.held()).containsExactly(List.of(0, 2, 4, 6, 8, 10, 12), List.of(1, 3, 5, 7, 9, 11, 13));
        assertThat(deck.judge.tiles()).isEmpty();
        assertThat(deck.views.get(1).tiles()).containsOnlyKeys(1, 3, 5, 7, 9, 11, 13);
        assertThat(deck.judge.engine().hand(0).hiddenCount()).isEqualTo(7);
        assertThat(deck.views.get(0).engine().hand(0).isFullyKnown()).isTrue();
        // Alice's first tile goes left, whatever it is.
        assertThat(GAME.legal(deck.views.get(0), 0)).hasSize(7).allMatch(m -> m instanceof Dominoes.Move.Play p
                && p.end() == End.LEFT);
        assertThat(GAME.legal(deck.views.get(0), 1)).isEmpty();
        List<String> lines = GAME.render(deck.views.get(0), 0, TWO);
        assertThat(lines).contains("bob: ?? ?? ?? ?? ?? ?? ??", "line: empty", "boneyard: 14 tiles");
        assertThat(lines.get(lines.size() - 1)).startsWith("your move: play 6-6 left | ");
    }

    @Test
    void aPlayCallsForItsFaceUpDiscardAndTheProvedTileGoesOnTheLine() throws Exception {
        Deck deck = dealt();
        Dominoes.Move.Play six = (Dominoes.Move.Play) GAME.parse("play 6-6 left", deck.views.get(0), 0);
        assertThat(six).isEqualTo(new Dominoes.Move.Play(0, End.LEFT));
        assertThat(GAME.parse("  PLAY   6-6 ", deck.views.get(0), 0)).as("one end fits").isEqualTo(six);
        for (String alone : new String[] {"6-6", "6-6 left", "6:6", "66", "6|6"}) {
            assertThat(GAME.parse(alone, deck.views.get(0), 0)).as("the tile alone: " + alone).isEqualTo(six);
        }
        deck.play(0, six);
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Deck(0, new DeckCall.Discard(0, true)));
        assertThat(GAME.legal(deck.views.get(0), 0)).as("no move while the play is proved").isEmpty();
        deck.settle();
        assertThat(deck.judge.engine().line()).hasSize(1);
        assertThat(deck.judge.engine().openEnds().orElseThrow()).isEqualTo(new DominoRound.Ends(6, 6));
        assertThat(deck.judge.held().get(0)).doesNotContain(0);
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Move(1));
        // bob's view knows his 6-3 fits; the judge offers a play of any of his positions, at either end.
        assertThat(GAME.legal(deck.views.get(1), 1)).contains(new Dominoes.Move.Play(3, End.LEFT),
                new Dominoes.Move.Play(3, End.RIGHT)).doesNotContain(new Dominoes.Move.Play(1, End.LEFT),
                Dominoes.Move.DRAW);
        assertThat(GAME.legal(deck.judge, 1)).contains(new Dominoes.Move.Play(1, End.LEFT), Dominoes.Move.DRAW);
        // Today's words: either order of the halves; the end is needed when the tile fits both.
        assertThat(GAME.parse("play 3-6 right", deck.views.get(1), 1)).isEqualTo(new Dominoes.Move.Play(3, End.RIGHT));
        assertThatThrownBy(() -> GAME.parse("play 6-3", deck.views.get(1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("6-3 fits both ends: say left or right");
        assertThat(GAME.parse("6-3 right", deck.views.get(1), 1)).isEqualTo(new Dominoes.Move.Play(3, End.RIGHT));
        assertThatThrownBy(() -> GAME.parse("6-5", deck.views.get(1), 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("you hold no tile '6-5'; legal now: play 6-3 left | play 6-3 right");
        assertThatThrownBy(() -> GAME.parse("play 5-0 left", deck.views.get(1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a legal move: 'play 5-0 left'; legal now: "
                        + "play 6-3 left | play 6-3 right");
        assertThat(GAME.render(deck.views.get(1), 1, TWO)).contains("line: [6|6]", "alice: ?? ?? ?? ?? ?? ??",
                "your move: play 6-3 left | play 6-3 right");
    }

    @Test
    void movesTheRulesDoNotAllowAreRefusedChangingNothing() throws Exception {
        Deck deck = dealt();
        Dominoes.State before = deck.judge;
        assertThatThrownBy(() -> GAME.play(before, 1, Dominoes.Move.DRAW)).isInstanceOf(IllegalMove.class)
                .hasMessage("it is not bob's move");
        assertThatThrownBy(() -> GAME.play(before, 0, new Dominoes.Move.Play(1, End.LEFT)))
                .isInstanceOf(IllegalMove.class).hasMessage("holds no tile at position 1");
        assertThatThrownBy(() -> GAME.play(before, 0, new Dominoes.Move.Play(0, End.RIGHT)))
                .isInstanceOf(IllegalMove.class).hasMessage("the first tile of a round is played to the left");
        assertThatThrownBy(() -> GAME.play(before, 0, Dominoes.Move.DRAW)).isInstanceOf(IllegalMove.class)
                .hasMessage("may not draw now");
        assertThatThrownBy(() -> GAME.play(before, 0, Dominoes.Move.PASS)).isInstanceOf(IllegalMove.class)
                .hasMessage("may not pass now: the boneyard still has tiles");
        assertThat(deck.judge).isSameAs(before);
        assertThatThrownBy(() -> GAME.parse("play 5-0 left", deck.views.get(0), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("you hold no tile '5-0'; legal now: ");
        assertThatThrownBy(() -> GAME.parse("pass", deck.views.get(0), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a legal move: 'pass'; legal now: ");
    }

    @Test
    void aTileThatDoesNotFitTheEndItsPlayerNamedIsRefusedOnceProved() throws Exception {
        Deck deck = dealt();
        deck.play(0, new Dominoes.Move.Play(0, End.LEFT));
        deck.settle();
        // bob names position 1 (5-0) for the left end, which shows 6: the play itself names no tile and is taken.
        deck.play(1, new Dominoes.Move.Play(1, End.LEFT));
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Deck(1, new DeckCall.Discard(1, true)));
        deck.open.add(1);
        assertThatThrownBy(() -> GAME.afterDeck(deck.judge, new DeckEvent.Discarded(1, 1, true), deck.publicCards()))
                .isInstanceOf(IllegalMove.class).hasMessage("played 5-0 to the left end, which shows 6: it does not fit");
        // Another position, or face-down, is not the discard the play called for.
        assertThatThrownBy(() -> GAME.afterDeck(deck.judge, new DeckEvent.Discarded(1, 3, true), deck.publicCards()))
                .isInstanceOf(IllegalMove.class).hasMessage("a discard the round does not wait for");
        assertThatThrownBy(() -> GAME.afterDeck(deck.judge, new DeckEvent.Opened(List.of(20)), deck.publicCards()))
                .isInstanceOf(IllegalMove.class).hasMessage("the draw game turns no tile up");
    }

    @Test
    void aDrawCallsForADealOfOneTileToTheDrawerFromTheBoneyard() throws Exception {
        Deck deck = dealt(1);
        deck.play(0, new Dominoes.Move.Play(0, End.LEFT));
        deck.settle();
        deck.play(1, Dominoes.Move.DRAW); // on trust: the judge cannot see that bob holds 6-3
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Deck(1, new DeckCall.Deal(List.of(1), 1)));
        deck.settle();
        assertThat(deck.judge.held().get(1)).hasSize(8).contains(14);
        assertThat(deck.judge.engine().boneyardSize()).isEqualTo(13);
        assertThat(deck.judge.unforced()).containsExactly(
                new Dominoes.Unforced(1, true, 6, 6, List.of(1, 3, 5, 7, 9, 11, 13)));
        assertThat(GAME.next(deck.judge)).isEqualTo(new Next.Move(1));
        assertThat(GAME.parse("draw", deck.judge, 1)).isEqualTo(Dominoes.Move.DRAW);
    }

    // ---- Whole rounds.

    @Test
    void everyViewScoresEachRoundAsTheEngineDoesWithEveryHandShownInSeatOrder() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            for (int players = 2; players <= 4; players++) {
                List<String> names = List.of("alice", "bob", "carol", "dave").subList(0, players);
                Deck deck = new Deck(names, options(3, 60), seed);
                List<Integer> shown = new ArrayList<>();
                int[] scores = new int[players];
                deck.settle();
                while (!(GAME.next(deck.judge) instanceof Next.GameOver)) {
                    Next next = GAME.next(deck.judge);
                    if (next instanceof Next.Deck d && d.call() instanceof DeckCall.Show show) {
                        assertThat(show.positions()).isEqualTo(deck.judge.held().get(d.seat()).stream().sorted().toList());
                        shown.add(d.seat());
                    }
                    if (next instanceof Next.Move m) {
                        Dominoes.State view = deck.views.get(m.seat());
                        deck.play(m.seat(), GAME.bot(null).choose(view, m.seat(), GAME.legal(view, m.seat())));
                    } else {
                        if (deck.judge.scored()) {
                            addPoints(scores, assertRoundScoredAsTheEngine(deck, shown));
                            assertThat(deck.judge.match().scores()).containsExactly(boxed(scores));
                            shown.clear();
                        }
                        deck.step();
                    }
                }
                addPoints(scores, assertRoundScoredAsTheEngine(deck, shown));
                assertThat(deck.judge.match().scores()).containsExactly(boxed(scores));
                assertThat(GAME.outcome(deck.judge).totals()).containsExactly(boxed(scores));
                for (Dominoes.State view : deck.views) {
                    assertThat(view.match()).isEqualTo(deck.judge.match());
                }
                assertThat(deck.judge.match().isOver() || deck.judge.round() == 3).isTrue();
            }
        }
    }

    private static void addPoints(int[] scores, RoundResult result) {
        result.winningPlayer().ifPresent(w -> scores[w] += result.points());
    }

    private static Integer[] boxed(int[] values) {
        return java.util.Arrays.stream(values).boxed().toArray(Integer[]::new);
    }

    private static RoundResult assertRoundScoredAsTheEngine(Deck deck, List<Integer> shown) {
        RoundResult result = deck.judge.engine().result().orElseThrow();
        assertThat(shown).as("shows in seat order").isSorted().doesNotHaveDuplicates();
        List<Integer> stillHolding = new ArrayList<>();
        for (int s = 0; s < deck.players; s++) {
            if (result.pipsByPlayer().get(s) > 0 || !deck.judge.shown().get(s).isEmpty()) {
                stillHolding.add(s);
            }
        }
        assertThat(shown).isEqualTo(stillHolding);
        // The seat's own view with its own hand known scores the same round the same way.
        for (Dominoes.State view : deck.views) {
            assertThat(view.engine().result()).contains(result);
        }
        int pips = 0;
        for (int s = 0; s < deck.players; s++) {
            int held = 0;
            for (int p : deck.judge.shown().get(s)) {
                held += deck.tile(p).pips();
            }
            assertThat(result.pipsByPlayer().get(s)).isEqualTo(held);
            if (result.winningPlayer().isPresent() && s != result.winningPlayer().getAsInt()) {
                pips += held;
            }
        }
        assertThat(result.points()).isEqualTo(pips);
        return result;
    }

    @Test
    void aShowOutOfOrderIsRefused() throws Exception {
        Deck deck = new Deck(List.of("alice", "bob", "carol"), options(1, 100), 3);
        deck.settle();
        while (GAME.next(deck.judge) instanceof Next.Move m) {
            Dominoes.State view = deck.views.get(m.seat());
            deck.play(m.seat(), GAME.bot(null).choose(view, m.seat(), GAME.legal(view, m.seat())));
            while (!(GAME.next(deck.judge) instanceof Next.Deck d && d.call() instanceof DeckCall.Show) && deck.step()) {
                // until the shows
            }
        }
        Next.Deck first = (Next.Deck) GAME.next(deck.judge);
        int later = deck.judge.held().get(2).isEmpty() || first.seat() == 2 ? 1 : 2;
        assertThat(later).isGreaterThan(first.seat());
        List<Integer> positions = deck.judge.held().get(later);
        deck.open.addAll(positions);
        assertThatThrownBy(() -> GAME.afterDeck(deck.judge, new DeckEvent.Shown(later, positions), deck.publicCards()))
                .isInstanceOf(IllegalMove.class).hasMessage("a show the round does not wait for");
    }

    @Test
    void aDrawWhileHoldingAPlayableTileIsRefusedOnceTheDrawersTilesArePublic() throws Exception {
        for (long seed = 1; seed <= 6; seed++) {
            Deck deck = new Deck(TWO, options(1, 100), seed);
            deck.forgetful = 1; // bob's own view takes his draws on trust, as everyone else's does
            String[] cheat = new String[1];
            TablePlayer<Dominoes.State, Dominoes.Move> bob = (view, seat, legal) -> {
                var ends = view.engine().openEnds();
                for (int p : view.held().get(seat)) {
                    Tile t = deck.tile(p);
                    for (End end : End.values()) {
                        boolean fits = ends.isEmpty() ? end == End.LEFT : t.shows(ends.get().at(end));
                        if (fits && cheat[0] == null && legal.contains(Dominoes.Move.DRAW)) {
                            cheat[0] = "drew holding " + t + ", which fits the line's "
                                    + (t.shows(ends.get().left()) ? "left end " + ends.get().left()
                                            : "right end " + ends.get().right());
                            return Dominoes.Move.DRAW;
                        }
                        if (fits && legal.contains(new Dominoes.Move.Play(p, end))) {
                            return new Dominoes.Move.Play(p, end);
                        }
                    }
                }
                return legal.contains(Dominoes.Move.DRAW) ? Dominoes.Move.DRAW : Dominoes.Move.PASS;
            };
            Next[] due = new Next[1];
            assertThatThrownBy(() -> {
                deck.settle();
                while (GAME.next(deck.judge) instanceof Next.Move m) {
                    Dominoes.State view = deck.views.get(m.seat());
                    TablePlayer<Dominoes.State, Dominoes.Move> player = m.seat() == 1 ? bob : GAME.bot(null);
                    deck.play(m.seat(), player.choose(view, m.seat(), GAME.legal(view, m.seat())));
                    while (true) {
                        due[0] = GAME.next(deck.judge);
                        if (!deck.step()) {
                            break;
                        }
                    }
                }
            }).as("seed " + seed).isInstanceOf(IllegalMove.class).hasMessage(cheat[0]);
            // Refused at bob's own show, or at the discard that emptied his hand: the observer blames that seat.
            assertThat(due[0]).isInstanceOf(Next.Deck.class);
            assertThat(((Next.Deck) due[0]).seat()).isEqualTo(1);
            assertThat(((Next.Deck) due[0]).call()).isInstanceOfAny(DeckCall.Show.class, DeckCall.Discard.class);
        }
    }
}
