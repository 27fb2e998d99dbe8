package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Three institutions draw an allocation in memory: each reads only its own numbers, the numbers are distinct,
 * nobody can read a number from the transcript, the audit verifies without naming a number, and the board
 * alone reads the whole allocation.
 */
class AllocationTest {
    @Test
    void eachInstitutionReadsOnlyItsOwnDistinctNumbersAndTheTranscriptShowsNone() throws Exception {
        AllocationTable table = new AllocationTable(3, 30, 4, true, 1).run();
        Set<Integer> all = new HashSet<>();
        for (AllocationParty p : table.seats) {
            assertThat(p.isFinished()).isTrue();
            assertThat(p.numbers()).hasSize(4).allMatch(n -> n >= 1 && n <= 30);
            all.addAll(p.numbers());
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
            // No institution ever published its own share of its own numbers: nothing is readable publicly.
            assertThat(p.observer().publiclyReadable()).isZero();
            for (int position : table.params.positionsOf(p.seat())) {
                assertThat(p.observer().deck().shareOf(position, p.seat())).isNull();
            }
        }
        assertThat(all).hasSize(12);
        // The escrows came before the deal: steps 7, 8, 9, then the deal at 10 and the shares at 11 to 13.
        List<Envelope> messages = table.seat(0).transcript().envelopes();
        assertThat(messages.stream().map(Envelope::type).toList().subList(3, messages.size())).containsExactly(
                "key", "key", "key", "shuffle", "shuffle", "shuffle", "escrow", "escrow", "escrow", "deal",
                "shares", "shares", "shares");
        assertThat(messages.get(messages.size() - 1).step()).isEqualTo(13);
    }

    @Test
    void theAuditVerifiesAndNamesWhoTookPartAndHowManyEachHoldsButNoNumber() throws Exception {
        AllocationTable table = new AllocationTable(3, 30, 4, true, 2).run();
        AuditVerdict verdict = AllocationTable.audit(table.seat(1));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.line()).startsWith("VERIFIED: allocation/v1: 3 institutions drew 4 numbers each out of 1..30: "
                + "alpha holds 4, beta holds 4, gamma holds 4; ").contains("escrowed to the board ethics (")
                .contains("), 12 escrowed shares verified; ").endsWith("no number is readable from the transcript");
        assertThat(verdict.holdings()).containsOnlyKeys("alpha", "beta", "gamma").allSatisfy((who, numbers) ->
                assertThat(numbers).isEmpty());
    }

    @Test
    void theBoardAloneUnblindsTheAllocationAndItIsWhatEachInstitutionRead() throws Exception {
        AllocationTable table = new AllocationTable(3, 30, 4, true, 3).run();
        AllocationObserver observer = AllocationObserver.replay(table.seat(2).transcript());
        List<List<Integer>> unblinded = observer.unblind(BoardKey.escrowKeyPair(table.board));
        for (AllocationParty p : table.seats) {
            assertThat(unblinded.get(p.seat())).isEqualTo(p.numbers());
        }
        assertThatThrownBy(() -> observer.unblind(KeyPair.generate(new SplittableRandom(4))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("escrowed to the board ethics");
        // An institution's own deck key is no board key either.
        assertThatThrownBy(() -> observer.unblind(table.seat(0).deckKey())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void withoutABoardNothingIsEscrowedAndTheAllocationStillVerifies() throws Exception {
        AllocationTable table = new AllocationTable(2, 10, 5, false, 5).run();
        assertThat(table.seat(0).transcript().envelopes().stream().map(Envelope::type)).doesNotContain(Escrow.TYPE);
        Set<Integer> all = new HashSet<>(table.seat(0).numbers());
        all.addAll(table.seat(1).numbers());
        assertThat(all).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        AuditVerdict verdict = AllocationTable.audit(table.seat(0));
        assertThat(verdict.line()).contains("escrowed to no board");
        AllocationObserver observer = AllocationObserver.replay(table.seat(0).transcript());
        assertThatThrownBy(() -> observer.unblind(BoardKey.escrowKeyPair(table.board)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no board");
    }

    /** An institution that never escrows holds everyone up before anyone has read a number. */
    @Test
    void nobodyReadsANumberBeforeEveryEscrowIsIn() throws Exception {
        AllocationTable table = new AllocationTable(3, 30, 4, true, 6);
        table.wire = (to, e) -> e.type().equals(Escrow.TYPE) && e.sender() == 2 ? null : e;
        table.run();
        for (AllocationParty p : table.seats) {
            assertThat(p.numbers()).isEmpty();
        }
        assertThat(table.seat(0).awaiting()).isEqualTo("gamma to escrow its shares to the board (step 9)");
        assertThat(table.seat(0).observer().awaitedSeat()).hasValue(2);
        AuditVerdict verdict = AllocationTable.audit(table.seat(0));
        assertThat(verdict.line()).isEqualTo("FAILED: step 9, party gamma: the transcript ends before the allocation is "
                + "complete: awaiting gamma to escrow its shares to the board (step 9)");
    }

    @Test
    void aSavedInstitutionIsRestoredAndFinishesTheDraw() throws Exception {
        AllocationTable table = new AllocationTable(3, 30, 4, true, 7);
        List<Envelope> missed = new ArrayList<>();
        table.wire = (to, e) -> {
            if (to.seat() == 1 && e.type().equals(Escrow.TYPE)) {
                missed.add(e);
                return null;
            }
            return e;
        };
        table.run();
        assertThat(table.seat(0).awaiting()).startsWith("beta to escrow");
        AllocationParty beta = AllocationParty.restore(table.seat(1).snapshot(), table.keys.get(1), new SplittableRandom(8));
        assertThat(beta.awaiting()).isEqualTo(table.seat(1).awaiting());
        table.seats.set(1, beta);
        table.wire = (to, e) -> e;
        for (Envelope e : missed) {
            table.pump(beta.receive(e));
        }
        assertThat(beta.isFinished()).isTrue();
        assertThat(beta.numbers()).hasSize(4);
        assertThat(beta.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        assertThat(AllocationTable.audit(beta).verified()).isTrue();
    }

    @Test
    void aHelloForAnotherBoardIsRefusedNamingTheInstitution() throws Exception {
        AllocationTable table = new AllocationTable(2, 10, 2, true, 9);
        SigningKey otherBoard = AllocationTable.key(new SplittableRandom(10));
        AllocationParameters other = new AllocationParameters(2, 10, 2,
                Optional.of(BoardKey.of("ethics", otherBoard, new SplittableRandom(11))));
        AllocationParty alpha = AllocationParty.create(other, 0, "alpha", table.keys.get(0), new SplittableRandom(12));
        Envelope hello = alpha.start().get(0);
        assertThatThrownBy(() -> table.seat(1).receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party alpha: proposes allocation/v1 with 2 institutions, 2 numbers each out of 1..10, "
                        + "escrowed to the board ethics (" + otherBoard.verifyingKey().fingerprint() + "), not "
                        + table.params.toString().replaceFirst("^", "allocation/v1 with "));
        assertThat(table.seat(1).rejected()).hasSize(1);
    }

    /** A board's card altered in a hello (here its name) no longer carries its signature: the hello is refused. */
    @Test
    void aHelloWithATamperedBoardCardIsRefusedNamingTheInstitution() throws Exception {
        AllocationTable table = new AllocationTable(2, 10, 2, true, 13);
        byte[] parameters = table.params.toBytes();
        int at = indexOf(parameters, "ethics".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        parameters[at] = 'E';
        Hello hello = new Hello(AllocationParameters.PROTOCOL, parameters, 2, 0, "alpha", table.keys.get(0).verifyingKey(),
                new byte[Hello.NONCE_LENGTH]);
        Envelope e = new Transcript().seal(table.keys.get(0), 0, 0, Hello.TYPE, hello.toBytes());
        assertThatThrownBy(() -> table.seat(1).receive(e)).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 0, party alpha: proposes allocation/v1 with unreadable parameters, not ");
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void impossibleAllocationsAreRefused() {
        assertThatThrownBy(() -> new AllocationParameters(3, 10, 4, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot each obtain 4");
        assertThatThrownBy(() -> new AllocationParameters(11, 100, 1, Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AllocationParameters(2, 10, 0, Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    }
}
