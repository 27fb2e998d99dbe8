package fairtable.net.journal;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A game's append-only journal: after every step, the party's state and the messages it is about to send,
 * written and forced to disk <em>before</em> anything is sent. After a crash the party is restored from
 * the last entry and sends those messages again; the other side ignores exact copies. So a step is never
 * lost (it is on disk before anyone hears of it) and never repeated (the restored state already holds it).
 *
 * <p>Each line is one entry: base64 of (entry number, hash of the previous entry, state, outbox), a space,
 * and base64 of the owner's Ed25519 signature over it. A torn last line, from a crash in the middle of a
 * write, is dropped on opening; any other damage is reported.
 */
public final class Journal implements AutoCloseable {
    private static final String DOMAIN = "fairtable/journal/v1";

    /** One journal entry: the party's state, and what it was about to send. */
    public record Entry(long number, byte[] state, List<Envelope> outbox) {}

    /** The journal file is damaged beyond a torn last line, or belongs to another key. */
    public static final class CorruptJournalException extends IOException {
        public CorruptJournalException(String reason) {
            super(reason);
        }
    }

    private final Path file;
    private final SigningKey key;
    private final FileChannel channel;
    private Entry last;
    private byte[] head = new byte[32];

    private Journal(Path file, SigningKey key, FileChannel channel) {
        this.file = file;
        this.key = key;
        this.channel = channel;
    }

    /** Opens (or creates) the journal at {@code file}, checking every entry and dropping a torn last line. */
    public static Journal open(Path file, SigningKey key) throws IOException {
        List<String> lines = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.US_ASCII) : List.of();
        boolean endsCleanly = !Files.exists(file) || Files.size(file) == 0 || endsWithNewline(file);
        Journal journal = new Journal(file, key, null);
        long validBytes = 0;
        for (int i = 0; i < lines.size(); i++) {
            boolean lastLine = i == lines.size() - 1;
            try {
                journal.replay(lines.get(i), i);
                validBytes += lines.get(i).length() + 1;
            } catch (CorruptJournalException e) {
                if (lastLine && !endsCleanly) {
                    break; // a write cut short by a crash: that step never left this machine
                }
                throw new CorruptJournalException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.truncate(validBytes);
        channel.position(validBytes);
        Journal opened = new Journal(file, key, channel);
        opened.last = journal.last;
        opened.head = journal.head;
        return opened;
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            c.read(b, c.size() - 1);
            return b.get(0) == '\n';
        }
    }

    private void replay(String line, int number) throws CorruptJournalException {
        int space = line.indexOf(' ');
        byte[] body;
        byte[] signature;
        try {
            body = Base64.getDecoder().decode(line.substring(0, Math.max(0, space)));
            signature = Base64.getDecoder().decode(line.substring(space + 1));
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            throw new CorruptJournalException("not a journal entry");
        }
        if (!key.verifyingKey().verify(signed(body), signature)) {
            throw new CorruptJournalException("bad signature (damaged, or written with another key)");
        }
        try {
            WireReader r = new WireReader(body);
            long n = r.u32();
            byte[] prev = r.fixed(32, "the previous hash");
            byte[] state = r.blob(Integer.MAX_VALUE, "the state");
            int count = r.count(1 << 16, "the outbox size");
            List<Envelope> outbox = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                outbox.add(Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "a message")));
            }
            r.end();
            if (n != number || !Arrays.equals(prev, head)) {
                throw new CorruptJournalException("entry " + n + " is out of order (the hash chain is broken)");
            }
            last = new Entry(n, state, List.copyOf(outbox));
            head = Hashes.sha256(DOMAIN + "/entry", body);
        } catch (MalformedMessageException e) {
            throw new CorruptJournalException(e.getMessage());
        }
    }

    /** The last entry written, if any: where to resume. */
    public Optional<Entry> last() {
        return Optional.ofNullable(last);
    }

    /** Appends an entry and forces it to disk; only then may the outbox be sent. */
    public void record(byte[] state, List<Envelope> outbox) throws IOException {
        long n = last == null ? 0 : last.number() + 1;
        WireWriter w = new WireWriter().u32(n).fixed(head).blob(state).u32(outbox.size());
        outbox.forEach(e -> w.blob(e.toBytes()));
        byte[] body = w.toBytes();
        String line = Base64.getEncoder().encodeToString(body) + " "
                + Base64.getEncoder().encodeToString(key.sign(signed(body))) + "\n";
        ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        channel.force(true);
        last = new Entry(n, state.clone(), List.copyOf(outbox));
        head = Hashes.sha256(DOMAIN + "/entry", body);
    }

    public Path file() {
        return file;
    }

    public VerifyingKey owner() {
        return key.verifyingKey();
    }

    private static byte[] signed(byte[] body) {
        return new WireWriter().string(DOMAIN).blob(body).toBytes();
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
