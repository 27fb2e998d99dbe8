package fairtable.protocol.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The one walk every audit takes (docs/evidence.md), on a toy two-seat game: which refused messages it judges. */
class ProtocolAuditWalkTest {
    private static final String PROTOCOL = "toy/v1";
    private static final byte[] PARAMETERS = {7};

    private final SplittableRandom random = new SplittableRandom(20261127);
    private final SigningKey aliceKey = key();
    private final SigningKey bobKey = key();
    private final List<Envelope> judged = new ArrayList<>();
    private Transcript transcript;

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** Alice's transcript: both hellos, then her note at step 1 (message 2). */
    @BeforeEach
    void play() throws ProtocolViolation {
        PartyCore alice = new PartyCore(0, "alice", aliceKey);
        PartyCore bob = new PartyCore(1, "bob", bobKey);
        bob.acceptHello(alice.sendHello(PROTOCOL, PARAMETERS, 2, random), PROTOCOL, PARAMETERS, 2, h -> "no");
        alice.acceptHello(bob.sendHello(PROTOCOL, PARAMETERS, 2, random), PROTOCOL, PARAMETERS, 2, h -> "no");
        alice.seal(1, "note", new byte[] {1});
        transcript = alice.transcript();
    }

    /** Bob's message signed with {@code key} as number {@code seq} after {@code prev}. */
    private Envelope bobs(SigningKey key, long seq, byte[] prev) {
        return Envelope.sign(key, transcript.sessionId(), seq, prev, 1, 2, "note", new byte[] {2});
    }

    private void walk(List<Envelope> refused, String blamed) throws ProtocolViolation {
        ProtocolAudit.walk(transcript, refused, e -> {
            judged.add(e);
            throw new ProtocolViolation(e.step(), blamed, "breaks the toy rules");
        }, e -> { });
    }

    @Test
    void aFittingMessageIsJudgedAndConvictsItsSignerWhoeverTheCheckNames() {
        Envelope fits = bobs(bobKey, 3, transcript.head());
        assertThat(transcript.misfitAt(fits, 3)).isNull();
        assertThatThrownBy(() -> walk(List.of(fits), "alice")).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 2, party bob: breaks the toy rules");
        assertThat(judged).containsExactly(fits);
    }

    @Test
    void aMessageThatFitsAnEarlierPlaceIsJudgedThere() {
        // Signed by bob right after the hellos: the place of message 2, where alice's note stands.
        Envelope earlier = bobs(bobKey, 2, transcript.envelopes().get(1).hash());
        assertThatThrownBy(() -> walk(List.of(earlier), "bob")).hasMessage("step 2, party bob: breaks the toy rules");
        assertThat(judged).containsExactly(earlier);
    }

    @Test
    void misfitsAndAcceptedMessagesAreNeverJudged() throws ProtocolViolation {
        byte[] otherPrev = transcript.head();
        otherPrev[0] ^= 1;
        Envelope forged = bobs(aliceKey, 3, transcript.head());
        Envelope elsewhere = bobs(bobKey, 3, otherPrev);
        Envelope numberedOn = bobs(bobKey, 4, transcript.head());
        Envelope otherSession = Envelope.sign(bobKey, new byte[32], 3, transcript.head(), 1, 2, "note", new byte[] {2});
        Envelope noSeat = Envelope.sign(bobKey, transcript.sessionId(), 3, transcript.head(), 5, 2, "note", new byte[] {2});
        walk(List.of(forged, elsewhere, numberedOn, otherSession, noSeat, transcript.envelopes().get(2)), "bob");
        assertThat(judged).isEmpty();
        assertThat(transcript.misfitAt(forged, 3).refusal())
                .isEqualTo("a message in bob's name with a bad signature was refused; it proves nothing against bob");
        assertThat(transcript.misfitAt(elsewhere, 3).refusal()).isEqualTo(
                "a message signed by bob that does not follow message 2 was refused; it proves nothing against bob");
        assertThat(transcript.misfitAt(numberedOn, 3).refusal()).isEqualTo("a message signed by bob as number 4"
                + " (number 3 was due) was refused; it proves nothing against bob");
        assertThat(transcript.misfitAt(otherSession, 3).refusal())
                .isEqualTo("a message signed by bob in another session was refused; it proves nothing against bob");
        assertThat(transcript.misfitAt(noSeat, 3).refusal()).isEqualTo("a message in the name of seat 5 (there is no"
                + " such seat) was refused; it proves nothing against anyone");
    }
}
