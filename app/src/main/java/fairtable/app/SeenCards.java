package fairtable.app;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.games.definitions.Games;
import fairtable.net.OwnerOnlyFiles;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Transcript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
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
    /** The most rounds a game here plays: hold'em's and draw's 100,000 hands (gin rummy and dominoes stop at 10,000). */
    public static final int MOST_ROUNDS = 100_000;
    /**
     * The longest text taken as a record: the most rounds, each a key and, for every card of the largest deck a game
     * here deals, up to three digits and a comma, twice over. A real record is well inside it (100,000 hands of
     * hold'em write about 15 MB); anything longer is refused before it is parsed, so a dropped file cannot make the
     * node build a tree of tens of millions of numbers.
     */
    public static final int MAX_CHARS = 2 * MOST_ROUNDS * (16 + 4 * Games.ALL.games().stream()
            .mapToInt(g -> g.deckSize()).max().orElseThrow());

    /** Where the record of the game whose transcript is {@code transcript} lives. */
    public static Path beside(Path transcript) {
        return transcript.resolveSibling(transcript.getFileName() + SUFFIX);
    }

    /**
     * Adds what {@code seat} now knows to the record beside {@code transcript}, keeping the earlier rounds it holds
     * (a seat restored from a snapshot written before table/v1's snapshot version 2 knows only the rounds from then
     * on). A record of another game or seat there is replaced.
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
        if (text.length() > MAX_CHARS) {
            throw new IOException(source + " is " + text.length() + " characters long; a record of a seat's cards is at"
                    + " most " + MAX_CHARS);
        }
        // Read as a stream into the arrays, not as a tree: a record near the limit holds millions of numbers.
        byte[] session = null;
        int seat = -1;
        Map<Integer, int[]> rounds = null;
        try (JsonParser in = JSON.createParser(text)) {
            expect(in.nextToken(), JsonToken.START_OBJECT);
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.currentName();
                JsonToken value = in.nextToken();
                switch (field) {
                    case "session" -> session = HexFormat.of().parseHex(in.getValueAsString(""));
                    case "seat" -> seat = in.getValueAsInt(-1);
                    case "rounds" -> rounds = rounds(in, value);
                    default -> in.skipChildren();
                }
            }
            if (session == null || seat < 0 || rounds == null) {
                throw new IOException("a session, a seat and rounds are a record's");
            }
            return new SeenCards(session, seat, rounds);
        } catch (IOException | RuntimeException e) {
            throw new IOException(source + " is not a record of a seat's cards");
        }
    }

    /** Each round's cards, by round; a position holding anything but a whole number is one the seat did not read. */
    private static Map<Integer, int[]> rounds(JsonParser in, JsonToken start) throws IOException {
        expect(start, JsonToken.START_OBJECT);
        Map<Integer, int[]> rounds = new TreeMap<>();
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            int round = Integer.parseInt(in.currentName());
            expect(in.nextToken(), JsonToken.START_ARRAY);
            int[] cards = new int[64];
            int n = 0;
            for (JsonToken t = in.nextToken(); t != JsonToken.END_ARRAY; t = in.nextToken()) {
                if (t == null || t.isStructStart()) {
                    throw new IOException("a round's cards are numbers");
                }
                if (n == cards.length) {
                    cards = Arrays.copyOf(cards, n * 2);
                }
                cards[n++] = t == JsonToken.VALUE_NUMBER_INT ? in.getValueAsInt(-1) : -1;
            }
            rounds.put(round, Arrays.copyOf(cards, n));
        }
        return rounds;
    }

    private static void expect(JsonToken found, JsonToken expected) throws IOException {
        if (found != expected) {
            throw new IOException("expected " + expected + ", found " + found);
        }
    }
}
