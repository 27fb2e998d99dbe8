package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Transport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A table may allow more than a day of silence (a correspondence pace over a live connection): a transport whose
 * reads give up after a day does not cut that short. Time runs fast here: one day is 100 ms.
 */
class LongSilenceTest {
    private static final long SPEED = 864_000;

    @Test
    void twoDaysAllowedAreTwoDaysWaitedThoughEachReadGivesUpAfterOne() throws Exception {
        Players players = new Players(5, Duration.ofDays(3), false);
        long start = System.nanoTime();
        Instant origin = Instant.parse("2026-01-01T00:00:00Z");
        Clock fast = new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return origin.plusNanos((System.nanoTime() - start) * SPEED);
            }
        };
        Transport silentHost = new Transport() {
            @Override
            public void send(byte[] frame) {
            }

            @Override
            public byte[] receive(Duration timeout) throws TimeoutException {
                try {
                    Thread.sleep(Math.max(1, timeout.toMillis() / SPEED));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new TimeoutException("nothing within " + timeout);
            }

            @Override
            public String peer() {
                return "host";
            }

            @Override
            public void close() {
            }
        };
        try {
            SessionClient.Outcome outcome = SessionClient.run(players.members.get(1), silentHost, Duration.ofDays(2),
                    Duration.ofMillis(5), fast);
            assertThat(Duration.between(origin, fast.instant())).isGreaterThanOrEqualTo(Duration.ofDays(2));
            assertThat(outcome.trouble()).hasValueSatisfying(t -> assertThat(t).contains("silent for 172800 s"));
        } finally {
            players.shutdown();
        }
    }
}
