package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.seal.SealingKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Opening;
import fairtable.protocol.permutation.PermutationMessage.SealedMessage;
import fairtable.protocol.permutation.PermutationMessage.SealingKeyAnnouncement;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The seed's pairwise private channels, as boxes sealed inside the shared signed transcript: nobody but the
 * recipient reads a private message during the game, the audit reads all of them once the keys are
 * revealed, and a box that is broken, or a key revealed falsely, names its author.
 */
class PermutationSealingTest {
    private static final int CARDS = 20;

    @TempDir
    Path dir;

    /** Every player's two private cards, then one public card. */
    private static Table dealt(int players, long seed) throws ProtocolViolation {
        Table table = new Table(players, CARDS, seed).setUp();
        for (int p = 0; p < 2 * players; p++) {
            table.revealTo(p, p % players);
        }
        return table.revealPublicly(2 * players);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest
    @CsvSource({"3, 1", "5, 2"})
    void noPrivateMessageIsReadableInTheTranscriptFileUntilTheKeysAreRevealed(int players, long seed) throws Exception {
        Table table = dealt(players, seed);
        // Written by the last seat, which is the recipient of no handout.
        Path file = dir.resolve("mid-game.jsonl");
        TranscriptFile.write(file, table.last().transcript().envelopes(), List.of());
        byte[] raw = Files.readAllBytes(file);
        List<Envelope> messages = TranscriptFile.read(file).messages();

        int checked = 0;
        for (PermutationParty recipient : table.seats) {
            for (Map.Entry<Integer, PermutationMessage> box : recipient.openedForMe().entrySet()) {
                // The message's own body holds its clear encoding nowhere (in v1 it was exactly that).
                byte[] body = messages.stream().filter(e -> e.step() == box.getKey()).findFirst().orElseThrow().body();
                assertThat(contains(body, box.getValue().toBytes())).as("step %d in its own body", box.getKey()).isFalse();
                // A handed-out half (84 bytes) is found nowhere in the file nor in any message.
                if (box.getValue() instanceof Handout h) {
                    for (var f : h.factors()) {
                        byte[] half = f.permutation().toBytes();
                        assertThat(contains(raw, half)).as("a half of step %d in the file", box.getKey()).isFalse();
                        for (Envelope e : messages) {
                            assertThat(contains(e.body(), half)).as("a half of step %d in step %d", box.getKey(), e.step())
                                    .isFalse();
                        }
                    }
                }
                checked++;
            }
        }
        // N-1 handouts; each private reveal reaches its audience and the chain members after P1.
        assertThat(checked).isGreaterThan(players - 1 + 2 * players);

        // Another seat's private cards are not in anyone else's view.
        for (int p = 0; p < 2 * players; p++) {
            for (PermutationParty other : table.seats) {
                if (other.seat() != p % players) {
                    assertThat(other.knownCards()).as("%s's view", other.name()).doesNotContainKey(p);
                }
            }
        }

        table.finish();
        Path end = dir.resolve("end.jsonl");
        TranscriptFile.write(end, table.seat(0).transcript().envelopes(), List.of());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(end));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.line()).startsWith("VERIFIED: permutation-deal/v2 n=20, " + players + " players");
        Permutation layout = table.layout();
        for (int s = 0; s < players; s++) {
            assertThat(verdict.holdings().get(Table.NAMES.get(s)))
                    .containsExactlyInAnyOrder(layout.apply(s), layout.apply(s + players));
        }
    }

    /** Every seat convicts {@code cheater} at {@code step}, for {@code reason}, and so does the audit. */
    private static void assertConvictedEverywhere(Table table, int step, String cheater, String reason) throws Exception {
        String expected = "step " + step + ", party " + cheater + ": " + reason;
        for (PermutationParty p : table.seats) {
            assertThat(p.failure()).as(p.name()).hasValueSatisfying(v -> assertThat(v).hasMessage(expected));
            assertThat(p.isFinished()).isTrue();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        }
        assertThat(Table.audit(table.seat(0)).line()).isEqualTo("FAILED: " + expected);
    }

    private static int stepOfLast(PermutationParty p, String type, int sender) {
        List<Envelope> all = p.transcript().envelopes();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).type().equals(type) && all.get(i).sender() == sender) {
                return all.get(i).step();
            }
        }
        throw new AssertionError("no " + type + " from seat " + sender);
    }

    /**
     * The sender flips one bit of a box (its tag or its ciphertext). Only the recipient can tell; it records
     * the message, names the sender (failure()), and accuses it with its sealing secret, which lets every
     * other seat, and the audit, open the box and convict the sender too.
     */
    @ParameterizedTest
    @CsvSource({"3, 0, 5", "3, 1, 11", "5, 3, 12", "5, 2, 40"})
    void aBrokenBoxIsProvedByItsRecipientNamingTheSender(int players, int cheater, int bit) throws Exception {
        Table table = new Table(players, CARDS, 60 + bit).setUp();
        table.seat(cheater).cheatWith((m, body) -> {
            if (m instanceof SealedMessage) {
                byte[] broken = body.clone();
                broken[broken.length - 1 - bit / 8] ^= (byte) (1 << (bit % 8));
                return broken;
            }
            return body;
        });
        int audience = (cheater + 2) % players;
        table.revealTo(7, audience);
        int step = stepOfLast(table.seat(0), Forward.TYPE, cheater);
        Envelope box = table.seat(0).transcript().envelopes().stream().filter(e -> e.step() == step).findFirst().orElseThrow();
        String recipient = Table.NAMES.get(PermutationMessage.Codec.sealed(Forward.TYPE, box.body(),
                PermutationMessage.Codec.FORWARD_LENGTH).to());
        assertThat(stepOfLast(table.seat(0), PermutationMessage.Accusation.TYPE, Table.NAMES.indexOf(recipient)))
                .as("the recipient accuses").isEqualTo(step + 1);
        assertConvictedEverywhere(table, step, Table.NAMES.get(cheater),
                "sealed a forward to " + recipient + " that does not open under " + recipient + "'s sealing key");
    }

    /**
     * Seeded fuzzing of sealed messages: a random change (a bit, a byte, the recipient, a byte cut or added)
     * to a random sealed message of a random seat is never taken silently. Either everyone refuses it on
     * sight (its public shape is wrong), or its recipient proves it with an accusation; both name the
     * sender, and so does the audit.
     */
    @RepeatedTest(12)
    void anyChangeToASealedMessageConvictsItsSender(RepetitionInfo info) throws Exception {
        SplittableRandom random = new SplittableRandom(1000 + info.getCurrentRepetition());
        int players = random.nextBoolean() ? 3 : 4;
        Table table = new Table(players, CARDS, random.nextLong());
        int cheater = random.nextInt(players);
        // The last seat seals only its N-1 handouts here; every other seat a hop in each of the reveals below.
        int victim = random.nextInt(cheater == players - 1 ? players - 1 : 3);
        int[] seen = {0};
        table.seat(cheater).cheatWith((m, body) -> {
            if (!(m instanceof SealedMessage) || seen[0]++ != victim) {
                return body;
            }
            byte[] changed = body.clone();
            switch (random.nextInt(5)) {
                case 0 -> changed[random.nextInt(changed.length)] ^= (byte) (1 << random.nextInt(8));
                case 1 -> changed[1 + random.nextInt(changed.length - 1)] = (byte) random.nextInt(256);
                case 2 -> changed[0] = (byte) ((changed[0] + 1 + random.nextInt(255)) & 0xff);
                case 3 -> changed = Arrays.copyOf(changed, changed.length - 1);
                default -> changed = Arrays.copyOf(changed, changed.length + 1);
            }
            return Arrays.equals(changed, body) ? new byte[0] : changed;
        });
        String name = Table.NAMES.get(cheater);
        try {
            table.setUp();
            for (int p = 0; p < 6 && table.seat(0).isIdle(); p++) {
                table.revealTo(p, p % players);
            }
            assertThat(table.seat(0).failure()).as("seat %d's change at its sealed message %d", cheater, victim)
                    .hasValueSatisfying(v -> assertThat(v.party()).isEqualTo(name));
            for (PermutationParty p : table.seats) {
                assertThat(p.failure()).hasValueSatisfying(v -> assertThat(v.party()).isEqualTo(name));
            }
        } catch (ProtocolViolation refused) {
            assertThat(refused.party()).isEqualTo(name);
        }
        PermutationParty keeper = table.seats.stream().filter(p -> !p.rejected().isEmpty()).findFirst().orElse(table.seat(0));
        assertThat(Table.audit(keeper).line()).startsWith("FAILED: step ").contains(", party " + name + ": ");
    }

    /** A broken handout box: the recipient proves it at its turn to commit, naming the last player. */
    @Test
    void aBrokenHandoutIsProvedByItsRecipient() throws Exception {
        Table table = new Table(3, CARDS, 70);
        table.last().cheatWith((m, body) -> {
            if (m instanceof SealedMessage s && s.to() == 1) {
                byte[] broken = body.clone();
                broken[40] ^= 1; // the recipient byte and the 32-byte ephemeral key come first: the ciphertext
                return broken;
            }
            return body;
        });
        table.setUp();
        assertThat(stepOfLast(table.seat(0), PermutationMessage.Accusation.TYPE, 1)).as("bob's turn to commit").isEqualTo(7);
        assertConvictedEverywhere(table, 5, "carol", "sealed a handout to bob that does not open under bob's sealing key");
    }

    /** An accusation about a box that opens fine is refused by everyone and convicts the accuser. */
    @Test
    void aFalseAccusationConvictsTheAccuser() throws Exception {
        Table table = new Table(3, CARDS, 75).setUp().revealTo(3, 1);
        int hopToBob = stepOfLast(table.seat(0), Forward.TYPE, 0);
        var t = table.seat(0).transcript();
        int next = t.envelopes().get(t.size() - 1).step() + 1;
        Envelope lie = Envelope.sign(table.keys.get(1), t.sessionId(), t.size(), t.head(), 1, next,
                PermutationMessage.Accusation.TYPE,
                new PermutationMessage.Accusation(hopToBob, table.seat(1).sealingKey().secretKeyBytes()).toBytes());
        assertThatThrownBy(() -> table.seat(0).receive(lie)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + next + ", party bob: accuses alice falsely: its sealed forward of step " + hopToBob
                        + " opens and holds what it should");
        assertThat(Table.audit(table.seat(0)).line()).startsWith("FAILED: step " + next + ", party bob: accuses alice falsely");

        Envelope wrongKey = Envelope.sign(table.keys.get(1), t.sessionId(), t.size(), t.head(), 1, next,
                PermutationMessage.Accusation.TYPE,
                new PermutationMessage.Accusation(hopToBob, table.seat(2).sealingKey().secretKeyBytes()).toBytes());
        assertThatThrownBy(() -> table.seat(2).receive(wrongKey)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + next + ", party bob: reveals a sealing secret key that is not the one it announced");
        Envelope notToHim = Envelope.sign(table.keys.get(1), t.sessionId(), t.size(), t.head(), 1, next,
                PermutationMessage.Accusation.TYPE,
                new PermutationMessage.Accusation(hopToBob - 1, table.seat(1).sealingKey().secretKeyBytes()).toBytes());
        assertThatThrownBy(() -> table.seat(2).receive(notToHim)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + next + ", party bob: accuses step " + (hopToBob - 1) + ", which is not a sealed message to it");
        assertThat(table.seat(0).failure()).isEmpty();
    }

    /**
     * A box that does not open but reached the end of the game (a recipient that played on, or evidence
     * assembled afterwards) is found by the audit, which opens every box with the revealed keys: it names
     * the sender at the box's step, because the recipient's key is the one it announced and proved.
     */
    @Test
    void theAuditNamesTheSenderOfABoxThatDoesNotOpenUnderTheRevealedKey() throws Exception {
        Table table = dealt(3, 80).finish();
        List<Envelope> honest = table.seat(0).transcript().envelopes();
        int target = -1;
        for (int i = 0; i < honest.size(); i++) {
            if (honest.get(i).type().equals(Forward.TYPE) && honest.get(i).sender() == 1
                    && !PermutationMessage.Codec.isPublicForward(honest.get(i).body())) {
                target = i;
                break;
            }
        }
        List<Envelope> forged = new ArrayList<>(honest.subList(0, target));
        for (int i = target; i < honest.size(); i++) {
            Envelope e = honest.get(i);
            byte[] body = e.body();
            if (i == target) {
                body[body.length - 1] ^= 1;
            }
            forged.add(Envelope.sign(table.keys.get(e.sender()), e.session(), e.seq(), forged.get(i - 1).hash(),
                    e.sender(), e.step(), e.type(), body));
        }
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(forged, List.of()));
        assertThat(verdict.line()).isEqualTo("FAILED: step " + honest.get(target).step()
                + ", party bob: sealed a forward to alice that does not open under alice's sealing key");
        assertThat(Auditor.audit(new TranscriptFile.Contents(honest, List.of())).verified()).isTrue();
    }

    /** A seat that reveals another sealing key than the one it announced is refused by everyone and named. */
    @Test
    void aWrongRevealedSealingKeyIsPinnedOnItsAuthor() throws Exception {
        Table table = dealt(3, 90);
        byte[] other = SealingKey.generate(new SplittableRandom(1)).secretKeyBytes();
        table.seat(1).cheatWith((m, body) -> m instanceof Opening o ? new Opening(o.opened(), other).toBytes() : body);
        List<Envelope> alicesOpening = table.seat(0).finish();
        assertThatThrownBy(() -> table.pump(table.seat(0), alicesOpening)).isInstanceOf(ProtocolViolation.class)
                .hasMessageEndingWith("party bob: reveals a sealing secret key that is not the one it announced");
        assertThat(table.seat(0).rejected()).hasSize(1);
        ProtocolViolation v = table.seat(0).rejected().get(0).reason();
        assertThat(v.party()).isEqualTo("bob");
        assertThat(v.reason()).isEqualTo("reveals a sealing secret key that is not the one it announced");
        AuditVerdict verdict = Table.audit(table.seat(0));
        assertThat(verdict.line()).isEqualTo("FAILED: step " + v.step()
                + ", party bob: reveals a sealing secret key that is not the one it announced");
    }

    /** A box replayed at another step (alice's earlier hop to bob, sent again) does not open: its step is bound. */
    @Test
    void aBoxReplayedAtAnotherStepDoesNotOpen() throws Exception {
        Table table = new Table(3, CARDS, 100).setUp().revealTo(4, 2);
        PermutationParty alice = table.seat(0);
        byte[] earlier = alice.transcript().envelopes().stream()
                .filter(e -> e.sender() == 0 && e.type().equals(Forward.TYPE)).findFirst().orElseThrow().body();
        alice.cheatWith((m, body) -> m instanceof SealedMessage ? earlier : body);
        table.revealTo(9, 2);
        assertConvictedEverywhere(table, stepOfLast(table.seat(0), Forward.TYPE, 0), "alice",
                "sealed a forward to bob that does not open under bob's sealing key");
    }

    @Test
    void aSealingKeyWithoutAProofOfItsOwnIsRefused() throws Exception {
        Table copying = new Table(3, CARDS, 110);
        PermutationParty bob = copying.seat(1);
        bob.cheatWith((m, body) -> m instanceof SealingKeyAnnouncement ? bob.transcript().envelopes().stream()
                .filter(e -> e.type().equals(SealingKeyAnnouncement.TYPE)).findFirst().orElseThrow().body() : body);
        assertThatThrownBy(copying::setUp).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 2, party bob: announces a sealing key already announced");

        Table unproven = new Table(3, CARDS, 111);
        SealingKey fresh = SealingKey.generate(new SplittableRandom(3));
        unproven.seat(2).cheatWith((m, body) -> {
            if (!(m instanceof SealingKeyAnnouncement)) {
                return body;
            }
            // A proof made for seat 0's context: the key is fresh, but the proof is bound to another seat.
            PermutationObserver seen = new PermutationObserver(new PermutationParameters(CARDS), Table.NAMES.subList(0, 3),
                    unproven.seat(2).transcript().sessionId());
            return new SealingKeyAnnouncement(fresh.publicKey(),
                    fresh.proveKnowledge(seen.sealingKeyProofContext(0), new SplittableRandom(4))).toBytes();
        });
        assertThatThrownBy(unproven::setUp).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 3, party carol: does not prove that it knows its sealing key");
    }
}
