package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The first tile of a round goes down as exactly the face-up discard the rules call for, but with its decryption
 * share tampered (re-signed by its player): the other seat refuses it naming the player and changing nothing, takes
 * the genuine discard after it, the round plays to its end, and the evidence convicts the player.
 */
class DominoesAttackTest {

    @Test
    void theCalledFaceUpDiscardOfATileWithATamperedShareIsRefusedNamingItsPlayer() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1"), 71);
        Deque<Envelope> queue = new ArrayDeque<>();
        for (TableParty<Dominoes.State, Dominoes.Move> s : table.seats) {
            queue.addAll(s.start());
        }
        String line = null;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (line == null && e.type().equals("deck") && inner(e).type().equals("discard")) {
                Envelope tampered = tampered(table, e);
                TableParty<Dominoes.State, Dominoes.Move> other = table.seat(1 - e.sender());
                Dominoes.State state = other.state();
                Dominoes.State view = other.view();
                String awaited = other.awaiting();
                assertThatThrownBy(() -> other.receive(tampered)).isInstanceOf(ProtocolViolation.class)
                        .hasMessageContaining("party " + GameTable.NAMES[e.sender()] + ": the decryption share for position ");
                assertThat(other.state()).isEqualTo(state);
                assertThat(other.view()).isEqualTo(view);
                assertThat(other.awaiting()).isEqualTo(awaited);
                line = other.rejected().get(0).reason().getMessage();
            }
            for (TableParty<Dominoes.State, Dominoes.Move> to : table.seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
        assertThat(line).as("a tile went down").isNotNull();
        for (TableParty<Dominoes.State, Dominoes.Move> p : table.seats) {
            assertThat(p.isFinished()).isTrue();
            assertThat(p.failure()).isEmpty();
        }
        TableParty<Dominoes.State, Dominoes.Move> victim = table.seats.stream().filter(p -> !p.rejected().isEmpty())
                .findFirst().orElseThrow();
        assertThat(GameTable.audit(victim).line()).isEqualTo("FAILED: " + line);
    }

    private static Envelope inner(Envelope deck) throws Exception {
        WireReader r = new WireReader(deck.body());
        r.u32();
        return Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "inner"));
    }

    private static Envelope tampered(GameTable<?, ?> table, Envelope e) throws Exception {
        WireReader r = new WireReader(e.body());
        int round = (int) r.u32();
        Envelope inner = Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "inner"));
        byte[] body = inner.body();
        body[body.length - 1] ^= 1; // the last byte of the share's proof
        var key = table.keys.get(e.sender());
        Envelope forged = Envelope.sign(key, inner.session(), inner.seq(), inner.prev(), inner.sender(), inner.step(),
                inner.type(), body);
        return Envelope.sign(key, e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(),
                TableCheats.deckBody(round, forged));
    }
}
