package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A Mahjong Shogi position as an immutable value, knowing where every tile stands but no tile's kind: the same
 * engine serves a player's own view and a full-information replay. Battle results come from outside.
 *
 * <p>Play: player 0 moves first, then the players alternate (also after battles). A move steps one of the mover's
 * tiles one square forward, back, left or right onto an empty square or onto an opponent's tile, never onto their
 * own. Onto an opponent's tile it is a battle, and the engine waits for its {@link BattleResult}: the loser's tile
 * is removed, equal kinds remove both, and a winning attacker moves into the square. The game ends when a king is
 * removed (its owner loses; if both kings fall in one battle it is a draw), when the player to move has no legal
 * move (they lose), or when {@link MahjongShogiRules#moveLimit()} moves have been made (a draw).
 *
 * <p>The no-legal-move rule keeps every position's outcome defined, but it cannot arise while a player has a tile:
 * at most 27 own tiles never fill the board, so some tile borders an empty or opponent square; and a player keeps
 * at least their king until the game ends.
 */
public final class MahjongShogiState {

    /** What the game is waiting for. */
    public sealed interface Awaiting {
    }

    public record PlayerMove(int player) implements Awaiting {
    }

    /** The result of the battle that {@code move} started, via {@link #resolveBattle}. */
    public record PendingBattle(TileRef attacker, TileRef defender, Move move) implements Awaiting {
    }

    public record GameOver(GameResult result) implements Awaiting {
    }

    private static final int EMPTY = -1;
    private static final int OWNER_SHIFT = 5;

    private final MahjongShogiRules rules;
    private final int[] board;
    private final int toMove;
    private final int movesMade;
    private final Move pendingAttack;
    private final GameResult result;
    private final List<BattleRecord> battles;

    private MahjongShogiState(MahjongShogiRules rules, int[] board, int toMove, int movesMade, Move pendingAttack,
                              GameResult result, List<BattleRecord> battles) {
        this.rules = rules;
        this.board = board;
        this.toMove = toMove;
        this.movesMade = movesMade;
        this.pendingAttack = pendingAttack;
        this.result = result;
        this.battles = battles;
    }

    /**
     * The starting position from the two public layouts (the squares each player's tiles stand on). Each layout
     * must hold exactly as many squares as the tile set has tiles, all on that player's home ranks.
     */
    public static MahjongShogiState start(MahjongShogiRules rules, Set<Square> layout0, Set<Square> layout1) {
        Objects.requireNonNull(rules);
        int[] board = new int[Board.SQUARES];
        Arrays.fill(board, EMPTY);
        List<Set<Square>> layouts = List.of(layout0, layout1);
        for (int owner = 0; owner < 2; owner++) {
            Set<Square> layout = layouts.get(owner);
            if (layout.size() != rules.tileSet().size()) {
                throw new IllegalArgumentException("player " + owner + " placed " + layout.size() + " tiles, the tile set has "
                        + rules.tileSet().size());
            }
            int id = 0;
            for (Square square : layout.stream().sorted().toList()) {
                if (!Board.isHome(owner, square)) {
                    throw new IllegalArgumentException("player " + owner + " may not place on " + square);
                }
                board[square.index()] = encode(new TileRef(owner, id++));
            }
        }
        return new MahjongShogiState(rules, board, 0, 0, null, null, List.of()).checkMover();
    }

    /** The starting position of two validated placements. */
    public static MahjongShogiState start(MahjongShogiRules rules, Placement placement0, Placement placement1) {
        if (placement0.owner() != 0 || placement1.owner() != 1) {
            throw new IllegalArgumentException("placements must be player 0's and player 1's");
        }
        if (!placement0.tileSet().equals(rules.tileSet()) || !placement1.tileSet().equals(rules.tileSet())) {
            throw new IllegalArgumentException("placements use another tile set");
        }
        return start(rules, placement0.squares(), placement1.squares());
    }

    public MahjongShogiRules rules() {
        return rules;
    }

    public Awaiting awaiting() {
        if (result != null) {
            return new GameOver(result);
        }
        if (pendingAttack != null) {
            return new PendingBattle(tileAt(pendingAttack.from()).orElseThrow(),
                    tileAt(pendingAttack.to()).orElseThrow(), pendingAttack);
        }
        return new PlayerMove(toMove);
    }

    public boolean isOver() {
        return result != null;
    }

    public Optional<GameResult> result() {
        return Optional.ofNullable(result);
    }

    /** The player whose move it is (or whose attack awaits its result). */
    public int toMove() {
        return toMove;
    }

    /** Completed moves, both players counted. */
    public int movesMade() {
        return movesMade;
    }

    public List<BattleRecord> battles() {
        return battles;
    }

    public Optional<TileRef> tileAt(Square square) {
        int code = board[square.index()];
        return code == EMPTY ? Optional.empty() : Optional.of(decode(code));
    }

    /** Where the tile stands, or empty once it has been removed. */
    public Optional<Square> squareOf(TileRef tile) {
        int code = encode(tile);
        for (int index = 0; index < Board.SQUARES; index++) {
            if (board[index] == code) {
                return Optional.of(Square.ofIndex(index));
            }
        }
        return Optional.empty();
    }

    /** The owner's tiles still on the board, by square. */
    public List<TileRef> tiles(int owner) {
        Board.checkPlayer(owner);
        List<TileRef> tiles = new ArrayList<>();
        for (int code : board) {
            if (code != EMPTY && code >> OWNER_SHIFT == owner) {
                tiles.add(decode(code));
            }
        }
        return tiles;
    }

    public List<Move> legalMoves() {
        if (result != null || pendingAttack != null) {
            return List.of();
        }
        return movesOf(toMove);
    }

    public MahjongShogiState apply(Move move) {
        Objects.requireNonNull(move);
        if (result != null || pendingAttack != null) {
            throw new IllegalStateException("not waiting for a move but for " + awaiting());
        }
        int mover = board[move.from().index()];
        if (mover == EMPTY || mover >> OWNER_SHIFT != toMove) {
            throw new IllegalArgumentException("player " + toMove + " has no tile on " + move.from());
        }
        int target = board[move.to().index()];
        if (target == EMPTY) {
            int[] next = board.clone();
            next[move.to().index()] = mover;
            next[move.from().index()] = EMPTY;
            return afterMove(next, battles);
        }
        if (target >> OWNER_SHIFT == toMove) {
            throw new IllegalArgumentException("player " + toMove + " cannot move onto their own tile on " + move.to());
        }
        return new MahjongShogiState(rules, board, toMove, movesMade, move, null, battles);
    }

    public MahjongShogiState resolveBattle(BattleResult battle) {
        Objects.requireNonNull(battle);
        if (!(awaiting() instanceof PendingBattle pending)) {
            throw new IllegalStateException("no battle pending; waiting for " + awaiting());
        }
        int[] next = board.clone();
        int from = pending.move().from().index();
        int to = pending.move().to().index();
        switch (battle.outcome()) {
            case ATTACKER_WINS -> {
                next[to] = next[from];
                next[from] = EMPTY;
            }
            case DEFENDER_WINS -> next[from] = EMPTY;
            case BOTH_REMOVED -> {
                next[from] = EMPTY;
                next[to] = EMPTY;
            }
        }
        List<BattleRecord> history = new ArrayList<>(battles);
        history.add(new BattleRecord(movesMade, pending.attacker(), pending.defender(), pending.move(), battle));
        history = List.copyOf(history);
        int attacker = toMove;
        if (battle.attackerKingRemoved() && battle.defenderKingRemoved()) {
            return over(next, history, new GameResult(OptionalInt.empty(), GameResult.Reason.BOTH_KINGS_REMOVED));
        }
        if (battle.attackerKingRemoved()) {
            return over(next, history, new GameResult(OptionalInt.of(1 - attacker), GameResult.Reason.KING_CAPTURED));
        }
        if (battle.defenderKingRemoved()) {
            return over(next, history, new GameResult(OptionalInt.of(attacker), GameResult.Reason.KING_CAPTURED));
        }
        return afterMove(next, history);
    }

    private MahjongShogiState over(int[] next, List<BattleRecord> history, GameResult gameResult) {
        return new MahjongShogiState(rules, next, toMove, movesMade + 1, null, gameResult, history);
    }

    private MahjongShogiState afterMove(int[] next, List<BattleRecord> history) {
        int made = movesMade + 1;
        if (made >= rules.moveLimit()) {
            return new MahjongShogiState(rules, next, 1 - toMove, made, null,
                    new GameResult(OptionalInt.empty(), GameResult.Reason.MOVE_LIMIT), history);
        }
        return new MahjongShogiState(rules, next, 1 - toMove, made, null, null, history).checkMover();
    }

    /** A player to move without a legal move loses. */
    private MahjongShogiState checkMover() {
        if (!movesOf(toMove).isEmpty()) {
            return this;
        }
        return new MahjongShogiState(rules, board, toMove, movesMade, null,
                new GameResult(OptionalInt.of(1 - toMove), GameResult.Reason.NO_LEGAL_MOVE), battles);
    }

    private List<Move> movesOf(int player) {
        List<Move> moves = new ArrayList<>();
        for (int index = 0; index < Board.SQUARES; index++) {
            int code = board[index];
            if (code == EMPTY || code >> OWNER_SHIFT != player) {
                continue;
            }
            Square from = Square.ofIndex(index);
            for (Square to : from.neighbours()) {
                int target = board[to.index()];
                if (target == EMPTY || target >> OWNER_SHIFT != player) {
                    moves.add(new Move(from, to));
                }
            }
        }
        return moves;
    }

    private static int encode(TileRef tile) {
        return tile.owner() << OWNER_SHIFT | tile.id();
    }

    private static TileRef decode(int code) {
        return new TileRef(code >> OWNER_SHIFT, code & ((1 << OWNER_SHIFT) - 1));
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("MahjongShogiState{" + awaiting() + ", move " + movesMade + "\n");
        for (int rank = Board.SIZE - 1; rank >= 0; rank--) {
            for (int file = 0; file < Board.SIZE; file++) {
                int code = board[new Square(file, rank).index()];
                text.append(code == EMPTY ? " . " : String.format("%s%02d", code >> OWNER_SHIFT == 0 ? "+" : "-",
                        code & 31)).append(' ');
            }
            text.append('\n');
        }
        return text.append('}').toString();
    }
}
