package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Heads-up draw over FR 2823580: a player who reveals its keys right after the deal, while the hand is still to be
 * bet, is refused by the honest peer with its name, and the peer releases nothing (its keys would show its hand and
 * the pile).
 */
class PatentDrawRevealTest {

    @ParameterizedTest
    @CsvSource({"0, 83", "0, 85", "1, 90"}) // seeds where the first decision does not end the hand
    void aRevealRightAfterTheDealIsRefusedNamingItsSenderAndThePeerReleasesNothing(int cheater, long seed)
            throws Exception {
        List<PatentDrawSeat> seats = PatentDrawTableTest.table(2, seed, 200);
        PatentDrawSeat thief = seats.get(cheater);
        PatentDrawSeat victim = seats.get(1 - cheater);
        Deque<TableMessage> queue = new ArrayDeque<>();
        seats.forEach(s -> queue.addAll(s.start()));
        // Deliver the deal; the first decision stays unsent.
        while (queue.peek() instanceof TableMessage.DeckStep) {
            TableMessage m = queue.poll();
            queue.addAll(seats.get(1 - m.sender()).receive(m));
        }
        assertThat(thief.view().privateCards(cheater)).hasSize(5);
        assertThat(victim.view().privateCards(1 - cheater)).hasSize(5);
        List<TableMessage> reveal = thief.revealNow();
        assertThat(reveal).singleElement().isInstanceOf(TableMessage.DeckStep.class);
        Envelope revealed = ((TableMessage.DeckStep) reveal.get(0)).envelope();
        int accepted = victim.evidence().get(0).messages().size();
        String name = victim.nameOf(cheater);
        assertThatThrownBy(() -> victim.receive(reveal.get(0))).isInstanceOfSatisfying(ProtocolViolation.class, v -> {
            assertThat(v.party()).isEqualTo(name);
            assertThat(v).hasMessage("step " + revealed.step() + ", party " + name + ": revealed its keys before the game"
                    + " called for it (the hand is over and every discard is back in the pile)");
        });
        Seat.Session evidence = victim.evidence().get(0);
        assertThat(evidence.messages()).hasSize(accepted);
        assertThat(evidence.messages()).noneMatch(e -> e.type().equals("reveal"));
        assertThat(evidence.refused()).singleElement().satisfies(r -> assertThat(r.envelope()).isEqualTo(revealed));
        assertThat(victim.isFinished()).isFalse();
        // The refused reveal is valid in the deck protocol, so the hand's deck audit cannot convict on it (the rule
        // is the game's); it judges the transcript alone, which ends before the keys.
        AuditVerdict deckAudit = LocalTable.audit(evidence);
        assertThat(deckAudit.line()).contains("the transcript ends before the keys are revealed");
    }
}
