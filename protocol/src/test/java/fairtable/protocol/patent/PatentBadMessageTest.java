package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * Malformed, truncated, duplicated, out-of-order and mutated messages get a ProtocolViolation (or a
 * MalformedMessageException from the byte decoder) with a clear reason, never another exception, and leave
 * the receiving party exactly as it was.
 */
class PatentBadMessageTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 10, 3);

    /** The public state of a party, to compare before and after a refused message. */
    private static List<Object> state(PatentParty p) {
        return List.of(List.copyOf(p.transcript().envelopes()), p.hand(), p.awaiting(), p.pileSize());
    }

    /** Records every message of an honest game with who received it, in order. */
    private static List<Object[]> honestGame(long seed) throws Exception {
        Table table = new Table(PARAMS, seed);
        List<Object[]> log = new ArrayList<>();
        table.wire = e -> {
            log.add(new Object[] {e});
            return e;
        };
        table.deal();
        table.pump(table.bob, table.bob.draw(2));
        table.pump(table.alice, table.alice.giveBack(List.of(table.alice.hand().get(0))));
        table.finish();
        return log;
    }

    @Test
    void truncatedAndPaddedBytesAreRefusedByTheDecoder() throws Exception {
        for (Object[] item : honestGame(3)) {
            byte[] wire = ((Envelope) item[0]).toBytes();
            for (int cut : new int[] {0, 1, 31, 40, wire.length / 2, wire.length - 1}) {
                assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, cut)))
                        .isInstanceOf(MalformedMessageException.class).hasMessageContaining("truncated");
            }
            byte[] longer = Arrays.copyOf(wire, wire.length + 1);
            assertThatThrownBy(() -> Envelope.fromBytes(longer)).isInstanceOf(MalformedMessageException.class)
                    .hasMessageContaining("trailing");
        }
    }

    @Test
    void duplicateOutOfOrderAndGarbledMessagesAreRefusedAndChangeNothing() throws Exception {
        Table table = new Table(PARAMS, 8);
        List<Envelope> toBob = new ArrayList<>();
        table.wire = e -> {
            toBob.add(e);
            return e;
        };
        table.deal();
        PatentParty bob = table.bob;
        List<Object> before = state(bob);
        Envelope step1 = toBob.stream().filter(e -> e.type().equals(PatentMessage.Deal1.TYPE)).findFirst().orElseThrow();
        assertThatThrownBy(() -> bob.receive(step1)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 1: a message signed by alice as number 2 (number " + bob.transcript().size()
                        + " was due) was refused; it proves nothing against alice");

        Envelope garbled = Envelope.sign(table.aliceKey, bob.transcript().sessionId(), bob.transcript().size(),
                bob.transcript().head(), 0, 6, PatentMessage.Draw.TYPE, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> bob.receive(garbled)).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 6, party alice: ");

        Envelope wrongStep = Envelope.sign(table.aliceKey, bob.transcript().sessionId(), bob.transcript().size(),
                bob.transcript().head(), 0, 9, PatentMessage.Draw.TYPE, new byte[0]);
        assertThatThrownBy(() -> bob.receive(wrongStep)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 9, party alice: claims step 9 but step 6 is due");

        Envelope forged = Envelope.sign(table.bobKey, bob.transcript().sessionId(), bob.transcript().size(),
                bob.transcript().head(), 0, 6, PatentMessage.Draw.TYPE, new byte[0]);
        assertThatThrownBy(() -> bob.receive(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 6: a message in alice's name with a bad signature was refused;"
                        + " it proves nothing against alice");

        assertThat(state(bob)).isEqualTo(before);
        assertThat(bob.rejected()).hasSize(4);
        // The game goes on as if nothing had happened: its transcript verifies.
        table.finish();
        var transcriptOnly = new fairtable.protocol.transcript.TranscriptFile.Contents(
                bob.transcript().envelopes(), List.of());
        assertThat(fairtable.protocol.audit.Auditor.audit(transcriptOnly).verified()).isTrue();
        // But the garbled messages Alice really signed are evidence against her; the duplicate and the
        // forgery in her name prove nothing and are ignored.
        assertThat(Table.audit(bob).line()).startsWith("FAILED: step 6, party alice: ");
    }

    /**
     * Seeded fuzzing: every message of an honest game, mutated (bit flips, byte runs, truncation, random
     * bytes), is offered to its recipient at the moment it was due. Nothing but a ProtocolViolation may
     * come out, and a refused message changes nothing.
     */
    @RepeatedTest(4)
    void mutatedMessagesNeverCrashAndNeverChangeState(RepetitionInfo run) throws Exception {
        SplittableRandom random = new SplittableRandom(run.getCurrentRepetition() * 1_000_033L);
        Table table = new Table(PARAMS, run.getCurrentRepetition());
        int[] offered = {0};
        table.wire = e -> {
            PatentParty to = e.sender() == 0 ? table.bob : table.alice;
            for (int i = 0; i < 12; i++) {
                byte[] mutated = mutate(e.toBytes(), random);
                Envelope m;
                try {
                    m = Envelope.fromBytes(mutated);
                } catch (MalformedMessageException refused) {
                    continue;
                }
                if (m.equals(e)) {
                    continue;
                }
                List<Object> before = state(to);
                try {
                    to.receive(m);
                    throw new AssertionError("accepted a mutated message: " + m);
                } catch (ProtocolViolation expected) {
                    offered[0]++;
                    // Either it names who broke the protocol, or it does not fit here and says it proves nothing.
                    assertThat(expected.getMessage())
                            .matches("step \\d+, party .+: .+|step \\d+: a message .+ was refused; it proves nothing against .+");
                }
                assertThat(state(to)).isEqualTo(before);
            }
            return e;
        };
        table.deal();
        table.pump(table.alice, table.alice.draw(1));
        table.finish();
        assertThat(offered[0]).isGreaterThan(20);
        assertThat(Table.audit(table.alice).verified()).isTrue();
    }

    private static byte[] mutate(byte[] in, SplittableRandom random) {
        byte[] out = in.clone();
        switch (random.nextInt(4)) {
            case 0 -> out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
            case 1 -> {
                int at = random.nextInt(out.length);
                for (int i = at; i < Math.min(out.length, at + 1 + random.nextInt(40)); i++) {
                    out[i] = (byte) random.nextInt(256);
                }
            }
            case 2 -> out = Arrays.copyOf(out, random.nextInt(out.length));
            default -> {
                byte[] noise = new byte[random.nextInt(300)];
                random.nextBytes(noise);
                out = noise;
            }
        }
        return out;
    }
}
