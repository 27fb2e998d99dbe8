package fairtable.protocol.table;

import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The smallest card game that uses the table protocol's every part, for its tests: each round the dealer deals
 * one card to every seat; each seat in turn shows its card or folds; the highest card shown scores a point.
 * Cards are numbers 0 to 12. Options: one byte, the number of rounds. Tests extend it to play a game whose rules
 * differ in one part.
 */
class HighCard implements TableGame<HighCard.State, HighCard.Move> {
    static final HighCard GAME = new HighCard();

    enum Move { FOLD, SHOW }

    /**
     * @param hands   each seat's dealt position, -1 before the deal
     * @param mine    the card at each seat's position as this view reads it, -1 if unknown
     * @param acted   how many seats have acted this round
     * @param showing the seat whose show the deck must carry, or -1
     */
    record State(int seats, int rounds, int round, List<Integer> hands, List<Integer> mine, int acted, int showing,
            Map<Integer, Integer> shown, List<Integer> points) {
        int dealer() {
            return (round - 1) % seats;
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
    public State setup(List<String> names, byte[] options) throws IllegalMove {
        if (options.length != 1 || options[0] < 1) {
            throw new IllegalMove("one byte: the number of rounds, at least 1");
        }
        return fresh(names.size(), options[0], 1, zeros(names.size()));
    }

    private static State fresh(int seats, int rounds, int round, List<Integer> points) {
        return new State(seats, rounds, round, repeat(seats, -1), repeat(seats, -1), 0, -1, Map.of(), points);
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
        return fresh(s.seats(), s.rounds(), s.round() + 1, s.points());
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
            return new State(s.seats(), s.rounds(), s.round(), hands, mine, s.acted(), s.showing(), s.shown(), s.points());
        }
        if (event instanceof DeckEvent.Shown shown) {
            int card = known.at(shown.positions().get(0));
            if (card < 0) {
                throw new IllegalMove("a shown card nobody can read");
            }
            Map<Integer, Integer> all = new HashMap<>(s.shown());
            all.put(shown.seat(), card);
            State after = new State(s.seats(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted() + 1, -1, all,
                    s.points());
            return after.acted() == s.seats() ? score(after) : after;
        }
        throw new IllegalMove("high card calls for no " + event.getClass().getSimpleName().toLowerCase());
    }

    private static State score(State s) {
        if (s.shown().isEmpty()) {
            return s;
        }
        int best = s.shown().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        List<Integer> points = new ArrayList<>(s.points());
        points.set(best, points.get(best) + 1);
        return new State(s.seats(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted(), -1, s.shown(), points);
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
            return new State(s.seats(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted(), seat, s.shown(), s.points());
        }
        State after = new State(s.seats(), s.rounds(), s.round(), s.hands(), s.mine(), s.acted() + 1, -1, s.shown(),
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
        return move.name().toLowerCase();
    }

    @Override
    public Outcome outcome(State s) {
        return new Outcome(s.points(), "points " + s.points());
    }

    private static List<Integer> repeat(int n, int value) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(value);
        }
        return out;
    }

    private static List<Integer> zeros(int n) {
        return repeat(n, 0);
    }
}
