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
 * In the one-round-trip mode (oprf-table) a ply is move, reply, answer:
 * <pre>
 *   move   : announcement (blob) | over (u8) | commitment (32) | if not over: K (32) | sealed table (blob)
 *            | rebuild announcement (blob) | batch (blob, 32 per query)
 *   reply  : commitment (32) | K (32) | sealed table (blob) | answer to the move's batch (blob, 32 per query + 64)
 *            | rebuild announcement (blob) | batch (blob)
 *   answer : answer to the reply's batch (blob)
 *   choices: as above, each batch's reveal being count (u32) | count × input (blob) | count × blind (32)
 *   open   : as above, each "sender state" being the table key k (32) of one table
 * </pre>
 * In the OT-extension mode (ote-table), move, reply, answer again, with x? = u8 0 | u8 1 x:
 * <pre>
 *   move   : announcement (blob) | over (u8) | commitment (32) | if not over: bases? | query?
 *   reply  : commitment (32) | bases? | sealed table? (blob) | rebuild announcement (blob) | query (blob)
 *   answer : sealed table (blob)
 *   choices: as above, the first blob the sealer's s and b_i, then per batch its inputs (u16 each)
 *   open   : as above, the one "sender state" being the querier's r (32)
 * </pre>
 * where bases = the sealer's base keys (blob) | the querier's base setup (blob), sent once (ply 1), and query =
 * rebuild announcement (blob) | KKRT query (blob).
 */
final class DarkChessMessages {
    static final String MOVE = "move";
    static final String REPLY = "reply";
    static final String ROUND = "round";
    static final String ANSWER = "answer";
    static final String CHOICES = "choices";
    static final String OPEN = "open";
    static final int MAX_BLOB = 1 << 24;
    static final int MAX_ITEMS = 1 << 20;
    /** Far above any honest table (1172 entries) or batch (16 pieces × 8 queries × 32 bytes). */
    static final int MAX_TABLE = 1 << 16;
    static final int MAX_BATCH = 1 << 16;

    private DarkChessMessages() {}

    record Query(int phase, byte[] message) {}

    record Move(byte[] announcement, boolean over, byte[] commitment, List<byte[]> setups, byte[] rebuild) {}

    record Reply(byte[] commitment, List<byte[]> setups, byte[] rebuild, Query query) {}

    record Round(byte[] answer, Query query) {}

    record TableMove(byte[] announcement, boolean over, byte[] commitment, byte[] key, byte[] table, byte[] rebuild,
            byte[] batch) {}

    record TableReply(byte[] commitment, byte[] key, byte[] table, byte[] answer, byte[] rebuild, byte[] batch) {}

    /** An ote-table move: bases and the rebuild (announcement and query) are null when absent. */
    record OteMove(byte[] announcement, boolean over, byte[] commitment, byte[] baseKeys, byte[] baseSetup,
            byte[] rebuild, byte[] query) {}

    /** An ote-table reply: the bases or the table (for the move's query) are null when absent. */
    record OteReply(byte[] commitment, byte[] baseKeys, byte[] baseSetup, byte[] table, byte[] rebuild,
            byte[] query) {}

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

    static byte[] tableMove(TableMove m) {
        WireWriter w = new WireWriter().blob(m.announcement()).u8(m.over() ? 1 : 0).fixed(m.commitment());
        if (!m.over()) {
            w.fixed(m.key()).blob(m.table()).blob(m.rebuild()).blob(m.batch());
        }
        return w.toBytes();
    }

    static TableMove parseTableMove(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] announcement = r.blob(1024, "the move announcement");
        int over = r.u8();
        if (over > 1) {
            throw new MalformedMessageException("the game-over flag is " + over);
        }
        byte[] commitment = r.fixed(32, "the board commitment");
        TableMove m;
        if (over == 0) {
            m = new TableMove(announcement, false, commitment, r.fixed(32, "the table key"), r.blob(MAX_TABLE, "the table"),
                    r.blob(1024, "the rebuild announcement"), r.blob(MAX_BATCH, "the query batch"));
        } else {
            m = new TableMove(announcement, true, commitment, null, null, null, null);
        }
        r.end();
        return m;
    }

    static byte[] tableReply(TableReply m) {
        return new WireWriter().fixed(m.commitment()).fixed(m.key()).blob(m.table()).blob(m.answer()).blob(m.rebuild())
                .blob(m.batch()).toBytes();
    }

    static TableReply parseTableReply(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        TableReply m = new TableReply(r.fixed(32, "the board commitment"), r.fixed(32, "the table key"),
                r.blob(MAX_TABLE, "the table"), r.blob(MAX_BATCH + 64, "the answer"), r.blob(1024, "the rebuild announcement"),
                r.blob(MAX_BATCH, "the query batch"));
        r.end();
        return m;
    }

    static byte[] oteMove(OteMove m) {
        WireWriter w = new WireWriter().blob(m.announcement()).u8(m.over() ? 1 : 0).fixed(m.commitment());
        if (!m.over()) {
            writeBases(w, m.baseKeys(), m.baseSetup());
            w.u8(m.query() == null ? 0 : 1);
            if (m.query() != null) {
                w.blob(m.rebuild()).blob(m.query());
            }
        }
        return w.toBytes();
    }

    static OteMove parseOteMove(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] announcement = r.blob(1024, "the move announcement");
        int over = r.u8();
        if (over > 1) {
            throw new MalformedMessageException("the game-over flag is " + over);
        }
        byte[] commitment = r.fixed(32, "the board commitment");
        OteMove m;
        if (over == 0) {
            byte[][] bases = readBases(r);
            boolean query = flag(r, "the query flag");
            m = new OteMove(announcement, false, commitment, bases[0], bases[1],
                    query ? r.blob(1024, "the rebuild announcement") : null,
                    query ? r.blob(MAX_BATCH, "the query") : null);
        } else {
            m = new OteMove(announcement, true, commitment, null, null, null, null);
        }
        r.end();
        return m;
    }

    static byte[] oteReply(OteReply m) {
        WireWriter w = new WireWriter().fixed(m.commitment());
        writeBases(w, m.baseKeys(), m.baseSetup());
        w.u8(m.table() == null ? 0 : 1);
        if (m.table() != null) {
            w.blob(m.table());
        }
        return w.blob(m.rebuild()).blob(m.query()).toBytes();
    }

    static OteReply parseOteReply(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] commitment = r.fixed(32, "the board commitment");
        byte[][] bases = readBases(r);
        byte[] table = flag(r, "the table flag") ? r.blob(MAX_TABLE, "the table") : null;
        OteReply m = new OteReply(commitment, bases[0], bases[1], table, r.blob(1024, "the rebuild announcement"),
                r.blob(MAX_BATCH, "the query"));
        r.end();
        return m;
    }

    static byte[] oteAnswer(byte[] table) {
        return new WireWriter().blob(table).toBytes();
    }

    static byte[] parseOteAnswer(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] table = r.blob(MAX_TABLE, "the table");
        r.end();
        return table;
    }

    private static void writeBases(WireWriter w, byte[] baseKeys, byte[] baseSetup) {
        w.u8(baseKeys == null ? 0 : 1);
        if (baseKeys != null) {
            w.blob(baseKeys).blob(baseSetup);
        }
    }

    private static byte[][] readBases(WireReader r) throws MalformedMessageException {
        if (!flag(r, "the base flag")) {
            return new byte[2][];
        }
        return new byte[][] {r.blob(1 << 14, "the base keys"), r.blob(64, "the base setup")};
    }

    static byte[] answer(byte[] answer) {
        return new WireWriter().blob(answer).toBytes();
    }

    static byte[] parseAnswer(byte[] body) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        byte[] answer = r.blob(MAX_BATCH + 64, "the answer");
        r.end();
        return answer;
    }

    /** A reveal of one table batch: its inputs and blinding scalars. */
    record TableReveal(List<byte[]> inputs, List<byte[]> blinds) {}

    static byte[] tableReveal(TableReveal m) {
        WireWriter w = new WireWriter().u32(m.inputs().size());
        m.inputs().forEach(w::blob);
        m.blinds().forEach(w::fixed);
        return w.toBytes();
    }

    static TableReveal parseTableReveal(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int n = r.count(MAX_BATCH / 32, "the number of revealed inputs");
        List<byte[]> inputs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            inputs.add(r.blob(64, "input " + i));
        }
        List<byte[]> blinds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            blinds.add(r.fixed(32, "blind " + i));
        }
        r.end();
        return new TableReveal(List.copyOf(inputs), List.copyOf(blinds));
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
