package fairtable.protocol.darkchess;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A stand-in for the games layer's chess side, so that this layer's tests can play whole games: a fixed board and
 * fixed offers per seat, moves that change nothing, and a rebuild of {@link #ROUNDS} asking scripted squares.
 */
final class ScriptedSide implements DarkChessSide {
    /** Every rebuild: two queries in the general phase, then one in the en-passant phase. */
    static final List<Round> ROUNDS = List.of(new Round(0, 2), new Round(2, 1));

    private final int seat;
    private final int[][] asks;
    private final List<int[]> answers;

    private ScriptedSide(int seat, int[][] asks, List<int[]> answers) {
        this.seat = seat;
        this.asks = asks;
        this.answers = List.copyOf(answers);
    }

    /** A side at {@code seat} asking {@code asks[r]} in round r of each rebuild. */
    static ScriptedSide asking(int seat, int[]... asks) {
        if (asks.length != ROUNDS.size()) {
            throw new IllegalArgumentException("one set of squares per round");
        }
        return new ScriptedSide(seat, asks, List.of());
    }

    /** The four-bit code seat {@code seat} offers for {@code square} in {@code phase}. */
    static int offered(int seat, int phase, int square) {
        return (square * 7 + phase * 3 + seat * 5) & 15;
    }

    /** The codes received, round by round, in the current rebuild. */
    List<int[]> answers() {
        return answers;
    }

    @Override
    public Moved move(RandomGenerator random) {
        return new Moved(this, "moved".getBytes(StandardCharsets.UTF_8), Optional.empty());
    }

    @Override
    public Moved opponentMoved(byte[] announcement) {
        return new Moved(this, announcement, Optional.empty());
    }

    @Override
    public byte[] board() {
        byte[] board = new byte[64];
        board[seat] = 1;
        return board;
    }

    /** The 64 codes seat {@code seat} offers in {@code phase}. */
    static byte[] offer(int seat, int phase) {
        byte[] items = new byte[64];
        for (int square = 0; square < 64; square++) {
            items[square] = (byte) offered(seat, phase, square);
        }
        return items;
    }

    @Override
    public byte[] offer(int phase) {
        return offer(seat, phase);
    }

    @Override
    public Rebuild startRebuild() {
        return new Rebuild(new ScriptedSide(seat, asks, List.of()), new byte[] {(byte) seat}, ROUNDS);
    }

    @Override
    public List<Round> peerRounds(byte[] announcement) {
        if (announcement.length != 1 || announcement[0] != 1 - seat) {
            throw new IllegalArgumentException("not the peer's rebuild announcement");
        }
        return ROUNDS;
    }

    @Override
    public int[] nextChoices() {
        return asks[answers.size()].clone();
    }

    @Override
    public DarkChessSide answered(int[] codes) {
        List<int[]> more = new ArrayList<>(answers);
        more.add(codes.clone());
        return new ScriptedSide(seat, asks, more);
    }

    @Override
    public byte[] record() {
        return ("scripted side " + seat).getBytes(StandardCharsets.UTF_8);
    }

    /** seat (u8) | per round: its squares (u8 count, u8 each) | answered rounds (u8) | per answered round: codes. */
    @Override
    public byte[] toBytes() {
        WireWriter w = new WireWriter().u8(seat);
        for (int[] round : asks) {
            writeBytes(w, round);
        }
        w.u8(answers.size());
        answers.forEach(codes -> writeBytes(w, codes));
        return w.toBytes();
    }

    /** The side {@link #toBytes} wrote, so that a party can be restored from its snapshot. */
    static ScriptedSide fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int seat = r.u8();
        int[][] asks = new int[ROUNDS.size()][];
        for (int i = 0; i < asks.length; i++) {
            asks[i] = readBytes(r);
        }
        List<int[]> answers = new ArrayList<>();
        for (int i = r.u8(); i > 0; i--) {
            answers.add(readBytes(r));
        }
        r.end();
        return new ScriptedSide(seat, asks, answers);
    }

    private static int[] readBytes(WireReader r) throws MalformedMessageException {
        int[] values = new int[r.u8()];
        for (int i = 0; i < values.length; i++) {
            values[i] = r.u8();
        }
        return values;
    }

    private static void writeBytes(WireWriter w, int[] values) {
        w.u8(values.length);
        for (int v : values) {
            w.u8(v);
        }
    }
}
