package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.permutation.PermutationMessage.Commitments;
import fairtable.protocol.permutation.PermutationMessage.Factor;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Request;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages that break the protocol where anyone can see it are refused live by the honest seats, kept as
 * evidence, and the audit of that evidence names the sender and the step.
 */
class PermutationBadMessageTest {
    private static final int CARDS = 20;

    private static void assertConvicts(PermutationParty keeper, int step, String cheater) {
        AuditVerdict verdict = Table.audit(keeper);
        assertThat(verdict.line()).startsWith("FAILED: step " + step + ", party " + cheater + ": ");
        assertThat(keeper.rejected()).hasSize(1);
    }

    @Test
    void aHopSentToTheWrongSeatIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 1).setUp();
        table.seat(1).cheatBeforeSealing(m -> m instanceof Forward f ? new Forward(0, f.value()) : m);
        int step = 11; // 3 sealing keys, 2 handouts, 3 commitments, the request, alice's hop, then bob's
        assertThatThrownBy(() -> table.revealTo(4, 2)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party bob: sends hop 2 of the reveal to alice instead of carol");
        assertConvicts(table.seat(0), step, "bob");
    }

    /**
     * A value outside the deck, sealed: only its recipient can see it. Bob records it, accuses alice with his
     * sealing secret instead of passing the value on, and every seat, and the audit, then convicts alice.
     */
    @Test
    void aSealedValueOutsideTheDeckIsProvedByItsRecipient() throws Exception {
        Table table = new Table(3, CARDS, 2).setUp();
        table.seat(0).cheatBeforeSealing(m -> m instanceof Forward f ? new Forward(f.to(), CARDS) : m);
        table.revealPublicly(3);
        String conviction = "step 10, party alice: inside its sealed forward: value 20 is outside 0..19";
        for (PermutationParty p : table.seats) {
            assertThat(p.failure()).as(p.name()).hasValueSatisfying(v -> assertThat(v).hasMessage(conviction));
            assertThat(p.rejected()).isEmpty();
            assertThat(p.isFinished()).isTrue();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        }
        Envelope last = table.seat(2).transcript().envelopes().get(table.seat(2).transcript().size() - 1);
        assertThat(last.sender()).isEqualTo(1);
        assertThat(last.type()).isEqualTo(PermutationMessage.Accusation.TYPE);
        assertThat(Table.audit(table.seat(2)).line()).isEqualTo("FAILED: " + conviction);
    }

    /** A value outside the deck in the public last hop is refused by everyone. */
    @Test
    void aPublicValueOutsideTheDeckIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 2).setUp();
        table.last().cheatWith((m, body) -> m instanceof Forward f ? new Forward(f.to(), CARDS).toBytes() : body);
        assertThatThrownBy(() -> table.revealPublicly(3)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 12, party carol: value 20 is outside 0..19");
        assertConvicts(table.seat(0), 12, "carol");
    }

    /** Too few halves make the sealed handout the wrong size, which everyone sees. */
    @Test
    void aSealedHandoutOfTheWrongSizeIsRefusedByEveryone() throws Exception {
        Table table = new Table(3, CARDS, 3);
        table.last().cheatBeforeSealing(m -> m instanceof Handout h && h.to() == 0
                ? new Handout(0, h.factors().subList(0, 1)) : m);
        assertThatThrownBy(table::setUp).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 4, party carol: the sealed handout is " + (1 + 4 + 86 + 48) + " bytes, expected "
                        + (1 + 4 + 2 * 86 + 48));
        assertConvicts(table.seat(0), 4, "carol");
        Envelope bad = table.seat(0).rejected().get(0).envelope();
        assertThatThrownBy(() -> table.seat(1).receive(bad)).as("bob, who is not its recipient, refuses it too")
                .hasMessageStartingWith("step 4, party carol: the sealed handout is");
    }

    /** The right size but the wrong halves: only alice can see it, and at her turn she proves it, naming carol. */
    @Test
    void halvesForTheWrongSlotsAreRefusedByTheirRecipient() throws Exception {
        Table table = new Table(3, CARDS, 3);
        table.last().cheatBeforeSealing(m -> {
            if (m instanceof Handout h && h.to() == 0) {
                Factor first = h.factors().get(0);
                List<Factor> swapped = new ArrayList<>(h.factors());
                swapped.set(0, new Factor(first.target(), Half.INNER, first.permutation()));
                return new Handout(0, swapped);
            }
            return m;
        });
        table.setUp();
        for (PermutationParty p : table.seats) {
            assertThat(p.failure()).as(p.name()).hasValueSatisfying(v -> assertThat(v)
                    .hasMessageStartingWith("step 4, party carol: inside its sealed handout: hands alice the halves"));
        }
        // Steps 1-3 keys, 4-5 handouts; alice accuses at her turn to commit, step 6.
        Envelope accusation = table.seat(1).transcript().envelopes().get(table.seat(1).transcript().size() - 1);
        assertThat(accusation.type()).isEqualTo(PermutationMessage.Accusation.TYPE);
        assertThat(accusation.step()).isEqualTo(6);
        assertThat(Table.audit(table.seat(1)).line()).startsWith("FAILED: step 4, party carol: inside its sealed handout");
    }

    @Test
    void aCopiedCommitmentIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 4);
        PermutationParty bob = table.seat(1);
        bob.cheatWith((m, body) -> {
            if (!(m instanceof Commitments)) {
                return body;
            }
            Envelope alices = bob.transcript().envelopes().stream()
                    .filter(e -> e.type().equals(Commitments.TYPE) && e.sender() == 0).findFirst().orElseThrow();
            return alices.body();
        });
        assertThatThrownBy(table::setUp).isInstanceOf(ProtocolViolation.class)
                .hasMessageEndingWith("party bob: repeats a commitment already made");
        assertConvicts(table.seat(0), 7, "bob");
    }

    /** Carol, idle, signs a hop nobody asked for, at the right place in the chain: the wrong kind of step. */
    @Test
    void aHopOutsideAnyRevealIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 5).setUp();
        Transcript t = table.seat(0).transcript();
        Envelope rogue = Envelope.sign(table.keys.get(2), t.sessionId(), t.size(), t.head(), 2,
                table.seat(0).transcript().envelopes().get(t.size() - 1).step() + 1, Forward.TYPE,
                new Forward(PermutationMessage.EVERYONE, 3).toBytes());
        assertThatThrownBy(() -> table.seat(0).receive(rogue)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 9, party carol: sent 'forward'; expected a request or an opening");
        assertConvicts(table.seat(0), 9, "carol");
    }

    @Test
    void aRequestForAPublicCardOrANonexistentSeatIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 6).setUp().revealPublicly(2);
        assertThatThrownBy(() -> table.seat(0).revealPublicly(2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.seat(0).revealTo(3, 3)).isInstanceOf(IllegalArgumentException.class);
        table.seat(0).cheatWith((m, body) -> m instanceof Request ? new Request(2, 1).toBytes() : body);
        assertThatThrownBy(() -> table.pump(table.seat(0), table.seat(0).revealTo(5, 1)))
                .isInstanceOf(ProtocolViolation.class).hasMessageEndingWith("party alice: position 2 is already public");
    }

    @Test
    void aHelloForAnotherGameIsRefused() throws Exception {
        Table three = new Table(3, CARDS, 7);
        Table other = new Table(3, CARDS + 1, 7);
        Envelope hello = other.seat(0).start().get(0);
        assertThatThrownBy(() -> three.seat(1).receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party alice: proposes permutation-deal/v2 n=21 for 3 players, not "
                        + "permutation-deal/v2 n=20 for 3");
        assertThat(new WireReader(hello.body()).string(64, "protocol")).isEqualTo(PermutationParameters.PROTOCOL);
    }
}
