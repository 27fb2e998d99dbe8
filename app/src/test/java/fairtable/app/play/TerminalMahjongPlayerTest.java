package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.app.cli.PlayMahjongShogiCommand;
import fairtable.games.mahjongshogi.Board;
import fairtable.games.mahjongshogi.MahjongShogiReplay;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.games.mahjongshogi.play.LocalGame;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.games.mahjongshogi.play.ProtocolRules;
import fairtable.games.mahjongshogi.play.Seat;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scripted person plays Mahjong Shogi against the bot at the terminal: typed moves and numbers are played, anything
 * else is refused with its reason and changes nothing, the end of input stops cleanly, and what is printed for the
 * person never shows an opponent's kind.
 */
class TerminalMahjongPlayerTest {
    private static final int MOVE_LIMIT = 20;
    private static final MahjongParameters PARAMS =
            MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(MOVE_LIMIT);
    // After a prompt (the person's typing is not echoed into the script's output) or at the start of a line.
    private static final Pattern EVENT = Pattern.compile("(You \\(east\\)|west) (moved|attacked) [a-i]\\d-[a-i]\\d.*$",
            Pattern.MULTILINE);

    private record Run(int code, String out) {}

    /** East played by the script, west by the bot, the game as the command plays it. */
    private static Run playEast(long seed, List<String> lines, Path transcript) throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        BufferedReader in = new BufferedReader(new StringReader(String.join("\n", lines) + "\n"));
        int code = PlayMahjongShogiCommand.playAgainstBot(in, out, PARAMS, seed, false, transcript, 1);
        return new Run(code, text.toString());
    }

    /** The placements a seed deals: east's is drawn first, then west's, both from the seed. */
    private static List<Placement> placements(long seed) {
        SplittableRandom play = new SplittableRandom(seed);
        Placement east = Placement.random(0, ProtocolRules.tileSet(PARAMS), play);
        Placement west = Placement.random(1, ProtocolRules.tileSet(PARAMS), play);
        return List.of(east, west);
    }

    /** East's tiles on its front rank (3), each free to step to rank 4 at the start and after west's first move. */
    private static List<Square> eastFront(long seed) {
        return placements(seed).get(0).squares().stream().filter(s -> s.rank() == 2).toList();
    }

    private static List<String> numbers(int count) {
        return Collections.nCopies(count, "1");
    }

    private static List<String> events(String out) {
        List<String> events = new ArrayList<>();
        Matcher m = EVENT.matcher(out);
        while (m.find()) {
            events.add(m.group());
        }
        return events;
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 4})
    void aScriptedPersonPlaysToTheEndAndTheTranscriptVerifies(long seed, @TempDir Path dir) throws Exception {
        Square first = eastFront(seed).get(0);
        Square second = eastFront(seed).get(1);
        List<String> script = new ArrayList<>(List.of(first + "-" + first.neighbours().get(0),
                second.toString() + second.neighbours().get(0)));
        script.addAll(numbers(MOVE_LIMIT));
        Path file = dir.resolve("game.jsonl");
        Run r = playEast(seed, script, file);

        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("You play east (seat 0, you move first); a bot plays west.")
                .contains("You (east) moved " + first + "-" + first.neighbours().get(0))
                .contains("Game over: a draw (the move limit was reached)")
                .contains("What east sees at the end").contains("What west sees at the end")
                .contains("Result: a draw (the move limit of 20 was reached) after 20 moves")
                .contains("Audit: VERIFIED").doesNotContain("Exception");
        // The typed moves were played in order, and east's first two of twenty events are them.
        List<String> events = events(r.out());
        assertThat(events).hasSize(MOVE_LIMIT);
        assertThat(events.get(0)).isEqualTo("You (east) moved " + first + "-" + first.neighbours().get(0));
        assertThat(events.get(2)).isEqualTo("You (east) moved " + second + "-" + second.neighbours().get(0));
        assertThat(Auditor.audit(TranscriptFile.read(file)).line()).startsWith("VERIFIED");
    }

    @Test
    void illegalAndUnreadableInputIsRefusedWithItsReasonAndChangesNothing(@TempDir Path dir) throws Exception {
        long seed = 5;
        Square first = eastFront(seed).get(0);
        Square westTile = placements(seed).get(1).squares().stream().filter(s -> s.rank() == 6).findFirst().orElseThrow();
        Square ownBehind = new Square(first.file(), 1);
        boolean occupiedBehind = placements(seed).get(0).squares().contains(ownBehind);
        List<String> clean = new ArrayList<>(List.of(first + "-" + first.neighbours().get(0)));
        clean.addAll(numbers(MOVE_LIMIT));
        List<String> noisy = new ArrayList<>(List.of("nonsense", "", "z9-z1", "e3-e5", "a5-a6",
                westTile + "-" + new Square(westTile.file(), 5), "0", "999", "help", "board"));
        if (occupiedBehind) {
            noisy.add(ownBehind + "-" + first);
        }
        noisy.addAll(clean);

        Run plain = playEast(seed, clean, dir.resolve("plain.jsonl"));
        Run refused = playEast(seed, noisy, dir.resolve("noisy.jsonl"));

        assertThat(refused.code()).as(refused.out()).isEqualTo(Main.OK);
        assertThat(refused.out())
                .contains("Cannot read \"nonsense\": not a move (like e3-e4): nonsense")
                .contains("Nothing typed.")
                .contains("Cannot read \"z9-z1\": not a square (a1..i9): z9")
                .contains("Cannot read \"e3-e5\": a tile moves one square orthogonally: e3-e5")
                .contains("Not a legal move: a5-a6: there is no tile on a5.")
                .contains("Not a legal move: " + westTile + "-" + new Square(westTile.file(), 5) + ": the tile on "
                        + westTile + " is west's, not yours.")
                .contains("There is no move number 0: the list goes from 1 to ")
                .contains("There is no move number 999: the list goes from 1 to ")
                .contains("e3-e4 or e3e4   move the tile on e3 to e4")
                .doesNotContain("Exception");
        if (occupiedBehind) {
            assertThat(refused.out()).contains("Not a legal move: " + ownBehind + "-" + first + ": your own tile stands on "
                    + first + ".");
        }
        // Same seed, same accepted moves: the same game move for move (the secrets differ, the moves cannot).
        assertThat(events(refused.out())).isEqualTo(events(plain.out())).hasSize(MOVE_LIMIT);
        assertThat(Auditor.audit(TranscriptFile.read(dir.resolve("noisy.jsonl"))).verified()).isTrue();
    }

    @Test
    void theEndOfInputStopsTheGameCleanlyWithExitCodeTwo(@TempDir Path dir) throws Exception {
        Square first = eastFront(6).get(0);
        Path file = dir.resolve("never.jsonl");
        Run r = playEast(6, List.of(first + "-" + first.neighbours().get(0), "help"), file);
        assertThat(r.code()).isEqualTo(Main.ERROR);
        assertThat(r.out()).contains("End of input: east leaves the game.")
                .contains("The game is unfinished: the input of east ended after 2 moves.")
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("What west sees");
        assertThat(file).doesNotExist();
    }

    @Test
    void resigningRevealsEarlyAndTheGameIsShownAndVerified(@TempDir Path dir) throws Exception {
        Square first = eastFront(7).get(0);
        Run r = playEast(7, List.of(first + "-" + first.neighbours().get(0), "resign"), dir.resolve("r.jsonl"));
        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("east resigned.")
                .contains("Result: a draw (east stopped the game by revealing) after 2 moves")
                .contains("Audit: VERIFIED");
    }

    /**
     * Every board printed to the person, at every prompt, shows exactly the true position: own tiles by their kind,
     * the opponent's tiles (from the engine's full-information replay with both real placements) all as ??.
     */
    @ParameterizedTest
    @ValueSource(longs = {8, 9})
    void everyPromptShowsOnlyQuestionMarksForTheOpponentsTiles(long seed) throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        BufferedReader in = new BufferedReader(new StringReader(String.join("\n", numbers(40))));
        int human = (int) (seed % 2); // both seats, so both orientations of the board
        TerminalMahjongPlayer person = TerminalMahjongPlayer.seat(in, out, "me", "bot");
        List<Integer> offsets = new ArrayList<>();
        List<Integer> movesAtPrompt = new ArrayList<>();
        Seat recorded = new Seat() {
            @Override
            public Choice choose(PlayerView view) {
                offsets.add(text.getBuffer().length());
                movesAtPrompt.add(view.state().movesMade());
                return person.choose(view);
            }

            @Override
            public void moved(int mover, Move move, PlayerView view) {
                person.moved(mover, move, view);
            }
        };
        SplittableRandom play = new SplittableRandom(seed);
        List<Seat> seats = new ArrayList<>(List.of(Seat.bot(play), Seat.bot(play)));
        seats.set(human, recorded);
        MahjongParameters params = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(60);
        LocalGame game = new LocalGame(params, List.of("a", "b"), seats, play, new SplittableRandom(seed + 1)).play();

        List<Move> moves = game.party(0).observer().moves().stream()
                .map(p -> new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to()))).toList();
        Placement mine = game.placement(human);
        assertThat(offsets).isNotEmpty();
        int battlesSeen = 0;
        for (int i = 0; i < offsets.size(); i++) {
            String all = text.toString();
            String prompt = all.substring(offsets.get(i), i + 1 < offsets.size() ? offsets.get(i + 1) : all.length());
            MahjongShogiState truth = MahjongShogiReplay.replay(game.rules(), game.placement(0), game.placement(1),
                    moves.subList(0, movesAtPrompt.get(i))).finalState();
            String[][] cells = board(prompt, human);
            for (int index = 0; index < Board.SQUARES; index++) {
                Square square = Square.ofIndex(index);
                String cell = cells[square.rank()][square.file()];
                TileRef tile = truth.tileAt(square).orElse(null);
                if (tile == null) {
                    assertThat(cell).as("prompt %d, %s", i, square).isEqualTo(".");
                } else if (tile.owner() == human) {
                    assertThat(cell).as("prompt %d, %s", i, square).isEqualTo(code(mine.kindOf(tile), mine));
                } else {
                    assertThat(cell).as("prompt %d, %s", i, square).isEqualTo("??");
                }
            }
            // Each battle line names the opponent's tile as ?? and only its own tile by kind.
            for (String line : prompt.lines().filter(l -> l.contains(" attacked ")).toList()) {
                assertThat(line).containsOnlyOnce("??");
            }
            battlesSeen = Math.max(battlesSeen, truth.battles().size());
        }
        assertThat(battlesSeen).as("the games include battles").isPositive();
    }

    /** The nine board rows of a prompt as cells by [rank][file]; the person's own side is at the bottom. */
    private static String[][] board(String prompt, int seat) {
        Matcher row = Pattern.compile("^ ?(\\d)  (.{36})$", Pattern.MULTILINE).matcher(prompt);
        String[][] cells = new String[Board.SIZE][Board.SIZE];
        for (int i = 0; i < Board.SIZE; i++) {
            assertThat(row.find()).as("row %d of the board in:%n%s", i, prompt).isTrue();
            int rank = Integer.parseInt(row.group(1)) - 1;
            assertThat(rank).isEqualTo(seat == 0 ? Board.SIZE - 1 - i : i);
            for (int file = 0; file < Board.SIZE; file++) {
                cells[rank][file] = row.group(2).substring(file * 4, file * 4 + 3).strip();
            }
        }
        return cells;
    }

    /** A kind as the legend names it (1p..9p, E, Wh, Gr, Rd), the king marked *. */
    private static String code(int kind, Placement own) {
        String name = switch (kind) {
            case 10 -> "E";
            case 11 -> "Wh";
            case 12 -> "Gr";
            case 13 -> "Rd";
            default -> kind + "p";
        };
        return kind == own.tileSet().kingKind() ? name + "*" : name;
    }

    @Test
    void theCommandLineReadsThePersonFromTheInjectedInput(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("west.jsonl");
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        byte[] script = (String.join("\n", numbers(12)) + "\n").getBytes(StandardCharsets.UTF_8);
        int code = Main.run(new ByteArrayInputStream(script), out, out, "play", "mahjong-shogi", "--bots", "east",
                "--seed", "3", "--move-limit", "12", "--transcript", file.toString());
        assertThat(code).as(text.toString()).isEqualTo(Main.OK);
        assertThat(text.toString()).contains("You play west (seat 1, east moves first); a bot plays east.")
                .contains("Your move, west (move 2;").contains("Audit: VERIFIED");
        assertThat(Auditor.audit(TranscriptFile.read(file)).verified()).isTrue();
        assertThat(Files.readAllLines(file)).isNotEmpty();

        StringWriter eof = new StringWriter();
        PrintWriter eofOut = new PrintWriter(eof, true);
        int eofCode = Main.run(new ByteArrayInputStream(new byte[0]), eofOut, eofOut, "play", "mahjong-shogi",
                "--bots", "west", "--move-limit", "12");
        assertThat(eofCode).isEqualTo(Main.ERROR);
        assertThat(eof.toString()).contains("End of input: east leaves the game.").doesNotContain("Seed ");

        StringWriter none = new StringWriter();
        PrintWriter noneOut = new PrintWriter(none, true);
        assertThat(Main.run(new ByteArrayInputStream(new byte[0]), noneOut, noneOut, "play", "mahjong-shogi",
                "--bots", "none")).isEqualTo(Main.ERROR);
        assertThat(none.toString()).contains("--bots none: two people need two processes");
    }
}
