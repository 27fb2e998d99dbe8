package fairtable.app.ui;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a table the node plays against its own bots needs to be taken up again after the node restarts: one entry of
 * its {@link fairtable.net.journal.Journal}. Every seat of such a table lives in this process, so the entry holds all
 * of them at once (each seat's own party snapshot, a {@code TableParty}'s or, for dark chess and Mahjong Shogi
 * against the bot, that game's party's; and the key of each bot's seat; the person's seat signs with the profile's
 * key), which a crash cannot leave half written; with them the page's hand history.
 *
 * @param transcript the transcript's file name in the node's ui-transcripts directory
 * @param botKeys each seat's Ed25519 seed, empty for the person's seat
 */
record SavedTable(String game, int person, String transcript, int shownRound, List<String> history,
        List<byte[]> botKeys, List<byte[]> snapshots) {
    private static final String FORMAT = "fairtable/ui-table/v1";
    private static final int MAX_SEATS = 64;
    private static final int MAX_SNAPSHOT = 256 << 20;
    private static final int MAX_LINES = 1 << 20;

    /**
     * A two-player game of the person's against the node's bot, which is not a registered card game (dark chess,
     * Mahjong Shogi): {@code seats} holds each seat's party snapshot, {@code botKey} signs the bot's seat.
     */
    static SavedTable againstBot(String game, int person, Path transcript, List<String> history,
            SigningKey botKey, List<byte[]> seats) {
        List<byte[]> keys = person == 0 ? List.of(new byte[0], botKey.seed()) : List.of(botKey.seed(), new byte[0]);
        return new SavedTable(game, person, transcript.getFileName().toString(), 0, List.copyOf(history), keys,
                List.copyOf(seats));
    }

    /** The bot's seat of a game {@link #againstBot}, and its key; refused if it is not such a game. */
    SigningKey botKey() throws MalformedMessageException {
        if (person < 0 || snapshots.size() != 2) {
            throw new MalformedMessageException("it is not a person's game against the bot");
        }
        return SigningKey.fromSeed(botKeys.get(1 - person));
    }

    byte[] toBytes() {
        WireWriter w = new WireWriter().string(FORMAT).string(game).u32(person + 1L).string(transcript).u32(shownRound)
                .u32(history.size());
        history.forEach(w::string);
        w.u32(snapshots.size());
        for (int s = 0; s < snapshots.size(); s++) {
            w.blob(botKeys.get(s)).blob(snapshots.get(s));
        }
        return w.toBytes();
    }

    static SavedTable parse(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        if (!r.string(64, "the format").equals(FORMAT)) {
            throw new MalformedMessageException("not a table the browser played (" + FORMAT + ")");
        }
        String game = r.string(256, "the game");
        int person = r.count(MAX_SEATS, "the person's seat") - 1;
        String transcript = r.string(1024, "the transcript's name");
        int shownRound = r.count(Integer.MAX_VALUE, "the round shown");
        int lines = r.count(MAX_LINES, "the history's length");
        List<String> history = new ArrayList<>(lines);
        for (int i = 0; i < lines; i++) {
            history.add(r.string(4096, "a line of history"));
        }
        int seats = r.count(MAX_SEATS, "the seats");
        List<byte[]> keys = new ArrayList<>(seats);
        List<byte[]> snapshots = new ArrayList<>(seats);
        for (int s = 0; s < seats; s++) {
            keys.add(r.blob(32, "a bot's key"));
            snapshots.add(r.blob(MAX_SNAPSHOT, "a seat's snapshot"));
        }
        r.end();
        if (person < -1 || person >= seats || !transcript.matches("[A-Za-z0-9][A-Za-z0-9._-]*\\.jsonl")) {
            throw new MalformedMessageException("the seat or the transcript's name is out of range");
        }
        for (int s = 0; s < seats; s++) {
            if (keys.get(s).length != (s == person ? 0 : 32)) {
                throw new MalformedMessageException("seat " + s + "'s key is missing or misplaced");
            }
        }
        return new SavedTable(game, person, transcript, shownRound, List.copyOf(history), List.copyOf(keys),
                List.copyOf(snapshots));
    }
}
