package fairtable.app.table;

import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckCall;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Next;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The protocol tests' smallest card game (protocol/src/test/.../table/HighCard), as a full definition, so the
 * command line's generic play, network and audit paths are tested before any real game is registered: each round
 * the dealer deals one card to every seat; each seat in turn shows its card or folds; the highest card shown
 * scores a point. Cards are numbers 0 to 12. Setting: rounds (default 3).
 */
public class HighCardDefinition implements GameDefinition<HighCardDefinition.State, HighCardDefinition.Move> {
    public static final HighCardDefinition GAME = new HighCardDefinition();
    /** A catalog holding only this game, given to the code under test in place of the registry. */
    public static final Games CATALOG = Games.of(List.of(GAME));

    public enum Move { FOLD, SHOW }

    /**
     * @param hands   each seat's dealt position, -1 before the deal
     * @param mine    the card at each seat's position as this view reads it, -1 if unknown
     * @param acted   how many seats have acted this round
     * @param showing the seat whose show the deck must carry, or -1
     */
    public record State(List<String> names, int rounds, int round, List<Integer> hands, List<Integer> mine, int acted,
            int showing, Map<Integer, Integer> shown, List<Integer> points) {
        int seats() {
            return names.size();
        }

        int dealer() {
            return (round - 1) % seats();
        }
    }

    @Override
    public String name() {
        return "high-card";
    }

    @Override
    public int minSeats() {
        return 2;
    }

    @Override
    public int maxSeats() {
        return 6;
    }

    @Override
    public int deckSize() {
        return 13;
    }

    @Override
    public String summary() {
        return "high card, 2 to 6 players: show your one card or fold; the highest shown scores";
    }

    @Override
    public Map<String, String> defaults() {
        return Map.of("rounds", "3");
    }

    @Override
    public byte[] options(Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>(defaults());
        for (Map.Entry<String, String> s : settings.entrySet()) {
            if (!all.containsKey(s.getKey())) {
                throw new IllegalArgumentException("high-card has no setting '" + s.getKey() + "'; its settings: rounds");
            }
            all.put(s.getKey(), s.getValue());
        }
        int rounds;
        try {
            rounds = Integer.parseInt(all.get("rounds"));
        } catch (NumberFormatException e) {
            rounds = 0;
        }
        if (rounds < 1 || rounds > 100) {
            throw new IllegalArgumentException("rounds is 1 to 100, not " + all.get("rounds"));
        }
        return new byte[] {(byte) rounds};
    }

    @Override
    public State setup(List<String> names, byte[] options) throws IllegalMove {
        if (options.length != 1 || options[0] < 1 || options[0] > 100) {
            throw new IllegalMove("one byte: the number of rounds, 1 to 100");
        }
        return fresh(List.copyOf(names), options[0], 1, repeat(names.size(), 0));
    }

    private static State fresh(List<String> names, int rounds, int round, List<Integer> points) {
        return new State(names, rounds, round, repeat(names.size(), -1), repeat(names.size(), -1), 0, -1, Map.of(),
                points);
    }

    @Override
    public Next next(State s) {
        if (s.hands().get(0) < 0) {
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < s.seats(); k++) {
                order.add((s.dealer() + 1 + k) % s.seats());
            }
            return new Next.Deck(s.dealer(), new DeckCall.Deal(order, 1));
        }
        if (s.showing() >= 0) {
            return new Next.Deck(s.showing(), new DeckCall.Show(List.of(s.hands().get(s.showing()))));
        }
        if (s.acted() < s.seats()) {
            return new Next.Move(s.acted());
        }
        return s.round() >= s.rounds() ? new Next.GameOver() : new Next.RoundOver();
    }

    @Override
    public State nextRound(State s) {
        return fresh(s.names(), s.rounds(), s.round() + 1, s.points());
    }

    @Override
    public State afterDeck(State s, DeckEvent event, Cards known) throws IllegalMove {
        if (event instanceof DeckEvent.Dealt dealt) {
            List<Integer> hands = new ArrayList<>(s.hands());
            List<Integer> mine = new ArrayList<>(s.mine());
            for (int i = 0; i < dealt.recipients().size(); i++) {
                int p = dealt.positions().get(i).get(0);
                hands.set(dealt.recipients().get(i), p);
                mine.set(dealt.recipients().get(i), known.at(p));
            }
            return new State(s.names(), s.rounds(), s.round(), hands, mine, s.acted(), s.showing(), s.shown(), s.points());
        }
        if (event instanceof DeckEvent.Shown shown) {
            int card = known.at(shown.positions().get(0));
            if (card < 0) {
                throw new IllegalMove("a shown card nobody can read");
            }
            Map<Integer, Integer> all = new HashMap<>(s.shown());
            all.put(shown.seat(), card);
            State after = new State(s.names(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted() + 1, -1, all,
                    s.points());
            return after.acted() == s.seats() ? score(after) : after;
        }
        throw new IllegalMove("high card calls for no " + event.getClass().getSimpleName().toLowerCase(Locale.ROOT));
    }

    private static State score(State s) {
        if (s.shown().isEmpty()) {
            return s;
        }
        int best = s.shown().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        List<Integer> points = new ArrayList<>(s.points());
        points.set(best, points.get(best) + 1);
        return new State(s.names(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted(), -1, s.shown(), points);
    }

    @Override
    public List<Move> legal(State s, int seat) {
        return next(s) instanceof Next.Move m && m.seat() == seat ? List.of(Move.SHOW, Move.FOLD) : List.of();
    }

    @Override
    public State play(State s, int seat, Move move) throws IllegalMove {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            throw new IllegalMove("not this seat's move");
        }
        if (move == Move.SHOW) {
            return new State(s.names(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted(), seat, s.shown(), s.points());
        }
        State after = new State(s.names(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted() + 1, -1, s.shown(),
                s.points());
        return after.acted() == s.seats() ? score(after) : after;
    }

    @Override
    public byte[] encode(Move move) {
        return new byte[] {(byte) move.ordinal()};
    }

    @Override
    public Move decode(byte[] bytes) throws MalformedMessageException {
        if (bytes.length != 1 || bytes[0] < 0 || bytes[0] > 1) {
            throw new MalformedMessageException("a move is one byte, 0 (fold) or 1 (show)");
        }
        return Move.values()[bytes[0]];
    }

    @Override
    public String describe(Move move) {
        return move.name().toLowerCase(Locale.ROOT);
    }

    /** "alice 2, bob 1; alice wins" once the game is over, the points so far before. */
    @Override
    public Outcome outcome(State s) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < s.seats(); i++) {
            parts.add(s.names().get(i) + " " + s.points().get(i));
        }
        String text = String.join(", ", parts);
        boolean over = next(s) instanceof Next.GameOver;
        if (over) {
            int best = s.points().stream().mapToInt(Integer::intValue).max().orElse(0);
            List<String> winners = new ArrayList<>();
            for (int i = 0; i < s.seats(); i++) {
                if (s.points().get(i) == best) {
                    winners.add(s.names().get(i));
                }
            }
            text += winners.size() == 1 ? "; " + winners.get(0) + " wins" : "; a tie between " + String.join(" and ", winners);
        }
        return new Outcome(s.points(), text);
    }

    /** Shows with a high card, folds a low one; a coin decides the middle ones. */
    @Override
    public TablePlayer<State, Move> bot(RandomGenerator random) {
        return (view, seat, legal) -> {
            int card = view.mine().get(seat);
            Move wanted = card >= 9 || card >= 4 && random.nextBoolean() ? Move.SHOW : Move.FOLD;
            return legal.contains(wanted) ? wanted : legal.get(0);
        };
    }

    @Override
    public List<String> render(State view, int seat, List<String> names) {
        List<String> lines = new ArrayList<>();
        lines.add("Round " + view.round() + " of " + view.rounds() + "; points: " + outcome(view).text());
        int card = view.mine().get(seat);
        lines.add("Your card: " + (card < 0 ? "??" : Integer.toString(card)));
        for (Map.Entry<Integer, Integer> shown : view.shown().entrySet()) {
            lines.add(names.get(shown.getKey()) + " showed " + shown.getValue());
        }
        return lines;
    }

    @Override
    public Move parse(String words, State view, int seat) {
        return switch (words.trim().toLowerCase(Locale.ROOT)) {
            case "show" -> Move.SHOW;
            case "fold" -> Move.FOLD;
            default -> throw new IllegalArgumentException("type show or fold, not '" + words.trim() + "'");
        };
    }

    private static List<Integer> repeat(int n, int value) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(value);
        }
        return out;
    }
}
