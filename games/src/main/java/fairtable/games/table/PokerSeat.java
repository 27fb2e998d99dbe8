package fairtable.games.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.games.poker.Action;
import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HandValue;
import fairtable.games.poker.HoldemGame;
import fairtable.games.poker.HoldemRules;
import fairtable.games.poker.Pending;
import fairtable.games.poker.PokerHand;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * A poker seat (no-limit Texas Hold'em or five-card draw) over the verifiable deck, 52 cards, one deck
 * session per hand. The button deals: the hole cards (or five-card hands) in one deck deal, round-robin from
 * the seat the engine asks for first, and the board with deck opens. A drawing player discards face-down and
 * draws its replacements from the deck, declaring only how many. At showdown a player proves its cards with
 * the deck's show and names them; every other seat checks the named cards are the proved ones. Folded and
 * mucked hands are never shown.
 */
public final class PokerSeat extends Seat {
    /** The 52-card deck. */
    public static final int DECK_SIZE = Card.DECK_SIZE;

    /** The multi-hand game, Hold'em or draw, as one seat's engine. */
    interface Engine {
        PokerHand hand();

        Engine apply(Action action);

        Engine deal(List<Card> cards);

        Engine dealHidden();

        Engine nextHand();

        boolean isOver();
    }

    record Holdem(HoldemGame game) implements Engine {
        public PokerHand hand() {
            return game.hand();
        }

        public Engine apply(Action action) {
            return new Holdem(game.apply(action));
        }

        public Engine deal(List<Card> cards) {
            return new Holdem(game.deal(cards));
        }

        public Engine dealHidden() {
            return new Holdem(game.dealHidden());
        }

        public Engine nextHand() {
            return new Holdem(game.nextHand());
        }

        public boolean isOver() {
            return game.isOver();
        }
    }

    record Draw(DrawGame game) implements Engine {
        public PokerHand hand() {
            return game.hand();
        }

        public Engine apply(Action action) {
            return new Draw(game.apply(action));
        }

        public Engine deal(List<Card> cards) {
            return new Draw(game.deal(cards));
        }

        public Engine dealHidden() {
            return new Draw(game.dealHidden());
        }

        public Engine nextHand() {
            return new Draw(game.nextHand());
        }

        public boolean isOver() {
            return game.isOver();
        }
    }

    private final Engine first;
    private final PokerPlayer player;
    private Engine engine;
    private final Map<Integer, List<Card>> proved = new HashMap<>();
    private List<Card> myDiscards = List.of();
    private int discardsSeen;
    private final List<RoundReport> reports = new ArrayList<>();

    private PokerSeat(int seat, List<String> names, SigningKey signingKey, RandomGenerator random, int hands,
            Engine first, PokerPlayer player) {
        super(seat, names, signingKey, random, hands);
        this.first = first;
        this.player = Objects.requireNonNull(player);
    }

    /** A Hold'em seat; every seat of the table must be built with the same stacks, blinds and hand count. */
    public static PokerSeat holdem(int seat, List<String> names, SigningKey signingKey, RandomGenerator random,
            HoldemRules rules, int[] stacks, int hands, PokerPlayer player) {
        requireStacks(stacks, names);
        return new PokerSeat(seat, names, signingKey, random, hands, new Holdem(HoldemGame.start(rules, stacks, 0)),
                player);
    }

    /** A five-card draw seat; every seat of the table must be built with the same stacks, blinds and hand count. */
    public static PokerSeat draw(int seat, List<String> names, SigningKey signingKey, RandomGenerator random,
            DrawRules rules, int[] stacks, int hands, PokerPlayer player) {
        requireStacks(stacks, names);
        return new PokerSeat(seat, names, signingKey, random, hands, new Draw(DrawGame.start(rules, stacks, 0)),
                player);
    }

    private static void requireStacks(int[] stacks, List<String> names) {
        if (stacks.length != names.size()) {
            throw new IllegalArgumentException(stacks.length + " stacks for " + names.size() + " players");
        }
    }

    @Override
    protected String turn() {
        if (engine == null || !(engine.hand().pending() instanceof Pending.ActionFrom from)) {
            return null;
        }
        return (from.seat() == seat() ? "your decision" : nameOf(from.seat()) + "'s decision") + " (fold, check, call, "
                + "raise, draw or show, as the hand allows)";
    }

    /** This seat's own engine: its cards, the board, the bets; every other seat's private cards hidden. */
    public PokerHand view() {
        return engine.hand();
    }

    /** Every finished hand, as this seat saw it. */
    public List<RoundReport> reports() {
        return Collections.unmodifiableList(reports);
    }

    @Override
    protected int deckSize() {
        return DECK_SIZE;
    }

    @Override
    protected void beginRound(int round) {
        engine = round == 1 ? first : engine.nextHand();
        proved.clear();
        myDiscards = List.of();
        discardsSeen = 0;
        tell("hand " + round + ": stacks " + stacksText(engine.hand().stacks()) + ", button " + nameOf(engine.hand().button()));
    }

    @Override
    protected boolean roundOver() {
        return engine.hand().isComplete();
    }

    @Override
    protected boolean gameOver() {
        return engine.isOver();
    }

    @Override
    protected void roundFinished() {
        PokerHand hand = engine.hand();
        int[] won = hand.payouts();
        int pot = Arrays.stream(won).sum();
        List<String> winners = new ArrayList<>();
        for (int s = 0; s < won.length; s++) {
            if (won[s] > 0) {
                HandValue value = hand.shownHands().get(s);
                winners.add(nameOf(s) + " wins " + won[s] + (value == null ? "" : " with " + value.describe()));
            }
        }
        List<String> shown = new ArrayList<>();
        for (Map.Entry<Integer, HandValue> e : hand.shownHands().entrySet()) {
            shown.add(nameOf(e.getKey()) + " " + Card.format(hand.privateCards(e.getKey()).stream().sorted().toList()));
        }
        for (int s = 0; s < won.length; s++) {
            if (hand.mucked(s)) {
                shown.add(nameOf(s) + " mucks");
            }
        }
        String summary = "hand " + round() + ": pot " + pot + "; " + String.join(", ", winners)
                + (hand.board().isEmpty() ? "" : "; board " + Card.format(hand.board()))
                + (shown.isEmpty() ? "; no showdown" : "; shown: " + String.join(", ", shown));
        int[] stacks = hand.stacks();
        reports.add(new RoundReport(round(), summary, Arrays.stream(stacks).boxed().toList()));
        tell(summary);
    }

    @Override
    protected List<TableMessage> act() {
        PokerHand hand = engine.hand();
        Pending pending = hand.pending();
        int me = seat();
        if (pending instanceof Pending.HoleCards hole) {
            return hand.button() == me ? wrap(deck().deal(dealOrder(hand, hole.seat()), hole.count())) : List.of();
        }
        if (pending instanceof Pending.BoardCards board) {
            return hand.button() == me ? wrap(deck().open(board.count())) : List.of();
        }
        if (pending instanceof Pending.ReplacementCards replace && replace.seat() == me) {
            List<TableMessage> out = new ArrayList<>();
            for (Card card : myDiscards) {
                out.addAll(wrap(deck().discard(myPosition(card.index()), false)));
            }
            out.addAll(wrap(deck().draw(replace.count())));
            return out;
        }
        if (pending instanceof Pending.ActionFrom from && from.seat() == me) {
            Action action = player.decide(hand);
            if (action == null) {
                return List.of(); // decided later: resume() asks again
            }
            if (!hand.legalActions().allows(action)) {
                throw new IllegalArgumentException(nameOf(me) + " chose an illegal action: " + action);
            }
            List<TableMessage> out = new ArrayList<>();
            String words;
            if (action instanceof Action.Show) {
                List<Integer> positions = deck().observer().heldBy(me).stream()
                        .filter(p -> deck().observer().place(p) == DeckObserver.Place.HELD).toList();
                List<Card> cards = hand.privateCards(me).stream().sorted().toList();
                out.addAll(wrap(deck().show(positions)));
                action = Action.show(cards);
                words = "show " + Card.format(cards);
            } else if (action instanceof Action.Draw draw) {
                myDiscards = draw.discards();
                words = "draw " + draw.discards().size();
            } else if (action instanceof Action.RaiseTo raise) {
                words = "raise " + raise.amount();
            } else {
                words = action.toString();
            }
            engine = engine.apply(action);
            tell(nameOf(me) + ": " + (action instanceof Action.Draw d ? d.toString() : words));
            out.add(declare(words));
            return out;
        }
        return List.of();
    }

    /** The seats to deal to, in the order the engine asks for them: every seat in the hand, from {@code first}. */
    private static List<Integer> dealOrder(PokerHand hand, int first) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < hand.seats(); k++) {
            int s = (first + k) % hand.seats();
            if (!hand.hasFolded(s)) {
                order.add(s);
            }
        }
        return order;
    }

    @Override
    protected void onDealt(List<Integer> recipients, List<List<Integer>> positions) throws ProtocolViolation {
        for (int i = 0; i < recipients.size(); i++) {
            int to = recipients.get(i);
            Pending pending = engine.hand().pending();
            int count = positions.get(i).size();
            boolean asked = pending instanceof Pending.HoleCards h && h.seat() == to && h.count() == count
                    || pending instanceof Pending.ReplacementCards r && r.seat() == to && r.count() == count;
            if (!asked) {
                throw violation(to, "dealt " + count + " cards to " + nameOf(to) + " while the hand waits for " + pending);
            }
            if (pending instanceof Pending.ReplacementCards && to != seat() && discardsSeen != count) {
                throw violation(to, nameOf(to) + " draws " + count + " after discarding " + discardsSeen);
            }
            if (to == seat()) {
                List<Card> cards = myCards(positions.get(i)).stream().map(Card::ofIndex).toList();
                engine = engine.deal(cards);
                tell((pending instanceof Pending.HoleCards ? "your cards: " : "you draw: ") + Card.format(cards));
            } else {
                engine = engine.dealHidden();
            }
            discardsSeen = 0;
        }
    }

    @Override
    protected void onOpened(List<Integer> positions) throws ProtocolViolation {
        Pending pending = engine.hand().pending();
        if (!(pending instanceof Pending.BoardCards b) || b.count() != positions.size()) {
            throw violation(engine.hand().button(), "opened " + positions.size() + " cards while the hand waits for " + pending);
        }
        List<Card> cards = new ArrayList<>();
        for (int p : positions) {
            cards.add(Card.ofIndex(publicCard(p, engine.hand().button())));
        }
        engine = engine.deal(cards);
        tell("board: " + Card.format(engine.hand().board()));
    }

    @Override
    protected void onShown(int from, List<Integer> positions) throws ProtocolViolation {
        if (!(engine.hand().pending() instanceof Pending.ActionFrom a) || a.seat() != from || proved.containsKey(from)) {
            throw violation(from, "showed cards out of turn");
        }
        List<Card> cards = new ArrayList<>();
        for (int p : positions) {
            cards.add(Card.ofIndex(publicCard(p, from)));
        }
        proved.put(from, cards.stream().sorted().toList());
    }

    @Override
    protected void onDiscarded(int from, int position, boolean faceUp) throws ProtocolViolation {
        Pending pending = engine.hand().pending();
        if (faceUp || !(pending instanceof Pending.ReplacementCards r) || r.seat() != from || discardsSeen >= r.count()) {
            throw violation(from, "discarded out of turn (the hand waits for " + pending + ")");
        }
        discardsSeen++;
    }

    @Override
    protected void onDeclaration(int from, String words) throws ProtocolViolation {
        PokerHand hand = engine.hand();
        if (!(hand.pending() instanceof Pending.ActionFrom a) || a.seat() != from) {
            throw violation(from, "declared \"" + words + "\" out of turn (the hand waits for " + hand.pending() + ")");
        }
        Action action;
        try {
            if (words.startsWith("draw ")) {
                action = Action.drawUnseen(Integer.parseInt(words.substring(5).strip()));
            } else {
                action = Action.parse(words);
            }
        } catch (IllegalArgumentException e) {
            throw violation(from, "unreadable decision \"" + words + "\": " + e.getMessage());
        }
        if (action instanceof Action.Show show) {
            List<Card> proof = proved.get(from);
            if (proof == null || !proof.equals(show.cards())) {
                throw violation(from, "names " + Card.format(show.cards()) + " but the deck proved "
                        + (proof == null ? "nothing" : Card.format(proof)));
            }
        } else if (action instanceof Action.Draw) {
            throw violation(from, "named its discards in public");
        }
        try {
            engine = engine.apply(action);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw violation(from, e.getMessage());
        }
        tell(nameOf(from) + ": " + words);
    }

    static String stacksText(int[] stacks) {
        return Arrays.stream(stacks).mapToObj(Integer::toString).collect(Collectors.joining(" "));
    }
}
