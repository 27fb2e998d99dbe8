package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.transcript.TranscriptFile.UnreadableTranscriptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Any single value changed anywhere in a permutation-deal transcript file makes the audit fail. */
class PermutationTranscriptTamperTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final String HEX = "0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void everySingleValueChangeIsCaught() throws Exception {
        Table table = new Table(3, 8, 99).setUp().revealTo(0, 1).revealTo(1, 0).revealPublicly(2).finish();
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, table.seat(1).transcript().envelopes(), List.of());
        List<String> lines = Files.readAllLines(file);
        assertThat(Auditor.audit(TranscriptFile.read(file)).verified()).isTrue();

        SplittableRandom random = new SplittableRandom(7);
        int changes = 0;
        for (int i = 0; i < lines.size(); i++) {
            ObjectNode node = (ObjectNode) JSON.readTree(lines.get(i));
            for (String field : List.of("seq", "step", "from", "type", "session", "prev", "body", "signature")) {
                ObjectNode changed = node.deepCopy();
                if (node.get(field).isNumber()) {
                    changed.put(field, node.get(field).asLong() + 1);
                } else {
                    String text = node.get(field).asText();
                    String alphabet = field.equals("session") || field.equals("prev") ? HEX
                            : field.equals("type") ? "abcdefghijklmnopqrstuvwxyz." : BASE64;
                    int at;
                    do {
                        at = random.nextInt(text.length());
                    } while (text.charAt(at) == '=');
                    char replacement;
                    do {
                        replacement = alphabet.charAt(random.nextInt(alphabet.length()));
                    } while (replacement == text.charAt(at));
                    changed.put(field, text.substring(0, at) + replacement + text.substring(at + 1));
                }
                List<String> tampered = new ArrayList<>(lines);
                tampered.set(i, JSON.writeValueAsString(changed));
                AuditVerdict verdict;
                try {
                    verdict = Auditor.audit(TranscriptFile.parse(tampered, "tampered"));
                } catch (UnreadableTranscriptException e) {
                    throw new AssertionError("a one-value change made the file unreadable: " + e.getMessage());
                }
                // A changed line, hello or not, does not fit the chain where the file puts it, so it fails the
                // file but convicts nobody (docs/evidence.md).
                assertThat(verdict.line()).as("line %d field %s", i, field).matches("FAILED: step \\d+: message " + i
                        + " of the transcript is a (message|hello) .+, so the file is not one signed chain; it proves"
                        + " nothing against .+");
                changes++;
            }
        }
        assertThat(changes).isEqualTo(lines.size() * 8);
    }

    /** Dropping the last opening leaves a readable file whose audit says who still owes one. */
    @Test
    void aTranscriptCutBeforeTheLastOpeningNamesWhoOwesIt() throws Exception {
        Table table = new Table(3, 8, 5).setUp().revealTo(0, 2).finish();
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, table.seat(0).transcript().envelopes(), List.of());
        List<String> lines = Files.readAllLines(file);
        AuditVerdict partial = Auditor.audit(TranscriptFile.parse(lines.subList(0, lines.size() - 1), "cut"));
        assertThat(partial.line()).matches(
                "FAILED: step \\d+, party carol: the transcript ends before every player opened its commitments.*");
    }
}
