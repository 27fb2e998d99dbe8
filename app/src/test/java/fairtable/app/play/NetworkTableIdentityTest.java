package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.table.TableNode;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.ProtocolViolation;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * On a TLS table every seat's messages must be signed by the identity that opened its channel: a guest who
 * signs its game with any other key is stopped at its first message, and named.
 */
class NetworkTableIdentityTest {
    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    private static final TableConfig CONFIG =
            new TableConfig(GameKind.HOLDEM, List.of("ann", "ben"), 1, 1000, false, 11L);

    /** The host knows ben by {@code channelKey}; ben's node signs with {@code gameKey}. */
    private static Throwable play(SigningKey channelKey, SigningKey gameKey) throws Exception {
        SigningKey ann = key(1);
        InMemoryTransport[] wire = InMemoryTransport.pair("ann", "ben");
        List<VerifyingKey> keys = List.of(ann.verifyingKey(), channelKey.verifyingKey());
        NetworkTable.Terms terms = new NetworkTable.Terms("00112233445566778899aabbccddeeff", GameKind.HOLDEM, 1, 1000, false, 0, CONFIG.names(), keys);
        TableNode host = CONFIG.botSeat(0, ann);
        TableNode guest = CONFIG.botSeat(1, gameKey);
        CompletableFuture<Void> ben = CompletableFuture.runAsync(() -> {
            try {
                NetworkTable.playGuest(guest, wire[1], terms.withSeat(1), channelKey, Duration.ofSeconds(20));
            } catch (Exception e) {
                wire[1].close();
            }
        });
        try {
            NetworkTable.playHost(host, List.of(wire[0]), terms, ann, Duration.ofSeconds(20));
            return null;
        } catch (ProtocolViolation | java.io.IOException | java.util.concurrent.TimeoutException e) {
            return e;
        } finally {
            wire[0].close();
            ben.join();
        }
    }

    @Test
    void aGuestSigningWithItsOwnIdentityPlaysTheHandThrough() throws Exception {
        assertThat(play(key(2), key(2))).isNull();
    }

    @Test
    void aGuestSigningWithAnotherKeyThanItsChannelsIsNamedAtItsFirstMessage() throws Exception {
        Throwable stopped = play(key(2), key(3));
        assertThat(stopped).isInstanceOf(ProtocolViolation.class);
        assertThat(stopped.getMessage()).contains("ben").contains("key other than the identity that opened its channel");
    }
}
