package fairtable.net.correspondence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.SecretsAtRestTest;
import fairtable.net.correspondence.CorrespondenceGame.ImportRefusedException;
import fairtable.protocol.RefusedMessages;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A draw by correspondence, each side reopened from disk for every message, as a user's invocations would. */
class CorrespondenceGameTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.byName("patent-ristretto"), 12, 3);
    private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path temp;

    static final class Rules implements CorrespondenceGame.Rules<PatentParty> {
        @Override
        public PatentParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws fairtable.protocol.wire.MalformedMessageException {
            return PatentParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(PatentParty party) {
            return party.seat() == PatentObserver.A && party.isDealt() && party.isIdle() ? party.reveal() : List.of();
        }
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private final SplittableRandom random = new SplittableRandom(42);
    private final SigningKey alice = key(random);
    private final SigningKey bob = key(random);

    private String send(Path dir, SigningKey key, String text, Clock clock) throws Exception {
        CorrespondenceGame<PatentParty> g = CorrespondenceGame.open(dir, key, new Rules(), random.split(), clock);
        try {
            return g.importText(text).armoredReplies();
        } finally {
            g.close();
        }
    }

    @Test
    void aWholeDrawByTextEndsWithIdenticalVerifiedTranscripts() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        String toAlice = bobsHello(a, b, clock);
        assertThat(GameStatus.read(b).awaiting()).contains("alice");

        int rounds = 0;
        String toBob = "";
        while (!GameStatus.read(a).finished() || !GameStatus.read(b).finished()) {
            assertThat(rounds++).isLessThan(10);
            Clock later = Clock.fixed(START.plus(Duration.ofDays(rounds)), ZoneOffset.UTC);
            if (!toAlice.isEmpty()) {
                toBob = send(a, alice, "Bob wrote:\n" + quote(toAlice), later);
                toAlice = "";
            }
            if (!toBob.isEmpty()) {
                toAlice = send(b, bob, toBob, later);
                toBob = "";
            }
        }
        assertThat(GameStatus.read(a).verdict()).startsWith("VERIFIED");
        assertThat(GameStatus.read(b).verdict()).startsWith("VERIFIED");
        assertThat(Files.readString(a.resolve("transcript.jsonl"))).isEqualTo(Files.readString(b.resolve("transcript.jsonl")));
        assertThat(TranscriptFile.read(a.resolve("transcript.jsonl")).messages()).hasSizeGreaterThan(6);
        assertThat(GameStatus.read(a).daysSinceLastMessage(START.plus(Duration.ofDays(10)))).isBetween(5L, 9L);
        try (var files = Files.list(a.resolve("outbox"))) {
            assertThat(files.count()).isGreaterThanOrEqualTo(3); // hello, steps 1 and 3, reveal
        }
        assertThat(GameStatus.list(temp)).extracting(GameStatus::me).containsExactly("alice", "bob");
        if (OwnerOnlyFiles.posix(temp)) {
            // The journal, the outbox, the status and the transcript: the owner's alone, whatever the umask.
            SecretsAtRestTest.assertOwnerOnlyTree(a);
            SecretsAtRestTest.assertOwnerOnlyTree(b);
        }
    }

    @Test
    void aGameDirectoryOthersCanEnterIsRefusedWithTheChmodThatFixesIt() throws Exception {
        assumeTrue(OwnerOnlyFiles.posix(temp), "file modes exist only on POSIX file systems");
        Path a = temp.resolve("a");
        CorrespondenceGame.create(a, alice, PatentParty.create(PARAMS, 0, "alice", alice, random.split()), new Rules(),
                Clock.systemUTC()).close();
        Files.setPosixFilePermissions(a, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThatThrownBy(() -> CorrespondenceGame.open(a, alice, new Rules(), random.split(), Clock.systemUTC()))
                .hasMessageEndingWith("Run: chmod -R go-rwx " + a);
    }

    private static String quote(String text) {
        return text.lines().map(l -> "> " + l).reduce("", (x, y) -> x + y + "\n");
    }

    @Test
    void duplicateOrOutOfOrderImportsAreRefusedAndChangeNothing() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        String step1 = send(a, alice, bobsHello(a, b, clock), clock);
        String step2 = send(b, bob, step1, clock);
        String step3 = send(a, alice, step2, clock);

        byte[] journalBefore = Files.readAllBytes(b.resolve(CorrespondenceGame.JOURNAL));
        GameStatus statusBefore = GameStatus.read(b);
        assertThatThrownBy(() -> send(b, bob, step1, clock)).isInstanceOf(ImportRefusedException.class)
                .hasMessageContaining("message #2").hasMessageContaining("already imported")
                .hasMessageContaining("nothing was changed");
        assertThatThrownBy(() -> send(b, bob, step2, clock)).hasMessageContaining("in your own name");
        // Step 3 is the reply to step 2; skipping ahead past a message not yet imported must be refused.
        Envelope s3 = Armor.decodeAll(step3).get(0);
        String later = Armor.encode(Envelope.of(s3.session(), s3.seq() + 1, s3.prev(), s3.sender(), s3.step(),
                s3.type(), s3.body(), s3.signature()), "p", "alice");
        assertThatThrownBy(() -> send(b, bob, later, clock)).hasMessageContaining("out of order")
                .hasMessageContaining("#4 is due first");
        assertThat(Files.readAllBytes(b.resolve(CorrespondenceGame.JOURNAL))).isEqualTo(journalBefore);
        assertThat(GameStatus.read(b)).isEqualTo(statusBefore);
        // The genuine message still goes in afterwards.
        assertThat(send(b, bob, step3, clock)).contains(Armor.BEGIN);
    }

    @Test
    void aMessageAlteredBehindItsChecksumIsRefusedAndKeptAsEvidence() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        Envelope step1 = alicesFirstStep(a, b, clock);
        byte[] body = step1.body();
        body[body.length - 1] ^= 1;
        // Someone re-armors a changed message: the checksum is right, the signature is not.
        String altered = Armor.encode(Envelope.of(step1.session(), step1.seq(), step1.prev(), step1.sender(),
                step1.step(), step1.type(), body, step1.signature()), "fr2823580/v1", "alice");
        CorrespondenceGame<PatentParty> reopened = CorrespondenceGame.open(b, bob, new Rules(), random.split(), clock);
        try {
            assertThatThrownBy(() -> reopened.importText(altered)).isInstanceOf(ImportRefusedException.class)
                    .hasMessageContaining("bad signature").hasMessageContaining("kept as evidence")
                    .matches(e -> !((ImportRefusedException) e).isViolation(), "proves nothing against anyone");
            assertThat(reopened.party().transcript().size()).isEqualTo(2);
        } finally {
            reopened.close();
        }
        CorrespondenceGame<PatentParty> again = CorrespondenceGame.open(b, bob, new Rules(), random.split(), clock);
        try {
            assertThat(again.party().rejected()).hasSize(1);
            assertThat(again.importText(Armor.encode(step1, "fr2823580/v1", "alice")).replies()).hasSize(1);
        } finally {
            again.close();
        }
    }

    /**
     * Mallory, a stranger who saw alice's mail, signs alice's next message with her own key, once in this game and once
     * under another game's session. By mail nobody placed it, so nobody is blamed: the first is kept as evidence that
     * proves nothing against alice, the second refused as another game's, and alice's genuine message still goes in.
     */
    @Test
    void aStrangersMessageInTheOtherPlayersNameBlamesNobodyAndTheGenuineOneStillGoesIn() throws Exception {
        SigningKey mallory = key(random);
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        Envelope step1 = alicesFirstStep(a, b, clock);
        byte[] elsewhere = step1.session();
        elsewhere[0] ^= 1;
        Envelope inThisGame = Envelope.sign(mallory, step1.session(), step1.seq(), step1.prev(), step1.sender(),
                step1.step(), step1.type(), step1.body());
        Envelope inAnother = Envelope.sign(mallory, elsewhere, step1.seq(), step1.prev(), step1.sender(), step1.step(),
                step1.type(), step1.body());
        CorrespondenceGame<PatentParty> reopened = CorrespondenceGame.open(b, bob, new Rules(), random.split(), clock);
        try {
            assertThatThrownBy(() -> reopened.importText(Armor.encode(inAnother, "fr2823580/v1", "alice")))
                    .hasMessageContaining("belongs to another game").hasMessageContaining("nothing was changed");
            assertThatThrownBy(() -> reopened.importText(Armor.encode(inThisGame, "fr2823580/v1", "alice")))
                    .hasMessageContaining("proves nothing against alice");
            assertThat(reopened.party().failure()).isEmpty();
            assertThat(reopened.importText(Armor.encode(step1, "fr2823580/v1", "alice")).replies()).hasSize(1);
            assertThat(reopened.party().failure()).isEmpty();
        } finally {
            reopened.close();
        }
    }

    /**
     * A stranger who mails forgery after forgery in alice's name cannot grow bob's journal without end: the game keeps
     * as many such refusals as its bound allows ({@link RefusedMessages#UNATTRIBUTED}) and journals only those, then
     * only refuses. None of it blames alice, and her genuine message still goes in.
     */
    @Test
    void forgeriesBeyondTheBoundAreRefusedWithoutGrowingTheJournal() throws Exception {
        SigningKey mallory = key(random);
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        Envelope step1 = alicesFirstStep(a, b, clock);
        CorrespondenceGame<PatentParty> reopened = CorrespondenceGame.open(b, bob, new Rules(), random.split(), clock);
        try {
            long journalLines = -1;
            for (int i = 0; i < RefusedMessages.UNATTRIBUTED + 3; i++) {
                byte[] body = step1.body();
                body[body.length - 1] ^= (byte) (1 + i % 255); // a different forgery each time
                String forged = Armor.encode(Envelope.sign(mallory, step1.session(), step1.seq(), step1.prev(),
                        step1.sender(), step1.step(), step1.type(), body), "fr2823580/v1", "alice");
                assertThatThrownBy(() -> reopened.importText(forged)).isInstanceOf(ImportRefusedException.class)
                        .hasMessageContaining("proves nothing against alice")
                        .matches(e -> !((ImportRefusedException) e).isViolation(), "not a cheat by anyone");
                if (i == RefusedMessages.UNATTRIBUTED - 1) {
                    journalLines = Files.lines(b.resolve(CorrespondenceGame.JOURNAL)).count();
                }
            }
            assertThat(Files.lines(b.resolve(CorrespondenceGame.JOURNAL)).count()).isEqualTo(journalLines);
            assertThat(reopened.party().rejected()).hasSize(RefusedMessages.UNATTRIBUTED);
            assertThat(reopened.importText(Armor.encode(step1, "fr2823580/v1", "alice")).replies()).hasSize(1);
            assertThat(reopened.party().failure()).isEmpty();
        } finally {
            reopened.close();
        }
    }

    /** Alice opens a game in {@code a}, bob takes her hello in {@code b}; returns bob's hello, armored for alice. */
    private String bobsHello(Path a, Path b, Clock clock) throws Exception {
        CorrespondenceGame<PatentParty> ga = CorrespondenceGame.create(a,
                alice, PatentParty.create(PARAMS, 0, "alice", alice, random.split()), new Rules(), clock);
        String hello = ga.armor(ga.outgoingOfLastStep());
        ga.close();
        CorrespondenceGame<PatentParty> gb = CorrespondenceGame.create(b,
                bob, PatentParty.create(PARAMS, 1, "bob", bob, random.split()), new Rules(), clock);
        String reply = gb.importText(hello).armoredReplies();
        gb.close();
        return reply;
    }

    /** Alice's first step after bob's hello, not yet taken in by bob. */
    private Envelope alicesFirstStep(Path a, Path b, Clock clock) throws Exception {
        return Armor.decodeAll(send(a, alice, bobsHello(a, b, clock), clock)).get(0);
    }

    /**
     * A crash while a step is journaled tears the journal's last line before the step's messages reach the outbox: the
     * game goes on from the step before, and the next step cuts the torn line off.
     */
    @Test
    void aTornLastLineWhoseMessagesNeverReachedTheOutboxIsPassedOver() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        String hello = bobsHello(a, b, clock);
        send(a, alice, hello, clock);
        tearLastStep(a, true);
        String again = send(a, alice, hello, clock);
        assertThat(Armor.decodeAll(again)).extracting(Envelope::seq).containsExactly(2L);
        String journal = Files.readString(a.resolve(CorrespondenceGame.JOURNAL));
        assertThat(journal).endsWith("\n");
        assertThat(journal.lines()).hasSize(2); // the game's start, and the step made again
    }

    /**
     * A message in the outbox was filed after its step was journaled, and may have been sent: a journal that has lost
     * that step (its last line torn, or cut short by another program) must not be passed over silently, or this side
     * would send another message in its place. The game refuses to open, naming the message, and changes nothing.
     */
    @Test
    void aJournalThatLostAMessageTheOutboxHoldsIsRefusedNotPassedOver() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        Clock clock = Clock.fixed(START, ZoneOffset.UTC);
        send(a, alice, bobsHello(a, b, clock), clock);
        tearLastStep(a, false);
        byte[] torn = Files.readAllBytes(a.resolve(CorrespondenceGame.JOURNAL));
        assertThatThrownBy(() -> CorrespondenceGame.open(a, alice, new Rules(), random.split(), clock))
                .isInstanceOf(IOException.class).hasMessageContaining("has lost message #2")
                .hasMessageContaining("its last line was cut short").hasMessageContaining("which the outbox holds (0002-");
        assertThat(Files.readAllBytes(a.resolve(CorrespondenceGame.JOURNAL))).isEqualTo(torn);
    }

    /** Cuts the journal's last line short, as a crash in its write would; {@code unfiled}: its messages never filed. */
    private static void tearLastStep(Path game, boolean unfiled) throws IOException {
        Path journal = game.resolve(CorrespondenceGame.JOURNAL);
        byte[] bytes = Files.readAllBytes(journal);
        OwnerOnlyFiles.write(journal, java.util.Arrays.copyOf(bytes, bytes.length - 40));
        if (unfiled) {
            try (var files = Files.list(game.resolve(CorrespondenceGame.OUTBOX))) {
                Files.delete(files.sorted().reduce((x, y) -> y).orElseThrow());
            }
        }
    }

    @Test
    void anotherProfileCannotOpenTheGame() throws Exception {
        Path a = temp.resolve("a");
        CorrespondenceGame.create(a, alice, PatentParty.create(PARAMS, 0, "alice", alice, random.split()), new Rules(),
                Clock.systemUTC()).close();
        assertThatThrownBy(() -> CorrespondenceGame.open(a, bob, new Rules(), random, Clock.systemUTC()))
                .isInstanceOf(IOException.class).hasMessageContaining("another key");
    }
}
