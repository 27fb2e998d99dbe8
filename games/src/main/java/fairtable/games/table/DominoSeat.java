package fairtable.games.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.dominoes.DominoMatch;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.DominoRules;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Hand;
import fairtable.games.dominoes.Lead;
import fairtable.games.dominoes.RoundResult;
import fairtable.games.dominoes.Tile;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * A seat of the double-six draw game over the verifiable deck: 28 cards, card j is {@link Tile#ofIndex}(j),
 * one deck session per round. The round's leader deals every hand in one deck deal; a player who must draw
 * draws from the deck's stock (the boneyard); a tile is played by discarding it face-up, so the deck proves
 * it and every seat checks it is the tile named. When the round ends, every player still holding tiles
 * proves them with the deck's show, in seat order, and the round is scored from the proved hands. Then each
 * seat replays the round with every hand known, which catches a player who drew or passed while holding a
 * playable tile.
 *
 * <p>The lead: the first round, and a round after a tie, is led freely by seat (round - 1) mod players
 * (finding the highest double would reveal hands); later rounds by the previous winner.
 */
public final class DominoSeat extends Seat {
    /** The 28 tiles of a double-six set. */
    public static final int DECK_SIZE = Tile.COUNT;

    private final DominoRules rules;
    private final DominoPlayer player;
    private DominoMatch match;
    private DominoRound engine;
    private int leader;
    private Tile played;
    private boolean replayed;
    private boolean hidesOwnHand;
    private final List<RoundReport> reports = new ArrayList<>();
    /** The round as it happened: the initial deal, then each move and each draw's position. */
    private List<List<Integer>> dealt;
    private final List<Object> history = new ArrayList<>();

    private record Moved(int seat, DominoMove move) {}

    private record Drew(int seat, int position) {}

    public DominoSeat(int seat, List<String> names, SigningKey signingKey, RandomGenerator random, DominoRules rules,
            int maxRounds, DominoPlayer player) {
        super(seat, names, signingKey, random, maxRounds);
        if (rules.players() != names.size()) {
            throw new IllegalArgumentException("rules for " + rules.players() + " players at a table of " + names.size());
        }
        this.rules = rules;
        this.player = Objects.requireNonNull(player);
        this.match = DominoMatch.start(rules);
    }

    /** This seat's own view of the round (other hands hidden); null before the deal. */
    public DominoRound view() {
        return engine;
    }

    public DominoMatch match() {
        return match;
    }

    public List<RoundReport> reports() {
        return Collections.unmodifiableList(reports);
    }

    /**
     * Makes this seat a cheater for the adversarial tests: its own engine no longer knows its tiles, so it
     * accepts this seat's draws and passes on trust, as the others' engines do. Package-private.
     */
    void cheatByHidingOwnHand() {
        hidesOwnHand = true;
    }

    /** The tiles this seat holds face-down, read with its key; package-private, for the cheating tests. */
    Set<Tile> heldTiles() {
        Set<Tile> held = new LinkedHashSet<>();
        java.util.Map<Integer, Integer> readable = deck().hand();
        for (int p : heldFaceDown(seat())) {
            if (readable.containsKey(p)) {
                held.add(Tile.ofIndex(readable.get(p)));
            }
        }
        return held;
    }

    @Override
    protected int deckSize() {
        return DECK_SIZE;
    }

    @Override
    protected void beginRound(int round) {
        engine = null;
        played = null;
        replayed = false;
        dealt = null;
        history.clear();
        leader = match.previousWinner().orElse((round - 1) % players());
        tell("round " + round + ": scores " + match.scores() + ", " + nameOf(leader) + " leads");
    }

    @Override
    protected boolean roundOver() {
        return engine != null && engine.isOver() && replayed;
    }

    @Override
    protected boolean gameOver() {
        return match.isOver();
    }

    @Override
    protected void roundFinished() {
        RoundResult result = engine.result().orElseThrow();
        match = match.record(result);
        String how;
        if (result.winningPlayer().isEmpty()) {
            how = "blocked and tied: nobody scores";
        } else {
            int winner = result.winningPlayer().getAsInt();
            how = (result.blocked() ? "blocked; " + nameOf(winner) + " has the fewest pips"
                    : nameOf(winner) + " dominoes") + " and scores " + result.points();
        }
        List<String> left = new ArrayList<>();
        for (int p = 0; p < players(); p++) {
            left.add(nameOf(p) + " " + result.pipsByPlayer().get(p));
        }
        String summary = "round " + round() + ": " + how + "; pips left: " + String.join(", ", left)
                + "; scores " + match.scores();
        reports.add(new RoundReport(round(), summary, match.scores()));
        tell(summary);
    }

    @Override
    protected String turn() {
        if (engine == null || !(engine.awaiting() instanceof DominoRound.PlayerMove move)) {
            return null;
        }
        return (move.player() == seat() ? "your move" : nameOf(move.player()) + "'s move") + " (play, draw or pass)";
    }

    @Override
    protected List<TableMessage> act() throws ProtocolViolation {
        int me = seat();
        if (engine == null) {
            return leader == me ? wrap(deck().dealEach(rules.handSize())) : List.of();
        }
        DominoRound.Awaiting awaiting = engine.awaiting();
        if (awaiting instanceof DominoRound.PlayerMove move && move.player() == me) {
            DominoMove chosen = player.decide(engine);
            if (chosen == null) {
                return List.of(); // decided later: resume() asks again
            }
            if (!engine.legalMoves().contains(chosen)) {
                throw new IllegalArgumentException(nameOf(me) + " chose an illegal move: " + chosen);
            }
            List<TableMessage> out = new ArrayList<>();
            String words;
            if (chosen instanceof DominoMove.Play play) {
                out.addAll(wrap(deck().discard(myPosition(play.tile().index()), true)));
                words = "play " + play.tile() + " " + play.end().name().toLowerCase(Locale.ROOT);
            } else {
                words = chosen instanceof DominoMove.Draw ? "draw" : "pass";
            }
            engine = engine.apply(chosen);
            history.add(new Moved(me, chosen));
            tell(nameOf(me) + ": " + words);
            out.add(declare(words));
            return out;
        }
        if (awaiting instanceof DominoRound.TileDraw draw && draw.player() == me) {
            return wrap(deck().draw(1));
        }
        if (showingDown()) {
            int next = nextToReveal();
            if (next == me) {
                return wrap(deck().show(heldFaceDown(me)));
            }
            if (next < 0) {
                revealAll();
            }
        }
        return List.of();
    }

    /**
     * Whether the round's moves are over and the hands are being shown. Every hand left is shown even when this
     * view already knows them all (the others do not), so that every seat scores from the same proved tiles.
     */
    private boolean showingDown() {
        return engine != null && (engine.isOver() || engine.awaiting() instanceof DominoRound.HandsRevealed);
    }

    /** The lowest seat still holding face-down tiles, or -1. */
    private int nextToReveal() {
        for (int p = 0; p < players(); p++) {
            if (!heldFaceDown(p).isEmpty()) {
                return p;
            }
        }
        return -1;
    }

    private List<Integer> heldFaceDown(int p) {
        DeckObserver o = deck().observer();
        return o.heldBy(p).stream().filter(pos -> o.place(pos) == DeckObserver.Place.HELD).toList();
    }

    private void revealAll() throws ProtocolViolation {
        if (replayed) {
            return;
        }
        replayed = true;
        if (engine.isOver()) {
            replayWithEveryHandKnown();
            return;
        }
        List<Set<Tile>> remaining = new ArrayList<>();
        DeckObserver o = deck().observer();
        for (int p = 0; p < players(); p++) {
            Set<Tile> tiles = new LinkedHashSet<>();
            for (int pos : o.heldBy(p)) {
                tiles.add(Tile.ofIndex(cardAt(o, p, pos)));
            }
            remaining.add(tiles);
        }
        try {
            engine = engine.reveal(remaining);
        } catch (IllegalArgumentException e) {
            throw violation(leader, "the shown hands do not fit the round: " + e.getMessage());
        }
        replayWithEveryHandKnown();
    }

    /**
     * Every tile is now known (played face-up or shown): replays the round with full information, so that a
     * draw or pass made while holding a playable tile is caught. A violation here is recorded as this seat's
     * failure, naming the player.
     */
    private void replayWithEveryHandKnown() throws ProtocolViolation {
        DeckObserver o = deck().observer();
        List<Hand> hands = new ArrayList<>();
        for (int p = 0; p < players(); p++) {
            List<Tile> tiles = new ArrayList<>();
            for (int pos : dealt.get(p)) {
                tiles.add(Tile.ofIndex(cardAt(o, p, pos)));
            }
            hands.add(Hand.of(tiles));
        }
        DominoRound full = DominoRound.deal(rules, hands, Lead.free(leader));
        try {
            full = replay(full, o);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw violation(leader, "the round does not replay with every hand known: " + e.getMessage());
        }
        if (!full.result().equals(engine.result())) {
            throw violation(leader, "the replay with every hand known scores " + full.result()
                    + ", not " + engine.result());
        }
    }

    private DominoRound replay(DominoRound full, DeckObserver o) throws ProtocolViolation {
        for (Object step : history) {
            if (step instanceof Moved m) {
                if (!full.legalMoves().contains(m.move())) {
                    throw violation(m.seat(), nameOf(m.seat()) + " made an illegal move: " + m.move()
                            + " holding " + full.hand(m.seat()));
                }
                full = full.apply(m.move());
            } else {
                Drew d = (Drew) step;
                full = full.draw(Tile.ofIndex(cardAt(o, d.seat(), d.position())));
            }
        }
        return full;
    }

    private int cardAt(DeckObserver o, int holder, int position) {
        int card = o.publicCard(position);
        return card < 0 && holder == seat() ? myCards(List.of(position)).get(0) : card;
    }

    @Override
    protected void onDealt(List<Integer> recipients, List<List<Integer>> positions) throws ProtocolViolation {
        if (engine == null) {
            if (recipients.size() != players() || positions.get(0).size() != rules.handSize()) {
                throw violation(leader, "dealt " + positions.get(0).size() + " tiles to " + recipients.size()
                        + " players, not " + rules.handSize() + " to each");
            }
            List<Hand> hands = new ArrayList<>(Collections.nCopies(players(), Hand.hidden(rules.handSize())));
            List<List<Integer>> byPlayer = new ArrayList<>(Collections.nCopies(players(), List.<Integer>of()));
            for (int i = 0; i < recipients.size(); i++) {
                byPlayer.set(recipients.get(i), positions.get(i));
            }
            List<Tile> mine = myCards(byPlayer.get(seat())).stream().map(Tile::ofIndex).toList();
            hands.set(seat(), hidesOwnHand ? Hand.hidden(mine.size()) : Hand.of(mine));
            dealt = List.copyOf(byPlayer);
            engine = DominoRound.deal(rules, hands, Lead.free(leader));
            tell("your tiles: " + mine.stream().map(Tile::toString).collect(Collectors.joining(" ")));
            return;
        }
        int to = recipients.get(0);
        if (recipients.size() != 1 || positions.get(0).size() != 1
                || !(engine.awaiting() instanceof DominoRound.TileDraw d) || d.player() != to) {
            throw violation(to, "drew while the round waits for " + engine.awaiting());
        }
        int position = positions.get(0).get(0);
        if (to == seat()) {
            Tile tile = Tile.ofIndex(myCards(List.of(position)).get(0));
            engine = engine.draw(tile);
            tell("you draw " + tile);
        } else {
            engine = engine.drawHidden();
        }
        history.add(new Drew(to, position));
    }

    @Override
    protected void onOpened(List<Integer> positions) throws ProtocolViolation {
        throw violation(leader, "opened tiles: the draw game turns no tile up");
    }

    @Override
    protected void onShown(int from, List<Integer> positions) throws ProtocolViolation {
        if (!showingDown() || nextToRevealBefore(from)) {
            throw violation(from, "showed tiles out of turn");
        }
        if (!heldFaceDown(from).isEmpty()) {
            throw violation(from, "showed only part of its hand");
        }
        if (nextToReveal() < 0) {
            revealAll();
        }
    }

    /** Whether a seat before {@code from} still had to show (the show order is by seat). */
    private boolean nextToRevealBefore(int from) {
        int next = nextToReveal();
        return next >= 0 && next < from;
    }

    @Override
    protected void onDiscarded(int from, int position, boolean faceUp) throws ProtocolViolation {
        if (engine == null || !faceUp || played != null || !(engine.awaiting() instanceof DominoRound.PlayerMove m)
                || m.player() != from) {
            throw violation(from, "discarded out of turn or face-down");
        }
        played = Tile.ofIndex(publicCard(position, from));
    }

    @Override
    protected void onDeclaration(int from, String words) throws ProtocolViolation {
        if (engine == null || !(engine.awaiting() instanceof DominoRound.PlayerMove m) || m.player() != from) {
            throw violation(from, "declared \"" + words + "\" out of turn");
        }
        DominoMove move = parse(from, words);
        if (move instanceof DominoMove.Play play) {
            if (!play.tile().equals(played)) {
                throw violation(from, "plays " + play.tile() + " but the deck proved " + (played == null ? "no tile" : played));
            }
        } else if (played != null) {
            throw violation(from, "turned " + played + " up but declared " + words);
        }
        try {
            engine = engine.apply(move);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw violation(from, e.getMessage());
        }
        played = null;
        history.add(new Moved(from, move));
        tell(nameOf(from) + ": " + words);
    }

    private DominoMove parse(int from, String words) throws ProtocolViolation {
        String[] w = words.strip().split("\\s+");
        try {
            if (w.length == 1 && w[0].equals("draw")) {
                return DominoMove.DRAW;
            }
            if (w.length == 1 && w[0].equals("pass")) {
                return DominoMove.PASS;
            }
            if (w.length == 3 && w[0].equals("play")) {
                String[] pips = w[1].split("-");
                if (pips.length == 2) {
                    Tile tile = Tile.of(Integer.parseInt(pips[0]), Integer.parseInt(pips[1]));
                    return DominoMove.play(tile, End.valueOf(w[2].toUpperCase(Locale.ROOT)));
                }
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw violation(from, "unreadable move \"" + words + "\"");
    }
}
