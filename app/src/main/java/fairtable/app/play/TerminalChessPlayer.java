package fairtable.app.play;

import fairtable.app.net.SessionSeat;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.CastlingRight;
import fairtable.games.chess.Color;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Notation;
import fairtable.games.chess.Piece;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Square;
import fairtable.games.chess.play.ChessSide;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * A person choosing dark-chess moves at a terminal. Before each of its moves it prints exactly what the player may
 * know: its fog-of-war view, what it learned since its last move (which of its pieces was captured, an en-passant
 * chance) and its legal moves (dark chess: no check, the king may be left attacked); it reads a move as a number
 * from the list, in UCI ({@code e2e4}, {@code e7e8q}) or in SAN ({@code Nf3}, {@code O-O}), and asks again, with the reason, after anything else.
 *
 * <p>It only reads lines and prints, so one chooser serves a game in one process and a seat over the network alike.
 * It remembers its previous view and move to tell what changed; a chooser belongs to one game.
 *
 * <p>"resign" resigns: it throws {@link ChessSide.Resigns}, and the side announces the resignation instead of a
 * move. A move followed by "draw" ({@code e2e4 draw}) offers a draw with it ({@link ChessSide.OffersDraw}); "draw"
 * alone accepts the draw the opponent's last move offered ({@link ChessSide.AcceptsDraw}). End of input throws {@link InputEnded} out of {@link #choose}, which is called inside the party's
 * {@code receive}: the party has then accepted the opponent's message and sent nothing of this move.
 */
public final class TerminalChessPlayer implements ChessSide.MoveChooser {
    private static final int COLUMNS = 6;

    private final BufferedReader in;
    private final PrintWriter out;
    private FogView previousView;
    private Move previousMove;
    private int movesMade;

    private TerminalChessPlayer(BufferedReader in, PrintWriter out) {
        this.in = Objects.requireNonNull(in, "in");
        this.out = Objects.requireNonNull(out, "out");
    }

    /** A player reading moves from {@code in} (one per line) and printing views and prompts to {@code out}. */
    public static TerminalChessPlayer of(BufferedReader in, PrintWriter out) {
        return new TerminalChessPlayer(in, out);
    }

    /** The person's input ended (or could not be read): they left without a move. */
    public static final class InputEnded extends SessionSeat.Leaving {
        private final int moveNumber;

        InputEnded(int moveNumber, Throwable cause) {
            super("the input ended before move " + moveNumber + " was chosen");
            initCause(cause);
            this.moveNumber = moveNumber;
        }

        /** The player's own move (1 for its first) that was being asked for. */
        public int moveNumber() {
            return moveNumber;
        }
    }

    @Override
    public Move choose(FogView view, List<Move> legal, RandomGenerator random) {
        return choose(view, legal, false, random);
    }

    @Override
    public Move choose(FogView view, List<Move> legal, boolean drawOffered, RandomGenerator random) {
        int number = movesMade + 1;
        String me = name(view.viewer());
        out.println();
        out.println("=== Your move " + number + " (" + me + ") ===");
        for (String fact : learned(previousView, previousMove, view)) {
            out.println(fact);
        }
        if (drawOffered) {
            out.println(them(view) + " offers a draw: type 'draw' to accept it; any move declines it.");
        }
        printBoard(view, number);
        printMoves(view, legal);
        while (true) {
            out.print("Move (number, e2e4 or Nf3; help; resign; e2e4 draw offers a draw): ");
            out.flush();
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                throw new InputEnded(number, e);
            }
            if (line == null) {
                out.println();
                out.flush();
                throw new InputEnded(number, null);
            }
            String answer = line.strip().toLowerCase(Locale.ROOT);
            switch (answer) {
                case "help", "?" -> printHelp();
                case "board", "view" -> printBoard(view, number);
                case "moves", "list" -> printMoves(view, legal);
                case "resign" -> {
                    out.println("You resign.");
                    out.flush();
                    throw new ChessSide.Resigns();
                }
                case "draw" -> {
                    if (drawOffered) {
                        out.println("You accept the draw.");
                        out.flush();
                        throw new ChessSide.AcceptsDraw();
                    }
                    out.println("No draw is on offer. To offer one, type your move and 'draw', e.g. e2e4 draw.");
                }
                default -> {
                    // The move keeps its case: SAN tells a bishop (B) from the b-file.
                    String typed = line.strip();
                    boolean offering = answer.endsWith(" draw");
                    Optional<Move> chosen = read(offering ? typed.substring(0, typed.length() - 5).strip() : typed,
                            view, legal);
                    if (chosen.isPresent()) {
                        Move move = chosen.get();
                        out.println("You play " + move.uci() + (offering ? " and offer a draw." : "."));
                        out.flush();
                        previousView = view;
                        previousMove = move;
                        movesMade++;
                        if (offering) {
                            throw new ChessSide.OffersDraw(move);
                        }
                        return move;
                    }
                }
            }
        }
    }

    /** The move {@code typed} names (a number, UCI or SAN), or empty after printing why it names none. */
    private Optional<Move> read(String typed, FogView view, List<Move> legal) {
        String answer = typed.toLowerCase(Locale.ROOT);
        if (answer.isEmpty()) {
            out.println("Type a move: its number in the list or UCI such as e2e4 ('help' explains).");
            return Optional.empty();
        }
        if (answer.chars().allMatch(Character::isDigit)) {
            int index;
            try {
                index = Integer.parseInt(answer);
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 1 || index > legal.size()) {
                out.println("There is no move " + answer + ": choose 1 to " + legal.size() + ".");
                return Optional.empty();
            }
            return Optional.of(legal.get(index - 1));
        }
        if (!answer.matches("[a-h][1-8][a-h][1-8][qrbn]?")) {
            try {
                Optional<Move> san = Notation.read(typed,
                        s -> view.seenPiece(s).filter(p -> p.color() == view.viewer()).map(Piece::type), legal);
                if (san.isEmpty()) {
                    out.println("'" + typed + "' is not a move: type its number in the list, UCI such as e2e4, or"
                            + " SAN such as Nf3, exd5 or O-O.");
                }
                return san;
            } catch (IllegalArgumentException e) {
                out.println(e.getMessage() + " ('moves' lists your moves)");
                return Optional.empty();
            }
        }
        Move move = Move.parseUci(answer);
        if (legal.contains(move)) {
            return Optional.of(move);
        }
        out.println(whyIllegal(move, view, legal) + " ('moves' lists your moves).");
        return Optional.empty();
    }

    /** Why {@code move}, not in {@code legal}, cannot be played from {@code view}: one sentence for the player. */
    public static String whyIllegal(Move move, FogView view, List<Move> legal) {
        Optional<Piece> mine = view.seenPiece(move.from()).filter(p -> p.color() == view.viewer());
        if (mine.isEmpty()) {
            return "You have no piece on " + move.from() + ".";
        }
        if (move.promotion() == null && legal.stream().anyMatch(m -> m.from() == move.from()
                && m.to() == move.to() && m.promotion() != null)) {
            return move.uci() + " promotes: add the piece, e.g. " + move.uci() + "q (q, r, b or n).";
        }
        return "Your " + typeName(mine.get().type()) + " on " + move.from() + " cannot play " + move.uci() + " now.";
    }

    /**
     * What the player of {@code view} learned since its last move ({@code previousMove}, played from
     * {@code previousView}; both null before its first): a capture on one of its squares, an en-passant chance.
     * Only the player's own views are read, so nothing is said that the fog hides.
     */
    public static List<String> learned(FogView previousView, Move previousMove, FogView view) {
        List<String> facts = new ArrayList<>();
        Color me = view.viewer();
        String them = name(me.opposite());
        if (previousView != null && previousView.viewer() == me) {
            Set<Square> expected = ownSquaresAfter(previousView, previousMove);
            Optional<Square> lost = expected.stream()
                    .filter(s -> view.seenPiece(s).map(p -> p.color() != me).orElse(true)).findFirst();
            if (lost.isPresent()) {
                Square s = lost.get();
                PieceType type = pieceAfter(previousView, previousMove, s);
                facts.add(them + " captured your " + typeName(type) + " on " + s + ".");
            } else {
                facts.add(them + " moved; none of your pieces was captured.");
            }
        } else if (me == Color.BLACK) {
            facts.add("White has moved.");
        }
        view.enPassantPawn().ifPresent(pawn -> {
            Square behind = Square.at(pawn.file(), pawn.rank() + (me == Color.WHITE ? 1 : -1));
            facts.add(them + "'s pawn on " + pawn + " has just advanced two squares beside your pawn: you may take it "
                    + "en passant (moving to " + behind + ") on this move only.");
        });
        return facts;
    }

    /** The squares of my pieces right after {@code move} (castling moves the rook too). */
    private static Set<Square> ownSquaresAfter(FogView before, Move move) {
        Set<Square> squares = EnumSet.noneOf(Square.class);
        for (Square s : Square.values()) {
            if (before.seenPiece(s).map(p -> p.color() == before.viewer()).orElse(false)) {
                squares.add(s);
            }
        }
        squares.remove(move.from());
        squares.add(move.to());
        Optional<PieceType> type = before.seenPiece(move.from()).map(Piece::type);
        for (CastlingRight r : CastlingRight.values()) {
            if (type.equals(Optional.of(PieceType.KING)) && r.color() == before.viewer() && r.kingFrom() == move.from()
                    && r.kingTo() == move.to()) {
                squares.remove(r.rookFrom());
                squares.add(r.rookTo());
            }
        }
        return squares;
    }

    private static PieceType pieceAfter(FogView before, Move move, Square square) {
        if (square == move.to()) {
            return move.promotion() != null ? move.promotion()
                    : before.seenPiece(move.from()).map(Piece::type).orElseThrow();
        }
        if (before.seenPiece(move.from()).map(p -> p.type() == PieceType.KING).orElse(false)
                && before.seenPiece(square).isEmpty()) {
            return PieceType.ROOK; // the castled rook's new square
        }
        return before.seenPiece(square).map(Piece::type).orElseThrow();
    }

    private void printBoard(FogView view, int number) {
        out.println("Your view (" + name(view.viewer()) + ") before your move " + number + ":");
        out.print(BoardRenderer.render(view));
        List<String> enemies = new ArrayList<>();
        for (Square s : Square.values()) {
            view.seenPiece(s).filter(p -> p.color() != view.viewer())
                    .ifPresent(p -> enemies.add(typeName(p.type()) + " " + s));
        }
        out.println(enemies.isEmpty() ? "No enemy piece in sight." : "In sight: " + String.join(", ", enemies) + ".");
    }

    private void printMoves(FogView view, List<Move> legal) {
        out.println("Your moves (" + legal.size() + "; * takes a piece you see):");
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < legal.size(); i++) {
            Move m = legal.get(i);
            boolean takes = view.seenPiece(m.to()).map(p -> p.color() != view.viewer()).orElse(false)
                    || view.enPassantPawn().isPresent() && isEnPassant(view, m);
            row.append(String.format(Locale.ROOT, "%4d %-6s", i + 1, m.uci() + (takes ? "*" : "")));
            if ((i + 1) % COLUMNS == 0 || i == legal.size() - 1) {
                out.println(row.toString().stripTrailing());
                row.setLength(0);
            }
        }
        out.flush();
    }

    private static boolean isEnPassant(FogView view, Move m) {
        Square pawn = view.enPassantPawn().orElseThrow();
        return view.seenPiece(m.from()).map(p -> p.type() == PieceType.PAWN).orElse(false)
                && m.to().file() == pawn.file() && m.from().rank() == pawn.rank();
    }

    private void printHelp() {
        out.println("""
                Dark chess: you see your own pieces and every square they could move to (pawns: both forward \
                diagonals); the square ahead of each pawn only as empty '.' or occupied '*'; '?' is dark.
                There is no check and no checkmate: you win by capturing the king, and you may leave yours \
                attacked. A player with no move draws, and so does reaching the ply cap.
                Each turn the opponent learns only whether you captured and on which square (so you learn \
                it of theirs); then both views are rebuilt by oblivious transfer, so nobody sees more.
                Type a number from the list, a UCI move (e2e4; e7e8q promotes to a queen), a SAN move (Nf3, exd5, \
                O-O, e8=Q), 'moves', 'board', 'help', or 'resign' (the other side wins). A move and 'draw' \
                (e2e4 draw, Nf3 draw) offers a draw with the move; 'draw' accepts one the opponent offered with its \
                last move, and any move declines it. Ending the input (Ctrl-D) leaves the game unfinished.""");
        out.flush();
    }

    private static String them(FogView view) {
        return name(view.viewer().opposite());
    }

    private static String name(Color color) {
        return color == Color.WHITE ? "White" : "Black";
    }

    private static String typeName(PieceType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }
}
