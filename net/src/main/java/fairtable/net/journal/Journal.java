package fairtable.net.journal;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.protocol.transcript.Envelope;
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
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A game's append-only journal: after every step, the party's state and the messages it is about to send,
 * written and forced to disk <em>before</em> anything is sent. After a crash the party is restored from
 * the last entry and sends those messages again; the other side ignores exact copies. So a step is never
 * lost (it is on disk before anyone hears of it) and never repeated (the restored state already holds it).
 *
 * <p>Each line is one entry: base64 of (entry number, hash of the previous entry, state, outbox), a space,
 * and base64 of the owner's Ed25519 signature over it. A torn last line, from a crash in the middle of a
 * write, is passed over on opening and cut off by the next {@link #record}; any other damage is reported. (The caller
 * checks that the torn step was never sent: a correspondence game compares its outbox, see
 * {@code CorrespondenceGame}.) Opening writes nothing, so a journal opened only to read it is left as it was.
 *
 * <p>One writer at a time: the caller keeps others out (a correspondence game by its {@code GameLock}). As a last
 * guard, {@link #record} refuses to write if the file has changed since this journal read or last wrote it.
 *
 * <p>A party's state holds its whole transcript, so writing it whole at every step would make the journal
 * grow with the square of the game's length (a dark-chess game of a dozen plies wrote hundreds of
 * megabytes). The state is therefore cut into content-defined chunks, and an entry carries only the chunks
 * not already in the file, naming the others by hash: an entry costs about what changed. When the file has
 * grown to a few times the size of the latest state, it is replaced atomically by a single checkpoint line
 * holding that state in full; the chain then starts at the checkpoint, whose number and previous hash
 * continue the old chain.
 */
public final class Journal implements AutoCloseable {
    private static final String DOMAIN = "fairtable/journal/v2";
    private static final int LITERAL = 1;
    private static final int REFERENCE = 2;
    /** Content-defined chunking: a cut where the rolling hash's low bits are zero, within these bounds. */
    private static final int MIN_CHUNK = 2 << 10;
    private static final int MAX_CHUNK = 64 << 10;
    private static final long CUT_MASK = (1L << 13) - 1;
    private static final long[] GEAR = gear();
    /** Compact once the file is this many times the latest state, and at least this big. */
    private static final int COMPACT_FACTOR = 4;
    private static final long COMPACT_FLOOR = 1 << 20;

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
    /** Opened by the first {@link #record}: until then this journal has only read the file. */
    private FileChannel channel;
    /** The file's size when it was read, and the end of its last whole line: where the next entry goes. */
    private long sizeRead;
    private long validBytes;
    private Entry last;
    private byte[] head = new byte[32];
    /** Every chunk written to the file so far, by hash. */
    private Map<String, byte[]> chunks = new HashMap<>();

    private Journal(Path file, SigningKey key) {
        this.file = file;
        this.key = key;
    }

    /**
     * Reads the journal at {@code file} (created owner-only by the first {@link #record}), checking every entry and
     * passing over a torn last line. It holds the party's secrets, so a journal other users can read is refused
     * ({@link OwnerOnlyFiles}).
     *
     * <p>Every entry names the hash of the one before it, so the signature of the last entry vouches for the whole
     * chain: that one signature is verified, and every link of the chain is checked. (Verifying every line's
     * signature again, over a file of several megabytes, was a good part of waking a long game.)
     */
    public static Journal open(Path file, SigningKey key) throws IOException {
        OwnerOnlyFiles.requireOwnerOnly(file);
        byte[] bytes = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        afterReading.accept(file);
        boolean endsCleanly = bytes.length == 0 || bytes[bytes.length - 1] == '\n';
        Journal journal = new Journal(file, key);
        long validBytes = 0;
        Parsed lastKept = null;
        int lastKeptLine = 0;
        int lineNumber = 0;
        for (int from = 0; from < bytes.length; ) {
            int newline = indexOf(bytes, (byte) '\n', from);
            int to = newline < 0 ? bytes.length : newline;
            lineNumber++;
            boolean lastLine = to + 1 >= bytes.length;
            try {
                Parsed entry = journal.parse(bytes, from, to);
                if (lastLine && !journal.signedByOwner(entry)) {
                    throw new CorruptJournalException(BAD_SIGNATURE);
                }
                journal.commit(entry);
                lastKept = entry;
                lastKeptLine = lineNumber;
                validBytes = to + 1L;
            } catch (CorruptJournalException e) {
                if (lastLine && !endsCleanly) {
                    break; // a write cut short by a crash: that step never left this machine
                }
                throw new CorruptJournalException(file + " line " + lineNumber + ": " + e.getMessage());
            }
            from = to + 1;
        }
        if (lastKept != null && lastKeptLine != lineNumber && !journal.signedByOwner(lastKept)) {
            throw new CorruptJournalException(file + " line " + lastKeptLine + ": " + BAD_SIGNATURE);
        }
        journal.sizeRead = bytes.length;
        journal.validBytes = validBytes;
        return journal;
    }

    /**
     * Called with the file just after a journal has read it, before it checks or writes anything: a test waits here to
     * run a second command on the same game at the one moment a reader without the game's lock would hurt it.
     */
    static volatile java.util.function.Consumer<Path> afterReading = file -> {};

    /** Whether the file ended in a torn line when it was read, which the next {@link #record} cuts off. */
    public boolean endsInTornLine() {
        return channel == null && sizeRead != validBytes;
    }

    /**
     * The channel to append to, positioned after the last whole line; first checks that nobody else wrote the file
     * since this journal read it or last wrote it, for an entry written over theirs would lose their step.
     */
    private FileChannel writer() throws IOException {
        if (channel == null) {
            FileChannel opened = OwnerOnlyFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (opened.size() != sizeRead) {
                opened.close();
                throw changedUnderfoot();
            }
            opened.truncate(validBytes);
            opened.position(validBytes);
            channel = opened;
        } else if (channel.size() != channel.position()) {
            throw changedUnderfoot();
        }
        return channel;
    }

    private IOException changedUnderfoot() {
        return new IOException(file + " was changed by another program since it was read; nothing was written");
    }

    private static final String BAD_SIGNATURE = "bad signature (damaged, or written with another key)";

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** One line read and placed in the chain, not yet taken in; its signature not yet verified. */
    private record Parsed(byte[] body, byte[] signature, Map<String, byte[]> added, Entry entry) {}

    private static byte[] base64(byte[] bytes, int from, int to) {
        ByteBuffer decoded = Base64.getDecoder().decode(ByteBuffer.wrap(bytes, from, to - from));
        byte[] out = new byte[decoded.remaining()];
        decoded.get(out);
        return out;
    }

    private boolean signedByOwner(Parsed entry) {
        return key.verifyingKey().verify(signed(entry.body()), entry.signature());
    }

    private void commit(Parsed entry) {
        chunks.putAll(entry.added());
        last = entry.entry();
        head = Hashes.sha256(DOMAIN + "/entry", entry.body());
    }

    /** Reads the line {@code bytes[from, to)} and checks that it follows the entries before it. */
    private Parsed parse(byte[] bytes, int from, int to) throws CorruptJournalException {
        int space = indexOf(bytes, (byte) ' ', from);
        byte[] body;
        byte[] signature;
        try {
            if (space < 0 || space >= to) {
                throw new IllegalArgumentException("no space");
            }
            body = base64(bytes, from, space);
            signature = base64(bytes, space + 1, to);
        } catch (IllegalArgumentException e) {
            throw new CorruptJournalException("not a journal entry");
        }
        try {
            WireReader r = new WireReader(body);
            long n = r.u32();
            byte[] prev = r.fixed(32, "the previous hash");
            // The first line may be a checkpoint that continues a chain compacted away; after it, no gaps.
            if (last != null && (n != last.number() + 1 || !Arrays.equals(prev, head))) {
                throw new CorruptJournalException("entry " + n + " does not follow the line before it (the hash "
                        + "chain is broken: a line was changed, removed or moved)");
            }
            Map<String, byte[]> added = new HashMap<>();
            int parts = r.count(1 << 24, "the chunk count");
            ByteArrayOutputStream state = new ByteArrayOutputStream();
            for (int i = 0; i < parts; i++) {
                int kind = r.u8();
                if (kind == LITERAL) {
                    byte[] chunk = r.blob(MAX_CHUNK, "a chunk");
                    added.put(name(chunk), chunk);
                    state.writeBytes(chunk);
                } else if (kind == REFERENCE) {
                    String ref = HexFormat.of().formatHex(r.fixed(32, "a chunk hash"));
                    byte[] chunk = added.containsKey(ref) ? added.get(ref) : chunks.get(ref);
                    if (chunk == null) {
                        throw new CorruptJournalException("entry " + n + " names a chunk no earlier entry holds");
                    }
                    state.writeBytes(chunk);
                } else {
                    throw new CorruptJournalException("entry " + n + " has an unknown part");
                }
            }
            int count = r.count(1 << 16, "the outbox size");
            List<Envelope> outbox = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                outbox.add(Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "a message")));
            }
            r.end();
            return new Parsed(body, signature, added, new Entry(n, state.toByteArray(), List.copyOf(outbox)));
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
        Map<String, byte[]> added = new HashMap<>();
        byte[] body = body(n, head, state, outbox, chunks, added);
        append(writer(), line(body));
        chunks.putAll(added);
        last = new Entry(n, state.clone(), List.copyOf(outbox));
        head = Hashes.sha256(DOMAIN + "/entry", body);
        long entrySize = state.length + outbox.stream().mapToLong(e -> e.toBytes().length).sum();
        if (channel.size() > Math.max(COMPACT_FLOOR, COMPACT_FACTOR * entrySize)) {
            compact(body);
        }
    }

    /**
     * Replaces the file by one line holding the last entry in full, written beside it and moved over it in one
     * step, so a crash leaves either the old file or the new one.
     */
    private void compact(byte[] lastBody) throws IOException {
        WireReader r = new WireReader(lastBody);
        byte[] prev;
        try {
            r.u32();
            prev = r.fixed(32, "the previous hash");
        } catch (MalformedMessageException e) {
            throw new IllegalStateException("an entry this journal just wrote does not read back", e);
        }
        Map<String, byte[]> kept = new HashMap<>();
        byte[] body = body(last.number(), prev, last.state(), last.outbox(), Map.of(), kept);
        Path fresh = file.resolveSibling(file.getFileName() + ".compacting");
        Files.deleteIfExists(fresh); // left by a crash mid-compaction; made anew owner-only
        try (FileChannel out = OwnerOnlyFiles.open(fresh, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            append(out, line(body));
        }
        channel.close();
        Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        channel = FileChannel.open(file, StandardOpenOption.WRITE);
        channel.position(channel.size());
        chunks = kept;
        head = Hashes.sha256(DOMAIN + "/entry", body);
    }

    /** An entry's bytes: chunks already in {@code known} by reference, the others in full (and into {@code added}). */
    private static byte[] body(long n, byte[] prev, byte[] state, List<Envelope> outbox, Map<String, byte[]> known,
            Map<String, byte[]> added) {
        List<byte[]> parts = cut(state);
        WireWriter w = new WireWriter().u32(n).fixed(prev).u32(parts.size());
        for (byte[] chunk : parts) {
            String name = name(chunk);
            if (known.containsKey(name) || added.containsKey(name)) {
                w.u8(REFERENCE).fixed(HexFormat.of().parseHex(name));
            } else {
                added.put(name, chunk);
                w.u8(LITERAL).blob(chunk);
            }
        }
        w.u32(outbox.size());
        outbox.forEach(e -> w.blob(e.toBytes()));
        return w.toBytes();
    }

    private String line(byte[] body) {
        return Base64.getEncoder().encodeToString(body) + " "
                + Base64.getEncoder().encodeToString(key.sign(signed(body))) + "\n";
    }

    private static void append(FileChannel to, String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining()) {
            to.write(bytes);
        }
        to.force(true);
    }

    /**
     * Cuts {@code state} where a rolling hash of the last bytes has its low bits zero, so the same content gives
     * the same chunks wherever it sits: bytes inserted early shift the cuts after them only locally.
     */
    static List<byte[]> cut(byte[] state) {
        List<byte[]> parts = new ArrayList<>();
        int start = 0;
        long rolling = 0;
        for (int i = 0; i < state.length; i++) {
            rolling = (rolling << 1) + GEAR[state[i] & 0xff];
            int length = i + 1 - start;
            if ((length >= MIN_CHUNK && (rolling & CUT_MASK) == 0) || length == MAX_CHUNK) {
                parts.add(Arrays.copyOfRange(state, start, i + 1));
                start = i + 1;
                rolling = 0;
            }
        }
        if (start < state.length || parts.isEmpty()) {
            parts.add(Arrays.copyOfRange(state, start, state.length));
        }
        return parts;
    }

    private static String name(byte[] chunk) {
        return HexFormat.of().formatHex(Hashes.sha256(DOMAIN + "/chunk", chunk));
    }

    /** A fixed table of 256 random words for the rolling hash; any fixed table works, this one is seeded. */
    private static long[] gear() {
        SplittableRandom random = new SplittableRandom(0x6a6f75726e616cL);
        long[] table = new long[256];
        for (int i = 0; i < table.length; i++) {
            table[i] = random.nextLong();
        }
        return table;
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
