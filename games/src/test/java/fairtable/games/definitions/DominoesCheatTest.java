package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Tile;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A dishonest dominoes seat starts deck operations and moves the rules did not call for, or plays a tile that
 * breaks them: the honest seats refuse each message before their decks see it (so they release no share), record
 * and send nothing, and both the live refusal and the audit of an honest seat's evidence name the signer. A tile
 * or a draw that breaks the rules once the deck has proved it stops the game, naming its player, live and in the
 * audit.
 */
class DominoesCheatTest {
    private static final TablePlayer<Dominoes.State, Dominoes.Move> THINKING = (view, seat, legal) -> null;

    @TempDir
    Path dir;

    /** Two seats, dealt, alice (who leads the first round) thinking about her first tile. */
    private static GameTable<Dominoes.State, Dominoes.Move> beforeTheFirstPlay() throws ProtocolViolation {
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1", "target", "100"), 21, s -> THINKING, s -> Dominoes.GAME).play();
        assertThat(table.seat(1).awaiting()).isEqualTo("alice's move");
        return table;
    }

    /** Two seats, alice's first tile on the line, bob thinking. */
    private static GameTable<Dominoes.State, Dominoes.Move> bobToMove() throws ProtocolViolation {
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1", "target", "100"), 22,
                s -> s == 0 ? Dominoes.GAME.bot(new SplittableRandom(s)) : THINKING, s -> Dominoes.GAME).play();
        assertThat(table.seat(0).awaiting()).isEqualTo("bob's move");
        assertThat(table.seat(0).state().engine().line()).hasSize(1);
        return table;
    }

    private static List<Integer> held(GameTable<Dominoes.State, Dominoes.Move> table, int seat) {
        return table.seat(seat).state().held().get(seat);
    }

    // ---- Deck operations nobody called for.

    @Test
    void aRevealBeforeTheFirstPlayReleasesNoShareAndConvictsItsSigner() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        List<Envelope> reveal = TableCheats.uncalled(table.seat(1), deck -> deck.reveal());
        table.assertRefusedByEveryHonestSeat(1, reveal,
                "starts a deck reveal the rules did not call for: they await alice's move");
    }

    @Test
    void theDealOfTheHandsByASeatThatIsNotTheDealerIsRefusedAndBlamedOnItsSigner() throws Exception {
        // Three seats, stopped when every deck is shuffled and alice's deal of the hands is on its way.
        String dealerDeals = "alice to deal 5 to each of seats [0, 1, 2]";
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 3, Map.of("rounds", "1", "target", "100"), 23, s -> THINKING, s -> Dominoes.GAME);
        table.playUntil(() -> table.seat(1).awaiting().equals(dealerDeals)
                && table.seat(2).awaiting().equals(dealerDeals));
        assertThat(table.seat(2).state().engine()).as("not dealt yet").isNull();
        // bob deals exactly the deal the rules call for, but they call for it from alice.
        List<Envelope> deal = TableCheats.uncalled(table.seat(1), deck -> deck.deal(List.of(0, 1, 2), 5));
        GameTable.assertRefusedBy(table.seat(2), deal.get(0),
                "step " + deal.get(0).step() + ", party bob: starts a deck deal the rules did not call for: they await "
                        + dealerDeals);
    }

    @Test
    void aRevealWhenTheRulesCallForTheShowsIsRefused() throws Exception {
        // Three bots, stopped when the round's moves are over and the first show is on its way.
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 3, Map.of("rounds", "1", "target", "100"), 26);
        int[] shower = {-1};
        table.playUntil(() -> {
            for (int s = 0; s < 3; s++) {
                String due = GameTable.NAMES[s] + " to show positions ";
                int waiting = 0;
                for (int other = 0; other < 3; other++) {
                    waiting += other != s && table.seat(other).awaiting().startsWith(due) ? 1 : 0;
                }
                if (waiting == 2) {
                    shower[0] = s;
                    return true;
                }
            }
            return false;
        });
        assertThat(shower[0]).as("stopped at the shows").isNotNegative();
        int cheater = shower[0] == 0 ? 1 : 0;
        int honest = 3 - shower[0] - cheater;
        String awaited = table.seat(honest).awaiting();
        List<Envelope> reveal = TableCheats.uncalled(table.seat(cheater), deck -> deck.reveal());
        GameTable.assertRefusedBy(table.seat(honest), reveal.get(0), "step " + reveal.get(0).step() + ", party "
                + GameTable.NAMES[cheater] + ": starts a deck reveal the rules did not call for: they await " + awaited);
    }

    @Test
    void aDealAfterTheHandsAreDealtIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        List<Envelope> deal = TableCheats.uncalled(table.seat(1), deck -> deck.deal(List.of(0, 1), 2));
        table.assertRefusedByEveryHonestSeat(1, deal,
                "starts a deck deal the rules did not call for: they await alice's move");
    }

    @Test
    void aDrawThatIsADealToOneselfIsRefusedWhenThePlayerCanPlayAndTheRulesCallForAMove() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = bobToMove();
        Dominoes.State bobs = table.seat(1).view();
        assertThat(Dominoes.GAME.legal(bobs, 1)).as("bob can play").anyMatch(m -> m instanceof Dominoes.Move.Play);
        List<Envelope> draw = TableCheats.uncalled(table.seat(1), deck -> deck.deal(List.of(1), 1));
        table.assertRefusedByEveryHonestSeat(1, draw,
                "starts a deck deal the rules did not call for: they await bob's move");
    }

    @Test
    void aDrawOutOfTurnIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        List<Envelope> draw = TableCheats.uncalled(table.seat(1), deck -> deck.draw(1));
        table.assertRefusedByEveryHonestSeat(1, draw,
                "starts a deck deal the rules did not call for: they await alice's move");
    }

    @Test
    void aShowOutOfTurnIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        List<Integer> bobs = held(table, 1).stream().sorted().toList();
        List<Envelope> show = TableCheats.uncalled(table.seat(1), deck -> deck.show(bobs));
        table.assertRefusedByEveryHonestSeat(1, show,
                "starts a deck show the rules did not call for: they await alice's move");
    }

    @Test
    void aTilePlayedOutOfTurnAsAFaceUpDiscardIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        int position = held(table, 1).get(0);
        List<Envelope> discard = TableCheats.uncalled(table.seat(1), deck -> deck.discard(position, true));
        table.assertRefusedByEveryHonestSeat(1, discard,
                "starts a deck discard the rules did not call for: they await alice's move");
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "cut", "leave"})
    void anOpenACutOrALeaveIsRefused(String operation) throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        List<Envelope> sent = TableCheats.uncalled(table.seat(1), deck -> switch (operation) {
            case "open" -> deck.open(1);
            case "cut" -> deck.cut(3);
            default -> deck.leave();
        });
        table.assertRefusedByEveryHonestSeat(1, sent,
                "starts a deck " + operation + " the rules did not call for: they await alice's move");
    }

    // ---- Moves out of turn, illegal, unreadable.

    private static Envelope move(GameTable<Dominoes.State, Dominoes.Move> table, int seat, byte[] bytes) {
        return TableCheats.move(table.seat(seat), table.keys.get(seat), bytes);
    }

    @Test
    void aMoveOutOfTurnIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        Envelope play = move(table, 1, Dominoes.GAME.encode(new Dominoes.Move.Play(held(table, 1).get(0), End.LEFT)));
        table.assertRefusedByEveryHonestSeat(1, List.of(play), "a move out of turn: the rules await alice's move");
    }

    @Test
    void aPlayOfAPositionThePlayerDoesNotHoldIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        int bobs = held(table, 1).get(0);
        Envelope play = move(table, 0, Dominoes.GAME.encode(new Dominoes.Move.Play(bobs, End.LEFT)));
        table.assertRefusedByEveryHonestSeat(0, List.of(play), "holds no tile at position " + bobs);
    }

    @Test
    void aDrawBeforeTheFirstTileIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        Envelope draw = move(table, 0, Dominoes.GAME.encode(Dominoes.Move.DRAW));
        table.assertRefusedByEveryHonestSeat(0, List.of(draw), "may not draw now");
    }

    @Test
    void aPassWhileTheBoneyardHasTilesIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = bobToMove();
        Envelope pass = move(table, 1, Dominoes.GAME.encode(Dominoes.Move.PASS));
        table.assertRefusedByEveryHonestSeat(1, List.of(pass), "may not pass now: the boneyard still has tiles");
    }

    @Test
    void anUnreadableMoveIsRefused() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = beforeTheFirstPlay();
        Envelope play = move(table, 0, new byte[] {0, 40, 0});
        table.assertRefusedByEveryHonestSeat(0, List.of(play),
                "an unreadable move: a play of position 40; a set has 28 tiles");
    }

    // ---- Tiles that break the rules once the deck proves them.

    /** Plays, whenever the line has a tile, one of its tiles that does not fit the left end, to the left. */
    private static TablePlayer<Dominoes.State, Dominoes.Move> misfitting(String[] played) {
        TablePlayer<Dominoes.State, Dominoes.Move> bot = Dominoes.GAME.bot(new SplittableRandom(1));
        return (view, seat, legal) -> {
            Optional<DominoRound.Ends> ends = view.engine().openEnds();
            if (ends.isPresent() && played[0] == null) {
                for (int p : view.held().get(seat)) {
                    Tile tile = view.tiles().get(p);
                    if (!tile.shows(ends.get().left())) {
                        played[0] = "played " + tile + " to the left end, which shows " + ends.get().left()
                                + ": it does not fit";
                        return new Dominoes.Move.Play(p, End.LEFT);
                    }
                }
            }
            return bot.choose(view, seat, legal);
        };
    }

    @Test
    void aTileThatDoesNotFitItsNamedEndStopsTheGameNamingItsPlayerLiveAndInTheAudit() throws Exception {
        String[] misfit = new String[1];
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1", "target", "100"), 24,
                s -> s == 1 ? misfitting(misfit) : Dominoes.GAME.bot(new SplittableRandom(s)), s -> Dominoes.GAME).play();
        assertThat(misfit[0]).as("bob played a misfit").isNotNull();
        table.assertStoppedNaming("bob", misfit[0], dir);
    }

    /**
     * A dishonest seat's own rules: its view forgets the tiles dealt to it (so its own engine, like every other
     * seat's, takes its draws on trust), while the test remembers them for its player.
     */
    private static final class Forgetful extends ForwardingGame<Dominoes.State, Dominoes.Move> {
        final Map<Integer, Tile> remembered = new HashMap<>();

        Forgetful() {
            super(Dominoes.GAME);
        }

        @Override
        public Dominoes.State afterDeck(Dominoes.State state, DeckEvent event, Cards known) throws IllegalMove {
            if (event instanceof DeckEvent.Dealt dealt) {
                for (List<Integer> positions : dealt.positions()) {
                    for (int p : positions) {
                        if (known.at(p) >= 0) {
                            remembered.put(p, Tile.ofIndex(known.at(p)));
                        }
                    }
                }
                return Dominoes.GAME.afterDeck(state, event, p -> -1);
            }
            return Dominoes.GAME.afterDeck(state, event, known);
        }
    }

    /**
     * Draws once while holding a tile that fits (noting the rule it breaks), then plays a fitting tile whenever it
     * holds one, and draws or passes otherwise.
     */
    private static TablePlayer<Dominoes.State, Dominoes.Move> drawingWhileHoldingAFit(Forgetful rules, String[] drew) {
        return (view, seat, legal) -> {
            Optional<DominoRound.Ends> ends = view.engine().openEnds();
            for (int p : view.held().get(seat)) {
                Tile tile = rules.remembered.get(p);
                for (End end : End.values()) {
                    boolean fits = ends.isEmpty() ? end == End.LEFT : tile.shows(ends.get().at(end));
                    if (fits && drew[0] == null && legal.contains(Dominoes.Move.DRAW)) {
                        drew[0] = "drew holding " + tile + ", which fits the line's "
                                + (tile.shows(ends.get().left()) ? "left end " + ends.get().left()
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
    }

    @Test
    void aDrawWhileHoldingAPlayableTileStopsTheGameNamingItsPlayerOnceItsTilesArePublic() throws Exception {
        Forgetful bobsRules = new Forgetful();
        String[] drew = new String[1];
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1", "target", "100"), 25,
                s -> s == 1 ? drawingWhileHoldingAFit(bobsRules, drew) : Dominoes.GAME.bot(new SplittableRandom(s)),
                s -> s == 1 ? bobsRules : Dominoes.GAME).play();
        assertThat(drew[0]).as("bob drew holding a tile that fits").isNotNull();
        table.assertStoppedNaming("bob", drew[0], dir);
    }
}
