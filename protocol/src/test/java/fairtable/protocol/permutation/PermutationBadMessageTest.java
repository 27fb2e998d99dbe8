package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.permutation.PermutationMessage.Commitments;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Request;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireReader;
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
        table.seat(1).cheatWith((m, body) -> m instanceof Forward f ? new Forward(0, f.value()).toBytes() : body);
        int step = 8; // 2 handouts, 3 commitments, the request, alice's hop, then bob's
        assertThatThrownBy(() -> table.revealTo(4, 2)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party bob: sends hop 2 of the reveal to alice instead of carol");
        assertConvicts(table.seat(0), step, "bob");
    }

    @Test
    void aValueOutsideTheDeckIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 2).setUp();
        table.seat(0).cheatWith((m, body) -> m instanceof Forward f ? new Forward(f.to(), CARDS).toBytes() : body);
        assertThatThrownBy(() -> table.revealPublicly(3)).isInstanceOf(ProtocolViolation.class)
                .hasMessageEndingWith("party alice: value 20 is outside 0..19");
        assertThat(table.seat(1).rejected()).hasSize(1);
        assertConvicts(table.seat(1), table.seat(1).rejected().get(0).envelope().step(), "alice");
    }

    @Test
    void halvesForTheWrongSeatAreRefused() throws Exception {
        Table table = new Table(3, CARDS, 3);
        table.last().cheatWith((m, body) -> m instanceof Handout h && h.to() == 0
                ? new Handout(0, h.factors().subList(0, 1)).toBytes() : body);
        assertThatThrownBy(table::setUp).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 1, party carol: hands alice the halves");
        assertConvicts(table.seat(0), 1, "carol");
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
        assertConvicts(table.seat(0), 4, "bob");
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
                .hasMessage("step 6, party carol: sent 'forward'; expected a request or an opening");
        assertConvicts(table.seat(0), 6, "carol");
    }

    @Test
    void aRequestForAPublicCardOrANonexistentSeatIsRefused() throws Exception {
        Table table = new Table(3, CARDS, 6).setUp().revealPublicly(2);
        assertThatThrownBy(() -> table.seat(1).revealPublicly(2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table.seat(1).revealTo(3, 3)).isInstanceOf(IllegalArgumentException.class);
        table.seat(1).cheatWith((m, body) -> m instanceof Request ? new Request(2, 1).toBytes() : body);
        assertThatThrownBy(() -> table.pump(table.seat(1), table.seat(1).revealTo(5, 1)))
                .isInstanceOf(ProtocolViolation.class).hasMessageEndingWith("party bob: position 2 is already public");
    }

    @Test
    void aHelloForAnotherGameIsRefused() throws Exception {
        Table three = new Table(3, CARDS, 7);
        Table other = new Table(3, CARDS + 1, 7);
        Envelope hello = other.seat(0).start().get(0);
        assertThatThrownBy(() -> three.seat(1).receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party alice: proposes permutation-deal/v1 n=21 for 3 players, not "
                        + "permutation-deal/v1 n=20 for 3");
        assertThat(new WireReader(hello.body()).string(64, "protocol")).isEqualTo(PermutationParameters.PROTOCOL);
    }
}
