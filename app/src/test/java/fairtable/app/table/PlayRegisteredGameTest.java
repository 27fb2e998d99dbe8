package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.games.definitions.Games;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable play GAME` for a registered game: one table/v1 session in one process, its moves printed as they are
 * made, one transcript for the whole game, and the audit of that file agreeing with the result the game printed.
 */
class PlayRegisteredGameTest {
    private static final Pattern RESULT = Pattern.compile("(?m)^Result: (.*)$");
    private static final Pattern AUDIT = Pattern.compile("(?m)^Audit: (.*)$");

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private static Run play(Games games, String input, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = Stream.concat(Stream.of("play"), Stream.of(args)).toArray(String[]::new);
        int code = Main.run(games, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out, true), new PrintWriter(err, true), all);
        return new Run(code, out.toString(), err.toString());
    }

    private static String group(Pattern p, String text) {
        Matcher m = p.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return m.group(1);
    }

    @Test
    void botsOnlyPlayOneSessionToOneTranscriptWhoseAuditGivesThePrintedResult() throws Exception {
        Path file = dir.resolve("hc.jsonl");
        Run run = play(HighCardDefinition.CATALOG, "", "high-card", "--players", "3", "--bots", "all", "--seed", "5",
                "--set", "rounds=4", "--transcript", file.toString());
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.OK);
        assertThat(run.out()).contains("high-card for 3 players (alice, bob, carol)", "Settings: rounds=4.",
                "Round 1:", "Round 4:", "  standings: ").containsPattern("(?m)^  (alice|bob|carol): (show|fold)$");
        String result = group(RESULT, run.out());
        assertThat(group(AUDIT, run.out())).isEqualTo("VERIFIED: high-card for 3, 4 rounds: " + result + "; game over");
        assertThat(run.out()).doesNotContain("NOT AGREED");
        // One file for the whole session, which a third party's audit of the file alone verifies with that result.
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
        assertThat(Audits.audit(TranscriptFile.read(file), HighCardDefinition.CATALOG).line())
                .isEqualTo(group(AUDIT, run.out()));
    }

    @Test
    void aSeedReplaysTheSameGameMessageForMessageAndAnotherSeedAnotherOne() throws Exception {
        List<String> transcripts = new java.util.ArrayList<>();
        for (String seed : new String[] {"11", "11", "12"}) {
            Path file = dir.resolve("seed-" + transcripts.size() + ".jsonl");
            Run run = play(HighCardDefinition.CATALOG, "", "high-card", "--players", "3", "--bots", "all", "--seed", seed,
                    "--set", "rounds=2", "--transcript", file.toString());
            assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.OK);
            transcripts.add(Files.readString(file));
        }
        assertThat(transcripts.get(1)).isEqualTo(transcripts.get(0));
        assertThat(transcripts.get(2)).isNotEqualTo(transcripts.get(0));
    }

    @Test
    void thePersonAtTheTerminalSeesTheirViewIsToldWhatIsWrongAndPlaysTheirSeat() throws Exception {
        Path file = dir.resolve("person.jsonl");
        Run run = play(HighCardDefinition.CATALOG, "raise 5\nhelp\nshow\n\nfold\n", "high-card", "--players", "2",
                "--bots", "1", "--seed", "8", "--set", "rounds=2", "--name", "zoe", "--transcript", file.toString());
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.OK);
        assertThat(run.out()).contains("You are zoe; the others are bots.", "Round 1 of 2; points: zoe 0, alice 0"
                        .replace("alice", "bob"), "Your moves: show, fold", "zoe> type show or fold, not 'raise 5'",
                "high-card: high card, 2 to 6 players", "Type one of your moves in words, as listed: show, fold.",
                "  zoe: show", "Round 2 of 2; points: ", "  zoe: fold")
                .containsPattern("(?m)^Your card: \\d+$");
        assertThat(group(AUDIT, run.out())).isEqualTo("VERIFIED: high-card for 2, 2 rounds: " + group(RESULT, run.out())
                + "; game over");
    }

    @Test
    void aMoveTheRulesRefuseIsAnsweredWithTheirReasonAndAskedAgain() {
        // A variant where nobody may fold in the first round, though "fold" reads as a move.
        HighCardDefinition noEarlyFold = new HighCardDefinition() {
            @Override
            public List<Move> legal(State s, int seat) {
                return s.round() == 1 ? super.legal(s, seat).stream().filter(m -> m == Move.SHOW).toList()
                        : super.legal(s, seat);
            }

            @Override
            public State play(State s, int seat, Move move) throws IllegalMove {
                if (move == Move.FOLD && s.round() == 1) {
                    throw new IllegalMove("nobody folds in the first round");
                }
                return super.play(s, seat, move);
            }
        };
        Run run = play(Games.of(List.of(noEarlyFold)), "fold\nshow\nfold\n", "high-card", "--players", "2",
                "--seed", "4", "--set", "rounds=2", "--transcript", dir.resolve("nofold.jsonl").toString());
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.OK);
        assertThat(run.out()).contains("Your moves: show\n", "alice> Not allowed: nobody folds in the first round",
                "  alice: show", "  alice: fold", "What you see at the end:\n  Round 2 of 2; points: ");
    }

    @Test
    void theEndOfInputLeavesTheGameUnfinishedWithItsTranscriptSoFar() throws Exception {
        Path file = dir.resolve("eof.jsonl");
        Run run = play(HighCardDefinition.CATALOG, "show\n", "high-card", "--players", "2", "--seed", "8",
                "--set", "rounds=2", "--transcript", file.toString());
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.ERROR);
        assertThat(run.out()).contains("End of input: the game is left unfinished.",
                "The game is unfinished: it awaits alice's move.", "Transcript so far: " + file)
                .doesNotContain("Result:");
        assertThat(Audits.audit(TranscriptFile.read(file), HighCardDefinition.CATALOG).line())
                .startsWith("VERIFIED: high-card for 2, 2 rounds: ").endsWith("unfinished, awaiting alice's move");
    }

    @Test
    void aCardTheRulesRefuseOnceShownStopsTheGameAndTheEvidenceConvictsItsPlayer() throws Exception {
        // A variant whose rules refuse a shown card above 9: the bots show high cards, so a seat shows one and is named.
        HighCardDefinition strict = new HighCardDefinition() {
            @Override
            public State afterDeck(State s, DeckEvent event, Cards known) throws IllegalMove {
                if (event instanceof DeckEvent.Shown shown && known.at(shown.positions().get(0)) > 9) {
                    throw new IllegalMove("no one may show a card above 9");
                }
                return super.afterDeck(s, event, known);
            }
        };
        Path file = dir.resolve("stopped.jsonl");
        Run run = play(Games.of(List.of(strict)), "", "high-card", "--players", "3", "--bots", "all", "--seed", "2",
                "--set", "rounds=10", "--transcript", file.toString());
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.FAILED);
        Matcher stop = Pattern.compile("(?m)^The game is stopped: FAILED: (step \\d+, party (alice|bob|carol): no one may"
                + " show a card above 9)$").matcher(run.out());
        assertThat(stop.find()).as(run.out()).isTrue();
        assertThat(group(AUDIT, run.out())).isEqualTo("FAILED: " + stop.group(1));
        assertThat(Audits.audit(TranscriptFile.read(file), Games.of(List.of(strict))).line())
                .isEqualTo("FAILED: " + stop.group(1));
    }

    @Test
    void settingsAndTableSizesTheGameCannotPlayAreRefusedInOneLine() {
        Run zero = play(HighCardDefinition.CATALOG, "", "high-card", "--bots", "all", "--set", "rounds=0");
        assertThat(zero.code()).isEqualTo(Main.ERROR);
        assertThat(zero.err().strip()).isEqualTo("fairtable: rounds is 1 to 100, not 0");
        Run unknown = play(HighCardDefinition.CATALOG, "", "high-card", "--bots", "all", "--set", "colour=red");
        assertThat(unknown.err().strip()).isEqualTo("fairtable: high-card has no setting 'colour'; its settings: rounds");
        Run seven = play(HighCardDefinition.CATALOG, "", "high-card", "--bots", "all", "--players", "7");
        assertThat(seven.err().strip()).isEqualTo("fairtable: high-card is for 2 to 6 players, not 7");
        Run stack = play(HighCardDefinition.CATALOG, "", "high-card", "--bots", "all", "--stack", "500");
        assertThat(stack.err().strip()).isEqualTo("fairtable: high-card has no setting for --stack; its settings: rounds");
        Run unregistered = play(Games.of(List.of()), "", "high-card", "--bots", "all");
        assertThat(unregistered.err().strip())
                .isEqualTo("fairtable: unknown game 'high-card': no game is registered");
    }

    @Test
    void handsStandsForTheGamesRoundsAndListShowsTheSettings() {
        Run list = play(HighCardDefinition.CATALOG, "", "list");
        assertThat(list.out()).isEqualTo("high-card: " + HighCardDefinition.GAME.summary() + " (2 to 6 players)"
                + System.lineSeparator() + "  settings: rounds=3" + System.lineSeparator());
        Run hands = play(HighCardDefinition.CATALOG, "", "high-card", "--bots", "all", "--hands", "1", "--seed", "1",
                "--transcript", dir.resolve("one.jsonl").toString());
        assertThat(hands.code()).as(hands.out() + hands.err()).isEqualTo(Main.OK);
        assertThat(hands.out()).contains("Settings: rounds=1.", "VERIFIED: high-card for 2, 1 round: ");
    }
}
