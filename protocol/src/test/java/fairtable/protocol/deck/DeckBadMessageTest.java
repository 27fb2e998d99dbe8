package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage.Cut;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.Discard;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckMessage.Reveal;
import fairtable.protocol.deck.DeckMessage.Show;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * Malformed, mutated and impossible messages get a ProtocolViolation naming the sender and the step, never
 * another exception, and leave the receiving seat exactly as it was.
 */
class DeckBadMessageTest {
    /** Message types whose bodies carry proofs: no random mutation of them can be valid. */
    private static final Set<String> PROVED = Set.of("key", "shuffle", "shares", "show", "leave");

    /** The public and private state of a seat, to compare before and after a refused message. */
    private static List<Object> state(DeckParty p) {
        DeckObserver o = p.observer();
        return List.of(List.copyOf(p.transcript().envelopes()), p.hand(), p.awaiting(),
                o == null ? List.of() : o.stock(), o == null ? 0 : o.sharesVerified(), o == null ? 0 : o.nextStep());
    }

    /** The same body, signed by its real author at the same place: it passes every transcript check. */
    private static Envelope resigned(DeckTable table, Envelope e, String type, byte[] body) {
        return Envelope.sign(table.keys.get(e.sender()), e.session(), e.seq(), e.prev(), e.sender(), e.step(), type, body);
    }

    /**
     * Seeded fuzzing: every message of a game is mutated (bit flips, byte runs, truncation, extension, random
     * bytes) and offered to a recipient at the moment it is due, both as raw envelope bytes and re-signed by
     * its real author so that the protocol decoder and the proof checks see it.
     */
    @RepeatedTest(3)
    void mutatedMessagesNeverCrashAndNeverChangeState(RepetitionInfo run) throws Exception {
        SplittableRandom random = new SplittableRandom(run.getCurrentRepetition() * 1_000_033L);
        DeckTable table = new DeckTable(3, 6, run.getCurrentRepetition());
        int[] offered = {0};
        table.wire = (to, e) -> {
            for (int i = 0; i < 6; i++) {
                byte[] mutatedBody = mutate(e.body(), random);
                boolean resign = !e.type().equals("hello") && PROVED.contains(e.type());
                Envelope m;
                if (resign && i % 2 == 0) {
                    m = resigned(table, e, e.type(), mutatedBody);
                } else {
                    try {
                        m = Envelope.fromBytes(mutate(e.toBytes(), random));
                    } catch (MalformedMessageException refused) {
                        continue;
                    }
                }
                if (m.equals(e)) {
                    continue;
                }
                List<Object> before = state(to);
                int refusedBefore = to.rejected().size();
                try {
                    to.receive(m);
                    throw new AssertionError("accepted a mutated " + e.type() + ": " + m);
                } catch (ProtocolViolation expected) {
                    offered[0]++;
                    // Either it names who broke the protocol, or it does not fit here and says it proves nothing.
                    assertThat(expected.getMessage())
                            .matches("step \\d+, party .+: .+|step \\d+: a message .+ was refused; it proves nothing against .+");
                }
                assertThat(state(to)).isEqualTo(before);
                assertThat(to.rejected()).hasSize(refusedBefore + 1);
            }
            return e;
        };
        table.shuffle();
        table.pump(table.seat(0).dealEach(1));
        table.pump(table.seat(1).open(1));
        table.pump(table.seat(2).show(List.copyOf(table.seat(2).hand().keySet())));
        table.pump(table.seat(1).leave());
        table.pump(table.seat(0).reveal());
        assertThat(offered[0]).isGreaterThan(100);
        // Refused messages do not disturb the game: the kept transcript verifies.
        var transcriptOnly = new fairtable.protocol.transcript.TranscriptFile.Contents(
                table.seat(0).transcript().envelopes(), List.of());
        assertThat(fairtable.protocol.audit.Auditor.audit(transcriptOnly).verified()).isTrue();
    }

    /** Each operation with impossible arguments, signed by alice at the right place: refused with its reason. */
    @Test
    void impossibleOperationsAreRefusedWithTheirReason() throws Exception {
        DeckTable table = new DeckTable(3, 6, 77).shuffle();
        table.pump(table.seat(0).deal(1, 1));
        DeckParty bob = table.seat(1);
        int heldByBob = bob.hand().keySet().iterator().next();
        List<Object> before = state(bob);
        int step = bob.observer().nextStep();
        String[][] cases = {
            {Deal.TYPE, hex(new Deal(List.of(5), 1).toBytes()), "deals to seat 5, which is not playing"},
            {Deal.TYPE, hex(new Deal(List.of(0, 1), 3).toBytes()), "asks for 6 cards; the stock has 5"},
            {Deal.TYPE, hex(new Deal(List.of(2, 2), 1).toBytes()), "names a recipient twice"},
            {Deal.TYPE, hex(new Deal(List.of(), 1).toBytes()), "deals to nobody"},
            {Deal.TYPE, hex(new Deal(List.of(2), 0).toBytes()), "asks for 0 cards; the stock has 5"},
            {Open.TYPE, hex(new Open(6).toBytes()), "asks for 6 cards; the stock has 5"},
            {Cut.TYPE, hex(new Cut(0).toBytes()), "cuts at 0; a cut of a stock of 5 is at 1 to 4"},
            {Cut.TYPE, hex(new Cut(5).toBytes()), "cuts at 5; a cut of a stock of 5 is at 1 to 4"},
            {Discard.TYPE, hex(new Discard(heldByBob, null).toBytes()), "does not hold a face-down card at position " + heldByBob},
            {Discard.TYPE, hex(new WireWriter().u32(0).u8(2).toBytes()), "the face-up flag is 2, not 0 or 1"},
            {Show.TYPE, hex(new WireWriter().ints(List.of()).toBytes()), "shows no card"},
            {Reveal.TYPE, hex(new byte[] {0}), "1 unexpected trailing bytes"},
            {"peek", "", "sent 'peek'; expected deal, open, cut, discard, show, reveal or leave"},
        };
        for (String[] c : cases) {
            Envelope e = Envelope.sign(table.keys.get(0), bob.transcript().sessionId(), bob.transcript().size(),
                    bob.transcript().head(), 0, step, c[0], java.util.HexFormat.of().parseHex(c[1]));
            assertThatThrownBy(() -> bob.receive(e)).as(c[2]).isInstanceOf(ProtocolViolation.class)
                    .hasMessage("step " + step + ", party alice: " + c[2]);
        }
        Envelope wrongStep = Envelope.sign(table.keys.get(0), bob.transcript().sessionId(), bob.transcript().size(),
                bob.transcript().head(), 0, step + 3, Open.TYPE, new Open(1).toBytes());
        assertThatThrownBy(() -> bob.receive(wrongStep)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + (step + 3) + ", party alice: claims step " + (step + 3) + " but step " + step + " is due");
        Envelope forged = Envelope.sign(table.keys.get(2), bob.transcript().sessionId(), bob.transcript().size(),
                bob.transcript().head(), 0, step, Open.TYPE, new Open(1).toBytes());
        assertThatThrownBy(() -> bob.receive(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ": a message in alice's name with a bad signature was refused;"
                        + " it proves nothing against alice");
        assertThat(state(bob)).isEqualTo(before);
        assertThat(bob.rejected()).hasSize(cases.length + 2);
        // The refused messages alice really signed convict her; the forgery in her name is ignored.
        assertThat(DeckTable.audit(bob).line()).startsWith("FAILED: step " + step + ", party alice: ");
        // And the game goes on.
        table.pump(table.seat(2).open(1));
        assertThat(bob.observer().positionsIn(DeckObserver.Place.TABLE)).hasSize(1);
    }

    @Test
    void truncatedAndPaddedEnvelopesAreRefusedByTheDecoder() throws Exception {
        DeckTable table = new DeckTable(2, 4, 5).shuffle();
        for (Envelope e : table.seat(0).transcript().envelopes()) {
            byte[] wire = e.toBytes();
            for (int cut : new int[] {0, 1, 40, wire.length / 2, wire.length - 1}) {
                assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, cut)))
                        .isInstanceOf(MalformedMessageException.class).hasMessageContaining("truncated");
            }
            assertThatThrownBy(() -> Envelope.fromBytes(Arrays.copyOf(wire, wire.length + 1)))
                    .isInstanceOf(MalformedMessageException.class).hasMessageContaining("trailing");
        }
    }

    private static String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(bytes);
    }

    private static byte[] mutate(byte[] in, SplittableRandom random) {
        if (in.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        byte[] out = in.clone();
        switch (random.nextInt(5)) {
            case 0 -> out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
            case 1 -> {
                int at = random.nextInt(out.length);
                for (int i = at; i < Math.min(out.length, at + 1 + random.nextInt(40)); i++) {
                    out[i] = (byte) random.nextInt(256);
                }
            }
            case 2 -> out = Arrays.copyOf(out, random.nextInt(out.length));
            case 3 -> out = Arrays.copyOf(out, out.length + 1 + random.nextInt(64));
            default -> {
                byte[] noise = new byte[random.nextInt(300)];
                random.nextBytes(noise);
                out = noise;
            }
        }
        return out;
    }
}
