package fairtable.app.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Tile;
import fairtable.games.poker.Action;
import fairtable.games.table.DominoPlayer;
import fairtable.games.table.PokerPlayer;
import fairtable.net.journal.EventLog;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A seat's journal at a card table across processes, so that a process killed at any point takes its seat up
 * again. A seat is a deterministic state machine of three inputs: the messages it consumes, the random numbers
 * it draws for its secrets, and its player's decisions. Those three are appended to a signed, hash-chained
 * {@link EventLog}, each batch forced to disk before anything the seat said in answer leaves the process. On
 * restart the seat is built again from the table's terms and fed the same inputs in the same order, so it says
 * again, byte for byte (Ed25519 signatures are deterministic), everything it had said; the relay's counts tell
 * which of that the others already have.
 *
 * <p>The journal holds this seat's secrets (its random draws), like a party's snapshot: keep it as private as
 * the profile.
 */
public final class SeatLog implements AutoCloseable {
    private static final int TERMS = 1;
    private static final int FRAME = 2;
    private static final int DRAWS = 3;
    private static final int DECISION = 4;

    /**
     * What a seat is built from: the table's terms (its seat among them), whether a bot plays it, and on a
     * plain-TCP table the seed of its signing key (on TLS tables the seat signs with the profile's identity).
     */
    public record Header(NetworkTable.Terms terms, boolean bot, byte[] signingSeed) {
        public Header {
            signingSeed = signingSeed.clone();
        }
    }

    /** A message the seat consumed, and which seat's connection it came through (the host's guests: 1..n-1). */
    public record Frame(int from, byte[] bytes) {}

    private final EventLog log;
    private Header header;
    private final List<Frame> frames = new ArrayList<>();
    private final Deque<Long> recordedDraws = new ArrayDeque<>();
    private final Deque<byte[]> recordedDecisions = new ArrayDeque<>();
    private final List<Long> newDraws = new ArrayList<>();
    private final List<byte[]> newDecisions = new ArrayList<>();

    private SeatLog(EventLog log) {
        this.log = log;
    }

    /** Opens the journal at {@code file} (signed with {@code key}), reading back whatever it holds. */
    public static SeatLog open(Path file, SigningKey key) throws IOException {
        EventLog events = EventLog.open(file, key);
        SeatLog seat = new SeatLog(events);
        try {
            for (byte[] event : events.events()) {
                seat.read(event);
            }
        } catch (MalformedMessageException | IllegalArgumentException e) {
            events.close();
            throw new IOException(file + " is not a table seat's journal: " + e.getMessage());
        }
        return seat;
    }

    private void read(byte[] event) throws MalformedMessageException, IOException {
        WireReader r = new WireReader(event);
        int kind = r.u8();
        switch (kind) {
            case TERMS -> {
                NetworkTable.Terms terms = NetworkTable.Terms.parse(r.string(1 << 16, "the terms"));
                boolean bot = r.u8() == 1;
                header = new Header(terms, bot, r.blob(32, "the signing seed"));
            }
            case FRAME -> frames.add(new Frame(r.u8(), r.blob(1 << 24, "a frame")));
            case DRAWS -> {
                java.nio.LongBuffer draws = java.nio.ByteBuffer.wrap(r.blob(1 << 24, "the draws")).asLongBuffer();
                while (draws.hasRemaining()) {
                    recordedDraws.add(draws.get());
                }
            }
            case DECISION -> recordedDecisions.add(r.blob(1 << 12, "a decision"));
            default -> throw new MalformedMessageException("unknown journal event " + kind);
        }
        r.end();
        if (header == null) {
            throw new MalformedMessageException("the journal does not begin with the table's terms");
        }
    }

    /** The seat's terms, if the journal holds a game already (a restart). */
    public Optional<Header> header() {
        return Optional.ofNullable(header);
    }

    /** Records a new game's terms; the first event of the journal. */
    public void begin(Header newHeader) throws IOException {
        if (header != null) {
            throw new IllegalStateException("the journal already holds a game");
        }
        log.append(new WireWriter().u8(TERMS).string(newHeader.terms().line()).u8(newHeader.bot() ? 1 : 0)
                .blob(newHeader.signingSeed()).toBytes());
        header = newHeader;
    }

    /** The messages to feed the restored seat again, in the order it first consumed them. */
    public List<Frame> frames() {
        return List.copyOf(frames);
    }

    /** Whether the replay used every recorded draw and decision: otherwise the journal is not this seat's game. */
    public void checkReplayed() throws IOException {
        if (!recordedDraws.isEmpty() || !recordedDecisions.isEmpty()) {
            throw new IOException("the journal does not replay: " + recordedDraws.size() + " random draws and "
                    + recordedDecisions.size() + " decisions left over");
        }
    }

    /** Forces to disk the draws and decisions made since the last write (after the seat's start). */
    public void flush() throws IOException {
        log.append(pending());
    }

    /** Records that the seat consumed {@code bytes} from seat {@code from}, with what it drew and chose meanwhile. */
    public void consumed(int from, byte[] bytes) throws IOException {
        List<byte[]> batch = new ArrayList<>();
        batch.add(new WireWriter().u8(FRAME).u8(from).blob(bytes).toBytes());
        batch.addAll(pending());
        log.append(batch);
        frames.add(new Frame(from, bytes.clone()));
    }

    private List<byte[]> pending() {
        List<byte[]> batch = new ArrayList<>();
        if (!newDraws.isEmpty()) {
            java.nio.ByteBuffer draws = java.nio.ByteBuffer.allocate(8 * newDraws.size());
            newDraws.forEach(draws::putLong);
            batch.add(new WireWriter().u8(DRAWS).blob(draws.array()).toBytes());
            newDraws.clear();
        }
        for (byte[] decision : newDecisions) {
            batch.add(new WireWriter().u8(DECISION).blob(decision).toBytes());
        }
        newDecisions.clear();
        return batch;
    }

    /** The seat's source of secrets: the recorded draws first, then {@code live}'s, recorded. */
    public RandomGenerator secrets(RandomGenerator live) {
        return () -> {
            Long recorded = recordedDraws.poll();
            if (recorded != null) {
                return recorded;
            }
            long drawn = live.nextLong();
            newDraws.add(drawn);
            return drawn;
        };
    }

    /** The player's recorded decisions first, then {@code live}'s, recorded. */
    public PokerPlayer poker(PokerPlayer live) {
        return view -> {
            byte[] recorded = recordedDecisions.poll();
            if (recorded != null) {
                return Action.parse(new String(recorded, java.nio.charset.StandardCharsets.UTF_8));
            }
            Action action = live.decide(view);
            if (action != null) { // null: decided later, and recorded then
                newDecisions.add(words(action).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            return action;
        };
    }

    /** The player's recorded moves first, then {@code live}'s, recorded. */
    public DominoPlayer dominoes(DominoPlayer live) {
        return view -> {
            byte[] recorded = recordedDecisions.poll();
            if (recorded != null) {
                return move(recorded);
            }
            DominoMove move = live.decide(view);
            if (move != null) { // null: decided later, and recorded then
                newDecisions.add(bytes(move));
            }
            return move;
        };
    }

    /** An action in the words {@link Action#parse} reads back. */
    static String words(Action action) {
        if (action instanceof Action.RaiseTo raise) {
            return "raise " + raise.amount();
        }
        if (action instanceof Action.Draw draw) {
            return draw.discards().isEmpty() ? "draw" : "draw " + Card.format(draw.discards());
        }
        if (action instanceof Action.Show show) {
            return show.cards().isEmpty() ? "show" : "show " + Card.format(show.cards());
        }
        if (action instanceof Action.DrawUnseen) {
            throw new IllegalArgumentException("a player never decides " + action);
        }
        return action.toString(); // fold, check, call, muck
    }

    static byte[] bytes(DominoMove move) {
        if (move instanceof DominoMove.Play play) {
            return new byte[] {2, (byte) play.tile().index(), (byte) play.end().ordinal()};
        }
        return new byte[] {(byte) (move instanceof DominoMove.Draw ? 0 : 1)};
    }

    static DominoMove move(byte[] bytes) {
        return switch (bytes[0]) {
            case 0 -> DominoMove.DRAW;
            case 1 -> DominoMove.PASS;
            default -> DominoMove.play(Tile.ofIndex(bytes[1]), End.values()[bytes[2]]);
        };
    }

    @Override
    public void close() throws IOException {
        log.close();
    }
}
