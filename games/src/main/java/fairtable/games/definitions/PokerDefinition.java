package fairtable.games.definitions;

import fairtable.games.cards.Card;
import fairtable.games.poker.Action;
import fairtable.games.poker.LegalActions;
import fairtable.games.poker.Pending;
import fairtable.games.poker.PokerBot;
import fairtable.games.poker.PokerGame;
import fairtable.games.poker.PokerHand;
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
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * What Hold'em and five-card draw share on the table protocol: a match of no-limit hands on one 52-card deck a
 * hand, driven by the variant's pure engine. The button deals the private cards in one deal, round-robin from
 * the seat the engine asks for first, and opens the board; a drawing player discards the positions it named
 * face-down, then is dealt as many; a player who shows at showdown proves every card it holds, and the engine
 * learns them from the public cards. Every private card a view cannot read goes into its engine hidden, so the
 * public judge and each seat's own view run these same functions.
 *
 * <p>Options (canonical): u32 hands, u32 stack, u32 small blind, u32 big blind.
 */
abstract class PokerDefinition<G extends PokerGame<G, ?>> implements GameDefinition<PokerState<G>, PokerMove> {
    static final int DECK = Card.DECK_SIZE;
    static final int DEFAULT_HANDS = 3;
    static final int DEFAULT_STACK = 1000;
    static final int DEFAULT_SMALL_BLIND = 10;
    static final int DEFAULT_BIG_BLIND = 20;
    static final int MAX_HANDS = 100_000;
    /** Every pot and bet is an int: the chips on a table stay well inside its range. */
    static final int MAX_CHIPS = 1 << 30;
    /** Monte-Carlo deals per bot decision, as the play command's bots use. */
    static final int BOT_SAMPLES = 300;

    /** The variant's first hand, the button at seat 0; throws IllegalArgumentException for stakes it refuses. */
    abstract G start(int[] stacks, int smallBlind, int bigBlind);

    /** How many players a table has unless told otherwise. */
    abstract int defaultPlayers();

    @Override
    public int deckSize() {
        return DECK;
    }

    // ---- Options.

    @Override
    public Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("players", Integer.toString(defaultPlayers()));
        d.put("hands", Integer.toString(DEFAULT_HANDS));
        d.put("stack", Integer.toString(DEFAULT_STACK));
        d.put("blinds", DEFAULT_SMALL_BLIND + "/" + DEFAULT_BIG_BLIND);
        return d;
    }

    @Override
    public byte[] options(Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>(defaults());
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (!all.containsKey(e.getKey())) {
                throw new IllegalArgumentException("unknown setting '" + e.getKey() + "' for " + name() + ": "
                        + String.join(", ", all.keySet()));
            }
            all.put(e.getKey(), e.getValue());
        }
        int players = number(all, "players");
        if (players < minSeats() || players > maxSeats()) {
            throw new IllegalArgumentException(name() + " is for " + minSeats() + " to " + maxSeats() + " players, not "
                    + players);
        }
        String[] blinds = all.get("blinds").split("/", -1);
        if (blinds.length != 2) {
            throw new IllegalArgumentException("blinds are small/big, like 10/20, not '" + all.get("blinds") + "'");
        }
        byte[] options = options(number(all, "hands"), number(all, "stack"), parse("blinds", blinds[0]),
                parse("blinds", blinds[1]));
        try {
            check(players, options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(refused.getMessage());
        }
        return options;
    }

    /** The canonical options. */
    static byte[] options(int hands, int stack, int smallBlind, int bigBlind) {
        return new WireWriter().u32(hands).u32(stack).u32(smallBlind).u32(bigBlind).toBytes();
    }

    private static int number(Map<String, String> settings, String name) {
        return parse(name, settings.get(name));
    }

    private static int parse(String name, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
    }

    private record Stakes(int hands, int stack, int smallBlind, int bigBlind) {}

    private Stakes check(int players, byte[] options) throws IllegalMove {
        Stakes stakes;
        try {
            WireReader r = new WireReader(options);
            stakes = new Stakes(r.count(Integer.MAX_VALUE, "hands"), r.count(Integer.MAX_VALUE, "the stack"),
                    r.count(Integer.MAX_VALUE, "the small blind"), r.count(Integer.MAX_VALUE, "the big blind"));
            r.end();
        } catch (MalformedMessageException m) {
            throw new IllegalMove("the options are hands, stack, small and big blind (four u32): " + m.getMessage());
        }
        if (stakes.hands() < 1 || stakes.hands() > MAX_HANDS) {
            throw new IllegalMove("1 to " + MAX_HANDS + " hands, not " + stakes.hands());
        }
        if (stakes.smallBlind() < 1 || stakes.bigBlind() < stakes.smallBlind()) {
            throw new IllegalMove("blinds with 0 < small <= big, not " + stakes.smallBlind() + "/" + stakes.bigBlind());
        }
        if (stakes.stack() < 2 * (long) stakes.bigBlind()) {
            throw new IllegalMove("a stack of at least two big blinds (" + 2L * stakes.bigBlind() + "), not "
                    + stakes.stack());
        }
        if ((long) stakes.stack() * players > MAX_CHIPS) {
            throw new IllegalMove("at most " + MAX_CHIPS + " chips on the table, not " + stakes.stack() + " for each of "
                    + players);
        }
        return stakes;
    }

    // ---- The rules.

    @Override
    public PokerState<G> setup(List<String> names, byte[] options) throws IllegalMove {
        if (names.size() < minSeats() || names.size() > maxSeats()) {
            throw new IllegalMove(name() + " is for " + minSeats() + " to " + maxSeats() + " players, not " + names.size());
        }
        Stakes stakes = check(names.size(), options);
        int[] stacks = new int[names.size()];
        Arrays.fill(stacks, stakes.stack());
        try {
            return PokerState.fresh(names, stakes.hands(), start(stacks, stakes.smallBlind(), stakes.bigBlind()));
        } catch (IllegalArgumentException refused) {
            throw new IllegalMove(refused.getMessage());
        }
    }

    @Override
    public Next next(PokerState<G> s) {
        PokerHand hand = s.hand();
        if (s.showing() >= 0) {
            return new Next.Deck(s.showing(), new DeckCall.Show(s.held().get(s.showing())));
        }
        Pending pending = hand.pending();
        if (pending instanceof Pending.ReplacementCards draw) {
            return s.discarding().isEmpty()
                    ? new Next.Deck(draw.seat(), new DeckCall.Deal(List.of(draw.seat()), draw.count()))
                    : new Next.Deck(draw.seat(), new DeckCall.Discard(s.discarding().get(0), false));
        }
        if (pending instanceof Pending.HoleCards hole) {
            return new Next.Deck(hand.button(), new DeckCall.Deal(dealOrder(hand, hole.seat()), hole.count()));
        }
        if (pending instanceof Pending.BoardCards board) {
            return new Next.Deck(hand.button(), new DeckCall.Open(board.count()));
        }
        if (pending instanceof Pending.ActionFrom from) {
            return new Next.Move(from.seat());
        }
        return isOver(s) ? new Next.GameOver() : new Next.RoundOver();
    }

    private static boolean isOver(PokerState<?> s) {
        return s.hand().isComplete() && (s.game().handNumber() >= s.hands() || s.game().isOver());
    }

    /** Every seat in the hand, from {@code first} round the table: the order the engine asks for their cards. */
    private static List<Integer> dealOrder(PokerHand hand, int first) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < hand.seats(); k++) {
            int seat = (first + k) % hand.seats();
            if (!hand.hasFolded(seat)) {
                order.add(seat);
            }
        }
        return order;
    }

    @Override
    public PokerState<G> nextRound(PokerState<G> s) {
        return PokerState.fresh(s.names(), s.hands(), s.game().nextHand());
    }

    @Override
    public PokerState<G> afterDeck(PokerState<G> s, DeckEvent event, Cards known) throws IllegalMove {
        try {
            return deckDone(s, event, known);
        } catch (IllegalArgumentException | IllegalStateException refused) {
            throw new IllegalMove(refused.getMessage());
        }
    }

    private PokerState<G> deckDone(PokerState<G> s, DeckEvent event, Cards known) throws IllegalMove {
        if (event instanceof DeckEvent.Dealt dealt) {
            PokerState<G> after = s;
            for (int i = 0; i < dealt.recipients().size(); i++) {
                int to = dealt.recipients().get(i);
                List<Integer> positions = dealt.positions().get(i);
                Pending pending = after.hand().pending();
                boolean asked = pending instanceof Pending.HoleCards h && h.seat() == to && h.count() == positions.size()
                        || pending instanceof Pending.ReplacementCards r && r.seat() == to
                                && r.count() == positions.size() && after.discarding().isEmpty();
                if (!asked) {
                    throw new IllegalMove("a deal of " + positions.size() + " to " + s.names().get(to)
                            + " while the hand waits for " + pending);
                }
                Map<Integer, Integer> cards = read(positions, known);
                if (!cards.isEmpty() && cards.size() != positions.size()) {
                    throw new IllegalMove("a deal this view reads only part of");
                }
                G game = cards.isEmpty() ? after.game().dealHidden()
                        : after.game().deal(positions.stream().map(p -> Card.ofIndex(cards.get(p))).toList());
                after = after.withGame(game).dealt(to, positions, cards);
            }
            return after;
        }
        if (event instanceof DeckEvent.Opened opened) {
            Map<Integer, Integer> cards = readAll(opened.positions(), known, "opened cards");
            G game = s.game().deal(opened.positions().stream().map(p -> Card.ofIndex(cards.get(p))).toList());
            return s.withGame(game).opened(opened.positions(), cards);
        }
        if (event instanceof DeckEvent.Discarded discarded) {
            if (s.discarding().isEmpty() || discarded.faceUp() || discarded.position() != s.discarding().get(0)
                    || !(s.hand().pending() instanceof Pending.ReplacementCards r) || r.seat() != discarded.seat()) {
                throw new IllegalMove("a discard the draw did not name");
            }
            return s.discarded(discarded.seat(), discarded.position());
        }
        DeckEvent.Shown shown = (DeckEvent.Shown) event;
        if (shown.seat() != s.showing() || !shown.positions().equals(s.held().get(shown.seat()))) {
            throw new IllegalMove("a show of other cards than the hand " + s.names().get(shown.seat()) + " holds");
        }
        Map<Integer, Integer> cards = readAll(shown.positions(), known, "shown cards");
        List<Card> hand = shown.positions().stream().map(p -> Card.ofIndex(cards.get(p))).toList();
        return s.withShowing(-1).withGame(s.game().apply(new Action.Show(hand))).read(cards);
    }

    private static Map<Integer, Integer> read(List<Integer> positions, Cards known) {
        Map<Integer, Integer> cards = new HashMap<>();
        for (int p : positions) {
            int card = known.at(p);
            if (card >= 0) {
                cards.put(p, card);
            }
        }
        return cards;
    }

    private static Map<Integer, Integer> readAll(List<Integer> positions, Cards known, String what) throws IllegalMove {
        Map<Integer, Integer> cards = read(positions, known);
        if (cards.size() != positions.size()) {
            throw new IllegalMove(what + " nobody can read");
        }
        return cards;
    }

    /**
     * {@inheritDoc} A bet or raise may be any amount from the smallest to the all-in: the list holds those two
     * ({@link #play} allows every amount between). A draw is listed as every set of 0 to 3 held positions.
     */
    @Override
    public List<PokerMove> legal(PokerState<G> s, int seat) {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            return List.of();
        }
        LegalActions legal = s.hand().legalActions();
        List<PokerMove> moves = new ArrayList<>();
        boolean draws = false;
        for (Action a : legal.choices()) {
            if (a instanceof Action.Draw || a instanceof Action.DrawUnseen) {
                draws = true;
            } else {
                moves.add(toMove(a));
            }
        }
        if (draws) {
            moves.addAll(allDraws(s.held().get(seat)));
        }
        if (legal.canRaise()) {
            moves.add(new PokerMove.RaiseTo(legal.minRaiseTo()));
            if (legal.maxRaiseTo() != legal.minRaiseTo()) {
                moves.add(new PokerMove.RaiseTo(legal.maxRaiseTo()));
            }
        }
        return moves;
    }

    private static List<PokerMove> allDraws(List<Integer> held) {
        List<PokerMove> draws = new ArrayList<>();
        for (int subset = 0; subset < 1 << held.size(); subset++) {
            if (Integer.bitCount(subset) <= PokerMove.MAX_DRAW) {
                List<Integer> thrown = new ArrayList<>();
                for (int i = 0; i < held.size(); i++) {
                    if ((subset >>> i & 1) != 0) {
                        thrown.add(held.get(i));
                    }
                }
                draws.add(new PokerMove.Draw(thrown));
            }
        }
        return draws;
    }

    private static PokerMove toMove(Action a) {
        if (a instanceof Action.Fold) {
            return PokerMove.FOLD;
        }
        if (a instanceof Action.Check) {
            return PokerMove.CHECK;
        }
        if (a instanceof Action.Call) {
            return PokerMove.CALL;
        }
        if (a instanceof Action.RaiseTo raise) {
            return new PokerMove.RaiseTo(raise.amount());
        }
        if (a instanceof Action.Show) {
            return PokerMove.SHOW;
        }
        if (a instanceof Action.Muck) {
            return PokerMove.MUCK;
        }
        throw new IllegalArgumentException("no single move for " + a);
    }

    @Override
    public PokerState<G> play(PokerState<G> s, int seat, PokerMove move) throws IllegalMove {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            throw new IllegalMove("not " + s.names().get(seat) + "'s move");
        }
        PokerHand hand = s.hand();
        LegalActions legal = hand.legalActions();
        boolean drawing = legal.choices().stream().anyMatch(a -> a instanceof Action.Draw || a instanceof Action.DrawUnseen);
        if (move instanceof PokerMove.Draw draw) {
            if (!drawing) {
                throw new IllegalMove("may not draw now; legal: " + options(s, seat));
            }
            if (!s.held().get(seat).containsAll(draw.positions())) {
                throw new IllegalMove("may not draw positions " + draw.positions() + ": "
                        + s.names().get(seat) + " holds " + s.held().get(seat));
            }
            Action action = hand.isHidden(seat) ? new Action.DrawUnseen(draw.positions().size())
                    : new Action.Draw(draw.positions().stream().map(s::cardAt).toList());
            return apply(s, action).withDiscarding(draw.positions());
        }
        if (drawing) {
            throw new IllegalMove("may not " + PokerMove.describe(move) + " in the draw; legal: draw 0 to "
                    + PokerMove.MAX_DRAW + " of positions " + s.held().get(seat));
        }
        if (move instanceof PokerMove.RaiseTo raise && legal.canRaise() && raise.amount() < legal.minRaiseTo()) {
            throw new IllegalMove("a raise to " + raise.amount() + " is below the minimum raise to " + legal.minRaiseTo());
        }
        Action action = toAction(move);
        if (!legal.allows(action)) {
            throw new IllegalMove("may not " + PokerMove.describe(move) + " now; legal: " + options(s, seat));
        }
        // A show is carried by the deck first: the engine learns the cards from the proof (afterDeck).
        return move instanceof PokerMove.Show ? s.withShowing(seat) : apply(s, action);
    }

    /** The engine's action for a betting or showdown move (a show names no cards: the deck proves them). */
    private static Action toAction(PokerMove move) {
        if (move instanceof PokerMove.Fold) {
            return new Action.Fold();
        }
        if (move instanceof PokerMove.Check) {
            return new Action.Check();
        }
        if (move instanceof PokerMove.Call) {
            return new Action.Call();
        }
        if (move instanceof PokerMove.RaiseTo raise) {
            return new Action.RaiseTo(raise.amount());
        }
        return move instanceof PokerMove.Show ? new Action.Show(List.of()) : new Action.Muck();
    }

    private PokerState<G> apply(PokerState<G> s, Action action) throws IllegalMove {
        try {
            return s.withGame(s.game().apply(action));
        } catch (IllegalArgumentException | IllegalStateException refused) {
            throw new IllegalMove(refused.getMessage());
        }
    }

    /** The legal moves in words, e.g. "fold | call 20 | raise 40..980 | all-in". */
    String options(PokerState<G> s, int seat) {
        PokerHand hand = s.hand();
        LegalActions legal = hand.legalActions();
        List<String> parts = new ArrayList<>();
        for (Action a : legal.choices()) {
            if (a instanceof Action.Call) {
                parts.add("call " + Math.min(hand.currentBet() - hand.committedThisRound(seat), hand.stacks()[seat]));
            } else if (a instanceof Action.Draw || a instanceof Action.DrawUnseen) {
                if (parts.isEmpty()) {
                    parts.add("draw CARDS (0 to 3 of yours to throw, e.g. \"draw 7c 2s\" or \"draw 1 4\"; \"draw\" stands pat)");
                }
            } else {
                parts.add(a.toString());
            }
        }
        if (legal.canRaise()) {
            String verb = hand.currentBet() == 0 ? "bet " : "raise ";
            parts.add(legal.minRaiseTo() == legal.maxRaiseTo() ? verb + legal.maxRaiseTo()
                    : verb + legal.minRaiseTo() + ".." + legal.maxRaiseTo());
            parts.add("all-in");
        }
        return String.join(" | ", parts);
    }

    @Override
    public byte[] encode(PokerMove move) {
        return PokerMove.toBytes(move);
    }

    @Override
    public PokerMove decode(byte[] bytes) throws MalformedMessageException {
        return PokerMove.fromBytes(bytes, DECK);
    }

    @Override
    public String describe(PokerMove move) {
        return PokerMove.describe(move);
    }

    @Override
    public Outcome outcome(PokerState<G> s) {
        int[] stacks = s.hand().stacks();
        List<Integer> totals = Arrays.stream(stacks).boxed().toList();
        List<String> parts = new ArrayList<>();
        for (int seat = 0; seat < stacks.length; seat++) {
            parts.add(s.names().get(seat) + " " + stacks[seat]);
        }
        String text = String.join(", ", parts);
        if (isOver(s)) {
            int best = Arrays.stream(stacks).max().orElse(0);
            List<String> leaders = new ArrayList<>();
            for (int seat = 0; seat < stacks.length; seat++) {
                if (stacks[seat] == best) {
                    leaders.add(s.names().get(seat));
                }
            }
            text += leaders.size() == 1 ? "; " + leaders.get(0) + " wins" : "; " + String.join(" and ", leaders) + " tie";
        }
        return new Outcome(totals, text);
    }

    // ---- Players.

    @Override
    public TablePlayer<PokerState<G>, PokerMove> bot(RandomGenerator random) {
        PokerBot bot = new PokerBot(random, BOT_SAMPLES);
        return (view, seat, legal) -> {
            Action action = bot.choose(view.hand());
            if (action instanceof Action.Draw draw) {
                List<Integer> positions = new ArrayList<>();
                for (int p : view.held().get(seat)) {
                    if (draw.discards().contains(view.cardAt(p))) {
                        positions.add(p);
                    }
                }
                return new PokerMove.Draw(positions);
            }
            return toMove(action);
        };
    }

    @Override
    public List<String> render(PokerState<G> view, int seat, List<String> names) {
        PokerHand hand = view.hand();
        List<String> lines = new ArrayList<>();
        lines.add("hand " + view.game().handNumber() + " of " + view.hands() + ", button " + names.get(hand.button())
                + ", pot " + hand.pot());
        if (!view.board().isEmpty()) {
            lines.add("board " + cards(view, view.board()));
        }
        int[] stacks = hand.stacks();
        for (int s = 0; s < stacks.length; s++) {
            String status = hand.hasFolded(s) ? (view.held().get(s).isEmpty() ? " out" : " folded") : "";
            String held = view.held().get(s).isEmpty() || hand.hasFolded(s) ? "" : ": " + cards(view, view.held().get(s));
            lines.add(names.get(s) + (s == seat ? " (you)" : "") + markers(hand, s) + " " + stacks[s] + status + held);
        }
        Next next = next(view);
        if (next instanceof Next.Move m) {
            lines.add(m.seat() == seat ? "your move: " + options(view, seat) : names.get(m.seat()) + "'s move");
        } else if (next instanceof Next.GameOver) {
            lines.add("over: " + outcome(view).text());
        }
        return lines;
    }

    /** The dealer's button and, in Hold'em, the blinds this hand: " [D]", " [SB]", " [BB]", heads-up " [D SB]". */
    private static String markers(PokerHand hand, int seat) {
        List<String> marks = new ArrayList<>();
        if (seat == hand.button()) {
            marks.add("D");
        }
        if (hand instanceof fairtable.games.poker.HoldemHand holdem) {
            if (seat == holdem.smallBlindSeat()) {
                marks.add("SB");
            }
            if (seat == holdem.bigBlindSeat()) {
                marks.add("BB");
            }
        }
        return marks.isEmpty() ? "" : " [" + String.join(" ", marks) + "]";
    }

    private static String cards(PokerState<?> view, List<Integer> positions) {
        List<String> out = new ArrayList<>();
        for (int p : positions) {
            Card card = view.cardAt(p);
            out.add(card == null ? "??" : card.toString());
        }
        return String.join(" ", out);
    }

    /**
     * A move typed as today's terminal and mail tables accept it: "fold", "check", "call" (or "call 20" when 20
     * is what calling costs), "bet 60" or "raise 60" (to a total of 60 this round), "all-in", "show", "muck",
     * "draw" (stand pat), "draw 7c 2s" (throw those cards) or "draw 1 4" (throw the first and fourth held card).
     */
    @Override
    public PokerMove parse(String words, PokerState<G> view, int seat) {
        if (!(next(view) instanceof Next.Move m) || m.seat() != seat) {
            throw new IllegalArgumentException("not your move: the table awaits " + describeNext(view));
        }
        String typed = words.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        String[] parts = typed.split(" ", 2);
        String rest = parts.length > 1 ? parts[1] : "";
        PokerHand hand = view.hand();
        PokerMove move = switch (parts[0]) {
            case "fold" -> noArgument(PokerMove.FOLD, rest, typed);
            case "check" -> noArgument(PokerMove.CHECK, rest, typed);
            case "show" -> noArgument(PokerMove.SHOW, rest, typed);
            case "muck" -> noArgument(PokerMove.MUCK, rest, typed);
            case "call" -> {
                int toCall = Math.min(hand.currentBet() - hand.committedThisRound(seat), hand.stacks()[seat]);
                if (!rest.isEmpty() && !rest.equals(Integer.toString(toCall))) {
                    throw new IllegalArgumentException("calling costs " + toCall + " now, not " + rest);
                }
                yield PokerMove.CALL;
            }
            case "all-in" -> {
                LegalActions legal = hand.legalActions();
                if (!legal.canRaise()) {
                    throw new IllegalArgumentException("no raise is allowed now; legal: " + options(view, seat));
                }
                yield noArgument(new PokerMove.RaiseTo(legal.maxRaiseTo()), rest, typed);
            }
            case "bet", "raise" -> new PokerMove.RaiseTo(amount(rest, typed));
            case "draw" -> new PokerMove.Draw(discards(view, seat, rest));
            default -> throw new IllegalArgumentException("unknown move \"" + words.strip() + "\"; legal: "
                    + options(view, seat));
        };
        try {
            play(view, seat, move);
        } catch (IllegalMove illegal) {
            throw new IllegalArgumentException(illegal.getMessage());
        }
        return move;
    }

    private String describeNext(PokerState<G> view) {
        Next next = next(view);
        return next instanceof Next.Move m ? view.names().get(m.seat()) + "'s move" : "no move";
    }

    private static PokerMove noArgument(PokerMove move, String rest, String typed) {
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException("\"" + typed.split(" ")[0] + "\" takes no argument, got \"" + typed + "\"");
        }
        return move;
    }

    private static int amount(String rest, String typed) {
        try {
            int value = Integer.parseInt(rest);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("\"" + typed + "\" needs a positive whole amount, like raise 60");
    }

    /** The held positions named by cards ("7c 2s") or by their places in the hand from 1 ("1 4"). */
    private static List<Integer> discards(PokerState<?> view, int seat, String rest) {
        List<Integer> held = view.held().get(seat);
        List<Integer> positions = new ArrayList<>();
        if (rest.isEmpty()) {
            return positions;
        }
        for (String token : rest.split("[ ,]+")) {
            int position;
            if (token.chars().allMatch(Character::isDigit)) {
                int place = Integer.parseInt(token);
                if (place < 1 || place > held.size()) {
                    throw new IllegalArgumentException("your hand has places 1 to " + held.size() + ", not " + token);
                }
                position = held.get(place - 1);
            } else {
                Card card = Card.parse(token);
                position = held.stream().filter(p -> card.equals(view.cardAt(p))).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("you do not hold " + card));
            }
            if (positions.contains(position)) {
                throw new IllegalArgumentException("\"" + token + "\" is named twice");
            }
            positions.add(position);
        }
        if (positions.size() > PokerMove.MAX_DRAW) {
            throw new IllegalArgumentException("draw at most " + PokerMove.MAX_DRAW + " cards, not " + positions.size());
        }
        return positions;
    }
}
