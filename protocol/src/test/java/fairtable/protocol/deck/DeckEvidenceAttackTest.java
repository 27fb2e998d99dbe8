package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Carol equivocates (docs/evidence.md): she signs two different valid key messages for the same place, one for
 * Alice and one for Bob. From then on Bob refuses Alice's messages, which follow the other one, as proving nothing,
 * and waits for Alice forever. Nothing in the rule convicts Carol.
 */
class DeckEvidenceAttackTest {
    private static final class Equivocation {
        final DeckTable table = new DeckTable(3, 6, 91);
        Envelope toAlice;
        Envelope toBob;

        Equivocation() throws ProtocolViolation {
            byte[][] before = new byte[1][];
            table.wire = (to, e) -> {
                DeckParty carol = table.seat(2);
                if (to == carol && e.sender() == 1 && e.type().equals(DeckMessage.KeyShare.TYPE)) {
                    before[0] = carol.snapshot();
                }
                if (e.sender() == 2 && e.type().equals(DeckMessage.KeyShare.TYPE) && toAlice == null) {
                    toAlice = e;
                    try {
                        // Carol again, just before her key, with other randomness: another valid key message.
                        DeckParty again = DeckParty.restore(before[0], table.keys.get(2), new SplittableRandom(92));
                        Envelope bobsKey = table.seat(2).transcript().envelopes().get((int) e.seq() - 1);
                        toBob = again.receive(bobsKey).get(0);
                    } catch (Exception ex) {
                        throw new AssertionError(ex);
                    }
                }
                return to.seat() == 1 && e == toAlice ? toBob : e;
            };
            // DeckTable.pump, except that a seat that refuses a message proving nothing waits on, as the rule says.
            Deque<Envelope> queue = new ArrayDeque<>(table.seat(0).start());
            while (!queue.isEmpty()) {
                Envelope e = queue.poll();
                for (DeckParty to : table.seats) {
                    if (to.seat() != e.sender()) {
                        try {
                            queue.addAll(to.receive(table.wire.apply(to, e)));
                        } catch (ProtocolViolation v) {
                            assertThat(v.provesNothing()).as(v.getMessage()).isTrue();
                        }
                    }
                }
            }
        }
    }

    /** Bob's file convicts nobody: the deal is unfinished, awaiting Alice (a seat named as awaited, not as a cheat). */
    @Test
    void bobWaitsForAliceAndHisFileConvictsNobody() throws Exception {
        Equivocation attack = new Equivocation();
        DeckParty bob = attack.table.seat(1);
        assertThat(attack.toBob).isNotEqualTo(attack.toAlice);
        assertThat(attack.toBob.seq()).isEqualTo(attack.toAlice.seq());
        assertThat(bob.rejected()).isNotEmpty().allSatisfy(r -> assertThat(r.reason().provesNothing()).isTrue());
        assertThat(DeckTable.audit(bob).line()).startsWith("VERIFIED: ")
                .endsWith("; unfinished, awaiting alice to shuffle the deck (step " + bob.nextStep() + ")");
    }

    /** With both of Carol's messages for that place in Bob's file, it could convict Carol; the rule convicts nobody. */
    @Disabled("hole open by design (docs/evidence.md): two valid messages signed for one place convict nobody")
    @Test
    void carolsTwoMessagesForOnePlaceConvictHer() throws Exception {
        Equivocation attack = new Equivocation();
        DeckParty bob = attack.table.seat(1);
        List<Envelope> refused = new ArrayList<>();
        bob.rejected().forEach(r -> refused.add(r.envelope()));
        refused.add(attack.toAlice);
        assertThat(Auditor.audit(new TranscriptFile.Contents(bob.transcript().envelopes(), refused)).line())
                .startsWith("FAILED: step " + attack.toAlice.step() + ", party carol: ");
    }

    /**
     * Whoever holds every seat's key signs any chain of a deal's messages, dropped, repeated and shuffled, and lists any
     * of them as refused: the audit answers each file with a verdict, never an exception.
     */
    @Test
    void everyReorderedChainOfADealsMessagesGetsAVerdict() throws Exception {
        DeckTable table = new DeckTable(3, 6, 93).shuffle();
        table.pump(table.seat(0).dealEach(1));
        List<Envelope> game = table.seat(1).transcript().envelopes();
        List<Envelope> later = game.subList(3, game.size());
        SplittableRandom random = new SplittableRandom(94);
        for (int trial = 0; trial < 60; trial++) {
            List<Envelope> file = new ArrayList<>(game.subList(0, 3));
            int length = random.nextInt(later.size() * 2 + 1);
            for (int i = 0; i < length; i++) {
                Envelope e = later.get(random.nextInt(later.size()));
                Envelope last = file.get(file.size() - 1);
                int step = random.nextInt(3) == 0 ? random.nextInt(game.size() + 2) : e.step();
                file.add(Envelope.sign(table.keys.get(e.sender()), e.session(), file.size(), last.hash(), e.sender(),
                        step, e.type(), e.body()));
            }
            int cut = 3 + random.nextInt(file.size() - 2);
            List<Envelope> refused = new ArrayList<>(file.subList(cut, file.size()));
            String line = Auditor.audit(new TranscriptFile.Contents(file.subList(0, cut), refused)).line();
            assertThat(line).as("trial %d", trial).matches("(VERIFIED|FAILED): .+");
        }
    }
}
