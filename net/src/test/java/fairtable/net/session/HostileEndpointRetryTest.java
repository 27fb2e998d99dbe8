package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Connector;
import fairtable.net.memory.InMemoryTransport;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An endpoint that is not an honest host: it refuses every connection, or takes each one and hangs up at once. A
 * player retries a lost host, but not forever: it gives up, saying why, within a bounded number of tries.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileEndpointRetryTest {
    @Test
    void anEndpointThatRefusesEveryConnectionIsGivenUpAfterThePatience() {
        Players players = new Players(51, Duration.ofSeconds(60));
        Connector hangsUp = wait -> {
            throw new IOException("connection reset");
        };
        long start = System.nanoTime();
        SessionClient.Outcome o = SessionClient.run(() -> players.members.get(1), hangsUp, Duration.ofSeconds(1),
                Duration.ofMillis(20), Clock.systemUTC());
        players.shutdown();
        assertThat(o.finished()).isFalse();
        assertThat(o.trouble()).hasValueSatisfying(t -> assertThat(t).contains("could not reach the host"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void anEndpointThatTakesEachConnectionAndHangsUpIsGivenUpAfterBoundedRetries() {
        Players players = new Players(52, Duration.ofSeconds(60));
        AtomicInteger tries = new AtomicInteger();
        Connector takesAndDrops = wait -> {
            tries.incrementAndGet();
            InMemoryTransport[] pair = InMemoryTransport.pair("hostile", "bob");
            pair[0].close();
            return pair[1];
        };
        SessionClient.Outcome o = SessionClient.run(() -> players.members.get(1), takesAndDrops, Duration.ofSeconds(1),
                Duration.ofMillis(20), Clock.systemUTC());
        players.shutdown();
        assertThat(o.finished()).isFalse();
        assertThat(o.trouble()).isPresent();
        assertThat(tries.get()).isBetween(2, 11);
    }
}
