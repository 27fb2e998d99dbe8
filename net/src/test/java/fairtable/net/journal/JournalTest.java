package fairtable.net.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal gives back the last state written, whatever happened since: torn writes, reopening, compaction;
 * it refuses damage and other keys; and it stays small when each state is the last one plus a little, as a
 * party's state is (its transcript grows by a few messages per step).
 */
class JournalTest {
    @TempDir
    Path dir;

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    /** A party-like state: a few changing secret bytes in front, then a transcript that only grows. */
    private static List<byte[]> growingStates(int steps, int messageBytes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> states = new ArrayList<>();
        byte[] transcript = new byte[0];
        for (int step = 0; step < steps; step++) {
            byte[] message = new byte[messageBytes];
            random.nextBytes(message);
            transcript = concat(transcript, message);
            byte[] secrets = new byte[64];
            random.nextBytes(secrets);
            states.add(concat(secrets, transcript));
        }
        return states;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void everyStateReadsBackAfterReopeningAtAnyStep() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(1);
        List<byte[]> states = growingStates(40, 3000, 7);
        for (byte[] state : states) {
            try (Journal journal = Journal.open(file, key)) {
                journal.record(state, List.of());
            }
            try (Journal reopened = Journal.open(file, key)) {
                assertThat(reopened.last().orElseThrow().state()).isEqualTo(state);
            }
        }
        try (Journal reopened = Journal.open(file, key)) {
            assertThat(reopened.last().orElseThrow().number()).isEqualTo(39);
        }
    }

    @Test
    void aGrowingStateCostsAboutWhatChangedNotItsWholeSizeAtEveryStep() throws Exception {
        Path file = dir.resolve("game.journal");
        List<byte[]> states = growingStates(300, 4000, 8);
        long whole = 0;
        try (Journal journal = Journal.open(file, key(2))) {
            for (byte[] state : states) {
                journal.record(state, List.of());
                whole += state.length;
            }
        }
        byte[] last = states.get(states.size() - 1);
        // Written whole, 300 growing states would take ~180 MB; deduplicated and compacted, a few times the last.
        assertThat(whole).isGreaterThan(150_000_000L);
        assertThat(Files.size(file)).isLessThan(8L * last.length);
        try (Journal reopened = Journal.open(file, key(2))) {
            assertThat(reopened.last().orElseThrow().state()).isEqualTo(last);
            assertThat(reopened.last().orElseThrow().number()).isEqualTo(299);
        }
    }

    @Test
    void theChainGoesOnAfterACompaction() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(3);
        // States with nothing in common: the file passes four times the latest state within a few steps.
        SplittableRandom random = new SplittableRandom(9);
        List<byte[]> states = new ArrayList<>();
        for (int step = 0; step < 120; step++) {
            byte[] state = new byte[300_000];
            random.nextBytes(state);
            states.add(state);
        }
        try (Journal journal = Journal.open(file, key)) {
            for (byte[] state : states.subList(0, 100)) {
                journal.record(state, List.of());
            }
        }
        assertThat(Files.readAllLines(file).size()).isLessThan(6);
        assertThat(Files.size(file)).isLessThan(6L * 300_000 * 4 / 3);
        try (Journal journal = Journal.open(file, key)) {
            for (byte[] state : states.subList(100, 120)) {
                journal.record(state, List.of());
            }
        }
        try (Journal reopened = Journal.open(file, key)) {
            assertThat(reopened.last().orElseThrow().state()).isEqualTo(states.get(119));
            assertThat(reopened.last().orElseThrow().number()).isEqualTo(119);
        }
        assertThat(Files.exists(dir.resolve("game.journal.compacting"))).isFalse();
    }

    @Test
    void aTornLastLineIsDroppedAndTheStepBeforeItStands() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(4);
        List<byte[]> states = growingStates(5, 500, 10);
        writeTorn(file, key, states);
        try (Journal reopened = Journal.open(file, key)) {
            assertThat(reopened.last().orElseThrow().state()).isEqualTo(states.get(3));
            reopened.record(states.get(4), List.of());
        }
        try (Journal reopened = Journal.open(file, key)) {
            assertThat(reopened.last().orElseThrow().state()).isEqualTo(states.get(4));
        }
    }

    /** Journals {@code states}, then cuts the last write short as a crash would; returns what is left. */
    private static byte[] writeTorn(Path file, SigningKey key, List<byte[]> states) throws IOException {
        try (Journal journal = Journal.open(file, key)) {
            for (byte[] state : states) {
                journal.record(state, List.of());
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        byte[] torn = Arrays.copyOf(bytes, bytes.length - 40);
        Files.write(file, torn);
        return torn;
    }

    /** Reading a journal writes nothing: a torn last line stays until the next entry is written in its place. */
    @Test
    void openingAJournalWithoutRecordingLeavesTheFileAsItWas() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(8);
        List<byte[]> states = growingStates(3, 500, 14);
        byte[] torn = writeTorn(file, key, states);
        try (Journal reader = Journal.open(file, key)) {
            assertThat(reader.last().orElseThrow().state()).isEqualTo(states.get(1));
            assertThat(reader.endsInTornLine()).isTrue();
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(torn);
    }

    /**
     * Two journals open on one file (two commands on one game, which the game's lock should have kept apart): once one
     * has written, the other refuses to write over it, and the first one's entry stands.
     */
    @Test
    void aJournalRefusesToWriteOverAnEntryWrittenSinceItReadTheFile() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(9);
        List<byte[]> states = growingStates(3, 500, 15);
        try (Journal journal = Journal.open(file, key)) {
            journal.record(states.get(0), List.of());
        }
        try (Journal late = Journal.open(file, key); Journal early = Journal.open(file, key)) {
            early.record(states.get(1), List.of());
            assertThatThrownBy(() -> late.record(states.get(2), List.of())).isInstanceOf(IOException.class)
                    .hasMessageContaining("was changed by another program since it was read; nothing was written");
            early.record(states.get(2), List.of());
        }
        try (Journal reopened = Journal.open(file, key)) {
            assertThat(reopened.last().orElseThrow().state()).isEqualTo(states.get(2));
            assertThat(reopened.last().orElseThrow().number()).isEqualTo(2);
        }
    }

    /** Only the last entry's signature is verified; when a torn last line is dropped, the one before it takes its place. */
    @Test
    void aDamagedEntryBeforeATornLastLineIsRefused() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(7);
        try (Journal journal = Journal.open(file, key)) {
            for (byte[] state : growingStates(4, 500, 13)) {
                journal.record(state, List.of());
            }
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        char[] third = lines.get(2).toCharArray();
        third[third.length / 4] = third[third.length / 4] == 'A' ? 'B' : 'A'; // in its state: the chain still links
        String torn = lines.get(3).substring(0, lines.get(3).length() - 40);
        OwnerOnlyFiles.writeString(file, lines.get(0) + "\n" + lines.get(1) + "\n" + new String(third) + "\n" + torn);
        assertThatThrownBy(() -> Journal.open(file, key)).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("line 3: bad signature");
    }

    @Test
    void damageOtherKeysAndMissingLinesAreRefused() throws Exception {
        Path file = dir.resolve("game.journal");
        SigningKey key = key(5);
        try (Journal journal = Journal.open(file, key)) {
            for (byte[] state : growingStates(4, 500, 11)) {
                journal.record(state, List.of());
            }
        }
        assertThatThrownBy(() -> Journal.open(file, key(6))).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("another key");
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);

        Path missing = dir.resolve("missing.journal");
        List<String> withoutSecond = new ArrayList<>(lines);
        withoutSecond.remove(1);
        OwnerOnlyFiles.writeString(missing, String.join("\n", withoutSecond) + "\n");
        assertThatThrownBy(() -> Journal.open(missing, key)).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("line 2");

        Path damaged = dir.resolve("damaged.journal");
        List<String> flipped = new ArrayList<>(lines);
        char[] second = flipped.get(1).toCharArray();
        second[10] = second[10] == 'A' ? 'B' : 'A';
        flipped.set(1, new String(second));
        OwnerOnlyFiles.writeString(damaged, String.join("\n", flipped) + "\n");
        assertThatThrownBy(() -> Journal.open(damaged, key)).isInstanceOf(Journal.CorruptJournalException.class)
                .hasMessageContaining("line 2");
    }

    @Test
    void theSameContentCutsTheSameWayWhereverItSits() {
        SplittableRandom random = new SplittableRandom(12);
        byte[] content = new byte[200_000];
        random.nextBytes(content);
        byte[] shifted = concat(new byte[] {1, 2, 3, 4, 5, 6, 7}, content);
        List<String> a = Journal.cut(content).stream().map(Arrays::toString).toList();
        List<String> b = Journal.cut(shifted).stream().map(Arrays::toString).toList();
        // All but the first chunk or two are shared: an insertion in front moves only the cut next to it.
        long shared = b.stream().filter(a::contains).count();
        assertThat(shared).isGreaterThanOrEqualTo(a.size() - 2);
        assertThat(String.join("", Journal.cut(content).stream().map(Arrays::toString).toList()))
                .isEqualTo(String.join("", a));
        byte[] joined = Journal.cut(content).stream().reduce(new byte[0], JournalTest::concat);
        assertThat(joined).isEqualTo(content);
    }
}
