package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What the permutation deal's audit and observer say, and their own seat bounds: the verified line in full
 * (what each seat was shown, what is public), a sender just past the table, and a table too big for a hop's
 * recipient byte. Each was left unchecked by the other permutation tests: a PIT mutant of it survived them
 * (DEVELOPERS.md, Mutation testing).
 */
class PermutationAuditLinesTest {
    private static final int PLAYERS = 3;
    private static final int CARDS = 6;

    /** bob is shown position 0, position 1 is shown to everyone; the cards come from the seats' secrets. */
    @Test
    void theVerifiedLineNamesWhatEachSeatWasShownAndWhatIsPublic() throws Exception {
        Table table = new Table(PLAYERS, CARDS, 8100).setUp();
        table.revealTo(0, 1).revealPublicly(1).finish();
        Permutation layout = table.layout();
        int bobs = layout.apply(0);
        int open = layout.apply(1);
        AuditVerdict verdict = Table.audit(table.seat(2));
        assertThat(verdict.line()).isEqualTo("VERIFIED: permutation-deal/v2 n=6, 3 players (semi-honest: assumes no two"
                + " players collude); alice was shown nothing; bob was shown " + bobs + "; carol was shown nothing;"
                + " public: " + open);
        assertThat(verdict.holdings()).containsEntry("bob", List.of(bobs)).containsEntry("public", List.of(open));
    }

    /**
     * The observer's own seat bound, reached by a caller that hands it an envelope straight (a party's
     * transcript refuses such a sender first): refused with its reason, not an index out of bounds.
     */
    @Test
    void aSenderJustPastTheLastSeatIsRefusedByTheObserverItself() throws Exception {
        Table table = new Table(PLAYERS, CARDS, 8200).setUp();
        PermutationParty alice = table.seat(0);
        PermutationObserver o = Table.replay(alice);
        Envelope nobody = Envelope.sign(table.keys.get(1), alice.transcript().sessionId(), alice.transcript().size(),
                alice.transcript().head(), PLAYERS, o.nextStep(), PermutationMessage.Request.TYPE, new byte[0]);
        assertThatThrownBy(() -> o.parse(nobody)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + o.nextStep() + ", party seat 3: there is no seat 3");
    }

    /** Seat 255 is the hop recipient "everyone", so a table has at most 254 seats. */
    @Test
    void aTableOf255SeatsIsRefusedAndOneOf254Accepted() {
        PermutationParameters params = new PermutationParameters(CARDS);
        byte[] session = new byte[32];
        assertThatThrownBy(() -> new PermutationObserver(params, names(255), session))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the permutation deal needs 3 to 254 players, not 255");
        assertThat(new PermutationObserver(params, names(254), session).players()).isEqualTo(254);
    }

    private static List<String> names(int n) {
        return IntStream.range(0, n).mapToObj(i -> "seat" + i).toList();
    }

    /**
     * A transcript whose hellos seat 255 players, more than a hop's recipient byte can name: the audit says so as a
     * verdict, where the observer it would build refuses the table by throwing.
     */
    @Test
    void aTableTooBigForTheDealIsAFailedAuditNotAnException() throws Exception {
        int players = PermutationMessage.EVERYONE;
        byte[] parameters = new PermutationParameters(CARDS).toBytes();
        SplittableRandom random = new SplittableRandom(8107);
        Transcript transcript = new Transcript();
        for (int seat = 0; seat < players; seat++) {
            byte[] seed = new byte[32];
            random.nextBytes(seed);
            byte[] nonce = new byte[32];
            random.nextBytes(nonce);
            SigningKey key = SigningKey.fromSeed(seed);
            Hello hello = new Hello(
                    PermutationParameters.PROTOCOL, parameters, players, seat, "p" + seat, key.verifyingKey(), nonce);
            transcript.append(Envelope.sign(key, new byte[32], seat, transcript.head(), seat, 0,
                    Hello.TYPE, hello.toBytes()));
        }
        AuditVerdict verdict = new PermutationAudit().audit(transcript, List.of());
        assertThat(verdict.line()).isEqualTo("FAILED: step 0, party p0: this protocol needs 3 to 254 players, not 255");
    }
}
