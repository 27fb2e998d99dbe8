package fairtable.app.net;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Transport;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * What the host of `fairtable play GAME --host` tells each player who joins, before the session starts: the table
 * (the game, its seats and options, as every hello will carry them), the player's seat, every seat's name, and,
 * over TLS, every seat's key, the one that opened its channel and must sign its hello. The guest sends its name
 * first, one word. Nothing here is trusted beyond the start: every seat's hello carries the table, and the
 * session's observer refuses a hello for another one.
 */
public record SeatTerms(int seat, TableParameters table, List<String> names, List<VerifyingKey> keys) {
    private static final int MAX_NAME = 32;

    public SeatTerms {
        names = List.copyOf(names);
        keys = List.copyOf(keys);
        if (names.size() != table.players() || seat < 0 || seat >= names.size()
                || !(keys.isEmpty() || keys.size() == names.size())) {
            throw new IllegalArgumentException("terms for seat " + seat + " of " + names.size() + " names, "
                    + keys.size() + " keys, a table of " + table.players());
        }
    }

    public byte[] toBytes() {
        WireWriter w = new WireWriter().u8(seat).blob(table.toBytes()).u32(names.size());
        names.forEach(w::string);
        w.u32(keys.size());
        keys.forEach(k -> w.fixed(k.toBytes()));
        return w.toBytes();
    }

    public static SeatTerms fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int seat = r.u8();
        TableParameters table = TableParameters.fromBytes(r.blob(4096, "the table"));
        int n = r.count(10, "names");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add(r.string(MAX_NAME * 4, "a name"));
        }
        int k = r.count(10, "keys");
        List<VerifyingKey> keys = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            try {
                keys.add(VerifyingKey.fromBytes(r.fixed(32, "a key")));
            } catch (IllegalArgumentException e) {
                throw new MalformedMessageException("a seat's key: " + e.getMessage());
            }
        }
        r.end();
        try {
            return new SeatTerms(seat, table, names, keys);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    /** The guest's side: sends its name, reads its terms. */
    public static SeatTerms join(Transport host, String name, Duration timeout) throws IOException, TimeoutException {
        host.send(name.getBytes(StandardCharsets.UTF_8));
        try {
            return fromBytes(host.receive(timeout));
        } catch (MalformedMessageException e) {
            throw new IOException("the host's terms are malformed: " + e.getMessage());
        }
    }

    /** The name a guest sends first: one word of letters, digits, '_' or '-'. */
    public static String readName(Transport guest, Duration timeout) throws IOException, TimeoutException {
        String name = new String(guest.receive(timeout), StandardCharsets.UTF_8);
        if (name.isBlank() || name.length() > MAX_NAME || !name.matches("[\\p{L}\\p{N}_-]+")) {
            throw new IOException("a guest's name must be one word of letters and digits");
        }
        return name;
    }

    /** {@code names} with later repeats made distinct by a seat suffix (bob, bob2, ...). */
    public static List<String> distinct(List<String> names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            String candidate = n;
            for (int k = 2; out.contains(candidate); k++) {
                candidate = n + k;
            }
            out.add(candidate);
        }
        return out;
    }
}
