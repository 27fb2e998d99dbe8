package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.games.definitions.Games;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay API on real games the bots played through `fairtable play`: one step per move of the transcript, the
 * last view the table the players themselves ended with (their printed result), the first one an observer's (every
 * card face down), and a tampered file refused with the audit's own FAILED line.
 */
class ReplaysTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern RESULT = Pattern.compile("(?m)^Result: (.*)$");

    @TempDir
    Path dir;

    private record Played(Path file, String result) {}

    private Played play(String game, String... more) {
        Path file = dir.resolve(game + ".jsonl");
        List<String> args = new ArrayList<>(List.of("play", game, "--bots", "all", "--seed", "7",
                "--transcript", file.toString()));
        args.addAll(List.of(more));
        StringWriter out = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args.toArray(String[]::new));
        assertThat(exit).as(out.toString()).isEqualTo(Main.OK);
        Matcher m = RESULT.matcher(out.toString());
        assertThat(m.find()).as(out.toString()).isTrue();
        return new Played(file, m.group(1));
    }

    private static JsonNode replay(String text) {
        return JSON.valueToTree(Replays.of(text, Games.ALL));
    }

    /** The transcript's move messages, in order, as the file holds them. */
    private static List<Envelope> moves(Path file) throws Exception {
        return TranscriptFile.read(file).messages().stream().filter(e -> TableObserver.MOVE.equals(e.type())).toList();
    }

    /** One frame per move after the start, each naming the move's message: its sequence number and its sender. */
    private static void assertOneFramePerMove(JsonNode r, List<Envelope> moves) {
        JsonNode frames = r.get("frames");
        assertThat(r.get("moves").asInt()).isEqualTo(moves.size());
        assertThat(frames.size()).isEqualTo(moves.size() + 1);
        for (int i = 0; i < moves.size(); i++) {
            JsonNode f = frames.get(i + 1);
            assertThat(f.get("seq").asLong()).isEqualTo(moves.get(i).seq());
            assertThat(f.get("seat").asInt()).isEqualTo(moves.get(i).sender());
            assertThat(f.get("sender").asText()).isEqualTo(r.get("names").get(moves.get(i).sender()).asText());
            assertThat(f.get("type").asText()).isEqualTo("move");
            assertThat(f.get("move").asText()).isNotBlank();
        }
    }

    @Test
    void holdemStepsOncePerMoveFromFaceDownCardsToTheStacksThePlayersEndedWith() throws Exception {
        Played played = play("holdem", "--players", "3", "--hands", "2");
        JsonNode r = replay(Files.readString(played.file()));
        assertThat(r.get("verified").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("game").asText()).isEqualTo("holdem");
        List<Envelope> moves = moves(played.file());
        assertThat(moves).hasSizeGreaterThan(4);
        assertOneFramePerMove(r, moves);

        JsonNode start = r.get("frames").get(0).get("view").get("poker");
        for (JsonNode seat : start.get("seats")) {
            assertThat(seat.get("cards")).as("an observer sees no hole card before a showdown").hasSize(2)
                    .allMatch(JsonNode::isNull);
        }
        JsonNode end = r.get("frames").get(moves.size()).get("view").get("poker");
        assertThat(end.get("hand").asInt()).isEqualTo(2);
        List<String> stacks = new ArrayList<>();
        end.get("seats").forEach(s -> stacks.add(s.get("name").asText() + " " + s.get("stack").asInt()));
        assertThat(played.result()).as("the players' own result").startsWith(String.join(", ", stacks) + ";");
        // The views change with the moves: some step moved chips into the pot.
        List<Integer> pots = new ArrayList<>();
        r.get("frames").forEach(f -> pots.add(f.get("view").get("poker").get("pot").asInt()));
        assertThat(pots.stream().distinct().count()).isGreaterThan(2);
    }

    @Test
    void dominoesEndsOnTheLineAndScoresThePlayersEndedWith() throws Exception {
        Played played = play("dominoes", "--hands", "1");
        JsonNode r = replay(Files.readString(played.file()));
        assertThat(r.get("verified").asBoolean()).as(r.toString()).isTrue();
        List<Envelope> moves = moves(played.file());
        assertOneFramePerMove(r, moves);
        JsonNode start = r.get("frames").get(0).get("view").get("dominoes");
        assertThat(start.get("line")).isEmpty();
        start.get("hands").forEach(h -> assertThat(h.get("tiles")).isNotEmpty().allMatch(JsonNode::isNull));
        JsonNode end = r.get("frames").get(moves.size()).get("view").get("dominoes");
        List<String> scores = new ArrayList<>();
        for (int seat = 0; seat < end.get("hands").size(); seat++) {
            scores.add(end.get("hands").get(seat).get("name").asText() + " " + end.get("scores").get(seat).asInt());
        }
        assertThat(played.result()).as("the players' own result").startsWith(String.join(", ", scores) + ";");
        assertThat(end.get("line")).isNotEmpty();
    }

    @Test
    void aTamperedTranscriptIsRefusedWithTheAuditsFailedLineAndNoSteps() throws Exception {
        Played played = play("holdem", "--players", "2", "--hands", "1");
        List<String> lines = new ArrayList<>(Files.readAllLines(played.file()));
        // One byte of the 11th message's signed body changed: its signature no longer holds.
        String line = lines.get(10);
        int body = line.indexOf("\"body\":\"") + 8;
        char c = line.charAt(body + 4);
        lines.set(10, line.substring(0, body + 4) + (c == 'A' ? 'B' : 'A') + line.substring(body + 5));
        String tampered = String.join("\n", lines) + "\n";

        JsonNode r = replay(tampered);
        String audit = Audits.audit(TranscriptFile.parse(lines, "tampered"), Games.ALL).line();
        assertThat(audit).startsWith("FAILED");
        assertThat(r.get("verified").asBoolean()).isFalse();
        assertThat(r.get("line").asText()).isEqualTo(audit);
        assertThat(r.get("frames")).isEmpty();
    }
}
