package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.Move;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Position;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The terminal player without the protocol: views come from the pure rules engine, input from a string. */
class TerminalChessPlayerTest {
    private final StringWriter printed = new StringWriter();

    private TerminalChessPlayer player(String... lines) {
        String input = lines.length == 0 ? "" : String.join("\n", lines) + "\n";
        return TerminalChessPlayer.of(new BufferedReader(new StringReader(input)), new PrintWriter(printed, true));
    }

    /** Asks {@code player} for a move in {@code game}, applies it and returns the game after it. */
    private static DarkChessGame ask(TerminalChessPlayer player, DarkChessGame game) {
        Color mover = game.sideToMove();
        Move move = player.choose(game.view(mover), game.view(mover).legalMoves(game.position().castlingRights()),
                new SplittableRandom(1));
        assertThat(game.legalMoves()).contains(move);
        return game.apply(move);
    }

    private String takePrinted() {
        String text = printed.toString();
        printed.getBuffer().setLength(0);
        return text;
    }

    @Test
    void aNumberPicksFromTheListedMovesAndUciIsReadInEitherCase() {
        DarkChessGame start = DarkChessGame.start();
        TerminalChessPlayer player = player("3", "G8F6");
        DarkChessGame afterWhite = ask(player, start);
        String shown = takePrinted();
        // The list is numbered in the order of the legal moves, so "3" is the third of them.
        Move third = start.view(Color.WHITE).legalMoves(start.position().castlingRights()).get(2);
        assertThat(afterWhite).isEqualTo(start.apply(third));
        assertThat(shown).contains("   3 " + third.uci(), "You play " + third.uci() + ".",
                BoardRenderer.render(start.view(Color.WHITE)), "No enemy piece in sight.");
        DarkChessGame afterBlack = ask(player, afterWhite);
        assertThat(afterBlack).isEqualTo(afterWhite.apply(Move.parseUci("g8f6")));
    }

    @Test
    void sanAsChessBooksPrintItIsReadAndAnImpossibleOneSaysWhy() {
        TerminalChessPlayer player = player("Nf4", "Nf3", "e5");
        DarkChessGame afterWhite = ask(player, DarkChessGame.start());
        assertThat(afterWhite).isEqualTo(DarkChessGame.start().apply(Move.parseUci("g1f3")));
        assertThat(takePrinted()).contains("No knight of yours can move to f4 now (Nf4).", "You play g1f3.");
        assertThat(ask(player, afterWhite)).isEqualTo(afterWhite.apply(Move.parseUci("e7e5")));
    }

    @Test
    void aMoveAndDrawOffersADrawWhileDrawAloneAcceptsOnlyAnOfferOnTheTable() {
        DarkChessGame start = DarkChessGame.start();
        var legal = start.view(Color.WHITE).legalMoves(start.position().castlingRights());
        // No offer on the table: 'draw' is explained and asked again; 'e2e4 draw' plays e2e4 and offers a draw.
        TerminalChessPlayer offering = player("draw", "e2e4 draw");
        assertThatThrownBy(() -> offering.choose(start.view(Color.WHITE), legal, false, new SplittableRandom(1)))
                .isInstanceOfSatisfying(fairtable.games.chess.play.ChessSide.OffersDraw.class,
                        o -> assertThat(o.move()).isEqualTo(Move.parseUci("e2e4")));
        assertThat(takePrinted()).contains("No draw is on offer", "You play e2e4 and offer a draw.")
                .doesNotContain("offers a draw: type 'draw'");
        // An offer on the table is shown, and 'draw' accepts it.
        DarkChessGame afterWhite = start.apply(Move.parseUci("e2e4"));
        var blackLegal = afterWhite.view(Color.BLACK).legalMoves(afterWhite.position().castlingRights());
        TerminalChessPlayer accepting = player("draw");
        assertThatThrownBy(() -> accepting.choose(afterWhite.view(Color.BLACK), blackLegal, true, new SplittableRandom(1)))
                .isInstanceOf(fairtable.games.chess.play.ChessSide.AcceptsDraw.class);
        assertThat(takePrinted()).contains("White offers a draw: type 'draw' to accept it", "You accept the draw.");
    }

    @Test
    void nonsenseIsRefusedWithAReasonAndTheNextGoodAnswerCounts() {
        TerminalChessPlayer player = player("", "castle", "0", "21", "e2e5", "e7e5", "e2e4q", "help", "moves", "board",
                "e2e4");
        DarkChessGame after = ask(player, DarkChessGame.start());
        String shown = takePrinted();
        assertThat(after).isEqualTo(DarkChessGame.start().apply(Move.parseUci("e2e4")));
        assertThat(shown).contains("Type a move: its number in the list",
                "'castle' is not a move: type its number in the list, UCI such as e2e4, or SAN such as Nf3",
                "There is no move 0: choose 1 to 20.", "There is no move 21: choose 1 to 20.",
                "Your pawn on e2 cannot play e2e5 now", "You have no piece on e7.",
                "Your pawn on e2 cannot play e2e4q now", "you win by capturing the king", "'resign' (the other side wins)");
        // 'moves' and 'board' print the list and the view again: twice each in all.
        assertThat(shown.split("Your moves \\(20;", -1)).hasSize(3);
        assertThat(shown.split("Your view \\(White\\) before your move 1:", -1)).hasSize(3);
    }

    @Test
    void aPromotionWithoutItsPieceIsAskedAgain() {
        DarkChessGame game = DarkChessGame.fromPosition(Position.fromFen("7k/P7/8/8/8/8/8/4K3 w - - 0 1"));
        Move move = player("a7a8", "a7a8n").choose(game.view(Color.WHITE), game.view(Color.WHITE).legalMoves(
                game.position().castlingRights()), new SplittableRandom(1));
        assertThat(move).isEqualTo(Move.promotion(move.from(), move.to(), PieceType.KNIGHT));
        assertThat(takePrinted()).contains("a7a8 promotes: add the piece, e.g. a7a8q");
    }

    @Test
    void aCaptureOnOneOfItsSquaresIsToldBeforeTheNextMove() {
        TerminalChessPlayer white = player("e2e4", "a2a3", "a3a4");
        DarkChessGame game = ask(white, DarkChessGame.start());
        game = game.apply(Move.parseUci("d7d5"));
        assertThat(takePrinted()).doesNotContain("captured");
        game = ask(white, game);
        assertThat(takePrinted()).contains("Black moved; none of your pieces was captured.");
        game = game.apply(Move.parseUci("d5e4"));
        ask(white, game);
        assertThat(takePrinted()).contains("Black captured your pawn on e4.");
    }

    @Test
    void theCastledRookIsNamedWhenItIsTaken() {
        DarkChessGame game = DarkChessGame.fromPosition(Position.fromFen("5r1k/8/8/8/8/8/8/4K2R w K - 0 1"));
        TerminalChessPlayer white = player("e1g1", "g1h1");
        game = ask(white, game).apply(Move.parseUci("f8f1"));
        ask(white, game);
        assertThat(takePrinted()).contains("Black captured your rook on f1.");
    }

    @Test
    void anEnPassantChanceIsToldForThisMoveOnly() {
        TerminalChessPlayer white = player("e2e4", "e4e5", "e5d6", "a2a3");
        DarkChessGame game = ask(white, DarkChessGame.start()).apply(Move.parseUci("a7a6"));
        game = ask(white, game).apply(Move.parseUci("d7d5"));
        takePrinted();
        game = ask(white, game);
        String shown = takePrinted();
        assertThat(shown).contains("Black's pawn on d5 has just advanced two squares beside your pawn",
                "en passant (moving to d6) on this move only", "e5d6*");
        assertThat(game.position().pieceAt(fairtable.games.chess.Square.parse("d5"))).isEmpty();
        game = ask(white, game.apply(Move.parseUci("h7h6")));
        assertThat(takePrinted()).doesNotContain("en passant (moving to");
    }

    @Test
    void theEndOfInputThrowsInputEndedNamingTheMoveAsked() {
        TerminalChessPlayer white = player("e2e4", "nonsense");
        DarkChessGame game = ask(white, DarkChessGame.start()).apply(Move.parseUci("e7e5"));
        DarkChessGame before = game;
        assertThatThrownBy(() -> ask(white, before)).isInstanceOf(TerminalChessPlayer.InputEnded.class)
                .satisfies(e -> assertThat(((TerminalChessPlayer.InputEnded) e).moveNumber()).isEqualTo(2));
        assertThat(takePrinted()).contains("'nonsense' is not a move");
    }
}
