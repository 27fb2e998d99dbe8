package fairtable.app.play;

import fairtable.games.mahjongshogi.BattleRecord;
import fairtable.games.mahjongshogi.GameResult;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.games.mahjongshogi.play.Seat;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A person at the terminal deciding one Mahjong Shogi seat. Before each of its moves it prints exactly what the seat
 * may see ({@link PlayerView#render}: its own tiles by kind, the opponent's as ??, the battle log) and the numbered
 * legal moves, then reads a move ({@code e3-e4} or {@code e3e4}), a number from the list, {@code board},
 * {@code help} or {@code resign}; anything else is refused with the reason and asked again. After every move it
 * says what the seat learned (the opponent's move; for a battle, the result). End of input leaves the game.
 */
public final class TerminalMahjongPlayer implements Seat {
    private static final int MOVES_PER_LINE = 8;

    private final BufferedReader in;
    private final PrintWriter out;
    private final String me;
    private final String opponent;
    private int battlesSeen;

    private TerminalMahjongPlayer(BufferedReader in, PrintWriter out, String me, String opponent) {
        this.in = Objects.requireNonNull(in);
        this.out = Objects.requireNonNull(out);
        this.me = Objects.requireNonNull(me);
        this.opponent = Objects.requireNonNull(opponent);
    }

    /** The person who reads {@code out} and types into {@code in}, playing as {@code me} against {@code opponent}. */
    public static TerminalMahjongPlayer seat(BufferedReader in, PrintWriter out, String me, String opponent) {
        return new TerminalMahjongPlayer(in, out, me, opponent);
    }

    @Override
    public Choice choose(PlayerView view) {
        MahjongShogiState state = view.state();
        List<Move> legal = state.legalMoves();
        out.printf("%nYour move, %s (move %d; the game is drawn after %d):%n", me, state.movesMade() + 1,
                state.rules().moveLimit());
        showBoard(view, legal);
        while (true) {
            out.print("Your move (e3-e4, e3e4 or a number; help, board, resign): ");
            out.flush();
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                line = null;
            }
            if (line == null) {
                out.println();
                out.println("End of input: " + me + " leaves the game.");
                out.flush();
                return new Leave("the input of " + me + " ended");
            }
            String typed = line.strip().toLowerCase(Locale.ROOT);
            switch (typed) {
                case "" -> out.println("Nothing typed. Type a move like e3-e4, or a number from the list.");
                case "help", "?" -> out.print(help());
                case "board", "moves" -> showBoard(view, legal);
                case "resign" -> {
                    return new Resign();
                }
                default -> {
                    Optional<Move> move = read(typed, legal, state);
                    if (move.isPresent()) {
                        return new Play(move.get());
                    }
                }
            }
        }
    }

    /** The move {@code typed} names if it is legal; otherwise says why not and returns nothing. */
    private Optional<Move> read(String typed, List<Move> legal, MahjongShogiState state) {
        if (typed.chars().allMatch(Character::isDigit)) {
            int number;
            try {
                number = Integer.parseInt(typed);
            } catch (NumberFormatException e) {
                number = 0;
            }
            if (number < 1 || number > legal.size()) {
                out.println("There is no move number " + typed + ": the list goes from 1 to " + legal.size() + ".");
                return Optional.empty();
            }
            return Optional.of(legal.get(number - 1));
        }
        Move move;
        try {
            move = Move.parse(typed);
        } catch (IllegalArgumentException e) {
            out.println("Cannot read \"" + typed + "\": " + e.getMessage()
                    + ". Type a move like e3-e4 (file a..i, rank 1..9), or a number from the list.");
            return Optional.empty();
        }
        if (legal.contains(move)) {
            return Optional.of(move);
        }
        out.println("Not a legal move: " + move + ": " + whyIllegal(move, state) + ".");
        return Optional.empty();
    }

    private String whyIllegal(Move move, MahjongShogiState state) {
        Optional<TileRef> from = state.tileAt(move.from());
        if (from.isEmpty()) {
            return "there is no tile on " + move.from();
        }
        if (from.get().owner() != state.toMove()) {
            return "the tile on " + move.from() + " is " + opponent + "'s, not yours";
        }
        return "your own tile stands on " + move.to();
    }

    private void showBoard(PlayerView view, List<Move> legal) {
        out.print(view.render(me, opponent));
        List<String> steps = new ArrayList<>();
        List<String> attacks = new ArrayList<>();
        for (int i = 0; i < legal.size(); i++) {
            Move m = legal.get(i);
            String item = String.format("%3d %s", i + 1, m);
            (view.state().tileAt(m.to()).isPresent() ? attacks : steps).add(item);
        }
        out.println("Moves:");
        printColumns(steps);
        if (!attacks.isEmpty()) {
            out.println("Attacks (onto a ?? tile, a battle):");
            printColumns(attacks);
        }
    }

    private void printColumns(List<String> items) {
        for (int i = 0; i < items.size(); i += MOVES_PER_LINE) {
            out.println("  " + String.join("  ", items.subList(i, Math.min(items.size(), i + MOVES_PER_LINE))));
        }
    }

    @Override
    public void moved(int mover, Move move, PlayerView view) {
        MahjongShogiState state = view.state();
        List<BattleRecord> battles = state.battles();
        String who = mover == view.seat() ? "You (" + me + ")" : opponent;
        if (battles.size() > battlesSeen) {
            BattleRecord battle = battles.get(battles.size() - 1);
            out.printf("%s attacked %s: %s%n", who, move, view.battle(battle));
        } else {
            out.printf("%s moved %s%n", who, move);
        }
        battlesSeen = battles.size();
        state.result().ifPresent(r -> out.println("Game over: " + describe(r, view.seat())));
        out.flush();
    }

    private String describe(GameResult result, int seat) {
        String outcome = result.winner().isEmpty() ? "a draw"
                : result.winner().getAsInt() == seat ? "you win" : opponent + " wins";
        String reason = switch (result.reason()) {
            case KING_CAPTURED -> "a king fell";
            case BOTH_KINGS_REMOVED -> "both kings fell in one battle";
            case NO_LEGAL_MOVE -> "the player to move had no legal move";
            case MOVE_LIMIT -> "the move limit was reached";
        };
        return outcome + " (" + reason + ")";
    }

    /** The notation and the commands. */
    public static String help() {
        return """
                Mahjong Shogi: each turn move one of your tiles one square forward, back, left or right, onto an
                empty square or onto an opponent's tile (??), which starts a battle: the higher kind wins (from low to
                high 1p..9p, E, Wh, Gr, Rd), except that 1p beats Rd; equal kinds both leave the board. A winning
                attacker takes the square. Lose your king (*) and you lose; the game is drawn at the move limit.
                  e3-e4 or e3e4   move the tile on e3 to e4 (files a..i left to right, ranks 1..9 from east's side)
                  12              the move numbered 12 in the list
                  board           show the board and the moves again
                  resign          stop now: you reveal your tiles; the protocol records an early stop, with no winner
                  help            this text
                End of input (Ctrl-D) leaves the game unfinished.
                """;
    }
}
