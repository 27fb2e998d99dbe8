package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The patent audit's whole lines, for a game that passes through every phase with each seat in each role (the
 * deal, a draw by each seat, a return by each seat, one of them a whole hand, with its re-key and remix, both
 * reveals): the transcript cut before each message names
 * who owed it and what the game was waiting for, and the whole transcript's verdict lists both hands ("nothing"
 * for an empty one), the pile and, for an insecure group, says so.
 */
class PatentAuditLinesTest {
    private static String audit(List<Envelope> messages) {
        return Auditor.audit(new TranscriptFile.Contents(messages, List.of())).line();
    }

    private static String owed(int step, String who, String awaiting) {
        return "FAILED: step " + step + ", party " + who + ": the transcript ends here: " + who + " did not send step "
                + step + " (" + awaiting + ")";
    }

    private static String unrevealed(int step, String who) {
        return "FAILED: step " + step + ", party " + who
                + ": the transcript ends before the keys are revealed, so the game cannot be verified";
    }

    private static String numbers(List<Integer> hand) {
        return hand.isEmpty() ? "nothing" : hand.stream().sorted().map(c -> Integer.toString(c + 1))
                .collect(Collectors.joining(" "));
    }

    @ParameterizedTest
    @EnumSource(value = PatentMode.class, names = {"LITERAL", "RISTRETTO"})
    void everyCutNamesWhoOwedTheNextMessageAndTheWholeGameListsTheHands(PatentMode mode) throws Exception {
        PatentParameters params = new PatentParameters(mode, 12, 3);
        Table table = new Table(params, 57).deal();
        table.pump(table.alice, table.alice.draw(2));
        table.pump(table.bob, table.bob.draw(1));
        table.pump(table.alice, table.alice.giveBack(table.alice.hand()));
        table.pump(table.bob, table.bob.giveBack(List.of(table.bob.hand().get(0))));
        List<Integer> bobs = table.bob.hand();
        // Bob's reveal is held back from alice, who then waits for it.
        table.wire = e -> e.sender() == 1 && e.type().equals("reveal") ? null : e;
        table.finish();
        assertThat(table.alice.awaiting()).isEqualTo("bob to reveal their keys");
        assertThat(table.bob.isFinished()).isTrue();
        List<Envelope> all = table.bob.transcript().envelopes();
        assertThat(all.stream().skip(2).map(Envelope::type).toList()).containsExactly("deal.1", "deal.2", "deal.3", "deal.4",
                "draw", "draw.answer", "draw", "draw.answer", "return", "return.rekey", "return.remix", "return", "return.rekey",
                "return.remix", "reveal", "reveal");

        // Cut before message i (i counts from the first after the hellos): who owed it, and what was awaited.
        List<String> expected = List.of(
                owed(1, "alice", "alice to send step 1 (the encrypted deck)"),
                owed(2, "bob", "bob to send step 2 (pick and re-encrypt)"),
                owed(3, "alice", "alice to send step 3"),
                owed(4, "bob", "bob to send step 4"),
                unrevealed(6, "alice and bob"),
                owed(7, "bob", "bob to answer the draw"),
                unrevealed(8, "alice and bob"),
                owed(9, "alice", "alice to answer the draw"),
                unrevealed(10, "alice and bob"),
                owed(11, "bob", "bob to re-key the pile"),
                owed(12, "alice", "alice to remix the pile"),
                unrevealed(13, "alice and bob"),
                owed(14, "alice", "alice to re-key the pile"),
                owed(15, "bob", "bob to remix the pile"),
                unrevealed(16, "alice and bob"),
                unrevealed(17, "bob"));
        for (int i = 0; i < expected.size(); i++) {
            assertThat(audit(all.subList(0, 2 + i))).as("cut before message %d", i + 1).isEqualTo(expected.get(i));
        }
        assertThat(audit(all)).isEqualTo("VERIFIED: fr2823580/v1 " + params
                + (mode == PatentMode.LITERAL ? " (INSECURE mode)" : "") + "; alice holds nothing; bob holds "
                + numbers(bobs) + "; " + (12 - bobs.size()) + " left in the pile");
        assertThat(bobs).hasSize(3);
    }
}
