package fairtable.net.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event log gives back every event appended, in order, across reopening and torn writes; it refuses
 * damaged, missing, reordered and foreign lines, naming the line, and logs written with another key.
 */
class EventLogTest {
    @TempDir
    Path dir;

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    private static List<byte[]> events(int count, int maxBytes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] event = new byte[random.nextInt(maxBytes + 1)];
            random.nextBytes(event);
            events.add(event);
        }
        return events;
    }

    private static List<byte[]> concat(List<byte[]> a, List<byte[]> b) {
        List<byte[]> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private Path written(String name, SigningKey key, List<byte[]> events) throws Exception {
        Path file = dir.resolve(name);
        try (EventLog log = EventLog.open(file, key)) {
            log.append(events);
        }
        return file;
    }

    private static List<String> lines(Path file) throws Exception {
        return Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    }

    private static Path rewritten(Path file, List<String> lines) throws Exception {
        Path damaged = file.resolveSibling("damaged-" + file.getFileName());
        // byte for byte, damage included; owner-only, as a journal must be
        OwnerOnlyFiles.write(damaged, String.join("\n", lines).concat("\n").getBytes(StandardCharsets.ISO_8859_1));
        return damaged;
    }

    @Test
    void batchesReadBackAfterReopeningAndTheChainGoesOn() throws Exception {
        Path file = dir.resolve("seat.log");
        SigningKey key = key(1);
        List<byte[]> first = events(30, 300, 2);
        List<byte[]> second = events(12, 300, 3);
        try (EventLog log = EventLog.open(file, key)) {
            log.append(first.subList(0, 10));
            log.append(first.get(10));
            long before = Files.size(file);
            log.append(List.of());
            assertThat(Files.size(file)).isEqualTo(before);
            log.append(first.subList(11, 30));
            assertThat(log.size()).isEqualTo(30);
        }
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(first);
            log.events().get(0)[0] ^= 1; // a caller's copy, not the log's
            assertThat(log.events().get(0)).isEqualTo(first.get(0));
            log.append(second.subList(0, 5));
            log.append(second.subList(5, 12));
        }
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.size()).isEqualTo(42);
            assertThat(log.events()).containsExactlyElementsOf(concat(first, second));
        }
        assertThat(lines(file)).hasSize(42);
    }

    @RepeatedTest(20)
    void aTornLastLineIsDroppedAndTheEventsBeforeItStand(RepetitionInfo repetition) throws Exception {
        SplittableRandom random = new SplittableRandom(100 + repetition.getCurrentRepetition());
        SigningKey key = key(4);
        List<byte[]> events = events(5, 400, random.nextLong());
        Path file = written("seat.log", key, events);
        byte[] bytes = Files.readAllBytes(file);
        int lastLine = bytes.length - 1 - lines(file).get(4).length();
        // Somewhere inside the last line: at least one of its bytes written, and its newline not.
        int cut = lastLine + 1 + random.nextInt(bytes.length - 2 - lastLine);
        Files.write(file, Arrays.copyOf(bytes, cut));
        byte[] next = events(1, 400, random.nextLong()).get(0);
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(events.subList(0, 4));
            assertThat(Files.size(file)).isEqualTo(lastLine);
            log.append(next);
        }
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(concat(events.subList(0, 4), List.of(next)));
        }
    }

    @Test
    void aWholeLastLineMissingOnlyItsNewlineIsKept() throws Exception {
        SigningKey key = key(5);
        List<byte[]> events = events(3, 200, 6);
        Path file = written("seat.log", key, events);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 1));
        byte[] next = {1, 2, 3};
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(events);
            log.append(next);
        }
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(concat(events, List.of(next)));
        }
    }

    @Test
    void damagedMissingSwappedAndForeignLinesAreRefusedNamingTheLine() throws Exception {
        SigningKey key = key(7);
        List<byte[]> events = events(6, 200, 8);
        Path file = written("seat.log", key, events);
        List<String> lines = lines(file);
        SplittableRandom random = new SplittableRandom(9);

        for (int trial = 0; trial < 20; trial++) {
            List<String> flipped = new ArrayList<>(lines);
            byte[] third = flipped.get(2).getBytes(StandardCharsets.ISO_8859_1);
            third[random.nextInt(third.length)] ^= (byte) (1 + random.nextInt(255));
            flipped.set(2, new String(third, StandardCharsets.ISO_8859_1));
            assertRefusedAtLineThree(rewritten(file, flipped), key);
        }

        // Base64 that decodes to the very same bytes but is not what the log wrote: the signature's padding gone,
        // or its spare low bits set. The signature holds, so only the exact text tells; refused at this line.
        String third = lines.get(2);
        List<String> unpadded = new ArrayList<>(lines);
        unpadded.set(2, third.substring(0, third.length() - 2));
        assertRefusedAtLineThree(rewritten(file, unpadded), key);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        char spare = alphabet.charAt(alphabet.indexOf(third.charAt(third.length() - 3)) ^ 1);
        List<String> respelled = new ArrayList<>(lines);
        respelled.set(2, third.substring(0, third.length() - 3) + spare + "==");
        assertRefusedAtLineThree(rewritten(file, respelled), key);

        List<String> missing = new ArrayList<>(lines);
        missing.remove(2);
        assertRefusedAtLineThree(rewritten(file, missing), key);

        List<String> swapped = new ArrayList<>(lines);
        swapped.set(2, lines.get(3));
        swapped.set(3, lines.get(2));
        assertRefusedAtLineThree(rewritten(file, swapped), key);

        // The same events at the same places, but signed by another seat: only the key tells them apart.
        List<String> foreign = new ArrayList<>(lines);
        foreign.set(2, lines(written("other.log", key(10), events)).get(2));
        Path withForeign = rewritten(file, foreign);
        assertRefusedAtLineThree(withForeign, key);
        assertThatThrownBy(() -> EventLog.open(withForeign, key)).hasMessageContaining("another key");
    }

    private static void assertRefusedAtLineThree(Path file, SigningKey key) throws Exception {
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> EventLog.open(file, key)).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("line 3:");
        assertThat(Files.readAllBytes(file)).isEqualTo(before); // refused, not repaired
    }

    @Test
    void aLogWrittenWithAnotherKeyIsRefused() throws Exception {
        Path file = written("seat.log", key(11), events(3, 100, 12));
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> EventLog.open(file, key(13))).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("line 1:")
                .hasMessageContaining("another key");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);

        // Even a single unterminated line is not taken for a torn one and dropped.
        Path single = dir.resolve("single.log");
        OwnerOnlyFiles.write(single, Arrays.copyOf(before, lines(file).get(0).length()));
        assertThatThrownBy(() -> EventLog.open(single, key(13))).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("line 1:");
        assertThat(Files.size(single)).isEqualTo(lines(file).get(0).length());
    }

    @Test
    void emptyAndLargeEventsRoundTripAndOversizedOnesAreRefused() throws Exception {
        Path file = dir.resolve("seat.log");
        SigningKey key = key(14);
        byte[] large = new byte[1 << 20];
        new SplittableRandom(15).nextBytes(large);
        List<byte[]> events = List.of(new byte[0], large, new byte[] {42}, new byte[0]);
        try (EventLog log = EventLog.open(file, key)) {
            log.append(events.subList(0, 2));
            log.append(events.subList(2, 4));
            long before = Files.size(file);
            assertThatThrownBy(() -> log.append(List.of(new byte[] {1}, new byte[(16 << 20) + 1])))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(Files.size(file)).isEqualTo(before);
            assertThat(log.size()).isEqualTo(4);
        }
        try (EventLog log = EventLog.open(file, key)) {
            assertThat(log.events()).containsExactlyElementsOf(events);
        }

        // A well-signed line whose event is over the limit is damage, not an event.
        byte[] body = new WireWriter().string("fairtable/event-log/v1").u32(0).fixed(new byte[32])
                .blob(new byte[(16 << 20) + 1]).toBytes();
        Path oversized = dir.resolve("oversized.log");
        OwnerOnlyFiles.writeString(oversized, Base64.getEncoder().encodeToString(body) + " "
                + Base64.getEncoder().encodeToString(key.sign(body)) + "\n");
        assertThatThrownBy(() -> EventLog.open(oversized, key)).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("line 1:");
    }
}
