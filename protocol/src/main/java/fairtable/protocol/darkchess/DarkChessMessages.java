package fairtable.protocol.darkchess;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The message bodies of dark-chess/v1 (integers big-endian, blob = u32 length | bytes):
 * <pre>
 *   move   : announcement (blob) | over (u8) | commitment (32) | if not over: 3 OT setups (blob) | rebuild announcement (blob)
 *   reply  : commitment (32) | 3 OT setups (blob) | rebuild announcement (blob) | query?
 *   round  : answer? | query?        where x? = u8 0 | u8 1 x, and query = phase (u8) | OT query (blob)
 *   choices: moves record (blob) | count (u32) | count × OT receiver state right after each query (blob)
 *   open   : count (u32) | count × (nonce (32) | board (64)) | count (u32) | count × OT sender state after setup (blob)
 * </pre>
 */
final class DarkChessMessages {
    static final String MOVE = "move";
    static final String REPLY = "reply";
    static final String ROUND = "round";
    static final String CHOICES = "choices";
    static final String OPEN = "open";
    static final int MAX_BLOB = 1 << 24;
    static final int MAX_ITEMS = 1 << 20;

    private DarkChessMessages() {}

    record Query(int phase, byte[] message) {}

    record Move(byte[] announcement, boolean over, byte[] commitment, List<byte[]> setups, byte[] rebuild) {}

    record Reply(byte[] commitment, List<byte[]> setups, byte[] rebuild, Query query) {}

    record Round(byte[] answer, Query query) {}

    record Choices(byte[] moves, List<byte[]> receiverStates) {}

    record Open(List<byte[]> nonces, List<byte[]> boards, List<byte[]> senderStates) {}

    static byte[] move(Move m) {
        WireWriter w = new WireWriter().blob(m.announcement()).u8(m.over() ? 1 : 0).fixed(m.commitment());
        if (!m.over()) {
            m.setups().forEach(w::blob);
            w.blob(m.rebuild());
        }
        return w.toBytes();
    }

    static Move parseMove(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] announcement = r.blob(1024, "the move announcement");
        int over = r.u8();
        if (over > 1) {
            throw new MalformedMessageException("the game-over flag is " + over);
        }
        byte[] commitment = r.fixed(32, "the board commitment");
        List<byte[]> setups = List.of();
        byte[] rebuild = null;
        if (over == 0) {
            setups = setups(r);
            rebuild = r.blob(1024, "the rebuild announcement");
        }
        r.end();
        return new Move(announcement, over == 1, commitment, setups, rebuild);
    }

    static byte[] reply(Reply m) {
        WireWriter w = new WireWriter().fixed(m.commitment());
        m.setups().forEach(w::blob);
        w.blob(m.rebuild());
        query(w, m.query());
        return w.toBytes();
    }

    static Reply parseReply(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] commitment = r.fixed(32, "the board commitment");
        List<byte[]> setups = setups(r);
        byte[] rebuild = r.blob(1024, "the rebuild announcement");
        Query query = query(r);
        r.end();
        return new Reply(commitment, setups, rebuild, query);
    }

    static byte[] round(Round m) {
        WireWriter w = new WireWriter();
        if (m.answer() == null) {
            w.u8(0);
        } else {
            w.u8(1).blob(m.answer());
        }
        query(w, m.query());
        return w.toBytes();
    }

    static Round parseRound(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] answer = flag(r, "the answer flag") ? r.blob(MAX_BLOB, "the OT answer") : null;
        Query query = query(r);
        r.end();
        return new Round(answer, query);
    }

    static byte[] choices(Choices m) {
        WireWriter w = new WireWriter().blob(m.moves()).u32(m.receiverStates().size());
        m.receiverStates().forEach(w::blob);
        return w.toBytes();
    }

    static Choices parseChoices(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] moves = r.blob(MAX_BLOB, "the moves record");
        int n = r.count(MAX_ITEMS, "the number of receiver states");
        List<byte[]> states = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            states.add(r.blob(MAX_BLOB, "receiver state " + i));
        }
        r.end();
        return new Choices(moves, states);
    }

    static byte[] open(Open m) {
        WireWriter w = new WireWriter().u32(m.nonces().size());
        for (int i = 0; i < m.nonces().size(); i++) {
            w.fixed(m.nonces().get(i)).fixed(m.boards().get(i));
        }
        w.u32(m.senderStates().size());
        m.senderStates().forEach(w::blob);
        return w.toBytes();
    }

    static Open parseOpen(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        int n = r.count(MAX_ITEMS, "the number of openings");
        List<byte[]> nonces = new ArrayList<>(n);
        List<byte[]> boards = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            nonces.add(r.fixed(32, "nonce " + i));
            boards.add(r.fixed(64, "board " + i));
        }
        int s = r.count(MAX_ITEMS, "the number of sender states");
        List<byte[]> states = new ArrayList<>(s);
        for (int i = 0; i < s; i++) {
            states.add(r.blob(MAX_BLOB, "sender state " + i));
        }
        r.end();
        return new Open(nonces, boards, states);
    }

    private static List<byte[]> setups(WireReader r) throws MalformedMessageException {
        List<byte[]> setups = new ArrayList<>(DarkChessSide.PHASES);
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            setups.add(r.blob(MAX_BLOB, "OT setup " + p));
        }
        return List.copyOf(setups);
    }

    private static void query(WireWriter w, Query q) {
        if (q == null) {
            w.u8(0);
        } else {
            w.u8(1).u8(q.phase()).blob(q.message());
        }
    }

    private static Query query(WireReader r) throws MalformedMessageException {
        if (!flag(r, "the query flag")) {
            return null;
        }
        int phase = r.u8();
        if (phase >= DarkChessSide.PHASES) {
            throw new MalformedMessageException("query phase " + phase);
        }
        return new Query(phase, r.blob(MAX_BLOB, "the OT query"));
    }

    private static boolean flag(WireReader r, String what) throws MalformedMessageException {
        int f = r.u8();
        if (f > 1) {
            throw new MalformedMessageException(what + " is " + f);
        }
        return f == 1;
    }
}
