package fairtable.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.app.Main;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.DarkChessVision;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.Position;
import fairtable.games.chess.Square;
import fairtable.games.chess.Visibility;
import fairtable.games.chess.VisionMap;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scripted person against the bot through the whole protocol (the default {@code ote-table} mode, seeded, a few
 * plies; a Chou–Orlandi game takes about seven times as long, and each mode is played in the games module's tests):
 * the game ends and audits, every view printed is exactly the fog-of-war view of the true position, nonsense changes
 * nothing, and the end of input ends the game with exit 2.
 */
class PlayDarkChessHumanTest {
    private static final Pattern VIEW = Pattern.compile(
            "Your view \\((White|Black)\\) before your move (\\d+):\n((?:.*\n){9}(?:you|opponent) to move\n)");
    private static final Pattern MOVES = Pattern.compile("Moves \\(UCI, White first; 'none' = no move\\): (.*)\n");

    private record Played(int exit, String output) {}

    private static Played play(Color bot, int maxPlies, Path transcript, String... lines) throws Exception {
        StringWriter printed = new StringWriter();
        String input = lines.length == 0 ? "" : String.join("\n", lines) + "\n";
        int exit = PlayDarkChessCommand.runAgainstBot(new BufferedReader(new StringReader(input)),
                new PrintWriter(printed, true), new PlayDarkChessCommand.Options(4L, OtMode.OTE_TABLE, 2048,
                        maxPlies, 10, transcript), bot);
        return new Played(exit, printed.toString());
    }

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new String[] {Integer.toString(code), out.toString()};
    }

    @Test
    void aPersonChoosingTheFirstListedMoveSeesOnlyItsFogAndTheGameAuditsVerified(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("human.jsonl");
        Played played = play(Color.WHITE, 4, file, "1", "1");
        assertThat(played.exit()).as(played.output()).isEqualTo(0);
        assertThat(played.output()).contains("You play Black against a bot playing White",
                "White's view at the end:", "Black's view at the end:", "Result: draw: the cap of 4 plies was reached",
                "Audit", "VERIFIED");
        // The file holds the transcript the command audited (auditing it again would only double the test's time).
        Matcher count = Pattern.compile("4 plies, (\\d+) messages").matcher(played.output());
        assertThat(count.find()).isTrue();
        assertThat(TranscriptFile.read(file).messages()).hasSize(Integer.parseInt(count.group(1)));

        // Replay the moves printed at the end in the pure rules engine: the true positions.
        Matcher movesLine = MOVES.matcher(played.output());
        assertThat(movesLine.find()).isTrue();
        List<String> moves = List.of(movesLine.group(1).split(" "));
        assertThat(moves).hasSize(4);
        Matcher view = VIEW.matcher(played.output());
        int shown = 0;
        DarkChessGame last = null;
        String lastBoard = null;
        while (view.find()) {
            shown++;
            assertThat(view.group(1)).isEqualTo("Black");
            int number = Integer.parseInt(view.group(2));
            assertThat(number).isEqualTo(shown);
            DarkChessGame game = DarkChessGame.start();
            for (String m : moves.subList(0, 2 * number - 1)) {
                game = game.apply(Move.parseUci(m));
            }
            assertWithinTheFog(view.group(3), game.position(), Color.BLACK);
            assertThat(view.group(3)).isEqualTo(BoardRenderer.render(game.view(Color.BLACK)));
            last = game;
            lastBoard = view.group(3);
        }
        assertThat(shown).isEqualTo(2);
        // The check bites: a white queen drawn on one dark square is caught.
        String leaky = lastBoard.replaceFirst("\\?", "Q");
        Position truth = last.position();
        assertThatThrownBy(() -> assertWithinTheFog(leaky, truth, Color.BLACK)).isInstanceOf(AssertionError.class);
    }

    /**
     * Reads a printed board square by square against the true position: an enemy piece only on a fully seen square
     * where it truly stands, '*' only where the player sees occupancy and something stands, '?' exactly on the dark
     * squares, '.' only on empty squares the player sees.
     */
    private static void assertWithinTheFog(String board, Position truth, Color viewer) {
        VisionMap vision = DarkChessVision.vision(truth, viewer);
        String[] rows = board.split("\n");
        String files = rows[8].replace(" ", "");
        int enemiesShown = 0;
        for (int row = 0; row < 8; row++) {
            int rank = rows[row].charAt(0) - '1';
            String cells = rows[row].substring(2).replace(" ", "");
            for (int col = 0; col < 8; col++) {
                Square square = Square.at(files.charAt(col) - 'a', rank);
                char c = cells.charAt(col);
                Visibility seen = vision.visibility(square);
                Optional<Piece> there = truth.pieceAt(square);
                switch (c) {
                    case '?' -> assertThat(seen).as(square.toString()).isEqualTo(Visibility.UNSEEN);
                    case '*' -> {
                        assertThat(seen).as(square.toString()).isEqualTo(Visibility.OCCUPANCY_ONLY);
                        assertThat(there).as(square.toString()).isPresent();
                    }
                    case '.' -> {
                        assertThat(seen).as(square.toString()).isNotEqualTo(Visibility.UNSEEN);
                        assertThat(there).as(square.toString()).isEmpty();
                    }
                    default -> {
                        assertThat(seen).as(square.toString()).isEqualTo(Visibility.FULL);
                        assertThat(there.map(Piece::fenLetter)).as(square.toString()).contains(c);
                        if (there.get().color() != viewer) {
                            enemiesShown++;
                        }
                    }
                }
                if (seen == Visibility.UNSEEN) {
                    assertThat(c).as(square.toString()).isEqualTo('?');
                }
            }
        }
        long enemiesVisible = vision.squares(Visibility.FULL).stream()
                .filter(s -> truth.pieceAt(s).map(p -> p.color() != viewer).orElse(false)).count();
        assertThat(enemiesShown).isEqualTo(enemiesVisible);
    }

    @Test
    void aPersonWhoTypesResignLosesAndTheResignationAuditsVerified(@TempDir Path dir) throws Exception {
        Played played = play(Color.WHITE, 6, dir.resolve("resigned.jsonl"), "1", "resign");
        assertThat(played.exit()).as(played.output()).isEqualTo(0);
        assertThat(played.output()).contains("You resign.", "Result: white wins: black resigned", "VERIFIED: white won: black resigned");
        Matcher movesLine = MOVES.matcher(played.output());
        assertThat(movesLine.find()).isTrue();
        assertThat(movesLine.group(1)).endsWith(" resign");
    }

    @Test
    void nonsenseIsAskedAgainWithAReasonAndChangesNothing(@TempDir Path dir) throws Exception {
        Path clean = dir.resolve("clean.jsonl");
        Path noisy = dir.resolve("noisy.jsonl");
        Played straight = play(Color.BLACK, 1, clean, "e2e4");
        Played confused = play(Color.BLACK, 1, noisy, "", "castle", "0", "21", "e2e5", "e7e5", "e2", "help", "e2e4");
        assertThat(straight.exit()).as(straight.output()).isEqualTo(0);
        assertThat(confused.exit()).as(confused.output()).isEqualTo(0);
        assertThat(confused.output()).contains("Type a move: its number in the list",
                "'castle' is not a move: type its number in the list, UCI such as e2e4, or SAN", "There is no move 0: choose 1 to 20.",
                "There is no move 21: choose 1 to 20.", "Your pawn on e2 cannot play e2e5 now",
                "You have no piece on e7.", "No pawn of yours can move to e2 now (e2).", "'resign' (the other side wins)", "You play e2e4.");
        // Same seed, same accepted move: the signed transcripts are the same bytes.
        assertThat(Files.readAllLines(noisy)).isEqualTo(Files.readAllLines(clean));
    }

    @Test
    void theEndOfInputEndsTheGameWithExitTwoAndNoStackTrace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("left.jsonl");
        Played played = play(Color.BLACK, 4, file, "1");
        assertThat(played.exit()).isEqualTo(Main.ERROR);
        assertThat(played.output()).contains("You play ", "=== Your move 2 (White) ===",
                "Input ended before your move 2: you left the game, which stays unfinished after 2 plies",
                "No transcript written").doesNotContain("Exception", "\tat ", "Audit", "Result:");
        assertThat(Files.exists(file)).isFalse();
    }

    @Test
    void twoPeopleInOneProcessAndUnknownSeatsAreRefused() {
        String[] none = run("play", "dark-chess", "--bots", "none", "--max-plies", "1");
        assertThat(none[0]).isEqualTo("2");
        assertThat(none[1]).contains("--bots none", "process of their own");
        String[] odd = run("play", "dark-chess", "--bots", "red", "--max-plies", "1");
        assertThat(odd[0]).isEqualTo("2");
        assertThat(odd[1]).contains("--bots takes all, white or black");
        String[] networked = run("play", "dark-chess", "--bots", "white", "--host", "0", "--max-plies", "1");
        assertThat(networked[0]).isEqualTo("2");
        assertThat(networked[1]).contains("--bots white is for one process", "--bots none");
    }
}
