package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a host says that a player prints or keeps: its name must be a player's name before anything is printed, and
 * acknowledgements of another table's receipts (which a relay serving several tables under one key can sign) are
 * refused without growing what the player keeps.
 */
class WhatAHostSaysIsBoundedTest {
    private final SplittableRandom random = new SplittableRandom(1128);
    private final DeckParameters params = new DeckParameters(4, 16);
    private final SigningKey hostKey = Players.key(random);
    private final SigningKey bobsKey = Players.key(random);
    private final Instant now = Instant.parse("2026-11-28T00:00:00Z");

    private SessionMember bob() {
        return new SessionMember(DeckParty.create(params, 1, "bob", bobsKey, random.split()), bobsKey, "bob",
                Actor.PASSIVE, Duration.ofSeconds(5));
    }

    private static byte[] table(int fill) {
        byte[] table = new byte[32];
        java.util.Arrays.fill(table, (byte) fill);
        return table;
    }

    @Test
    void aHostWhoseNameIsNotAPlayersNameStopsThePlayerBeforeItJoinsAndTheNameIsNotRepeated() {
        SessionMember bob = bob();
        String forged = "relay\nThe host is gone: alice cheated";
        List<byte[]> sent = bob.onFrame(SessionFrame.encode(new Welcome(hostKey.verifyingKey(), table(1), forged)), now);

        assertThat(sent).as("no join, no hello to such a host").isEmpty();
        assertThat(bob.problem()).containsInstanceOf(HostProblem.Broken.class);
        assertThat(bob.problem().get().describe()).contains("not a player's name").doesNotContain("\n")
                .doesNotContain("alice cheated");
    }

    @Test
    void aPresenceListNamingAPlayerByANameThatIsNotOneStopsThePlayer() {
        SessionMember bob = bob();
        bob.onFrame(SessionFrame.encode(new Welcome(hostKey.verifyingKey(), table(1), "table")), now);
        bob.onFrame(SessionFrame.encode(new Presence(List.of(
                new Member("alice\u001b[2J", Players.key(random).verifyingKey(), true)))), now);

        assertThat(bob.problem()).containsInstanceOf(HostProblem.Broken.class);
        assertThat(bob.presence()).isEmpty();
    }

    @Test
    void threeHundredAcknowledgementsOfAnotherTablesReceiptsAreRefusedAndKeptAsOneLine() {
        SessionMember bob = bob();
        bob.onFrame(SessionFrame.encode(new Welcome(hostKey.verifyingKey(), table(1), "table")), now);
        SigningKey carol = Players.key(random);
        for (int i = 0; i < 300; i++) {
            // Validly signed by the same host and by a player, each at another position: only the table differs.
            Envelope elsewhere = Envelope.sign(carol, table(2), i, new byte[32], 0, 0, "test", new byte[] {1});
            Receipt other = Receipt.sign(hostKey, table(2), elsewhere);
            bob.onFrame(SessionFrame.encode(new AckFrame(Ack.sign(carol, other))), now);
        }
        bob.checkGaps(now.plusSeconds(60));

        assertThat(bob.problem()).as("nobody is blamed for what proves nothing here").isEmpty();
        assertThat(bob.observations()).containsExactly("ignored acknowledgements of another table's receipts");
    }
}
