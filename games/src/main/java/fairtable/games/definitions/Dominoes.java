package fairtable.games.definitions;

import fairtable.games.dominoes.DominoBot;
import fairtable.games.dominoes.DominoMatch;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.DominoRules;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Hand;
import fairtable.games.dominoes.Lead;
import fairtable.games.dominoes.LinedTile;
import fairtable.games.dominoes.RoundResult;
import fairtable.games.dominoes.Tile;
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
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The double-six draw game ({@code games.dominoes}) on the table protocol: 28 cards, card j is
 * {@link Tile#ofIndex}(j), one deck per round.
 *
 * <ul>
 *   <li>The round's leader deals every hand (seats in order, {@link DominoRules#handSize} each). The first round,
 *       and a round after a tie, is led freely by seat (round - 1) mod players (finding the highest double would
 *       reveal hands); later rounds by the previous round's winner.</li>
 *   <li>{@link Move.Play Play(position, end)} names a held position, never a tile: the rules then call for that
 *       position's {@code Discard(position, faceUp)}, and once the deck has proved the tile, {@link #afterDeck}
 *       checks that it fits the end named. A misfit stops the game naming the player.</li>
 *   <li>{@link Move.Draw Draw} calls for {@code Deal([seat], 1)} from the stock (the boneyard), started by the
 *       drawing seat; {@link Move.Pass Pass} once the boneyard is empty.</li>
 *   <li>When the round's moves are over, each seat still holding tiles shows them ({@code Show(held)}), lowest
 *       seat first, and the round is scored from the shown hands.</li>
 *   <li>A draw or pass is accepted on trust (the judge cannot see the hand); once every tile its player held at
 *       that moment is public (at its show, or at the discard that empties its hand), the rules check that none of
 *       them fitted an open end, and a seat that drew or passed holding a playable tile is named.</li>
 * </ul>
 *
 * <p>Every decision in {@link #play} reads only public bookkeeping (whose move, held positions, the boneyard), so
 * each seat's own view accepts exactly the moves the public judge accepts. Options: u32 rounds at most, u32 target
 * score; the number of players is the table's.
 */
public final class Dominoes implements GameDefinition<Dominoes.State, Dominoes.Move> {
    public static final Dominoes GAME = new Dominoes();
    public static final String NAME = "dominoes";
    public static final int MAX_ROUNDS = 10_000;
    public static final int MAX_TARGET = 10_000;
    /** Today's play command: 2 players, the match to 100 points, at most 50 rounds. */
    public static final int DEFAULT_PLAYERS = 2;
    public static final int DEFAULT_ROUNDS = 50;

    private static final int PLAY = 0;
    private static final int DRAW = 1;
    private static final int PASS = 2;

    /** A decision of the seat to move. */
    public sealed interface Move {
        Draw DRAW = new Draw();
        Pass PASS = new Pass();

        /** Plays the tile held at deck {@code position} to {@code end} (the first tile of a round goes left). */
        record Play(int position, End end) implements Move {
            public Play {
                if (position < 0 || position >= Tile.COUNT || end == null) {
                    throw new IllegalArgumentException("a play names a position 0 to 27 and an end");
                }
            }
        }

        /** Takes one tile from the boneyard. */
        record Draw() implements Move {
        }

        /** Passes: only once the boneyard is empty. */
        record Pass() implements Move {
        }
    }

    /**
     * A draw or pass the rules took on trust: its seat, the open ends then, and the positions it held then. Checked
     * once every one of those positions is public.
     */
    public record Unforced(int seat, boolean draw, int left, int right, List<Integer> held) {
        public Unforced {
            held = List.copyOf(held);
        }
    }

    /**
     * The game as one view knows it.
     *
     * @param rules    the table's rules (players, hand size, target)
     * @param rounds   the most rounds the match lasts
     * @param names    the seats' names
     * @param match    the scores so far and the previous round's winner
     * @param round    the round being played, from 1
     * @param leader   who deals and leads this round
     * @param engine   the round as this view knows it (others' tiles hidden); null before the deal
     * @param held     the deck positions each seat holds face-down
     * @param shown    the positions each seat showed at the round's end
     * @param tiles    the tile at every position this view can read (its own, and every played or shown one)
     * @param pending  a play whose face-up discard the rules await, or null
     * @param unforced this round's draws and passes not yet checked
     * @param scored   whether this round is over, shown and scored into {@code match}
     */
    public record State(DominoRules rules, int rounds, List<String> names, DominoMatch match, int round, int leader,
            DominoRound engine, List<List<Integer>> held, List<List<Integer>> shown, Map<Integer, Tile> tiles,
            Move.Play pending, List<Unforced> unforced, boolean scored) {
        public State {
            names = List.copyOf(names);
            held = held.stream().map(List::copyOf).toList();
            shown = shown.stream().map(List::copyOf).toList();
            tiles = Map.copyOf(tiles);
            unforced = List.copyOf(unforced);
        }

        /** The seat whose turn it is, or whose play is being proved; -1 before the deal. */
        public int current() {
            return engine == null ? -1 : engine.currentPlayer();
        }

        private State with(DominoRound e, List<List<Integer>> h, Map<Integer, Tile> t, Move.Play p, List<Unforced> u) {
            return new State(rules, rounds, names, match, round, leader, e, h, shown, t, p, u, scored);
        }
    }

    private Dominoes() {
    }

    // ---- TableGame.

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minSeats() {
        return 2;
    }

    @Override
    public int maxSeats() {
        return 4;
    }

    @Override
    public int deckSize() {
        return Tile.COUNT;
    }

    @Override
    public State setup(List<String> names, byte[] options) throws IllegalMove {
        if (names.size() < minSeats() || names.size() > maxSeats()) {
            throw new IllegalMove("dominoes is for 2 to 4 players, not " + names.size());
        }
        int rounds;
        int target;
        try {
            WireReader r = new WireReader(options);
            rounds = (int) r.u32();
            target = (int) r.u32();
            r.end();
        } catch (MalformedMessageException e) {
            throw new IllegalMove("options are two u32: the most rounds and the target score (" + e.getMessage() + ")");
        }
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalMove("play 1 to " + MAX_ROUNDS + " rounds, not " + Integer.toUnsignedString(rounds));
        }
        if (target < 1 || target > MAX_TARGET) {
            throw new IllegalMove("a target of 1 to " + MAX_TARGET + " points, not " + Integer.toUnsignedString(target));
        }
        DominoRules rules = DominoRules.standard(names.size()).withTargetScore(target);
        return fresh(rules, rounds, names, DominoMatch.start(rules), 1);
    }

    private static State fresh(DominoRules rules, int rounds, List<String> names, DominoMatch match, int round) {
        int leader = match.previousWinner().orElse((round - 1) % rules.players());
        List<List<Integer>> held = new ArrayList<>();
        for (int s = 0; s < rules.players(); s++) {
            held.add(List.of());
        }
        return new State(rules, rounds, names, match, round, leader, null, held, held, Map.of(), null, List.of(), false);
    }

    @Override
    public Next next(State s) {
        if (s.scored()) {
            return s.match().isOver() || s.round() >= s.rounds() ? new Next.GameOver() : new Next.RoundOver();
        }
        if (s.engine() == null) {
            List<Integer> everyone = new ArrayList<>();
            for (int seat = 0; seat < s.rules().players(); seat++) {
                everyone.add(seat);
            }
            return new Next.Deck(s.leader(), new DeckCall.Deal(everyone, s.rules().handSize()));
        }
        if (s.pending() != null) {
            return new Next.Deck(s.current(), new DeckCall.Discard(s.pending().position(), true));
        }
        DominoRound.Awaiting awaiting = s.engine().awaiting();
        if (awaiting instanceof DominoRound.PlayerMove m) {
            return new Next.Move(m.player());
        }
        if (awaiting instanceof DominoRound.TileDraw d) {
            return new Next.Deck(d.player(), new DeckCall.Deal(List.of(d.player()), 1));
        }
        int shower = nextToShow(s);
        return new Next.Deck(shower, new DeckCall.Show(sorted(s.held().get(shower))));
    }

    /** The lowest seat still holding tiles once the round's moves are over. */
    private static int nextToShow(State s) {
        for (int seat = 0; seat < s.rules().players(); seat++) {
            if (!s.held().get(seat).isEmpty()) {
                return seat;
            }
        }
        throw new IllegalStateException("a round over with nobody holding a tile is scored at its last show");
    }

    @Override
    public State nextRound(State s) {
        return fresh(s.rules(), s.rounds(), s.names(), s.match(), s.round() + 1);
    }

    @Override
    public State afterDeck(State s, DeckEvent event, Cards known) throws IllegalMove {
        if (s.scored()) {
            throw new IllegalMove("the round is over");
        }
        try {
            if (event instanceof DeckEvent.Dealt dealt) {
                return s.engine() == null ? afterHands(s, dealt, known) : afterDraw(s, dealt, known);
            }
            if (event instanceof DeckEvent.Discarded discarded) {
                return afterPlay(s, discarded, known);
            }
            if (event instanceof DeckEvent.Shown shown) {
                return afterShow(s, shown, known);
            }
            throw new IllegalMove("the draw game turns no tile up");
        } catch (IllegalArgumentException | IllegalStateException engineRefused) {
            throw new IllegalMove(engineRefused.getMessage());
        }
    }

    private State afterHands(State s, DeckEvent.Dealt dealt, Cards known) throws IllegalMove {
        int players = s.rules().players();
        if (dealt.recipients().size() != players) {
            throw new IllegalMove("a deal of the hands to " + dealt.recipients().size() + " of " + players + " seats");
        }
        List<List<Integer>> held = new ArrayList<>(s.held());
        List<Hand> hands = new ArrayList<>(Collections.nCopies(players, Hand.hidden(0)));
        Map<Integer, Tile> tiles = new HashMap<>(s.tiles());
        for (int i = 0; i < players; i++) {
            int seat = dealt.recipients().get(i);
            List<Integer> positions = dealt.positions().get(i);
            if (seat != i || positions.size() != s.rules().handSize()) {
                throw new IllegalMove("the hands are dealt " + s.rules().handSize() + " to each seat in order");
            }
            List<Tile> mine = new ArrayList<>();
            for (int p : positions) {
                read(known, p).ifPresent(t -> {
                    mine.add(t);
                    tiles.put(p, t);
                });
            }
            held.set(seat, positions);
            hands.set(seat, Hand.partlyHidden(mine, positions.size() - mine.size()));
        }
        DominoRound engine = DominoRound.deal(s.rules(), hands, Lead.free(s.leader()));
        return s.with(engine, held, tiles, null, s.unforced());
    }

    private State afterDraw(State s, DeckEvent.Dealt dealt, Cards known) throws IllegalMove {
        if (!(s.engine().awaiting() instanceof DominoRound.TileDraw draw) || !dealt.recipients().equals(List.of(draw.player()))
                || dealt.positions().get(0).size() != 1) {
            throw new IllegalMove("a deal the round does not wait for");
        }
        int seat = draw.player();
        int position = dealt.positions().get(0).get(0);
        Optional<Tile> tile = read(known, position);
        Map<Integer, Tile> tiles = new HashMap<>(s.tiles());
        tile.ifPresent(t -> tiles.put(position, t));
        DominoRound engine = tile.isPresent() ? s.engine().draw(tile.get()) : s.engine().drawHidden();
        return s.with(engine, adding(s.held(), seat, position), tiles, null, s.unforced());
    }

    private State afterPlay(State s, DeckEvent.Discarded discarded, Cards known) throws IllegalMove {
        Move.Play play = s.pending();
        if (play == null || discarded.seat() != s.current() || discarded.position() != play.position()
                || !discarded.faceUp()) {
            throw new IllegalMove("a discard the round does not wait for");
        }
        Tile tile = read(known, play.position())
                .orElseThrow(() -> new IllegalMove("played a tile nobody can read"));
        Optional<DominoRound.Ends> ends = s.engine().openEnds();
        if (ends.isPresent() && !tile.shows(ends.get().at(play.end()))) {
            throw new IllegalMove("played " + tile + " to the " + word(play.end()) + " end, which shows "
                    + ends.get().at(play.end()) + ": it does not fit");
        }
        DominoMove move = DominoMove.play(tile, play.end());
        if (!s.engine().legalMoves().contains(move)) {
            throw new IllegalMove("played " + tile + " " + word(play.end()) + ", which the rules do not allow now");
        }
        int seat = discarded.seat();
        Map<Integer, Tile> tiles = new HashMap<>(s.tiles());
        tiles.put(play.position(), tile);
        State after = s.with(s.engine().apply(move), removing(s.held(), seat, play.position()), tiles, null,
                s.unforced());
        return after.held().get(seat).isEmpty() ? checkUnforced(after, seat) : after;
    }

    private State afterShow(State s, DeckEvent.Shown shown, Cards known) throws IllegalMove {
        if (s.engine().awaiting() instanceof DominoRound.PlayerMove || s.engine().awaiting() instanceof DominoRound.TileDraw
                || s.pending() != null) {
            throw new IllegalMove("showed tiles while the round is still played");
        }
        int seat = shown.seat();
        if (seat != nextToShow(s) || !sorted(shown.positions()).equals(sorted(s.held().get(seat)))) {
            throw new IllegalMove("a show the round does not wait for");
        }
        Map<Integer, Tile> tiles = new HashMap<>(s.tiles());
        for (int p : shown.positions()) {
            tiles.put(p, read(known, p).orElseThrow(() -> new IllegalMove("showed a tile nobody can read")));
        }
        List<List<Integer>> held = new ArrayList<>(s.held());
        held.set(seat, List.of());
        List<List<Integer>> showed = new ArrayList<>(s.shown());
        showed.set(seat, shown.positions());
        State after = checkUnforced(new State(s.rules(), s.rounds(), s.names(), s.match(), s.round(), s.leader(),
                s.engine(), held, showed, tiles, null, s.unforced(), false), seat);
        return held.stream().allMatch(List::isEmpty) ? score(after) : after;
    }

    /** Every hand is shown: the round is scored from the shown tiles. */
    private static State score(State s) {
        DominoRound engine = s.engine();
        if (!engine.isOver()) {
            List<Set<Tile>> remaining = new ArrayList<>();
            for (List<Integer> positions : s.shown()) {
                remaining.add(positions.stream().map(p -> s.tiles().get(p)).collect(Collectors.toSet()));
            }
            engine = engine.reveal(remaining);
        }
        RoundResult result = engine.result().orElseThrow();
        return new State(s.rules(), s.rounds(), s.names(), s.match().record(result), s.round(), s.leader(), engine,
                s.held(), s.shown(), s.tiles(), null, s.unforced(), true);
    }

    /**
     * Every position {@code seat} ever held this round is public now: a draw or pass it made while holding a tile
     * that fitted an open end is refused.
     */
    private static State checkUnforced(State s, int seat) throws IllegalMove {
        List<Unforced> rest = new ArrayList<>();
        for (Unforced u : s.unforced()) {
            if (u.seat() != seat) {
                rest.add(u);
                continue;
            }
            for (int p : u.held()) {
                Tile tile = s.tiles().get(p);
                if (tile == null) {
                    throw new IllegalStateException("position " + p + " is not public yet");
                }
                if (tile.shows(u.left()) || tile.shows(u.right())) {
                    throw new IllegalMove((u.draw() ? "drew" : "passed") + " holding " + tile + ", which fits the line's "
                            + (tile.shows(u.left()) ? "left end " + u.left() : "right end " + u.right()));
                }
            }
        }
        return s.with(s.engine(), s.held(), s.tiles(), s.pending(), rest);
    }

    @Override
    public List<Move> legal(State s, int seat) {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            return List.of();
        }
        List<Move> moves = new ArrayList<>();
        List<DominoMove> engineMoves = s.engine().legalMoves();
        for (int p : s.held().get(seat)) {
            Tile tile = s.tiles().get(p);
            for (End end : End.values()) {
                boolean allowed = tile != null ? engineMoves.contains(DominoMove.play(tile, end))
                        : engineMoves.stream().anyMatch(e -> e instanceof DominoMove.Play play && play.end() == end
                                && !s.engine().hand(seat).contains(play.tile()));
                if (allowed) {
                    moves.add(new Move.Play(p, end));
                }
            }
        }
        if (engineMoves.contains(DominoMove.DRAW)) {
            moves.add(Move.DRAW);
        }
        if (engineMoves.contains(DominoMove.PASS)) {
            moves.add(Move.PASS);
        }
        return List.copyOf(moves);
    }

    @Override
    public State play(State s, int seat, Move move) throws IllegalMove {
        if (!(next(s) instanceof Next.Move m) || m.seat() != seat) {
            throw new IllegalMove("it is not " + s.names().get(seat) + "'s move");
        }
        if (move instanceof Move.Play play) {
            if (!s.held().get(seat).contains(play.position())) {
                throw new IllegalMove("holds no tile at position " + play.position());
            }
            if (s.engine().line().isEmpty() && play.end() != End.LEFT) {
                throw new IllegalMove("the first tile of a round is played to the left");
            }
            return s.with(s.engine(), s.held(), s.tiles(), play, s.unforced());
        }
        DominoMove engineMove = move instanceof Move.Draw ? DominoMove.DRAW : DominoMove.PASS;
        if (!s.engine().legalMoves().contains(engineMove)) {
            throw new IllegalMove(move instanceof Move.Draw
                    ? "may not draw now" + (s.engine().boneyardSize() == 0 ? ": the boneyard is empty" : "")
                    : "may not pass now" + (s.engine().boneyardSize() > 0 ? ": the boneyard still has tiles" : ""));
        }
        DominoRound.Ends ends = s.engine().openEnds().orElseThrow();
        List<Unforced> unforced = new ArrayList<>(s.unforced());
        unforced.add(new Unforced(seat, move instanceof Move.Draw, ends.left(), ends.right(), s.held().get(seat)));
        return s.with(s.engine().apply(engineMove), s.held(), s.tiles(), null, unforced);
    }

    @Override
    public byte[] encode(Move move) {
        if (move instanceof Move.Play play) {
            return new WireWriter().u8(PLAY).u8(play.position()).u8(play.end().ordinal()).toBytes();
        }
        return new WireWriter().u8(move instanceof Move.Draw ? DRAW : PASS).toBytes();
    }

    @Override
    public Move decode(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int tag = r.u8();
        Move move;
        if (tag == PLAY) {
            int position = r.u8();
            int end = r.u8();
            if (position >= Tile.COUNT) {
                throw new MalformedMessageException("a play of position " + position + "; a set has 28 tiles");
            }
            if (end > 1) {
                throw new MalformedMessageException("a play to end " + end + "; 0 is left, 1 is right");
            }
            move = new Move.Play(position, End.values()[end]);
        } else if (tag == DRAW) {
            move = Move.DRAW;
        } else if (tag == PASS) {
            move = Move.PASS;
        } else {
            throw new MalformedMessageException("a move of unknown kind " + tag + "; 0 play, 1 draw, 2 pass");
        }
        r.end();
        return move;
    }

    @Override
    public String describe(Move move) {
        if (move instanceof Move.Play play) {
            return "play position " + play.position() + " " + word(play.end());
        }
        return move instanceof Move.Draw ? "draw" : "pass";
    }

    @Override
    public Outcome outcome(State s) {
        List<Integer> scores = s.match().scores();
        List<String> parts = new ArrayList<>();
        for (int seat = 0; seat < scores.size(); seat++) {
            parts.add(s.names().get(seat) + " " + scores.get(seat));
        }
        String text = String.join(", ", parts);
        if (next(s) instanceof Next.GameOver) {
            int best = scores.stream().mapToInt(Integer::intValue).max().orElse(0);
            List<Integer> leaders = new ArrayList<>();
            for (int seat = 0; seat < scores.size(); seat++) {
                if (scores.get(seat) == best) {
                    leaders.add(seat);
                }
            }
            text += leaders.size() == 1 ? "; " + s.names().get(leaders.get(0)) + " wins" : "; a tie";
        }
        return new Outcome(scores, text);
    }

    // ---- GameDefinition.

    @Override
    public String summary() {
        return "dominoes, the double-six draw game, 2 to 4 players, to " + DominoRules.DEFAULT_TARGET + " points";
    }

    @Override
    public Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("players", Integer.toString(DEFAULT_PLAYERS));
        d.put("rounds", Integer.toString(DEFAULT_ROUNDS));
        d.put("target", Integer.toString(DominoRules.DEFAULT_TARGET));
        return d;
    }

    /**
     * Reads "rounds" (also "hands", the play command's word), "target" and "players" (checked here, carried by the
     * table's parameters rather than the options).
     */
    @Override
    public byte[] options(Map<String, String> settings) {
        int rounds = DEFAULT_ROUNDS;
        int target = DominoRules.DEFAULT_TARGET;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            switch (e.getKey()) {
                case "players" -> Settings.number(e, minSeats(), maxSeats());
                case "rounds", "hands" -> rounds = Settings.number(e, 1, MAX_ROUNDS);
                case "target" -> target = Settings.number(e, 1, MAX_TARGET);
                default -> throw new IllegalArgumentException("dominoes has no setting '" + e.getKey()
                        + "'; it reads " + String.join(", ", defaults().keySet()));
            }
        }
        return new WireWriter().u32(rounds).u32(target).toBytes();
    }

    /** {@link DominoBot} for the seat; it is deterministic and needs no randomness. */
    @Override
    public TablePlayer<State, Move> bot(RandomGenerator random) {
        return (view, seat, legal) -> {
            DominoMove chosen = DominoBot.choose(view.engine());
            Move move = fromEngine(view, seat, chosen);
            if (!legal.contains(move)) {
                throw new IllegalStateException("the bot chose " + chosen + ", not among " + legal);
            }
            return move;
        };
    }

    /** The table move for an engine move of {@code seat}, whose tile this view must hold. */
    static Move fromEngine(State s, int seat, DominoMove move) {
        if (move instanceof DominoMove.Play play) {
            return new Move.Play(positionOf(s, seat, play.tile()).orElseThrow(
                    () -> new IllegalArgumentException("seat " + seat + " holds no " + play.tile() + " in this view")),
                    play.end());
        }
        return move instanceof DominoMove.Draw ? Move.DRAW : Move.PASS;
    }

    private static Optional<Integer> positionOf(State s, int seat, Tile tile) {
        return s.held().get(seat).stream().filter(p -> tile.equals(s.tiles().get(p))).findFirst();
    }

    @Override
    public List<String> render(State view, int seat, List<String> names) {
        List<String> lines = new ArrayList<>();
        List<String> scores = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            scores.add(names.get(s) + " " + view.match().scores().get(s));
        }
        lines.add("round " + view.round() + " of at most " + view.rounds() + ", to " + view.rules().targetScore()
                + " points: " + String.join(", ", scores));
        if (view.engine() == null) {
            lines.add(names.get(view.leader()) + " deals and leads");
            return lines;
        }
        List<LinedTile> line = view.engine().line();
        lines.add(line.isEmpty() ? "line: empty"
                : "line: " + line.stream().map(t -> "[" + t.left() + "|" + t.right() + "]").collect(Collectors.joining()));
        lines.add("boneyard: " + view.engine().boneyardSize() + " tiles");
        for (int s = 0; s < names.size(); s++) {
            List<String> shown = new ArrayList<>();
            for (int p : view.held().get(s)) {
                Tile tile = view.tiles().get(p);
                shown.add(tile == null ? "??" : tile.toString());
            }
            lines.add((s == seat ? "your tiles" : names.get(s)) + ": " + (shown.isEmpty() ? "none" : String.join(" ", shown)));
        }
        Next next = next(view);
        if (next instanceof Next.Move m) {
            lines.add(m.seat() == seat ? "your move: " + legal(view, seat).stream().map(mv -> words(view, mv))
                    .collect(Collectors.joining(" | ")) : names.get(m.seat()) + "'s move");
        } else if (view.scored()) {
            RoundResult result = view.engine().result().orElseThrow();
            lines.add(result.winningPlayer().isEmpty() ? "round " + view.round() + ": blocked and tied, nobody scores"
                    : "round " + view.round() + ": " + names.get(result.winningPlayer().getAsInt())
                            + (result.blocked() ? " wins the blocked round" : " dominoes") + " and scores "
                            + result.points());
        }
        return lines;
    }

    /** A move in the words {@link #parse} reads: "play 6-4 left", "draw", "pass". */
    public static String words(State view, Move move) {
        if (move instanceof Move.Play play) {
            Tile tile = view.tiles().get(play.position());
            return "play " + (tile == null ? "position " + play.position() : tile.toString()) + " " + word(play.end());
        }
        return move instanceof Move.Draw ? "draw" : "pass";
    }

    /**
     * Today's words: "play 6-4 left" (either order of the halves, e.g. "play 4-6 right"), "play 6-4" when one end
     * only fits, the tile alone ("6-4", "6-4 left", "6:4", "64"), "draw", "pass".
     */
    @Override
    public Move parse(String words, State view, int seat) {
        String typed = words.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        List<Move> legal = legal(view, seat);
        String allowed = legal.isEmpty() ? "it is not your move"
                : "legal now: " + legal.stream().map(m -> words(view, m)).collect(Collectors.joining(" | "));
        if (tileOf(typed.split(" ")[0]) != null) {
            typed = "play " + typed; // "6-5" and "6-5 left": the tile alone means playing it
        }
        String[] w = typed.split(" ");
        Move move = null;
        if (typed.equals("draw")) {
            move = Move.DRAW;
        } else if (typed.equals("pass")) {
            move = Move.PASS;
        } else if ((w.length == 2 || w.length == 3) && w[0].equals("play")) {
            Tile tile = tileOf(w[1]);
            Optional<Integer> position = tile == null ? Optional.empty() : positionOf(view, seat, tile);
            if (position.isEmpty()) {
                throw new IllegalArgumentException("you hold no tile '" + w[1] + "'; " + allowed);
            }
            if (w.length == 3) {
                End end = w[2].equals("left") ? End.LEFT : w[2].equals("right") ? End.RIGHT : null;
                move = end == null ? null : new Move.Play(position.get(), end);
            } else {
                List<Move> fits = legal.stream().filter(m -> m instanceof Move.Play p && p.position() == position.get())
                        .toList();
                if (fits.size() > 1) {
                    throw new IllegalArgumentException(w[1] + " fits both ends: say left or right");
                }
                move = fits.isEmpty() ? new Move.Play(position.get(), End.LEFT) : fits.get(0);
            }
        }
        if (move == null || !legal.contains(move)) {
            throw new IllegalArgumentException("not a legal move: '" + words.strip() + "'; " + allowed);
        }
        return move;
    }

    /** A tile as people write it: "6-5", "6:5", "6|5", "6/5" or "65". */
    private static Tile tileOf(String pips) {
        if (!pips.matches("[0-6][-:|/]?[0-6]")) {
            return null;
        }
        return Tile.of(pips.charAt(0) - '0', pips.charAt(pips.length() - 1) - '0');
    }

    // ---- Helpers.

    private static Optional<Tile> read(Cards known, int position) throws IllegalMove {
        int card = known.at(position);
        if (card >= Tile.COUNT) {
            throw new IllegalMove("a card " + card + " that is no tile of a double-six set");
        }
        return card < 0 ? Optional.empty() : Optional.of(Tile.ofIndex(card));
    }

    private static String word(End end) {
        return end.name().toLowerCase(Locale.ROOT);
    }

    private static List<Integer> sorted(List<Integer> positions) {
        return positions.stream().sorted().toList();
    }

    private static List<List<Integer>> adding(List<List<Integer>> held, int seat, int position) {
        List<List<Integer>> out = new ArrayList<>(held);
        List<Integer> mine = new ArrayList<>(held.get(seat));
        mine.add(position);
        out.set(seat, mine);
        return out;
    }

    private static List<List<Integer>> removing(List<List<Integer>> held, int seat, int position) {
        List<List<Integer>> out = new ArrayList<>(held);
        List<Integer> mine = new ArrayList<>(held.get(seat));
        mine.remove(Integer.valueOf(position));
        out.set(seat, mine);
        return out;
    }
}
