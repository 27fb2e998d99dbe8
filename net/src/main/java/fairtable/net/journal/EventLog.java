package fairtable.net.journal;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.journal.Journal.CorruptJournalException;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.ByteArrayOutputStream;
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

/**
 * An append-only log of opaque events, each forced to disk before {@link #append} returns, so that a seat
 * can resume by replaying exactly what it had consumed.
 *
 * <p>Each line is one event, in the shape of {@link Journal}'s lines: base64 of (the domain
 * {@code fairtable/event-log/v1}, the event's number from 0, the hash of the previous line, the event), a space,
 * and base64 of the owner's Ed25519 signature over that body. The hash chain makes a missing, repeated or reordered line
 * visible; the signature makes a damaged line, or one from another owner's log, visible. A torn last line,
 * from a crash in the middle of a write, is dropped on opening; any other damage is reported as a
 * {@link CorruptJournalException}.
 */
public final class EventLog implements AutoCloseable {
    private static final String DOMAIN = "fairtable/event-log/v1";
    /** The largest event: big enough for any message a table sends, small enough to hold many in memory. */
    private static final int MAX_EVENT = 16 << 20;
    private static final int SIGNATURE_LENGTH = 64;

    private final Path file;
    private final SigningKey key;
    private final List<byte[]> events = new ArrayList<>();
    /** The hash of the last line, which the next line names; zeros before the first. */
    private byte[] head = new byte[32];
    private FileChannel channel;
    /** Set while an append is under way: if it fails, the file's tail is unknown until the log is reopened. */
    private boolean appending;

    private EventLog(Path file, SigningKey key) {
        this.file = file;
        this.key = key;
    }

    /**
     * Opens (or creates, owner-only: it holds what the seat saw, its own cards too) the log at {@code file}, refusing
     * one other users can read ({@link OwnerOnlyFiles}), and checking every line: its number, its hash of the previous
     * line, its domain, and its signature by {@code key}. A torn last line (the file does not end in a newline
     * and the last line does not parse) is dropped and cut from the file.
     *
     * @throws CorruptJournalException naming the file and the (1-based) line, if any other line is damaged,
     *     missing or out of place, or the log was written with another key
     */
    public static EventLog open(Path file, SigningKey key) throws IOException {
        OwnerOnlyFiles.requireOwnerOnly(file);
        boolean existed = Files.exists(file);
        byte[] bytes = existed ? Files.readAllBytes(file) : new byte[0];
        EventLog log = new EventLog(file, key);
        int start = 0;
        boolean unterminated = false;
        for (int number = 1; start < bytes.length; number++) {
            int end = indexOf(bytes, (byte) '\n', start);
            unterminated = end < 0;
            // Latin-1 maps each byte to one char, so a stray non-ASCII byte fails base64 instead of decoding.
            String line = new String(bytes, start, (unterminated ? bytes.length : end) - start,
                    StandardCharsets.ISO_8859_1);
            byte[][] parts = parse(line);
            if (parts == null && unterminated) {
                break; // a write cut short by a crash: its append never returned, so nobody relied on it
            }
            try {
                if (parts == null) {
                    throw new CorruptJournalException("not an event-log line");
                }
                log.replay(line, parts[0], parts[1]);
            } catch (CorruptJournalException e) {
                throw new CorruptJournalException(file + " line " + number + ": " + e.getMessage());
            }
            start = unterminated ? bytes.length : end + 1;
        }
        log.channel = OwnerOnlyFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            log.channel.truncate(start);
            log.channel.position(start);
            if (unterminated && start == bytes.length) {
                // A whole line whose newline was lost: keep it, and end it so the next line starts afresh.
                write(log.channel, new byte[] {'\n'});
            }
            if (!existed) {
                syncDirectory(file);
            }
        } catch (IOException | RuntimeException e) {
            log.channel.close();
            throw e;
        }
        return log;
    }

    /** Splits a line into body and signature, or null if it is not exactly the canonical text of some pair. */
    private static byte[][] parse(String line) {
        int space = line.indexOf(' ');
        if (space < 0) {
            return null;
        }
        try {
            byte[] body = Base64.getDecoder().decode(line.substring(0, space));
            byte[] signature = Base64.getDecoder().decode(line.substring(space + 1));
            // The decoder accepts missing padding and ignores spare low bits, so a truncated or altered line can
            // decode to the same bytes; only the canonical text is a whole line.
            if (signature.length != SIGNATURE_LENGTH || !line.equals(text(body, signature))) {
                return null;
            }
            return new byte[][] {body, signature};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private void replay(String line, byte[] body, byte[] signature) throws CorruptJournalException {
        if (!key.verifyingKey().verify(body, signature)) {
            throw new CorruptJournalException("bad signature (damaged, or written with another key)");
        }
        try {
            WireReader r = new WireReader(body);
            String domain = r.string(64, "the domain");
            if (!domain.equals(DOMAIN)) {
                throw new CorruptJournalException("not an event-log line (domain " + domain + ")");
            }
            long n = r.u32();
            byte[] prev = r.fixed(32, "the previous hash");
            if (n != events.size() || !Arrays.equals(prev, head)) {
                throw new CorruptJournalException("event " + n + " is out of order (the hash chain is broken)");
            }
            byte[] event = r.blob(MAX_EVENT, "the event");
            r.end();
            events.add(event);
            head = hash(line);
        } catch (MalformedMessageException e) {
            throw new CorruptJournalException(e.getMessage());
        }
    }

    /** Every event so far, in the order appended; the arrays are copies. */
    public List<byte[]> events() {
        return events.stream().map(byte[]::clone).toList();
    }

    /** The number of events so far; the next event's number. */
    public int size() {
        return events.size();
    }

    /**
     * Appends {@code batch} as one line per event, in order, and forces them to disk (data and metadata) before
     * returning; nothing happens if the batch is empty. The whole batch costs one force.
     *
     * @throws IllegalArgumentException if an event is larger than 16 MiB (and then nothing is written)
     * @throws IOException if writing fails; the log must then be reopened before appending again
     */
    public void append(List<byte[]> batch) throws IOException {
        for (byte[] event : batch) {
            if (event.length > MAX_EVENT) {
                throw new IllegalArgumentException("an event of " + event.length + " bytes is over the limit of "
                        + MAX_EVENT);
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        if (appending) {
            throw new IOException(file + ": an earlier append failed part-way; reopen the log to recover");
        }
        List<byte[]> added = new ArrayList<>(batch.size());
        byte[] chain = head;
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        for (byte[] event : batch) {
            byte[] copy = event.clone();
            byte[] body = new WireWriter().string(DOMAIN).u32(events.size() + added.size()).fixed(chain).blob(copy)
                    .toBytes();
            String line = text(body, key.sign(body));
            lines.writeBytes(line.getBytes(StandardCharsets.US_ASCII));
            lines.write('\n');
            chain = hash(line);
            added.add(copy);
        }
        appending = true;
        write(channel, lines.toByteArray());
        appending = false;
        // Only events on disk count: a failed write leaves the in-memory log as it was.
        events.addAll(added);
        head = chain;
    }

    /** Appends one event and forces it to disk before returning; see {@link #append(List)}. */
    public void append(byte[] event) throws IOException {
        append(List.of(event));
    }

    /** Closes the file; every appended event is already on disk. */
    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }

    private static String text(byte[] body, byte[] signature) {
        return Base64.getEncoder().encodeToString(body) + " " + Base64.getEncoder().encodeToString(signature);
    }

    private static byte[] hash(String line) {
        return Hashes.sha256(DOMAIN + "/line", line.getBytes(StandardCharsets.US_ASCII));
    }

    private static void write(FileChannel to, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            to.write(buffer);
        }
        to.force(true);
    }

    /** A new file's name is in its directory, which must reach the disk too, or a crash can lose the file. */
    private static void syncDirectory(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // Some platforms (Windows) cannot open a directory; there the file system keeps names itself.
        }
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
