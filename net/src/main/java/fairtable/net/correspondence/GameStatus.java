package fairtable.net.correspondence;

import fairtable.protocol.Party;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The summary of a correspondence game kept beside its journal ({@code game.properties}), so that listing
 * games needs no key: who plays, how many messages, what is awaited from whom, when the last message was
 * taken in or sent, whether it is the user's move, and the audit verdict once the game is over.
 */
public record GameStatus(Path directory, String protocol, String me, int seat, List<String> players, int messages,
        String awaiting, boolean finished, boolean yourMove, Instant lastActivity, String verdict) {
    static final String FILE = "game.properties";

    static GameStatus of(Path directory, Party party, String protocol, Instant now, String verdict, boolean yourMove) {
        List<String> names = new ArrayList<>();
        party.transcript().hellos().forEach(h -> names.add(h.name()));
        String me = party.transcript().nameOf(party.seat());
        return new GameStatus(directory, protocol, me, party.seat(), List.copyOf(names), party.transcript().size(),
                party.awaiting(), party.isFinished(), yourMove, now, verdict);
    }

    /** What the game waits for, in words: "YOUR MOVE", "awaiting bob's pick", or the verdict once it is over. */
    public String state() {
        if (finished) {
            return "finished: " + (verdict.isEmpty() ? "no verdict" : verdict);
        }
        return yourMove ? "YOUR MOVE" : "awaiting " + awaiting;
    }

    /** Whole days since the last message was taken in or sent. */
    public long daysSinceLastMessage(Instant now) {
        return Math.max(0, Duration.between(lastActivity, now).toDays());
    }

    /** One line for a listing. */
    public String line(Instant now) {
        return directory.getFileName() + ": " + protocol + ", you are " + me + " (seat " + seat + "), "
                + messages + " messages, " + state() + "; last message " + daysSinceLastMessage(now) + " day(s) ago";
    }

    /** Writes this summary beside the game (atomically). */
    public void save() throws IOException {
        Properties p = new Properties();
        p.setProperty("protocol", protocol);
        p.setProperty("me", me);
        p.setProperty("seat", Integer.toString(seat));
        p.setProperty("players", String.join(",", players));
        p.setProperty("messages", Integer.toString(messages));
        p.setProperty("awaiting", awaiting);
        p.setProperty("finished", Boolean.toString(finished));
        p.setProperty("your-move", Boolean.toString(yourMove));
        p.setProperty("last-activity", lastActivity.toString());
        p.setProperty("verdict", verdict);
        StringWriter text = new StringWriter();
        p.store(text, "fairtable correspondence game (a summary; the journal is authoritative)");
        CorrespondenceGame.writeAtomically(directory.resolve(FILE), text.toString());
    }

    /** Reads the summary of the game in {@code directory}. */
    public static GameStatus read(Path directory) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        try {
            String players = p.getProperty("players", "");
            return new GameStatus(directory, required(p, "protocol"), required(p, "me"),
                    Integer.parseInt(required(p, "seat")), players.isEmpty() ? List.of() : List.of(players.split(",")),
                    Integer.parseInt(required(p, "messages")), required(p, "awaiting"),
                    Boolean.parseBoolean(required(p, "finished")),
                    Boolean.parseBoolean(p.getProperty("your-move", "false")), Instant.parse(required(p, "last-activity")),
                    p.getProperty("verdict", ""));
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IOException(directory.resolve(FILE) + " is damaged: " + e.getMessage());
        }
    }

    private static String required(Properties p, String key) throws IOException {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IOException("the game summary lacks '" + key + "'");
        }
        return v;
    }

    /** Whether {@code directory} holds a correspondence game. */
    public static boolean isGame(Path directory) {
        // Any game by mail keeps this summary; a protocol party's game also its journal, a card table its own.
        return Files.isRegularFile(directory.resolve(FILE));
    }

    /** The games in {@code root} and its immediate subdirectories, sorted by directory name. */
    public static List<GameStatus> list(Path root) throws IOException {
        List<GameStatus> games = new ArrayList<>();
        if (isGame(root)) {
            games.add(read(root));
        }
        try (Stream<Path> children = Files.list(root)) {
            for (Path child : children.sorted().toList()) {
                if (Files.isDirectory(child) && isGame(child)) {
                    games.add(read(child));
                }
            }
        }
        return games;
    }
}
