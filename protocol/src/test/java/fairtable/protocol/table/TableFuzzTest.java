package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated table messages, re-signed with their sender's real key so that only the table's own checks can catch
 * them: each is refused by every other seat with its signer named and nothing recorded, and nothing but a
 * {@link ProtocolViolation} ever leaves {@code receive}. The honest seats then play on, and the evidence each
 * kept convicts the signer.
 */
class TableFuzzTest {
    private static final int RUNS = 24;
    /** A one-round game of three: deck hellos, keys, shuffles, the deal and its shares, three moves, shows. */
    private static final int MESSAGES_AFTER_HELLOS = 18;

    @Test
    void everyResignedMutationIsRefusedNamingItsSignerAndTheGamePlaysOn() throws Exception {
        SplittableRandom random = new SplittableRandom(20261127);
        java.util.Map<Outcome, Integer> outcomes = new java.util.EnumMap<>(Outcome.class);
        for (int run = 0; run < RUNS; run++) {
            TableSeats table = new TableSeats(3, 1, random.nextLong());
            int target = 1 + random.nextInt(MESSAGES_AFTER_HELLOS);
            long mutationSeed = random.nextLong();
            Outcome result = playMutatingOnce(table, target, new SplittableRandom(mutationSeed));
            outcomes.merge(result, 1, Integer::sum);
        }
        assertThat(outcomes.getOrDefault(Outcome.REFUSED, 0)).as("runs whose mutant every seat refused: " + outcomes)
                .isGreaterThan(RUNS * 3 / 4);
    }

    private enum Outcome { REFUSED, ACCEPTED_AS_ANOTHER_VALID_MESSAGE, GAME_ENDED_FIRST }

    /** Plays the session; the {@code target}-th message after the hellos is first offered mutated to everyone. */
    private static Outcome playMutatingOnce(TableSeats table, int target, SplittableRandom random) throws Exception {
        Deque<Envelope> queue = new ArrayDeque<>(table.seat(0).start());
        int count = 0;
        Outcome outcome = Outcome.GAME_ENDED_FIRST;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (!e.type().equals("hello") && ++count == target) {
                outcome = offerMutant(table, e, random);
                if (outcome == Outcome.ACCEPTED_AS_ANOTHER_VALID_MESSAGE) {
                    return outcome; // a valid message of its signer's: the game has taken another course
                }
            }
            for (TableParty<HighCard.State, HighCard.Move> to : table.seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            assertThat(p.isFinished()).isTrue();
            assertThat(p.failure()).isEmpty();
        }
        if (outcome == Outcome.REFUSED) {
            for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
                if (!p.rejected().isEmpty()) {
                    AuditVerdict verdict = TableSeats.audit(p);
                    assertThat(verdict.verified()).as("the evidence convicts").isFalse();
                    String signer = p.nameOf(p.rejected().get(0).envelope().sender());
                    assertThat(verdict.failure().party()).isEqualTo(signer);
                }
            }
        }
        return outcome;
    }

    private static Outcome offerMutant(TableSeats table, Envelope original, SplittableRandom random) {
        Envelope mutant = mutate(table, original, random);
        String signer = TableSeats.NAMES[original.sender()];
        int refused = 0;
        int accepted = 0;
        for (TableParty<HighCard.State, HighCard.Move> to : table.seats) {
            if (to.seat() == original.sender()) {
                continue;
            }
            int before = to.transcript().size();
            try {
                to.receive(mutant);
                accepted++;
            } catch (ProtocolViolation v) {
                refused++;
                assertThat(v.party()).as(v.getMessage()).isEqualTo(signer);
                assertThat(to.transcript().size()).isEqualTo(before);
            }
        }
        assertThat(refused == 0 || accepted == 0).as("every seat judges a message alike").isTrue();
        return accepted > 0 ? Outcome.ACCEPTED_AS_ANOTHER_VALID_MESSAGE : Outcome.REFUSED;
    }

    /** One random change to the body or type, re-signed by the sender at the same place in the chain. */
    private static Envelope mutate(TableSeats table, Envelope e, SplittableRandom random) {
        byte[] body = e.body();
        String type = e.type();
        switch (random.nextInt(6)) {
            case 0 -> body[random.nextInt(body.length)] ^= (byte) (1 << random.nextInt(8));
            case 1 -> body = Arrays.copyOf(body, random.nextInt(body.length));
            case 2 -> body = Arrays.copyOf(body, body.length + 1);
            case 3 -> type = type.equals(TableObserver.DECK) ? TableObserver.MOVE : TableObserver.DECK;
            case 4 -> body = withRound(body, 1 + random.nextInt(3));
            default -> body = innerFlipped(body, random);
        }
        return Envelope.sign(table.keys.get(e.sender()), e.session(), e.seq(), e.prev(), e.sender(), e.step(), type, body);
    }

    private static byte[] withRound(byte[] body, int delta) {
        byte[] out = body.clone();
        out[3] += (byte) delta;
        return out;
    }

    /** For a deck message, a change inside the wrapped deck message, re-signed by its author too. */
    private static byte[] innerFlipped(byte[] body, SplittableRandom random) {
        try {
            WireReader r = new WireReader(body);
            int round = (int) r.u32();
            Envelope inner = Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "inner"));
            byte[] innerBody = inner.body();
            if (innerBody.length == 0) {
                return withRound(body, 1);
            }
            innerBody[random.nextInt(innerBody.length)] ^= (byte) (1 << random.nextInt(8));
            Envelope forged = Envelope.of(inner.session(), inner.seq(), inner.prev(), inner.sender(), inner.step(),
                    inner.type(), innerBody, inner.signature());
            return new WireWriter().u32(round).blob(forged.toBytes()).toBytes();
        } catch (Exception notADeckMessage) {
            return withRound(body, 1);
        }
    }
}
