package fairtable.app.cli;

import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.TrustDecision;
import fairtable.protocol.allocation.BoardKey;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * An ethics board's key card as a small text file, to send to the institutions by any channel: a header, the
 * board's name and fingerprint for people to read, and the signed card in base64. Only the signed card counts;
 * the lines for people must agree with it.
 */
final class BoardCard {
    static final String HEADER = "fairtable board key card v1";

    private BoardCard() {}

    static void write(Path file, BoardKey card) throws IOException {
        Files.writeString(file, HEADER + "\nboard: " + card.name() + "\nfingerprint: "
                + Fingerprint.of(card.identity()) + "\ncard: " + Base64.getEncoder().encodeToString(card.toBytes()) + "\n",
                StandardCharsets.UTF_8);
    }

    /** Reads and checks a card file: signed by the identity it names, for a key that identity holds. */
    static BoardKey read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip).toList();
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new IllegalArgumentException(file + " is not a board's key card (it does not start with \"" + HEADER + "\")");
        }
        String encoded = field(lines, "card: ", file);
        BoardKey card;
        try {
            card = BoardKey.fromBytes(Base64.getDecoder().decode(encoded));
        } catch (IllegalArgumentException | MalformedMessageException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage());
        }
        if (!field(lines, "fingerprint: ", file).equals(Fingerprint.of(card.identity()).toString())
                || !field(lines, "board: ", file).equals(card.name())) {
            throw new IllegalArgumentException(file + ": the board's name or fingerprint lines do not match the signed card");
        }
        return card;
    }

    private static String field(List<String> lines, String prefix, Path file) {
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()).strip()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(file + " has no \"" + prefix.strip() + "\" line"));
    }

    /**
     * The card of the board the user named by {@code fingerprint}: it must be that board's, and the board's
     * name, if pinned, must be pinned to that key (the card is then pinned under its name, as any peer whose
     * fingerprint the user gave).
     */
    static BoardKey trusted(Path file, String fingerprint, KnownPeers pins) throws IOException {
        BoardKey card = read(file);
        Fingerprint expected = Fingerprint.parse(fingerprint);
        if (!expected.matches(card.identity())) {
            throw new IllegalArgumentException("the key card " + file + " is the board " + card + ", not the board "
                    + expected + " that --board names");
        }
        pins.admit(card.name(), card.identity(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        return card;
    }
}
