package fairtable.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.transcript.Envelope;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An earlier seat's hello that takes a later seat's name (or key) must be refused by that later seat: accepted, it
 * would make the party's own hello break the chain, and the failure would escape {@code receive}.
 */
class HelloTakesMyNameTest {
    private final SplittableRandom random = new SplittableRandom(47);

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** Seat 1, bob, of a game of the kind {@code party} makes, offered seat 0's hello under his name, then his key. */
    private void refusesEarlierHelloInItsNameOrKey(SeatMaker party) {
        SigningKey bobsKey = key();
        Party bob = party.make(1, "bob", bobsKey);

        Envelope namedBob = party.make(0, "bob", key()).start().get(0);
        ProtocolViolation v = catchThrowableOfType(ProtocolViolation.class, () -> bob.receive(namedBob));
        assertThat(v.party()).isEqualTo("bob");
        assertThat(v.reason()).isEqualTo("takes my name before my hello");

        Envelope withBobsKey = party.make(0, "alice", bobsKey).start().get(0);
        ProtocolViolation replay = catchThrowableOfType(ProtocolViolation.class, () -> bob.receive(withBobsKey));
        assertThat(replay.provesNothing()).isTrue();
        assertThat(bob.transcript().size()).isZero();
    }

    /** A new seat of one game. */
    private interface SeatMaker {
        Party make(int seat, String name, SigningKey key);
    }

    @Test
    void aDeckSeat() {
        DeckParameters params = new DeckParameters(2, 16);
        refusesEarlierHelloInItsNameOrKey((seat, name, k) -> DeckParty.create(params, seat, name, k, random.split()));
    }

    @Test
    void aPermutationSeat() {
        PermutationParameters params = new PermutationParameters(8);
        refusesEarlierHelloInItsNameOrKey(
                (seat, name, k) -> PermutationParty.create(params, 3, seat, name, k, random.split()));
    }
}
