package fairtable.protocol.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile.Contents;
import fairtable.protocol.transcript.TranscriptFile.UnreadableTranscriptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transcript file: it reads back what was written, refuses what is not a transcript with the line at
 * fault, and reads a field in a non-canonical spelling as a message without a signature, so that the audit
 * fails the file (proving nothing against the seat it names, as any altered line) instead of a lenient decoder
 * accepting an altered line.
 */
class TranscriptFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ToyGame toy = new ToyGame(1127);
    private final Transcript game = toy.game();
    private final Envelope bobs = toy.bobsNext(game);

    /** The file of the game and bob's next message. */
    private List<String> lines() throws Exception {
        List<Envelope> all = new ArrayList<>(game.envelopes());
        all.add(bobs);
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, all, List.of());
        return Files.readAllLines(file);
    }

    /** The file with bob's message (the last line) edited. */
    private List<String> withBobsLine(Consumer<ObjectNode> edit) throws Exception {
        List<String> lines = lines();
        ObjectNode node = (ObjectNode) JSON.readTree(lines.get(4));
        edit.accept(node);
        lines.set(4, JSON.writeValueAsString(node));
        return lines;
    }

    private static String text(ObjectNode node, String field) {
        return node.get(field).asText();
    }

    @Test
    void whatIsWrittenReadsBackExactlyWithTheRefusedMessagesAfterTheChain() throws Exception {
        Envelope forged = Envelope.sign(toy.malloryKey, game.sessionId(), 4, game.head(), 1, 3, "note",
                ToyGame.note("forged"));
        ProtocolViolation why = new ProtocolViolation(3, "bob", "bad signature");
        Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, game.envelopes(), List.of(new Party.Rejected(forged, why)));
        Contents read = TranscriptFile.read(file);
        assertThat(read.messages()).isEqualTo(game.envelopes());
        assertThat(read.refused()).containsExactly(forged);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(5);
        assertThat(JSON.readTree(lines.get(4)).get("refused").asText()).isEqualTo("step 3, party bob: bad signature");
        assertThat(JSON.readTree(lines.get(3)).has("refused")).isFalse();
        assertThat(dir.toFile().list()).containsExactly("game.jsonl"); // the temporary file is gone
    }

    @Test
    void aLineIsTheFieldsInCanonicalSpelling() throws Exception {
        ObjectNode node = (ObjectNode) JSON.readTree(TranscriptFile.line(bobs, null));
        assertThat(node.get("seq").asLong()).isEqualTo(4);
        assertThat(node.get("step").asInt()).isEqualTo(3);
        assertThat(node.get("from").asInt()).isEqualTo(1);
        assertThat(text(node, "type")).isEqualTo("note");
        assertThat(text(node, "session")).isEqualTo(java.util.HexFormat.of().formatHex(game.sessionId()));
        assertThat(text(node, "prev")).isEqualTo(java.util.HexFormat.of().formatHex(game.head()));
        assertThat(text(node, "body")).isEqualTo("dGhyZWU=");
        assertThat(java.util.Base64.getDecoder().decode(text(node, "signature"))).isEqualTo(bobs.signature());
        assertThat(node.has("refused")).isFalse();
    }

    @Test
    void theHonestFileAuditsPastTheTranscriptChecks() throws Exception {
        // The toy game is no protocol the auditor knows: reaching that verdict means every message passed.
        assertThat(Auditor.audit(TranscriptFile.parse(lines(), "game")).line())
                .isEqualTo("FAILED: step 0, party alice: unknown protocol 'toy/v1'");
    }

    private void assertFailsAsABadSignatureProvingNothing(List<String> lines) throws Exception {
        Contents read = TranscriptFile.parse(lines, "game");
        assertThat(read.messages().get(4).signature()).isEmpty();
        assertThat(Auditor.audit(read).line()).isEqualTo("FAILED: step 3: message 4 of the transcript is a message in"
                + " bob's name with a bad signature, so the file is not one signed chain; it proves nothing against bob");
    }

    @Test
    void upperCaseHexInTheSessionIsNoSignature() throws Exception {
        assertFailsAsABadSignatureProvingNothing(withBobsLine(n -> n.put("session", text(n, "session").toUpperCase(Locale.ROOT))));
    }

    @Test
    void upperCaseHexInThePreviousHashIsNoSignature() throws Exception {
        assertFailsAsABadSignatureProvingNothing(withBobsLine(n -> n.put("prev", text(n, "prev").toUpperCase(Locale.ROOT))));
    }

    @Test
    void base64WithoutPaddingInTheBodyIsNoSignature() throws Exception {
        assertFailsAsABadSignatureProvingNothing(withBobsLine(n -> n.put("body", "dGhyZWU")));
    }

    @Test
    void base64WithStrayBitsInTheBodyIsNoSignature() throws Exception {
        assertFailsAsABadSignatureProvingNothing(withBobsLine(n -> n.put("body", "dGhyZWV=")));
    }

    @Test
    void base64WithStrayBitsInTheSignatureIsNoSignature() throws Exception {
        // 64 bytes end in two padding characters, so the last character carries four unused bits.
        assertFailsAsABadSignatureProvingNothing(withBobsLine(n -> {
            String s = text(n, "signature");
            char last = s.charAt(s.length() - 3);
            String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            char stray = alphabet.charAt(alphabet.indexOf(last) ^ 1);
            n.put("signature", s.substring(0, s.length() - 3) + stray + "==");
        }));
    }

    private void assertUnreadable(List<String> lines, String expected) {
        assertThatThrownBy(() -> TranscriptFile.parse(lines, "game")).isInstanceOf(UnreadableTranscriptException.class)
                .hasMessage(expected);
    }

    @Test
    void aSeatNumberAboveTheLastSeatIsUnreadable() throws Exception {
        assertUnreadable(withBobsLine(n -> n.put("from", 256)), "game line 5: field 'from' is not a seat");
        assertThat(TranscriptFile.parse(withBobsLine(n -> n.put("from", 255)), "game").messages().get(4).sender())
                .isEqualTo(255);
    }

    @Test
    void numbersMustBeWholeAndWithinThirtyTwoBits() throws Exception {
        String notANumber = "game line 5: field 'seq' is missing or not a number";
        assertUnreadable(withBobsLine(n -> n.put("seq", -1)), notANumber);
        assertUnreadable(withBobsLine(n -> n.put("seq", 0x1_0000_0000L)), notANumber);
        assertUnreadable(withBobsLine(n -> n.put("seq", 4.5)), notANumber);
        assertUnreadable(withBobsLine(n -> n.put("seq", 4.0)), notANumber);
        assertUnreadable(withBobsLine(n -> n.put("seq", "4")), notANumber);
        assertUnreadable(withBobsLine(n -> n.remove("seq")), notANumber);
        assertUnreadable(withBobsLine(n -> n.put("step", new java.math.BigInteger("99999999999999999999"))),
                "game line 5: field 'step' is missing or not a number");
        // The largest 32-bit number reads (and the chain check then refuses it).
        assertThat(TranscriptFile.parse(withBobsLine(n -> n.put("seq", 0xFFFF_FFFFL)), "game").messages().get(4).seq())
                .isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void textFieldsMustBeText() throws Exception {
        assertUnreadable(withBobsLine(n -> n.put("type", 5)), "game line 5: field 'type' is missing or not text");
        assertUnreadable(withBobsLine(n -> n.remove("body")), "game line 5: field 'body' is missing or not text");
        assertUnreadable(withBobsLine(n -> n.put("session", "zz" + text(n, "session").substring(2))),
                "game line 5: field 'session' is not hexadecimal");
        assertUnreadable(withBobsLine(n -> n.put("prev", text(n, "prev").substring(1))),
                "game line 5: field 'prev' is not hexadecimal");
        assertUnreadable(withBobsLine(n -> n.put("signature", "%%%%")), "game line 5: field 'signature' is not base64");
        assertUnreadable(withBobsLine(n -> n.put("session", "00")), "game line 5: session and prev are 32 bytes");
    }

    @Test
    void linesThatAreNotMessagesAreUnreadable() throws Exception {
        List<String> lines = lines();
        lines.set(2, "[1, 2]");
        assertUnreadable(lines, "game line 3 is not a transcript message");
        lines.set(2, "{\"seq\": ");
        assertUnreadable(lines, "game line 3 is not valid JSON (truncated or garbled)");
        assertUnreadable(List.of("", "  "), "game holds no messages");
    }

    @Test
    void blankLinesAreSkippedButCounted() throws Exception {
        List<String> lines = lines();
        lines.add(2, "");
        assertThat(TranscriptFile.parse(lines, "game").messages()).hasSize(5);
        lines.set(4, "[]");
        assertUnreadable(lines, "game line 5 is not a transcript message");
    }

    @Test
    void aMessageAfterTheRefusedOnesIsUnreadableAndRefusedOnesAloneAreNoTranscript() throws Exception {
        List<String> lines = lines();
        ObjectNode refused = (ObjectNode) JSON.readTree(lines.get(3));
        refused.put("refused", "step 2, party bob: bad signature");
        List<String> misplaced = new ArrayList<>(lines);
        misplaced.set(3, JSON.writeValueAsString(refused));
        assertUnreadable(misplaced, "game line 5: a message follows the refused ones");
        assertUnreadable(List.of(JSON.writeValueAsString(refused)), "game holds no messages");
    }

    @Test
    void aFileThatEndsBeforeEveryHelloConvictsTheSeatStillToSayHello() throws Exception {
        assertThat(Auditor.audit(TranscriptFile.parse(lines().subList(0, 1), "game")).line())
                .isEqualTo("FAILED: step 0, party at seat 1: the transcript ends before every player said hello");
    }

    @Test
    void aDirectoryIsUnreadableAndSaysWhy() {
        assertThatThrownBy(() -> TranscriptFile.read(dir)).isInstanceOf(UnreadableTranscriptException.class)
                .hasMessage("cannot read " + dir + ": it is a directory");
    }

    @Test
    void aFileThatIsNotTextIsUnreadableAndSaysSoWithoutTheJavaWords() throws Exception {
        Path binary = java.nio.file.Files.write(dir.resolve("binary.jsonl"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        assertThatThrownBy(() -> TranscriptFile.read(binary)).isInstanceOf(UnreadableTranscriptException.class)
                .hasMessage("cannot read " + binary + ": not a text file (a transcript is UTF-8 text, one JSON message a line)");
    }

    @Test
    void aMissingFileIsUnreadableAndSaysSo() {
        Path missing = dir.resolve("missing.jsonl");
        assertThatThrownBy(() -> TranscriptFile.read(missing)).isInstanceOf(UnreadableTranscriptException.class)
                .hasMessage("cannot read " + missing + ": no such file");
    }
}
