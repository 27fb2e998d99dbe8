package fairtable.games.mahjongshogi.play;

import fairtable.games.mahjongshogi.BattleRecord;
import fairtable.games.mahjongshogi.Board;
import fairtable.games.mahjongshogi.Kinds;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongObserver.Battle;
import fairtable.protocol.mahjong.MahjongObserver.Played;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one player knows during a protocol game: its own placement, and the rules engine's position rebuilt from
 * the public messages (the squares of both setups, every move, every confirmed battle result). The opponent's
 * kinds are not in it.
 */
public final class PlayerView {
    private final int seat;
    private final Placement own;
    private final MahjongShogiState state;

    private PlayerView(int seat, Placement own, MahjongShogiState state) {
        this.seat = seat;
        this.own = own;
        this.state = state;
    }

    /** The view of {@code own}'s owner after the messages {@code observer} has accepted (both setups needed). */
    public static PlayerView of(MahjongObserver observer, MahjongShogiRules rules, Placement own) {
        return new PlayerView(own.owner(), own, publicState(observer, rules));
    }

    /** The engine position that the public messages describe, battles resolved by their announced results. */
    public static MahjongShogiState publicState(MahjongObserver observer, MahjongShogiRules rules) {
        return advance(startState(observer, rules), 0, observer);
    }

    /** The engine's starting position from the two public setups, before any move. */
    public static MahjongShogiState startState(MahjongObserver observer, MahjongShogiRules rules) {
        return MahjongShogiState.start(rules, squares(observer, 0), squares(observer, 1));
    }

    /**
     * {@code state}, which has the first {@code applied} of the observer's moves in it, brought up to date. A move
     * whose battle is not confirmed yet is applied and left pending.
     */
    public static MahjongShogiState advance(MahjongShogiState state, int applied, MahjongObserver observer) {
        List<Played> moves = observer.moves();
        for (Played p : moves.subList(applied, moves.size())) {
            state = state.apply(new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to())));
            if (p.battle() >= 0) {
                Battle b = observer.battles().get(p.battle());
                if (!b.isConfirmed()) {
                    break;
                }
                state = state.resolveBattle(
                        ProtocolRules.battleResult(b.result(), b.attackerKingLost(), b.defenderKingLost()));
            }
        }
        return state;
    }

    /** The view of {@code own}'s owner given the public position {@code state}. */
    public static PlayerView of(MahjongShogiState state, Placement own) {
        return new PlayerView(own.owner(), own, state);
    }

    private static Set<Square> squares(MahjongObserver observer, int seat) {
        Set<Square> squares = new TreeSet<>();
        observer.setup(seat).orElseThrow(() -> new IllegalStateException("no setup from seat " + seat))
                .squares().forEach(i -> squares.add(Square.ofIndex(i)));
        return squares;
    }

    public int seat() {
        return seat;
    }

    public Placement placement() {
        return own;
    }

    public MahjongShogiState state() {
        return state;
    }

    /**
     * The board as this player sees it, own side at the bottom: own tiles by kind (the king marked *), the
     * opponent's as ?, and below it every battle with the result both players learned.
     */
    public String render(String me, String opponent) {
        StringBuilder out = new StringBuilder();
        out.append("    ");
        for (int f = 0; f < Board.SIZE; f++) {
            out.append(' ').append((char) ('a' + f)).append("  ");
        }
        out.append('\n');
        for (int i = 0; i < Board.SIZE; i++) {
            int rank = seat == 0 ? Board.SIZE - 1 - i : i;
            out.append(String.format("%2d  ", rank + 1));
            for (int file = 0; file < Board.SIZE; file++) {
                TileRef tile = state.tileAt(new Square(file, rank)).orElse(null);
                out.append(cell(tile)).append(' ');
            }
            out.append('\n');
        }
        out.append("    legend: 1p..9p circles, E 東, Wh 白, Gr 發, Rd 中, * king, ?? ").append(opponent).append('\n');
        for (BattleRecord b : state.battles()) {
            boolean mine = b.attacker().owner() == seat;
            out.append(String.format("    move %3d %-6s %s: %s%n", b.moveNumber() + 1, b.move(),
                    mine ? me : opponent, battle(b)));
        }
        return out.toString();
    }

    /**
     * What this player learned from a battle, from its side: its own tile by kind, the opponent's as ??, and the
     * result, e.g. "my 5p attacked ??: my tile lost".
     */
    public String battle(BattleRecord b) {
        boolean mine = b.attacker().owner() == seat;
        String tile = code(own.kindOf(mine ? b.attacker() : b.defender())).strip();
        String verdict = switch (b.result().outcome()) {
            case BOTH_REMOVED -> "both removed (equal kinds)";
            case ATTACKER_WINS -> mine ? "my tile won" : "my tile lost";
            case DEFENDER_WINS -> mine ? "my tile lost" : "my tile won";
        };
        return (mine ? "my " + tile + " attacked ??" : "?? attacked my " + tile) + ": " + verdict;
    }

    private String cell(TileRef tile) {
        if (tile == null) {
            return " . ";
        }
        if (tile.owner() != seat) {
            return "?? ";
        }
        return code(own.kindOf(tile));
    }

    /** A three-column code for a kind; the king is marked with *. */
    private String code(int kind) {
        String name = kind <= 9 ? kind + "p" : switch (kind) {
            case Kinds.EAST -> "E";
            case 11 -> "Wh";
            case 12 -> "Gr";
            default -> "Rd";
        };
        if (kind == own.tileSet().kingKind()) {
            name = name + "*";
        }
        return String.format("%-3s", name);
    }
}
