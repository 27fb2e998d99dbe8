package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.audit.AuditVerdict;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PatentAfterDealTest {
    /** Random draws and returns by either party until the pile is empty; every card stays accounted for. */
    @RepeatedTest(6)
    void drawsAndReturnsKeepEveryCardAccountedForUntilThePileIsEmpty(RepetitionInfo run) throws Exception {
        int k = 16;
        Table table = new Table(new PatentParameters(PatentMode.RISTRETTO, k, 3), run.getCurrentRepetition()).deal();
        SplittableRandom script = new SplittableRandom(run.getCurrentRepetition() * 7919L);
        int operations = 0;
        while (table.alice.pileSize() > 0) {
            PatentParty actor = script.nextBoolean() ? table.alice : table.bob;
            if (!actor.hand().isEmpty() && script.nextInt(3) == 0) {
                List<Integer> hand = new ArrayList<>(actor.hand());
                List<Integer> back = hand.subList(0, 1 + script.nextInt(Math.min(3, hand.size())));
                table.pump(actor, actor.giveBack(List.copyOf(back)));
            } else {
                table.pump(actor, actor.draw(1 + script.nextInt(Math.min(3, actor.pileSize()))));
            }
            operations++;
            assertThat(table.alice.isIdle()).isTrue();
            assertThat(table.bob.isIdle()).isTrue();
            Set<Integer> seen = new HashSet<>(table.alice.hand());
            assertThat(table.bob.hand()).noneMatch(seen::contains);
            assertThat(table.alice.hand().size() + table.bob.hand().size() + table.alice.pileSize()).isEqualTo(k);
        }
        assertThat(operations).isGreaterThan(3);
        assertThatThrownBy(() -> table.alice.draw(1)).isInstanceOf(IllegalArgumentException.class);

        table.finish();
        AuditVerdict verdict = Table.audit(table.bob);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.holdings().get("alice")).isEqualTo(table.alice.hand());
        assertThat(verdict.holdings().get("bob")).isEqualTo(table.bob.hand());
        assertThat(verdict.holdings().get("pile")).isEmpty();
    }

    /** A card returned to the pile can be drawn again, by either party: it really went back. */
    @ParameterizedTest
    @EnumSource(value = PatentMode.class, names = {"RISTRETTO", "LITERAL"})
    void aReturnedCardCanBeDrawnAgain(PatentMode mode) throws Exception {
        Table table = new Table(new PatentParameters(mode, 6, 3), 5).deal();
        assertThat(table.alice.pileSize()).isZero();
        List<Integer> returned = table.alice.hand().subList(0, 2);
        table.pump(table.alice, table.alice.giveBack(List.copyOf(returned)));
        assertThat(table.alice.hand()).hasSize(1);
        assertThat(table.bob.pileSize()).isEqualTo(2);
        table.pump(table.bob, table.bob.draw(2));
        assertThat(table.bob.hand()).hasSize(5).containsAll(returned);
        table.finish();
        assertThat(Table.audit(table.alice).verified()).isTrue();
    }

    @Test
    void operationsAreRefusedWhileAnotherIsUnderWayOrForCardsNotHeld() throws Exception {
        Table table = new Table(new PatentParameters(PatentMode.RISTRETTO, 20, 4), 9).deal();
        table.alice.draw(1); // not delivered: the draw is under way
        assertThatThrownBy(() -> table.alice.draw(1)).isInstanceOf(IllegalStateException.class);
        Table fresh = new Table(new PatentParameters(PatentMode.RISTRETTO, 20, 4), 9).deal();
        int notHeld = fresh.bob.hand().get(0);
        assertThatThrownBy(() -> fresh.alice.giveBack(List.of(notHeld))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fresh.alice.giveBack(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    /** The state serialises at any point and the restored party carries on as if nothing happened. */
    @Test
    void aPartyRestoredFromItsSnapshotFinishesTheGame() throws Exception {
        PatentParameters params = new PatentParameters(PatentMode.RISTRETTO, 12, 3);
        Table table = new Table(params, 77).deal();
        table.pump(table.bob, table.bob.draw(2));
        byte[] saved = table.alice.snapshot();
        PatentParty restored = PatentParty.restore(saved, table.aliceKey, new SplittableRandom(1));
        assertThat(restored.hand()).isEqualTo(table.alice.hand());
        assertThat(restored.pileSize()).isEqualTo(table.alice.pileSize());
        assertThat(restored.transcript().envelopes()).isEqualTo(table.alice.transcript().envelopes());
        assertThat(restored.snapshot()).isEqualTo(saved);

        // Carry on with the restored Alice in place of the original.
        List<fairtable.protocol.transcript.Envelope> out = restored.giveBack(List.of(restored.hand().get(0)));
        for (var e : out) {
            for (var reply : table.bob.receive(e)) {
                for (var back : restored.receive(reply)) {
                    table.bob.receive(back);
                }
            }
        }
        assertThat(restored.isIdle()).isTrue();
        var reveal = restored.reveal();
        var bobsReveal = table.bob.receive(reveal.get(0));
        restored.receive(bobsReveal.get(0));
        assertThat(Table.audit(restored).verified()).isTrue();
    }
}
