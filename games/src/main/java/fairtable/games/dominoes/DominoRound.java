package fairtable.games.dominoes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One round (traditionally "a hand") of the double-six draw game, as an immutable value.
 *
 * <p>The engine holds no randomness: dealt and drawn tiles are inputs. It runs on full information (every hand
 * known, used by tests, bots and the audit) and on one player's partial view, where the other hands are
 * {@link Hand#hidden hidden}. In a partial view a play of an unseen tile from a hand with hidden tiles, and a
 * draw or pass by such a hand, are accepted on trust when no known tile contradicts them; the audit replays the
 * round with full information afterwards.
 *
 * <p>Turn: the player to move must play a tile matching an open end if they can. If they cannot, they
 * {@link DominoMove#DRAW draw} one tile from the boneyard (then move again, so they draw until a playable tile
 * comes), and once the boneyard is empty they {@link DominoMove#PASS pass}. The engine never asks for a draw
 * from an empty boneyard. The round ends when a player empties their hand, or is blocked when every player has
 * passed in succession. If some hand still has hidden tiles at the end, the engine waits for all remaining
 * hands to be {@link #reveal revealed} before scoring.
 */
public final class DominoRound {

    /** What the round is waiting for. */
    public sealed interface Awaiting {
    }

    /** A move ({@link #apply}) by {@code player}. */
    public record PlayerMove(int player) implements Awaiting {
    }

    /** The tile {@code player} draws from the boneyard ({@link #draw} or {@link #drawHidden}). */
    public record TileDraw(int player) implements Awaiting {
    }

    /** Every remaining hand, opened ({@link #reveal}). */
    public record HandsRevealed() implements Awaiting {
    }

    public record RoundOver(RoundResult result) implements Awaiting {
    }

    private enum Phase { MOVE, DRAW, REVEAL, OVER }

    private final DominoRules rules;
    private final List<Hand> hands;
    private final List<LinedTile> line;
    private final int boneyard;
    private final int current;
    private final Phase phase;
    private final int consecutivePasses;
    private final Optional<Tile> requiredLead;
    private final OptionalInt dominoPlayer;
    private final RoundResult result;

    private DominoRound(DominoRules rules, List<Hand> hands, List<LinedTile> line, int boneyard, int current,
                        Phase phase, int consecutivePasses, Optional<Tile> requiredLead, OptionalInt dominoPlayer,
                        RoundResult result) {
        this.rules = rules;
        this.hands = hands;
        this.line = line;
        this.boneyard = boneyard;
        this.current = current;
        this.phase = phase;
        this.consecutivePasses = consecutivePasses;
        this.requiredLead = requiredLead;
        this.dominoPlayer = dominoPlayer;
        this.result = result;
    }

    /**
     * Starts a round from dealt hands (known or partly hidden, one per player, each of {@code rules.handSize()}
     * tiles) and the lead.
     */
    public static DominoRound deal(DominoRules rules, List<Hand> hands, Lead lead) {
        Objects.requireNonNull(rules);
        if (hands.size() != rules.players()) {
            throw new IllegalArgumentException("expected " + rules.players() + " hands, got " + hands.size());
        }
        int seen = 0;
        for (Hand hand : hands) {
            if (hand.size() != rules.handSize()) {
                throw new IllegalArgumentException("a hand of " + hand.size() + " tiles, expected " + rules.handSize());
            }
            if ((seen & hand.knownMask()) != 0) {
                throw new IllegalArgumentException("a tile is dealt to two players");
            }
            seen |= hand.knownMask();
        }
        rules.checkPlayer(lead.player());
        Hand leader = hands.get(lead.player());
        if (lead.requiredTile().isPresent()) {
            Tile tile = lead.requiredTile().get();
            boolean possible = leader.contains(tile) || (!leader.isFullyKnown() && (seen & (1 << tile.index())) == 0);
            if (!possible) {
                throw new IllegalArgumentException("player " + lead.player() + " cannot lead " + tile);
            }
        }
        return new DominoRound(rules, List.copyOf(hands), List.of(), rules.initialBoneyard(), lead.player(),
                Phase.MOVE, 0, lead.requiredTile(), OptionalInt.empty(), null);
    }

    /**
     * Starts a round with every hand known. The lead follows the convention of {@link Lead}: the previous round's
     * winner leads freely, otherwise the highest double (or heaviest tile) leads.
     */
    public static DominoRound dealOpenly(DominoRules rules, List<Set<Tile>> hands, OptionalInt previousWinner) {
        List<Hand> known = hands.stream().map(Hand::of).toList();
        Lead lead = previousWinner.isPresent() ? Lead.free(previousWinner.getAsInt()) : Lead.opening(known);
        return deal(rules, known, lead);
    }

    public DominoRules rules() {
        return rules;
    }

    public Awaiting awaiting() {
        return switch (phase) {
            case MOVE -> new PlayerMove(current);
            case DRAW -> new TileDraw(current);
            case REVEAL -> new HandsRevealed();
            case OVER -> new RoundOver(result);
        };
    }

    public boolean isOver() {
        return phase == Phase.OVER;
    }

    public Optional<RoundResult> result() {
        return Optional.ofNullable(result);
    }

    /** The player whose turn it is (also while their draw or the reveal is pending). */
    public int currentPlayer() {
        return current;
    }

    public List<Hand> hands() {
        return hands;
    }

    public Hand hand(int player) {
        rules.checkPlayer(player);
        return hands.get(player);
    }

    public List<LinedTile> line() {
        return line;
    }

    public int boneyardSize() {
        return boneyard;
    }

    /** The pips showing at the two open ends of the line. */
    public record Ends(int left, int right) {
        public int at(End end) {
            return end == End.LEFT ? left : right;
        }
    }

    /** The open ends; empty before the first tile. */
    public Optional<Ends> openEnds() {
        if (line.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Ends(line.get(0).left(), line.get(line.size() - 1).right()));
    }

    /**
     * Tiles neither in a known hand nor on the line. With full information these are exactly the boneyard; in a
     * partial view they are the boneyard plus the hidden tiles.
     */
    public Set<Tile> unseenTiles() {
        int visible = visibleMask();
        Set<Tile> unseen = new LinkedHashSet<>();
        for (Tile tile : Tile.all()) {
            if ((visible & (1 << tile.index())) == 0) {
                unseen.add(tile);
            }
        }
        return Collections.unmodifiableSet(unseen);
    }

    /**
     * The moves {@link #apply} accepts now. For a fully known hand these are exactly the legal moves. For a hand
     * with hidden tiles they also include plays of any unseen tile and, when no known tile fits, a draw or pass.
     */
    public List<DominoMove> legalMoves() {
        if (phase != Phase.MOVE) {
            return List.of();
        }
        Hand hand = hands.get(current);
        List<DominoMove> moves = new ArrayList<>();
        if (line.isEmpty()) {
            if (requiredLead.isPresent()) {
                moves.add(DominoMove.play(requiredLead.get(), End.LEFT));
            } else {
                for (Tile tile : candidateTiles(hand)) {
                    moves.add(DominoMove.play(tile, End.LEFT));
                }
            }
            return List.copyOf(moves);
        }
        boolean knownPlayable = false;
        for (Tile tile : candidateTiles(hand)) {
            for (End end : End.values()) {
                if (fits(tile, end)) {
                    moves.add(DominoMove.play(tile, end));
                    knownPlayable |= hand.contains(tile);
                }
            }
        }
        if (!knownPlayable) {
            moves.add(boneyard > 0 ? DominoMove.DRAW : DominoMove.PASS);
        }
        return List.copyOf(moves);
    }

    public DominoRound apply(DominoMove move) {
        Objects.requireNonNull(move);
        if (phase != Phase.MOVE) {
            throw new IllegalStateException("not waiting for a move but for " + awaiting());
        }
        if (!legalMoves().contains(move)) {
            throw new IllegalArgumentException("illegal move for player " + current + ": " + move
                    + " (hand " + hands.get(current) + ", ends " + endsText() + ", boneyard " + boneyard + ")");
        }
        if (move instanceof DominoMove.Draw) {
            return new DominoRound(rules, hands, line, boneyard, current, Phase.DRAW, 0, requiredLead,
                    dominoPlayer, null);
        }
        if (move instanceof DominoMove.Pass) {
            int passes = consecutivePasses + 1;
            if (passes == rules.players()) {
                return finish(hands, line, OptionalInt.empty());
            }
            return new DominoRound(rules, hands, line, boneyard, next(), Phase.MOVE, passes, requiredLead,
                    dominoPlayer, null);
        }
        DominoMove.Play play = (DominoMove.Play) move;
        List<Hand> newHands = replace(hands, current, hands.get(current).without(play.tile()));
        List<LinedTile> newLine = new ArrayList<>(line);
        if (line.isEmpty()) {
            newLine.add(new LinedTile(play.tile(), play.tile().high(), play.tile().low()));
        } else if (play.end() == End.LEFT) {
            int end = line.get(0).left();
            newLine.add(0, new LinedTile(play.tile(), play.tile().otherEnd(end), end));
        } else {
            int end = line.get(line.size() - 1).right();
            newLine.add(new LinedTile(play.tile(), end, play.tile().otherEnd(end)));
        }
        List<LinedTile> frozenLine = List.copyOf(newLine);
        if (newHands.get(current).isEmpty()) {
            return finish(newHands, frozenLine, OptionalInt.of(current));
        }
        return new DominoRound(rules, newHands, frozenLine, boneyard, next(), Phase.MOVE, 0, requiredLead,
                dominoPlayer, null);
    }

    /** The tile the current player drew, when this view sees it. */
    public DominoRound draw(Tile tile) {
        checkDrawing();
        if ((visibleMask() & (1 << tile.index())) != 0) {
            throw new IllegalArgumentException("tile " + tile + " is not in the boneyard");
        }
        return afterDraw(hands.get(current).with(tile));
    }

    /** The current player drew a tile this view does not see. */
    public DominoRound drawHidden() {
        checkDrawing();
        return afterDraw(hands.get(current).withHidden());
    }

    /**
     * The tiles left in every hand when the round ended with hidden tiles. Each set must extend what this view
     * already knows of that hand and have its size; together they must be distinct and off the line.
     */
    public DominoRound reveal(List<Set<Tile>> remaining) {
        if (phase != Phase.REVEAL) {
            throw new IllegalStateException("not waiting for a reveal but for " + awaiting());
        }
        if (remaining.size() != rules.players()) {
            throw new IllegalArgumentException("expected " + rules.players() + " hands");
        }
        int lineMask = lineMask();
        int seen = 0;
        List<Hand> opened = new ArrayList<>();
        for (int p = 0; p < rules.players(); p++) {
            Hand before = hands.get(p);
            Hand after = Hand.of(remaining.get(p));
            if (after.size() != before.size() || (before.knownMask() & ~after.knownMask()) != 0) {
                throw new IllegalArgumentException("revealed hand of player " + p + " " + after
                        + " does not extend " + before);
            }
            if ((after.knownMask() & (seen | lineMask)) != 0) {
                throw new IllegalArgumentException("revealed hand of player " + p + " repeats a tile");
            }
            seen |= after.knownMask();
            opened.add(after);
        }
        return finish(List.copyOf(opened), line, dominoPlayer);
    }

    private void checkDrawing() {
        if (phase != Phase.DRAW) {
            throw new IllegalStateException("not waiting for a drawn tile but for " + awaiting());
        }
        if (boneyard == 0) {
            throw new IllegalStateException("the boneyard is empty");
        }
    }

    private DominoRound afterDraw(Hand hand) {
        return new DominoRound(rules, replace(hands, current, hand), line, boneyard - 1, current, Phase.MOVE, 0,
                requiredLead, dominoPlayer, null);
    }

    private DominoRound finish(List<Hand> finalHands, List<LinedTile> finalLine, OptionalInt domino) {
        if (finalHands.stream().allMatch(Hand::isFullyKnown)) {
            return new DominoRound(rules, finalHands, finalLine, boneyard, current, Phase.OVER, 0, requiredLead,
                    domino, RoundResult.score(rules, finalHands, domino));
        }
        return new DominoRound(rules, finalHands, finalLine, boneyard, current, Phase.REVEAL, 0, requiredLead,
                domino, null);
    }

    /** Known tiles of the hand, plus every unseen tile if the hand has hidden tiles. */
    private List<Tile> candidateTiles(Hand hand) {
        int mask = hand.knownMask();
        if (!hand.isFullyKnown()) {
            mask |= (1 << Tile.COUNT) - 1 & ~visibleMask();
        }
        List<Tile> tiles = new ArrayList<>();
        for (int i = 0; i < Tile.COUNT; i++) {
            if ((mask & (1 << i)) != 0) {
                tiles.add(Tile.ofIndex(i));
            }
        }
        return tiles;
    }

    private boolean fits(Tile tile, End end) {
        int pips = end == End.LEFT ? line.get(0).left() : line.get(line.size() - 1).right();
        return tile.shows(pips);
    }

    private int visibleMask() {
        int mask = lineMask();
        for (Hand hand : hands) {
            mask |= hand.knownMask();
        }
        return mask;
    }

    private int lineMask() {
        int mask = 0;
        for (LinedTile lined : line) {
            mask |= 1 << lined.tile().index();
        }
        return mask;
    }

    private int next() {
        return (current + 1) % rules.players();
    }

    private String endsText() {
        return openEnds().map(e -> e.left() + "|" + e.right()).orElse("none");
    }

    private static List<Hand> replace(List<Hand> hands, int index, Hand hand) {
        List<Hand> copy = new ArrayList<>(hands);
        copy.set(index, hand);
        return List.copyOf(copy);
    }

    @Override
    public String toString() {
        return "DominoRound{" + awaiting() + ", ends " + endsText() + ", boneyard " + boneyard + ", hands "
                + hands + "}";
    }
}
