package fairtable.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.net.OwnerOnlyFiles;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Transcript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The person's own record of a finished table (the node's own, another node's, by mail, or at the terminal), kept
 * owner-only next to its transcript: the seat it played and what that seat's deck read in each round
 * ({@link TableParty#seenCards}), bound to the game by its session id. The deck keys themselves are not kept: the record holds only cards the seat saw, so "as I saw it" can be replayed
 * without the keys ever leaving the node's memory.
 *
 * @param session the table's session id, so a record is never applied to another game's transcript
 * @param seat    the seat the person played
 * @param rounds  by round from 1: for each deck position, the card the seat read there, or -1
 */
public record SeenCards(byte[] session, int seat, Map<Integer, int[]> rounds) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SUFFIX = ".seen";

    /** Where the record of the game whose transcript is {@code transcript} lives. */
    public static Path beside(Path transcript) {
        return transcript.resolveSibling(transcript.getFileName() + SUFFIX);
    }

    /**
     * Adds what {@code seat} now knows to the record beside {@code transcript}, keeping the earlier rounds it holds: a
     * seat restored from its journal (a game by mail wakes so for every command) knows only the rounds from then on.
     * A record of another game or seat there is replaced.
     */
    public static void merge(Path transcript, TableParty<?, ?> seat) throws IOException {
        SeenCards earlier;
        try {
            earlier = besideFor(transcript, seat.transcript());
        } catch (IOException unreadable) {
            earlier = null; // rewritten from what the seat knows
        }
        Map<Integer, int[]> rounds = new TreeMap<>();
        if (earlier != null && earlier.seat() == seat.seat()) {
            rounds.putAll(earlier.rounds());
        }
        rounds.putAll(seat.seenCards());
        write(transcript, seat.transcript().sessionId(), seat.seat(), rounds);
    }

    /** Writes what {@code seat} knows, for a seat that played the whole game in this process. */
    public static void write(Path transcript, TableParty<?, ?> seat) throws IOException {
        write(transcript, seat.transcript().sessionId(), seat.seat(), seat.seenCards());
    }

    private static void write(Path transcript, byte[] session, int seatNumber, Map<Integer, int[]> seen)
            throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("session", HexFormat.of().formatHex(session));
        out.put("seat", seatNumber);
        Map<String, int[]> rounds = new LinkedHashMap<>();
        seen.forEach((round, cards) -> rounds.put(Integer.toString(round), cards));
        out.put("rounds", rounds);
        OwnerOnlyFiles.writeString(beside(transcript), JSON.writeValueAsString(out));
    }

    /**
     * The record beside {@code transcriptFile} if there is one for the game {@code transcript} holds, else null.
     *
     * @throws IOException if it is there but unreadable or not a record
     */
    public static SeenCards besideFor(Path transcriptFile, Transcript transcript) throws IOException {
        Path file = beside(transcriptFile);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        OwnerOnlyFiles.requireOwnerOnly(file);
        SeenCards record = parse(Files.readString(file), file.getFileName().toString());
        return Arrays.equals(record.session(), transcript.sessionId()) ? record : null;
    }

    /**
     * Reads a record given as text ({@code source} names it in the refusal): for a replay page to which the person
     * hands both files of a game played at the terminal.
     *
     * @throws IOException if it is not a record of a seat's cards
     */
    public static SeenCards parse(String text, String source) throws IOException {
        try {
            JsonNode node = JSON.readTree(text);
            Map<Integer, int[]> rounds = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.get("rounds").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> round = it.next();
                int[] cards = new int[round.getValue().size()];
                for (int i = 0; i < cards.length; i++) {
                    cards[i] = round.getValue().get(i).asInt(-1);
                }
                rounds.put(Integer.parseInt(round.getKey()), cards);
            }
            return new SeenCards(HexFormat.of().parseHex(node.get("session").asText()), node.get("seat").asInt(),
                    rounds);
        } catch (IOException | RuntimeException e) {
            throw new IOException(source + " is not a record of a seat's cards");
        }
    }
}
