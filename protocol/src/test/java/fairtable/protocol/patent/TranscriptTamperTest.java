package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

/** Any single value changed anywhere in a transcript file makes the audit fail, naming a step and a party. */
class TranscriptTamperTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final String HEX = "0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void everySingleValueChangeIsCaught() throws Exception {
        Table table = new Table(new PatentParameters(PatentMode.RISTRETTO, 8, 2), 99).deal();
        table.pump(table.bob, table.bob.draw(1));
        table.finish();
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, table.alice.transcript().envelopes(), List.of());
        List<String> lines = Files.readAllLines(file);
        assertThat(Auditor.audit(TranscriptFile.read(file)).verified()).isTrue();

        SplittableRandom random = new SplittableRandom(7);
        int changes = 0;
        for (int i = 0; i < lines.size(); i++) {
            ObjectNode node = (ObjectNode) JSON.readTree(lines.get(i));
            for (String field : List.of("seq", "step", "from", "type", "session", "prev", "body", "signature")) {
                for (int attempt = 0; attempt < 3; attempt++) {
                    ObjectNode changed = node.deepCopy();
                    if (node.get(field).isNumber()) {
                        long v = node.get(field).asLong();
                        changed.put(field, attempt == 0 ? v + 1 : Math.max(0, v - 1 - attempt));
                        if (changed.get(field).asLong() == v) {
                            continue;
                        }
                    } else {
                        String text = node.get(field).asText();
                        String alphabet = field.equals("session") || field.equals("prev") ? HEX
                                : field.equals("type") ? "abcdefghijklmnopqrstuvwxyz." : BASE64;
                        int at = random.nextInt(text.length());
                        if (text.charAt(at) == '=') {
                            continue;
                        }
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
                    // A changed line, hello or not, does not fit the chain where the file puts it, so it fails
                    // the file but convicts nobody (docs/evidence.md).
                    assertThat(verdict.line()).as("line %d field %s", i, field).matches("FAILED: step \\d+: message "
                            + i + " of the transcript is a (message|hello) .+, so the file is not one signed chain;"
                            + " it proves nothing against .+");
                    changes++;
                }
            }
        }
        assertThat(changes).isGreaterThan(lines.size() * 8);
    }

    @Test
    void truncatedOrGarbledFilesAreUnreadableWithAClearMessage() throws Exception {
        Table table = new Table(new PatentParameters(PatentMode.RISTRETTO, 4, 2), 5).deal().finish();
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, table.alice.transcript().envelopes(), List.of());
        String text = Files.readString(file);
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(cut, text.substring(0, text.length() / 2));
        assertThatThrownBy(() -> TranscriptFile.read(cut)).isInstanceOf(UnreadableTranscriptException.class)
                .hasMessageContaining("is not valid JSON (truncated or garbled)");
        assertThatThrownBy(() -> TranscriptFile.read(dir.resolve("missing.jsonl")))
                .isInstanceOf(UnreadableTranscriptException.class).hasMessageContaining("no such file");
        Path empty = dir.resolve("empty.jsonl");
        Files.writeString(empty, "");
        assertThatThrownBy(() -> TranscriptFile.read(empty)).hasMessageContaining("holds no messages");
        // A file cut at a line boundary reads, but the audit says who still owed a message.
        List<String> lines = Files.readAllLines(file);
        AuditVerdict partial = Auditor.audit(TranscriptFile.parse(lines.subList(0, lines.size() - 1), "cut"));
        assertThat(partial.line()).matches("FAILED: step \\d+, party bob: the transcript ends before the keys are revealed.*");
        // Cut in the middle of the deal: the player who owed the next step is named as silent.
        AuditVerdict midDeal = Auditor.audit(TranscriptFile.parse(lines.subList(0, 4), "cut"));
        assertThat(midDeal.line()).isEqualTo("FAILED: step 3, party alice: the transcript ends here: alice did not send "
                + "step 3 (alice to send step 3)");
    }
}
