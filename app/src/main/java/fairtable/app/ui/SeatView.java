package fairtable.app.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.games.cards.Card;
import fairtable.games.definitions.Dominoes;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.GinRummy;
import fairtable.games.definitions.PokerState;
import fairtable.games.dominoes.LinedTile;
import fairtable.games.dominoes.Tile;
import fairtable.games.gin.Arrangement;
import fairtable.games.gin.GinHand;
import fairtable.games.gin.GinRules;
import fairtable.games.poker.HoldemHand;
import fairtable.games.poker.LegalActions;
import fairtable.games.poker.PokerHand;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.TableParty;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one browser is sent about a table: only what its seat may see. It is built from that seat's own view
 * ({@link TableParty#view()}: its cards and the public ones), or from the public state alone when nobody plays in
 * the browser, and from the moves the game's definition lists as legal for that seat. Poker tables, dominoes and
 * gin rummy get their own structure for the page to draw; every game also gets the definition's text view, so a game with
 * no drawing of its own is still playable from its words and its list of legal moves.
 */
final class SeatView {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int HISTORY_LINES = 400;

    /** The person's clock for the decision awaited: when it runs out, and how long a decision has. */
    record Clock(long deadlineMillis, int seconds) {}

    private SeatView() {}

    static <S, M> String of(GameDefinition<S, M> game, TableParty<S, M> me, int person, List<String> names,
            List<String> history, Clock clock, AuditVerdict verdict, String problem) {
        S view = person >= 0 ? me.view() : me.state();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "state");
        out.put("game", game.name());
        out.put("names", names);
        out.put("seat", person);
        out.put("round", me.round());
        out.put("step", me.nextStep());
        out.put("awaiting", me.awaiting());
        me.deckSetup().ifPresent(d -> out.put("deck", Map.of("stage", d.shuffling() ? "shuffle" : "keys",
                "done", d.done(), "of", d.seats(), "awaited", me.nameOf(d.done()))));
        boolean yourMove = person >= 0 && me.isToMove() && verdict == null && problem == null;
        out.put("yourMove", yourMove);
        List<M> legal = yourMove ? game.legal(view, person) : List.of();
        List<Map<String, Object>> moves = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) {
            M move = legal.get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", i);
            m.put("kind", move.getClass().getSimpleName().toLowerCase(Locale.ROOT));
            m.put("label", view instanceof Dominoes.State d ? Dominoes.words(d, (Dominoes.Move) move)
                    : view instanceof GinRummy.State g ? GinRummy.GAME.describe(g, person, (GinRummy.Move) move)
                    : game.describe(move));
            if (move instanceof Dominoes.Move.Play play) {
                m.put("position", play.position());
                m.put("end", play.end().name().toLowerCase(Locale.ROOT));
            }
            if (move instanceof GinRummy.Move.EndTurn end && view instanceof GinRummy.State g) {
                // The card it throws, so the page can offer the move on the card itself.
                m.put("ending", end.ending().name().toLowerCase(Locale.ROOT));
                m.put("card", card(end.thrown() instanceof GinRummy.Thrown.Position at ? g.mine().get(at.position())
                        : ((GinRummy.Thrown.PublicCard) end.thrown()).card()));
            }
            moves.add(m);
        }
        out.put("moves", moves);
        out.put("text", view == null ? List.of() : text(game, view, person, names));
        out.put("history", history.subList(Math.max(0, history.size() - HISTORY_LINES), history.size()));
        if (clock != null) {
            out.put("clock", Map.of("remainingMillis", Math.max(0, clock.deadlineMillis() - System.currentTimeMillis()),
                    "seconds", clock.seconds()));
        }
        me.outcome().ifPresent(o -> out.put("outcome", o.text()));
        out.put("finished", verdict != null || problem != null);
        if (verdict != null) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("verified", verdict.verified());
            v.put("line", verdict.line());
            if (verdict.failure() != null) {
                v.put("step", verdict.failure().step());
                v.put("party", verdict.failure().party());
            }
            out.put("verdict", v);
        }
        if (problem != null) {
            out.put("problem", problem);
        }
        if (view instanceof PokerState<?> poker) {
            out.put("poker", poker(poker, person, yourMove));
        } else {
            drawn(view, person, out);
        }
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a seat view that cannot be written as JSON", e);
        }
    }

    /**
     * What a page draws of {@code view} for {@code person} (-1: an observer), with no move to offer: the definition's
     * words, and the poker table or the line of dominoes where the game has one. The replay page draws this.
     */
    static <S, M> Map<String, Object> drawing(GameDefinition<S, M> game, S view, int person, List<String> names) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("text", text(game, view, person, names));
        if (view instanceof PokerState<?> poker) {
            out.put("poker", poker(poker, person, false));
        } else {
            drawn(view, person, out);
        }
        return out;
    }

    /** The line of dominoes or the gin rummy table, where {@code view} is one. */
    private static void drawn(Object view, int person, Map<String, Object> out) {
        if (view instanceof Dominoes.State dominoes) {
            out.put("dominoes", dominoes(dominoes, person));
        } else if (view instanceof GinRummy.State gin) {
            out.put("gin", gin(gin));
        }
    }

    private static <S, M> List<String> text(GameDefinition<S, M> game, S view, int person, List<String> names) {
        return game.render(view, person, names);
    }

    private static Map<String, Object> poker(PokerState<?> s, int person, boolean yourMove) {
        PokerHand hand = s.hand();
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("hand", s.game().handNumber());
        p.put("hands", s.hands());
        p.put("button", hand.button());
        if (hand instanceof HoldemHand holdem) {
            p.put("smallBlind", holdem.smallBlindSeat());
            p.put("bigBlind", holdem.bigBlindSeat());
        }
        p.put("pot", hand.pot());
        p.put("board", cards(s, s.board()));
        List<Map<String, Object>> seats = new ArrayList<>();
        for (int seat = 0; seat < hand.seats(); seat++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.names().get(seat));
            m.put("stack", hand.stacks()[seat]);
            m.put("bet", hand.committedThisRound(seat));
            m.put("folded", hand.hasFolded(seat));
            m.put("cards", cards(s, s.held().get(seat)));
            seats.add(m);
        }
        p.put("seats", seats);
        if (s.game().isOver()) {
            p.put("over", true);
        }
        if (yourMove) {
            LegalActions legal = hand.legalActions();
            p.put("toCall", Math.max(0, Math.min(hand.currentBet() - hand.committedThisRound(person),
                    hand.stacks()[person])));
            if (legal.canRaise()) {
                p.put("raise", Map.of("min", legal.minRaiseTo(), "max", legal.maxRaiseTo(),
                        "verb", hand.currentBet() == 0 ? "bet" : "raise"));
            }
        }
        return p;
    }

    /** The cards at {@code positions}: rank and suit where this view reads them, null for a face-down card. */
    private static List<Map<String, String>> cards(PokerState<?> s, List<Integer> positions) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int position : positions) {
            out.add(card(s.cardAt(position)));
        }
        return out;
    }

    /** A card as the pages draw it ({@code common.js cardEl}): rank and suit, or null for a face-down one. */
    private static Map<String, String> card(Card card) {
        return card == null ? null : Map.of("rank", String.valueOf(card.rank().symbol()),
                "suit", String.valueOf(card.suit().symbol()));
    }

    private static List<Map<String, String>> cards(List<Card> cards) {
        return cards.stream().map(SeatView::card).toList();
    }

    /**
     * Gin rummy: each hand as this view holds it (the cards it reads face up, in order, then one face-down card for
     * each it cannot read), the top of the discard pile, the stock's count and, once the hand is scored, each seat's
     * melds and deadwood as the shown cards proved them.
     */
    private static Map<String, Object> gin(GinRummy.State s) {
        GinHand hand = s.hand();
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("hand", s.hands());
        g.put("hands", s.maxHands());
        g.put("target", hand.rules().targetScore());
        g.put("dealer", hand.dealer());
        g.put("scores", s.match().scores());
        g.put("phase", hand.phase().name().toLowerCase(Locale.ROOT));
        g.put("stock", hand.stockSize());
        g.put("pile", hand.discardPile().size());
        g.put("discard", hand.topDiscard().map(SeatView::card).orElse(null));
        List<Map<String, Object>> seats = new ArrayList<>();
        for (int seat = 0; seat < GinRules.SEATS; seat++) {
            List<Map<String, String>> held = new ArrayList<>(cards(hand.hand(seat)));
            held.addAll(Collections.nCopies(hand.hiddenCount(seat), null));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.names().get(seat));
            m.put("cards", held);
            seats.add(m);
        }
        g.put("seats", seats);
        hand.result().ifPresent(r -> {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
            r.knocker().ifPresent(k -> result.put("knocker", k));
            r.winner().ifPresent(w -> result.put("winner", w));
            result.put("points", r.points());
            List<Map<String, Object>> laid = new ArrayList<>();
            for (Arrangement a : r.arrangements()) {
                laid.add(Map.of("melds", a.melds().stream().map(meld -> cards(meld.cards())).toList(),
                        "deadwood", cards(a.deadwood()), "points", a.deadwoodPoints()));
            }
            result.put("arrangements", laid);
            result.put("layOffs", cards(r.layOffs()));
            g.put("result", result);
        });
        return g;
    }

    private static Map<String, Object> dominoes(Dominoes.State s, int person) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("round", s.round());
        d.put("rounds", s.rounds());
        d.put("target", s.rules().targetScore());
        d.put("scores", s.match().scores());
        d.put("leader", s.leader());
        d.put("current", s.current());
        List<List<Integer>> line = new ArrayList<>();
        if (s.engine() != null) {
            for (LinedTile t : s.engine().line()) {
                line.add(List.of(t.left(), t.right()));
            }
            d.put("boneyard", s.engine().boneyardSize());
        }
        d.put("line", line);
        List<Map<String, Object>> hands = new ArrayList<>();
        for (int seat = 0; seat < s.names().size(); seat++) {
            List<List<Integer>> tiles = new ArrayList<>();
            for (int position : s.held().get(seat)) {
                Tile tile = s.tiles().get(position);
                List<Integer> pips = new ArrayList<>();
                if (tile != null) {
                    pips.add(tile.high());
                    pips.add(tile.low());
                }
                tiles.add(tile == null ? null : pips);
            }
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("name", s.names().get(seat));
            h.put("positions", seat == person ? s.held().get(seat) : List.of());
            h.put("tiles", tiles);
            hands.add(h);
        }
        d.put("hands", hands);
        d.put("over", s.match().isOver() || s.engine() != null && s.engine().isOver() && s.scored());
        return d;
    }
}
