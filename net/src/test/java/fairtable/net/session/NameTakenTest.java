package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A player whose hello comes first takes the name of a player seated after it. The host places it (no hello before
 * it uses that name); the later player must stop naming its signer, not throw out of the session layer.
 */
class NameTakenTest {
    private final SplittableRandom random = new SplittableRandom(43);
    private final DeckParameters params = new DeckParameters(4, 16);
    private final SigningKey hostKey = Players.key(random);
    private final Welcome welcome = new Welcome(hostKey.verifyingKey(), new byte[32], "table");
    private final Instant now = Instant.parse("2026-11-27T22:00:00Z");

    @Test
    void aHelloInTheNameOfALaterSeatStopsThatSeatNamingItsSigner() {
        Envelope malloryAsBob = DeckParty.create(params, 0, "bob", Players.key(random), random.split()).start().get(0);
        SigningKey bobsKey = Players.key(random);
        SessionMember bob = new SessionMember(DeckParty.create(params, 1, "bob", bobsKey, random.split()), bobsKey,
                "bob", Actor.PASSIVE, Duration.ofSeconds(5));
        bob.onFrame(SessionFrame.encode(welcome), now);
        Receipt receipt = Receipt.sign(hostKey, welcome.table(), malloryAsBob);

        bob.onFrame(SessionFrame.encode(new Deliver(malloryAsBob, receipt.signature())), now);

        assertThat(bob.problem()).containsInstanceOf(HostProblem.Violation.class);
        ProtocolViolation v = ((HostProblem.Violation) bob.problem().get()).violation();
        assertThat(v.party()).isEqualTo("bob");
        assertThat(v.getMessage()).contains("my name");
        assertThat(bob.party().transcript().size()).isZero();
    }
}
