package fairtable.protocol.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The transcript file: JSON Lines, one signed message per line, in chain order, followed by any refused
 * messages kept as evidence (marked {@code "refused"} with the reason seen by the party that refused them).
 * Every field of a message line is covered by its signature, so a third party can verify the file alone.
 * A field in a non-canonical spelling (upper-case hex, base64 with stray padding bits) decodes to a message
 * with no signature: an altered line must fail verification, never slip through a lenient decoder.
 */
public final class TranscriptFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TranscriptFile() {}

    /** What a transcript file holds. */
    public record Contents(List<Envelope> messages, List<Envelope> refused) {}

    /** The file could not be read as a transcript: missing, truncated or garbled. */
    public static final class UnreadableTranscriptException extends Exception {
        public UnreadableTranscriptException(String reason) {
            super(reason);
        }
    }

    /** Writes the transcript and refused messages, atomically (a reader never sees half a file). */
    public static void write(Path file, List<Envelope> messages, List<Party.Rejected> refused) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Envelope e : messages) {
            out.append(line(e, null)).append('\n');
        }
        for (Party.Rejected r : refused) {
            out.append(line(r.envelope(), r.reason())).append('\n');
        }
        Path absolute = file.toAbsolutePath();
        Path temp = Files.createTempFile(absolute.getParent(), ".transcript", ".tmp");
        try {
            Files.writeString(temp, out, StandardCharsets.UTF_8);
            Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** One message as a JSON line. */
    public static String line(Envelope e, ProtocolViolation refusedBecause) {
        ObjectNode node = JSON.createObjectNode();
        node.put("seq", e.seq());
        node.put("step", e.step());
        node.put("from", e.sender());
        node.put("type", e.type());
        node.put("session", HexFormat.of().formatHex(e.session()));
        node.put("prev", HexFormat.of().formatHex(e.prev()));
        node.put("body", Base64.getEncoder().encodeToString(e.body()));
        node.put("signature", Base64.getEncoder().encodeToString(e.signature()));
        if (refusedBecause != null) {
            node.put("refused", refusedBecause.getMessage());
        }
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    public static Contents read(Path file) throws UnreadableTranscriptException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UnreadableTranscriptException("cannot read " + file + ": " + describe(file, e));
        }
        return parse(lines, file.toString());
    }

    public static Contents parse(List<String> lines, String source) throws UnreadableTranscriptException {
        List<Envelope> messages = new ArrayList<>();
        List<Envelope> refused = new ArrayList<>();
        int number = 0;
        for (String text : lines) {
            number++;
            if (text.isBlank()) {
                continue;
            }
            String where = source + " line " + number;
            JsonNode node;
            try {
                node = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                throw new UnreadableTranscriptException(where + " is not valid JSON (truncated or garbled)");
            }
            Envelope e = envelope(node, where);
            if (node.has("refused")) {
                refused.add(e);
            } else if (!refused.isEmpty()) {
                throw new UnreadableTranscriptException(where + ": a message follows the refused ones");
            } else {
                messages.add(e);
            }
        }
        if (messages.isEmpty()) {
            throw new UnreadableTranscriptException(source + " holds no messages");
        }
        return new Contents(messages, refused);
    }

    private static Envelope envelope(JsonNode node, String where) throws UnreadableTranscriptException {
        if (!node.isObject()) {
            throw new UnreadableTranscriptException(where + " is not a transcript message");
        }
        try {
            byte[] session = hex(node, "session", where);
            byte[] prev = hex(node, "prev", where);
            byte[] body = base64(node, "body", where);
            byte[] signature = base64(node, "signature", where);
            boolean canonical = HexFormat.of().formatHex(session).equals(text(node, "session", where))
                    && HexFormat.of().formatHex(prev).equals(text(node, "prev", where))
                    && Base64.getEncoder().encodeToString(body).equals(text(node, "body", where))
                    && Base64.getEncoder().encodeToString(signature).equals(text(node, "signature", where));
            if ((int) number(node, "from", where) > 255) {
                throw new UnreadableTranscriptException(where + ": field 'from' is not a seat");
            }
            return Envelope.of(session, number(node, "seq", where), prev, (int) number(node, "from", where),
                    (int) number(node, "step", where), text(node, "type", where), body,
                    canonical ? signature : new byte[0]);
        } catch (IllegalArgumentException e) {
            throw new UnreadableTranscriptException(where + ": " + e.getMessage());
        }
    }

    private static String text(JsonNode node, String field, String where) throws UnreadableTranscriptException {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new UnreadableTranscriptException(where + ": field '" + field + "' is missing or not text");
        }
        return v.asText();
    }

    private static long number(JsonNode node, String field, String where) throws UnreadableTranscriptException {
        JsonNode v = node.get(field);
        if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0 || v.asLong() > 0xFFFF_FFFFL) {
            throw new UnreadableTranscriptException(where + ": field '" + field + "' is missing or not a number");
        }
        return v.asLong();
    }

    private static byte[] hex(JsonNode node, String field, String where) throws UnreadableTranscriptException {
        try {
            return HexFormat.of().parseHex(text(node, field, where));
        } catch (IllegalArgumentException e) {
            throw new UnreadableTranscriptException(where + ": field '" + field + "' is not hexadecimal");
        }
    }

    private static byte[] base64(JsonNode node, String field, String where) throws UnreadableTranscriptException {
        try {
            return Base64.getDecoder().decode(text(node, field, where));
        } catch (IllegalArgumentException e) {
            throw new UnreadableTranscriptException(where + ": field '" + field + "' is not base64");
        }
    }

    private static String describe(Path file, IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not a text file (a transcript is UTF-8 text, one JSON message a line)";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return Files.isDirectory(file) ? "it is a directory" : "an input/output error";
    }
}
