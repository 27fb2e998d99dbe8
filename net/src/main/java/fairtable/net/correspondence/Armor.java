package fairtable.net.correspondence;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Signed protocol messages as text to paste into an e-mail or a chat, in the style of OpenPGP's ASCII
 * armor (RFC 4880 section 6): a BEGIN line, a few readable headers, the base64 of {@link Envelope#toBytes()}
 * wrapped at 64 columns, a CRC-24 checksum line starting with {@code =}, and an END line.
 *
 * <p>Reading is tolerant of what mail and chat do to text (surrounding prose, {@code > } quoting, lines
 * re-wrapped or joined, trailing spaces) and strict about content: a checksum that does not match, a
 * missing END line, bytes that are not a message, or a header that disagrees with the signed message are
 * errors. The headers are for people; only the signed bytes count.
 */
public final class Armor {
    public static final String BEGIN = "-----BEGIN FAIRTABLE MESSAGE-----";
    public static final String END = "-----END FAIRTABLE MESSAGE-----";
    private static final int COLUMNS = 64;
    private static final int CRC24_INIT = 0xB704CE;
    private static final int CRC24_POLY = 0x1864CFB;

    private Armor() {}

    /** The armored text could not be read: truncated, damaged, or not a fairtable message. */
    public static final class ArmorException extends Exception {
        public ArmorException(String reason) {
            super(reason);
        }
    }

    /**
     * Armors one message. {@code protocol} and {@code fromName} only label the headers; pass what the
     * transcript's hellos say.
     */
    public static String encode(Envelope e, String protocol, String fromName) {
        byte[] bytes = e.toBytes();
        StringBuilder out = new StringBuilder();
        out.append(BEGIN).append('\n');
        out.append("Protocol: ").append(protocol).append('\n');
        out.append("Session: ").append(sessionPrefix(e)).append('\n');
        out.append("Seq: ").append(e.seq()).append('\n');
        out.append("Step: ").append(e.step()).append('\n');
        out.append("From: ").append(e.sender()).append(" (").append(fromName).append(")\n");
        out.append("Type: ").append(e.type()).append('\n');
        out.append('\n');
        String base64 = Base64.getEncoder().encodeToString(bytes);
        for (int i = 0; i < base64.length(); i += COLUMNS) {
            out.append(base64, i, Math.min(base64.length(), i + COLUMNS)).append('\n');
        }
        out.append('=').append(checksum(bytes)).append('\n');
        out.append(END).append('\n');
        return out.toString();
    }

    /** The first 16 hex digits of the session id, or "none" for a hello (it has no session yet). */
    static String sessionPrefix(Envelope e) {
        String hex = HexFormat.of().formatHex(e.session());
        return hex.chars().allMatch(c -> c == '0') ? "none" : hex.substring(0, 16);
    }

    /** Every armored message in {@code text}, in the order they appear. */
    public static List<Envelope> decodeAll(String text) throws ArmorException {
        List<String> lines = new ArrayList<>();
        for (String raw : text.split("\r\n|\r|\n", -1)) {
            lines.add(unquote(raw));
        }
        List<Envelope> found = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (!lines.get(i).contains(BEGIN)) {
                i++;
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).contains(END) && !lines.get(end).contains(BEGIN)) {
                end++;
            }
            if (end == lines.size() || !lines.get(end).contains(END)) {
                throw new ArmorException("message " + (found.size() + 1) + " is truncated: its END line is missing");
            }
            // A re-wrap may have joined the last base64 characters onto the END line.
            String tail = lines.get(end).substring(0, lines.get(end).indexOf(END));
            List<String> block = new ArrayList<>(lines.subList(i + 1, end));
            block.add(tail);
            found.add(decodeBlock(block, found.size() + 1));
            i = end + 1;
        }
        if (found.isEmpty()) {
            throw new ArmorException("no fairtable message found (expected a line " + BEGIN + ")");
        }
        return found;
    }

    /** Strips e-mail quoting ("> ", ">> ", "> > ") and surrounding spaces. */
    private static String unquote(String line) {
        String s = line.strip();
        while (s.startsWith(">")) {
            s = s.substring(1).stripLeading();
        }
        return s;
    }

    private static Envelope decodeBlock(List<String> block, int number) throws ArmorException {
        Map<String, String> headers = new LinkedHashMap<>();
        StringBuilder data = new StringBuilder();
        for (String line : block) {
            int colon = line.indexOf(':');
            if (colon > 0 && data.length() == 0) {
                headers.put(line.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT),
                        line.substring(colon + 1).strip());
            } else {
                for (char c : line.toCharArray()) {
                    if (!Character.isWhitespace(c)) {
                        data.append(c);
                    }
                }
            }
        }
        String where = "message " + number;
        // The checksum is '=' and four base64 characters at the very end; base64 padding may precede it.
        if (data.length() < 5 || data.charAt(data.length() - 5) != '=' || data.substring(data.length() - 4).contains("=")) {
            throw new ArmorException(where + " is truncated or damaged: its checksum line is missing");
        }
        String sum = data.substring(data.length() - 4);
        String payload = data.substring(0, data.length() - 5);
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(payload);
        } catch (IllegalArgumentException e) {
            throw new ArmorException(where + " is damaged: the text is not valid base64 (" + e.getMessage() + ")");
        }
        if (!checksum(bytes).equals(sum)) {
            throw new ArmorException(where + " is damaged or truncated: its checksum does not match");
        }
        Envelope e;
        try {
            e = Envelope.fromBytes(bytes);
        } catch (MalformedMessageException ex) {
            throw new ArmorException(where + " is not a fairtable message: " + ex.getMessage());
        }
        checkHeaders(headers, e, where);
        return e;
    }

    private static void checkHeaders(Map<String, String> headers, Envelope e, String where) throws ArmorException {
        String from = headers.get("from");
        if (from != null) {
            int space = from.indexOf(' ');
            from = space < 0 ? from : from.substring(0, space);
        }
        String[][] expected = {
            {"seq", Long.toString(e.seq()), headers.get("seq")},
            {"step", Integer.toString(e.step()), headers.get("step")},
            {"from", Integer.toString(e.sender()), from},
            {"type", e.type(), headers.get("type")},
            {"session", sessionPrefix(e), headers.get("session")},
        };
        for (String[] field : expected) {
            if (field[2] != null && !field[2].equals(field[1])) {
                throw new ArmorException(where + ": header " + field[0] + " says '" + field[2]
                        + "' but the signed message says '" + field[1] + "'");
            }
        }
    }

    /** CRC-24 of RFC 4880 section 6.1, as four base64 characters. */
    static String checksum(byte[] bytes) {
        int crc = CRC24_INIT;
        for (byte b : bytes) {
            crc ^= (b & 0xFF) << 16;
            for (int i = 0; i < 8; i++) {
                crc <<= 1;
                if ((crc & 0x1000000) != 0) {
                    crc ^= CRC24_POLY;
                }
            }
        }
        crc &= 0xFFFFFF;
        return Base64.getEncoder().encodeToString(new byte[] {(byte) (crc >> 16), (byte) (crc >> 8), (byte) crc});
    }
}
