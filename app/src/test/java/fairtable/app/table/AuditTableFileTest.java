package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.games.definitions.Games;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable audit FILE` on a table/v1 session judges the whole game through the catalog it is given: the result
 * beside VERIFIED, a crafted move FAILED naming its signer, a truncated file one line and exit 2, never a Java
 * exception's text.
 */
class AuditTableFileTest {
    @TempDir
    static Path dir;

    private static HighCardTable table;
    private static Path file;

    private record Run(int code, String out, String err) {}

    @BeforeAll
    static void play() throws Exception {
        table = new HighCardTable(3, 3, 41);
        file = dir.resolve("high-card.jsonl");
        TableParty<?, ?> alice = table.seats.get(0);
        TranscriptFile.write(file, alice.transcript().envelopes(), alice.rejected());
    }

    private static Run audit(Games games, Path target) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(games, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(err, true), "audit", target.toString());
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertNoJavaText(Run run) {
        assertThat(run.out() + run.err()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("java.");
    }

    @Test
    void aWholeSessionIsVerifiedWithItsResult() {
        Run run = audit(HighCardDefinition.CATALOG, file);
        String result = table.seats.get(0).outcome().orElseThrow().text();
        assertThat(result).endsWith("wins").isEqualTo(table.seats.get(2).outcome().orElseThrow().text());
        assertThat(run.out()).isEqualTo("VERIFIED: high-card for 3, 3 rounds: " + result + "; game over"
                + System.lineSeparator());
        assertThat(run.code()).isEqualTo(Main.OK);
    }

    @Test
    void aGameTheCatalogDoesNotHoldFailsOnItsProposer() {
        Run run = audit(Games.of(List.of()), file);
        assertThat(run.out().strip()).isEqualTo("FAILED: step 0, party alice: proposes an unknown game 'high-card'");
        assertThat(run.code()).isEqualTo(Main.FAILED);
    }

    @Test
    void aMoveReplacedByAnIllegalOneAndReSignedByItsSeatConvictsThatSeat() throws Exception {
        List<Envelope> messages = table.seats.get(0).transcript().envelopes();
        int at = firstMoveIndex(messages);
        Envelope original = messages.get(at);
        WireReader r = new WireReader(original.body());
        int round = (int) r.u32();
        byte[] crafted = new WireWriter().u32(round).blob(new byte[] {7}).toBytes();
        Run run = audit(HighCardDefinition.CATALOG, reSigned(messages, at, original.sender(), crafted, "a.jsonl"));
        String signer = HighCardTable.NAMES.get(original.sender());
        assertThat(run.out().strip()).isEqualTo("FAILED: step " + original.step() + ", party " + signer
                + ": an unreadable move: a move is one byte, 0 (fold) or 1 (show)");
        assertThat(run.code()).isEqualTo(Main.FAILED);
        assertNoJavaText(run);
    }

    @Test
    void aMoveSignedByASeatWhoseTurnItIsNotConvictsThatSeat() throws Exception {
        List<Envelope> messages = table.seats.get(0).transcript().envelopes();
        int at = firstMoveIndex(messages);
        Envelope original = messages.get(at);
        int other = (original.sender() + 1) % 3;
        Run run = audit(HighCardDefinition.CATALOG, reSigned(messages, at, other, original.body(), "b.jsonl"));
        assertThat(run.out().strip()).startsWith("FAILED: step " + original.step() + ", party "
                + HighCardTable.NAMES.get(other) + ": a move out of turn: the rules await");
        assertThat(run.code()).isEqualTo(Main.FAILED);
        assertNoJavaText(run);
    }

    @Test
    void rulesThatFailWhileTheAuditSumsUpGiveOneLineAndExitTwoNotTheirExceptionText() {
        // A faulty definition: its result cannot be computed. The audit has no verdict; it must say so in words.
        HighCardDefinition faulty = new HighCardDefinition() {
            @Override
            public fairtable.protocol.table.Outcome outcome(State s) {
                return new fairtable.protocol.table.Outcome(List.of(), List.of("?").get(s.seats()));
            }
        };
        Run run = audit(Games.of(List.of(faulty)), file);
        assertThat(run.code()).isEqualTo(Main.ERROR);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("Cannot audit: the audit of " + file + " stopped without a verdict (a fault in"
                + " fairtable, not evidence against anyone; please report it)" + System.lineSeparator());
        assertNoJavaText(run);
        assertThat(run.err()).doesNotContain("out of bounds");
    }

    @Test
    void aFileCutMidLineIsOneLineAndExitTwo() throws Exception {
        byte[] whole = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.jsonl");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        Run run = audit(HighCardDefinition.CATALOG, cut);
        assertThat(run.code()).isEqualTo(Main.ERROR);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().lines().toList()).hasSize(1).first(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("Cannot audit: ").contains("is not valid JSON (truncated or garbled)");
        assertNoJavaText(run);
    }

    @Test
    void aFileCutAtALineGivesAVerdict() throws Exception {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        // Within the hellos, then at a few places of the game (each audit replays the whole prefix).
        SplittableRandom random = new SplittableRandom(13);
        List<Integer> cuts = new ArrayList<>(List.of(1, 2));
        for (int k = 0; k < 5; k++) {
            cuts.add(random.nextInt(3, lines.size()));
        }
        for (int n : cuts) {
            Path cut = dir.resolve("lines-" + n + ".jsonl");
            Files.write(cut, lines.subList(0, n), StandardCharsets.UTF_8);
            Run run = audit(HighCardDefinition.CATALOG, cut);
            assertThat(run.out()).as("first %d lines", n).matches("(VERIFIED|FAILED): .*\\R");
            if (run.out().startsWith("VERIFIED")) {
                assertThat(run.out()).as("first %d lines", n).contains("unfinished, awaiting");
            }
            assertNoJavaText(run);
        }
    }

    private static int firstMoveIndex(List<Envelope> messages) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).type().equals(TableObserver.MOVE)) {
                return i;
            }
        }
        throw new AssertionError("no move in the session");
    }

    /** The session up to message {@code at}, then one message there signed by {@code seat}'s real key. */
    private static Path reSigned(List<Envelope> messages, int at, int seat, byte[] body, String name) throws Exception {
        Transcript prefix = new Transcript();
        for (Envelope e : messages.subList(0, at)) {
            prefix.append(e);
        }
        List<Envelope> crafted = new ArrayList<>(messages.subList(0, at));
        crafted.add(prefix.seal(table.keys.get(seat), seat, messages.get(at).step(), TableObserver.MOVE, body));
        Path target = dir.resolve(name);
        TranscriptFile.write(target, crafted, List.of());
        return target;
    }
}
