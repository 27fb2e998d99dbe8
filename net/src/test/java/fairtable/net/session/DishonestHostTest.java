package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.wire.MalformedMessageException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A host that drops or reorders deliveries, with real threads and an in-memory network. */
class DishonestHostTest {
    private static long seqOf(byte[] frame) {
        try {
            return SessionFrame.decode(frame) instanceof Deliver d ? d.envelope().seq() : -1;
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static Function<Integer, Transport> connector(SessionHost host) {
        return seat -> {
            InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
            host.admit(pair[0]);
            return pair[1];
        };
    }

    @Test
    void aDroppedMessageIsBlamedOnTheHostByThePlayerItWasKeptFrom() throws Exception {
        Players players = new Players(11, Duration.ofMillis(300));
        SplittableRandom random = new SplittableRandom(12);
        SessionHost.Tamper dropSixForDave = (player, frame) ->
                player.equals("dave") && seqOf(frame) == 6 ? List.of() : List.of(frame);
        try (SessionHost host = new SessionHost("table", Players.key(random), random, dropSixForDave)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host), Duration.ofSeconds(30));
            SessionClient.Outcome dave = outcomes.get(3).get(30, TimeUnit.SECONDS);
            assertThat(dave.problem()).containsInstanceOf(HostProblem.Withheld.class);
            HostProblem.Withheld withheld = (HostProblem.Withheld) dave.problem().get();
            assertThat(withheld.seq()).isEqualTo(6);
            assertThat(withheld.blamesHost()).isTrue();
            // The proof is the host's own signature on placing message 6 (or a later one).
            assertThat(withheld.proof().isSignedBy(host.key())).isTrue();
            assertThat(withheld.proof().seq()).isGreaterThanOrEqualTo(6);
            assertThat(withheld.describe()).contains("withheld message #6");
            host.close();
            for (int s = 0; s < 3; s++) {
                SessionClient.Outcome o = outcomes.get(s).get(30, TimeUnit.SECONDS);
                assertThat(o.finished()).isFalse();
                assertThat(o.problem()).as("seat %d blames nobody: it missed nothing", s).isEmpty();
            }
        } finally {
            players.shutdown();
        }
    }

    @Test
    void aReorderedDeliveryIsNoticedAndHealed() throws Exception {
        Players players = new Players(13, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(14);
        List<byte[]> held = new ArrayList<>();
        SessionHost.Tamper swapFourAndFiveForCarol = (player, frame) -> {
            if (!player.equals("carol")) {
                return List.of(frame);
            }
            long seq = seqOf(frame);
            if (seq == 4) {
                held.add(frame);
                return List.of();
            }
            if (seq == 5) {
                return List.of(frame, held.get(0));
            }
            return List.of(frame);
        };
        try (SessionHost host = new SessionHost("table", Players.key(random), random, swapFourAndFiveForCarol)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host), Duration.ofSeconds(30));
            for (Future<SessionClient.Outcome> f : outcomes) {
                SessionClient.Outcome o = f.get(60, TimeUnit.SECONDS);
                assertThat(o.problem()).isEmpty();
                assertThat(o.finished()).isTrue();
            }
            assertThat(held).hasSize(1);
            assertThat(players.members.get(2).observations()).containsExactly("the host delivered message #5 before #4");
            for (DeckParty p : players.parties) {
                assertThat(p.transcript().envelopes()).isEqualTo(host.placed());
                assertThat(Players.audit(p).line()).startsWith("VERIFIED");
            }
        } finally {
            players.shutdown();
        }
    }
}
