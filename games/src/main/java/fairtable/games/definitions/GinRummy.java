package fairtable.games.definitions;

import fairtable.games.cards.Card;
import fairtable.games.gin.GinBot;
import fairtable.games.gin.GinHand;
import fairtable.games.gin.GinMatch;
import fairtable.games.gin.GinMove;
import fairtable.games.gin.GinResult;
import fairtable.games.gin.GinRules;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckCall;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Two-player gin rummy ({@code games.gin}) on the table protocol: 52 cards, card j is {@link Card#ofIndex}(j),
 * one deck per hand.
 *
 * <ul>
 *   <li>The dealer deals ten cards to each seat in one deal (non-dealer first) and opens the upcard.</li>
 *   <li>A draw from the stock is a deal of one card to the drawer, started by the drawer. A card taken from the
 *       discard pile (the upcard included) is public: it changes hands without the deck.</li>
 *   <li>A discard, knock or gin names what it throws: a deck position the seat holds face-down (the rules then
 *       call for that position's face-up discard, and the engine checks the card once the deck has proved it),
 *       or a public card the seat took from the pile.</li>
 *   <li>After a knock or gin, each seat shows the positions it still holds face-down (the knocker first); the
 *       engine verifies the knock from the shown cards and scores the hand.</li>
 * </ul>
 *
 * Every decision in {@link #play} reads only public bookkeeping (whose turn, the positions each seat holds, the
 * pile), so a seat's own view and the public judge accept exactly the same moves; what depends on hidden cards
 * (a knock's deadwood) is checked when the cards are proved, and a false knock stops the game naming its player.
 * Options: u32 target score, u32 most hands.
 */
public final class GinRummy implements GameDefinition<GinRummy.State, GinRummy.Move> {
    public static final GinRummy GAME = new GinRummy();
    public static final String NAME = "gin-rummy";
    public static final int MAX_TARGET = 10_000;
    public static final int MAX_HANDS = 10_000;
    public static final int DEFAULT_HANDS = 50;

    /** A decision of the seat to act. */
    public sealed interface Move {
        TakeUpcard TAKE_UPCARD = new TakeUpcard();
        Pass PASS = new Pass();
        DrawStock DRAW_STOCK = new DrawStock();
        TakeDiscard TAKE_DISCARD = new TakeDiscard();

        record TakeUpcard() implements Move {
        }

        record Pass() implements Move {
        }

        record DrawStock() implements Move {
        }

        record TakeDiscard() implements Move {
        }

        /** Ends the turn: a plain discard, a knock or gin, throwing {@code thrown}. */
        record EndTurn(Ending ending, Thrown thrown) implements Move {
        }
    }

    /** How a turn ends. */
    public enum Ending { DISCARD, KNOCK, GIN }

    /** What a seat throws: a position it holds face-down, or a public card it took from the pile. */
    public sealed interface Thrown {
        record Position(int position) implements Thrown {
        }

        record PublicCard(Card card) implements Thrown {
        }
    }

    /**
     * @param match    the match so far (scores, who deals)
     * @param hand     this hand, as this view sees it
     * @param held     the deck positions each seat holds face-down
     * @param mine     the cards this view reads at positions it holds (empty for the public judge)
     * @param pending  the turn's end that waits for its face-up discard, or null
     * @param hands    how many hands have been dealt
     * @param maxHands the most hands the match plays
     * @param names    the players
     */
    public record State(GinMatch match, GinHand hand, List<List<Integer>> held, Map<Integer, Card> mine,
            Move.EndTurn pending, int hands, int maxHands, List<String> names) {
        public State {
            held = held.stream().map(List::copyOf).toList();
            mine = Map.copyOf(mine);
        }

        State with(GinHand hand, List<List<Integer>> held, Map<Integer, Card> mine, Move.EndTurn pending) {
            return new State(match, hand, held, mine, pending, hands, maxHands, names);
        }
    }

    private GinRummy() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minSeats() {
        return GinRules.SEATS;
    }

    @Override
    public int maxSeats() {
        return GinRules.SEATS;
    }

    @Override
    public int deckSize() {
        return Card.DECK_SIZE;
    }

    @Override
    public String summary() {
        return "gin rummy for two: knock at 10, gin 25, undercut 25, game to 100";
    }

    @Override
    public Map<String, String> defaults() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("players", "2");
        out.put("target", String.valueOf(GinRules.standard().targetScore()));
        out.put("hands", String.valueOf(DEFAULT_HANDS));
        return out;
    }

    @Override
    public byte[] options(Map<String, String> settings) {
        int target = GinRules.standard().targetScore();
        int hands = DEFAULT_HANDS;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            switch (e.getKey()) {
                case "players" -> Settings.number(e, 2, 2);
                case "target" -> target = Settings.number(e, 1, MAX_TARGET);
                case "hands", "rounds" -> hands = Settings.number(e, 1, MAX_HANDS);
                default -> throw new IllegalArgumentException("gin-rummy has no setting '" + e.getKey()
                        + "'; it reads " + String.join(", ", defaults().keySet()));
            }
        }
        return new WireWriter().u32(target).u32(hands).toBytes();
    }

    @Override
    public State setup(List<String> names, byte[] options) throws IllegalMove {
        int target;
        int hands;
        try {
            WireReader r = new WireReader(options);
            target = (int) r.u32();
            hands = (int) r.u32();
            r.end();
        } catch (MalformedMessageException e) {
            throw new IllegalMove("options are two u32: the target score and the most hands (" + e.getMessage() + ")");
        }
        if (target < 1 || target > MAX_TARGET || hands < 1 || hands > MAX_HANDS) {
            throw new IllegalMove("a target of 1 to " + MAX_TARGET + " and 1 to " + MAX_HANDS + " hands, not "
                    + target + " and " + hands);
        }
        GinMatch match = GinMatch.start(GinRules.standard().withTargetScore(target), 0);
        return fresh(match, 1, hands, names);
    }

    private static State fresh(GinMatch match, int hands, int maxHands, List<String> names) {
        return new State(match, match.nextHand(), List.of(List.of(), List.of()), Map.of(), null, hands, maxHands,
                List.copyOf(names));
    }

    @Override
    public Next next(State s) {
        GinHand hand = s.hand();
        if (s.pending() != null) {
            int seat = hand.seatToAct();
            int position = ((Thrown.Position) s.pending().thrown()).position();
            return new Next.Deck(seat, new DeckCall.Discard(position, true));
        }
        GinHand.Awaiting awaiting = hand.awaiting();
        if (awaiting instanceof GinHand.Deal deal) {
            return new Next.Deck(hand.dealer(), new DeckCall.Deal(List.of(deal.seat(), 1 - deal.seat()),
                    GinRules.HAND_SIZE));
        }
        if (awaiting instanceof GinHand.Upcard) {
            return new Next.Deck(hand.dealer(), new DeckCall.Open(1));
        }
        if (awaiting instanceof GinHand.Turn turn) {
            return new Next.Move(turn.seat());
        }
        if (awaiting instanceof GinHand.StockCard stock) {
            return new Next.Deck(stock.seat(), new DeckCall.Deal(List.of(stock.seat()), 1));
        }
        if (awaiting instanceof GinHand.Show show) {
            return new Next.Deck(show.seat(), new DeckCall.Show(s.held().get(show.seat())));
        }
        GinMatch after = s.match().record(((GinHand.Over) awaiting).result());
        return after.isOver() || s.hands() >= s.maxHands() ? new Next.GameOver() : new Next.RoundOver();
    }

    @Override
    public State nextRound(State s) {
        GinMatch after = s.match().record(s.hand().result().orElseThrow());
        return fresh(after, s.hands() + 1, s.maxHands(), s.names());
    }

    @Override
    public State afterDeck(State s, DeckEvent event, Cards known) throws IllegalMove {
        try {
            return showIfAllPublic(apply(s, event, known));
        } catch (IllegalArgumentException | IllegalStateException broken) {
            throw new IllegalMove(broken.getMessage());
        }
    }

    private static State apply(State s, DeckEvent event, Cards known) throws IllegalMove {
        GinHand hand = s.hand();
        List<List<Integer>> held = new ArrayList<>(s.held().stream().map(ArrayList::new).toList());
        Map<Integer, Card> mine = new TreeMap<>(s.mine());
        if (event instanceof DeckEvent.Dealt dealt) {
            for (int i = 0; i < dealt.recipients().size(); i++) {
                int seat = dealt.recipients().get(i);
                List<Integer> positions = dealt.positions().get(i);
                List<Card> cards = readable(positions, known);
                held.get(seat).addAll(positions);
                boolean stockCard = hand.awaiting() instanceof GinHand.StockCard;
                if (cards != null) {
                    for (int k = 0; k < positions.size(); k++) {
                        mine.put(positions.get(k), cards.get(k));
                    }
                    hand = stockCard ? hand.draw(cards.get(0)) : hand.deal(cards);
                } else {
                    hand = stockCard ? hand.drawHidden() : hand.dealHidden();
                }
            }
            return s.with(hand, held, mine, s.pending());
        }
        if (event instanceof DeckEvent.Opened opened) {
            return s.with(hand.openUpcard(publicCard(opened.positions().get(0), known)), held, mine, s.pending());
        }
        if (event instanceof DeckEvent.Discarded discarded) {
            Card card = publicCard(discarded.position(), known);
            held.get(discarded.seat()).remove(Integer.valueOf(discarded.position()));
            mine.remove(discarded.position());
            return s.with(hand.apply(discarded.seat(), engineMove(s.pending().ending(), card)), held, mine, null);
        }
        DeckEvent.Shown shown = (DeckEvent.Shown) event;
        TreeSet<Card> cards = new TreeSet<>(hand.hand(shown.seat()));
        for (int p : shown.positions()) {
            cards.add(publicCard(p, known));
        }
        return s.with(hand.show(List.copyOf(cards)), held, mine, null);
    }

    /** A seat to show that holds no face-down card shows without the deck: every card of its hand is public. */
    private static State showIfAllPublic(State s) {
        GinHand hand = s.hand();
        while (s.pending() == null && hand.awaiting() instanceof GinHand.Show show && s.held().get(show.seat()).isEmpty()) {
            hand = hand.showKnown();
        }
        return s.with(hand, s.held(), s.mine(), s.pending());
    }

    private static List<Card> readable(List<Integer> positions, Cards known) {
        List<Card> cards = new ArrayList<>();
        for (int p : positions) {
            int card = known.at(p);
            if (card < 0) {
                return null;
            }
            cards.add(Card.ofIndex(card));
        }
        return cards;
    }

    private static Card publicCard(int position, Cards known) throws IllegalMove {
        int card = known.at(position);
        if (card < 0 || card >= Card.DECK_SIZE) {
            throw new IllegalMove("position " + position + " was to be public, and nobody can read it");
        }
        return Card.ofIndex(card);
    }

    private static GinMove engineMove(Ending ending, Card card) {
        return switch (ending) {
            case DISCARD -> GinMove.discard(card);
            case KNOCK -> GinMove.knock(card);
            case GIN -> GinMove.gin(card);
        };
    }

    @Override
    public List<Move> legal(State s, int seat) {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            return List.of();
        }
        List<Move> out = new ArrayList<>();
        for (GinMove move : s.hand().legalMoves()) {
            toTableMove(s, seat, move).ifPresent(out::add);
        }
        return out;
    }

    /** The table's move for an engine move, naming the position this seat holds the card at, or the public card. */
    private static Optional<Move> toTableMove(State s, int seat, GinMove move) {
        if (move instanceof GinMove.TakeUpcard) {
            return Optional.of(Move.TAKE_UPCARD);
        }
        if (move instanceof GinMove.Pass) {
            return Optional.of(Move.PASS);
        }
        if (move instanceof GinMove.DrawStock) {
            return Optional.of(Move.DRAW_STOCK);
        }
        if (move instanceof GinMove.TakeDiscard) {
            return Optional.of(Move.TAKE_DISCARD);
        }
        GinMove.EndsTurn end = (GinMove.EndsTurn) move;
        Ending ending = end instanceof GinMove.Gin ? Ending.GIN : end instanceof GinMove.Knock ? Ending.KNOCK : Ending.DISCARD;
        for (int p : s.held().get(seat)) {
            if (end.card().equals(s.mine().get(p))) {
                return Optional.of(new Move.EndTurn(ending, new Thrown.Position(p)));
            }
        }
        if (publiclyHeld(s, seat).contains(end.card())) {
            return Optional.of(new Move.EndTurn(ending, new Thrown.PublicCard(end.card())));
        }
        return Optional.empty(); // a card this view cannot place in the seat's hand
    }

    /** The seat's cards everyone knows: the ones it took from the pile and still holds. */
    private static List<Card> publiclyHeld(State s, int seat) {
        List<Card> out = new ArrayList<>(s.hand().hand(seat));
        out.removeAll(s.mine().values());
        return out;
    }

    @Override
    public State play(State s, int seat, Move move) throws IllegalMove {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            throw new IllegalMove("it is not " + s.names().get(seat) + "'s move");
        }
        try {
            if (move instanceof Move.EndTurn end) {
                if (end.thrown() instanceof Thrown.Position at) {
                    if (!s.held().get(seat).contains(at.position())) {
                        throw new IllegalMove("position " + at.position() + " is not a card " + s.names().get(seat)
                                + " holds face-down");
                    }
                    if (s.hand().phase() != GinHand.Phase.DISCARD) {
                        throw new IllegalMove("a turn ends with a discard only after the draw");
                    }
                    return s.with(s.hand(), s.held(), s.mine(), end);
                }
                Card card = ((Thrown.PublicCard) end.thrown()).card();
                if (!publiclyHeld(s, seat).contains(card)) {
                    throw new IllegalMove(card + " is not a card " + s.names().get(seat) + " took from the pile");
                }
                return showIfAllPublic(s.with(s.hand().apply(seat, engineMove(end.ending(), card)), s.held(), s.mine(),
                        null));
            }
            GinMove engine = move instanceof Move.TakeUpcard ? GinMove.TAKE_UPCARD
                    : move instanceof Move.Pass ? GinMove.PASS
                    : move instanceof Move.DrawStock ? GinMove.DRAW_STOCK : GinMove.TAKE_DISCARD;
            return s.with(s.hand().apply(seat, engine), s.held(), s.mine(), null);
        } catch (IllegalArgumentException | IllegalStateException illegal) {
            throw new IllegalMove(illegal.getMessage());
        }
    }

    // ---- Encoding: a tag; for a turn's end, the ending, then a position (u8) or a public card (u8).

    private static final int TAKE_UPCARD = 0;
    private static final int PASS = 1;
    private static final int DRAW_STOCK = 2;
    private static final int TAKE_DISCARD = 3;
    private static final int END_TURN = 4;
    private static final int BY_POSITION = 0;
    private static final int BY_CARD = 1;

    @Override
    public byte[] encode(Move move) {
        WireWriter w = new WireWriter();
        if (move instanceof Move.EndTurn end) {
            w.u8(END_TURN).u8(end.ending().ordinal());
            if (end.thrown() instanceof Thrown.Position at) {
                w.u8(BY_POSITION).u8(at.position());
            } else {
                w.u8(BY_CARD).u8(((Thrown.PublicCard) end.thrown()).card().index());
            }
            return w.toBytes();
        }
        int tag = move instanceof Move.TakeUpcard ? TAKE_UPCARD : move instanceof Move.Pass ? PASS
                : move instanceof Move.DrawStock ? DRAW_STOCK : TAKE_DISCARD;
        return w.u8(tag).toBytes();
    }

    @Override
    public Move decode(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int tag = r.u8();
        Move move = switch (tag) {
            case TAKE_UPCARD -> Move.TAKE_UPCARD;
            case PASS -> Move.PASS;
            case DRAW_STOCK -> Move.DRAW_STOCK;
            case TAKE_DISCARD -> Move.TAKE_DISCARD;
            case END_TURN -> {
                int ending = r.u8();
                if (ending >= Ending.values().length) {
                    throw new MalformedMessageException("no turn ending " + ending);
                }
                int kind = r.u8();
                int value = r.u8();
                if (value >= Card.DECK_SIZE || kind > BY_CARD) {
                    throw new MalformedMessageException("a thrown card is a position or a card from 0 to 51");
                }
                Thrown thrown = kind == BY_POSITION ? new Thrown.Position(value) : new Thrown.PublicCard(Card.ofIndex(value));
                yield new Move.EndTurn(Ending.values()[ending], thrown);
            }
            default -> throw new MalformedMessageException("no gin rummy move " + tag);
        };
        r.end();
        return move;
    }

    @Override
    public String describe(Move move) {
        if (move instanceof Move.EndTurn end) {
            // A card thrown from the hand is face down until the deck opens it on the pile, so the move alone names
            // no card; the deck's position means nothing to a player.
            String what = end.thrown() instanceof Thrown.Position ? "a card from the hand"
                    : ((Thrown.PublicCard) end.thrown()).card().toString();
            return end.ending().name().toLowerCase() + " " + what;
        }
        return move instanceof Move.TakeUpcard ? "take-upcard" : move instanceof Move.Pass ? "pass"
                : move instanceof Move.DrawStock ? "draw-stock" : "take-discard";
    }

    /** A move in a seat's own words: the card it throws by name, as {@link GinMove#parse} reads it. */
    public String describe(State view, int seat, Move move) {
        if (move instanceof Move.EndTurn end && end.thrown() instanceof Thrown.Position at && view.mine().containsKey(at.position())) {
            return end.ending().name().toLowerCase() + " " + view.mine().get(at.position());
        }
        return describe(move);
    }

    @Override
    public Outcome outcome(State s) {
        GinMatch match = s.match();
        Optional<GinResult> last = s.hand().result();
        if (last.isPresent() && !(next(s) instanceof Next.RoundOver)) {
            match = match.record(last.get());
        }
        List<Integer> totals = match.isOver() ? match.finalTotals() : match.scores();
        String standing = s.names().get(0) + " " + totals.get(0) + ", " + s.names().get(1) + " " + totals.get(1);
        if (match.isOver()) {
            int winner = match.winner().orElseThrow();
            return new Outcome(totals, standing + "; " + s.names().get(winner) + " wins the match");
        }
        return new Outcome(totals, standing + (next(s) instanceof Next.GameOver ? "; the match stops after "
                + s.hands() + " hands" : ""));
    }

    @Override
    public TablePlayer<State, Move> bot(RandomGenerator random) {
        return (view, seat, legal) -> {
            GinMove choice = GinBot.choose(view.hand(), random);
            return toTableMove(view, seat, choice).orElseThrow(
                    () -> new IllegalStateException("the bot chose a card its seat does not hold: " + choice));
        };
    }

    @Override
    public List<String> render(State view, int seat, List<String> names) {
        GinHand hand = view.hand();
        List<String> lines = new ArrayList<>();
        lines.add("hand " + view.hands() + ", " + names.get(hand.dealer()) + " dealt; scores " + names.get(0) + " "
                + view.match().scores().get(0) + ", " + names.get(1) + " " + view.match().scores().get(1));
        if (seat >= 0) {
            lines.add("your cards: " + hand.hand(seat).stream().sorted().map(Card::toString).collect(Collectors.joining(" ")));
        }
        // An observer (seat -1) counts both hands and reads only the cards the table opened.
        for (int other = 0; other < 2; other++) {
            if (other != seat) {
                List<Card> known = hand.hand(other);
                lines.add(names.get(other) + ": " + hand.handSize(other) + " cards" + (known.isEmpty() ? ""
                        : ", known " + known.stream().map(Card::toString).collect(Collectors.joining(" "))));
            }
        }
        lines.add("discard pile: " + hand.topDiscard().map(c -> c + " on top").orElse("empty") + "; stock "
                + hand.stockSize());
        hand.result().ifPresent(r -> lines.add("hand over: " + r));
        return lines;
    }

    @Override
    public Move parse(String words, State view, int seat) {
        String text = words.strip().toLowerCase();
        String normalised = switch (text) {
            case "take", "take upcard", "take-upcard" -> view.hand().phase() == GinHand.Phase.UPCARD_OFFER
                    ? "take-upcard" : "take-discard";
            case "draw", "draw stock", "draw-stock", "stock" -> "draw-stock";
            case "take discard", "take-discard" -> "take-discard";
            default -> text;
        };
        GinMove move;
        try {
            move = GinMove.parse(normalised);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("type take, pass, draw, take-discard, discard CARD, knock CARD or gin "
                    + "CARD (a card such as 7h or Td)");
        }
        Optional<Move> table = toTableMove(view, seat, move);
        if (table.isEmpty() || !legal(view, seat).contains(table.get())) {
            throw new IllegalArgumentException("not allowed now: " + words.strip() + "; allowed: "
                    + legal(view, seat).stream().map(m -> describe(view, seat, m)).collect(Collectors.joining(", ")));
        }
        return table.get();
    }
}
