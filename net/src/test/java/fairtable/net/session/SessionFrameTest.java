package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The frame codec round-trips, and a player survives whatever bytes a host sends. */
class SessionFrameTest {
    private static final SplittableRandom SEEDS = new SplittableRandom(41);

    private static List<SessionFrame> samples(SplittableRandom random) {
        SigningKey host = Players.key(random);
        SigningKey player = Players.key(random);
        byte[] table = new byte[32];
        random.nextBytes(table);
        Welcome welcome = new Welcome(host.verifyingKey(), table, "table");
        Envelope e = Envelope.sign(player, new byte[32], 3, new byte[32], 1, 2, "cut", new byte[] {1, 2, 3});
        Receipt receipt = Receipt.sign(host, table, e);
        return List.of(welcome, Join.sign(player, "alice", welcome),
                new Presence(List.of(new Member("alice", player.verifyingKey(), true), new Member("bob", host.verifyingKey(), false))),
                new Relay(e), new Deliver(e, receipt.signature()), new AckFrame(Ack.sign(player, receipt)),
                new Refused(3, "taken"));
    }

    @Test
    void everyFrameRoundTrips() throws MalformedMessageException {
        for (SessionFrame f : samples(new SplittableRandom(1))) {
            assertThat(SessionFrame.decode(SessionFrame.encode(f))).isEqualTo(f);
        }
    }

    @RepeatedTest(30)
    void aPlayerNeverThrowsOnHostileBytesAndNeverBlamesAPlayerForThem() {
        SplittableRandom random = SEEDS.split();
        SigningKey key = Players.key(random);
        DeckParty party = DeckParty.create(new DeckParameters(3, 8), 1, "bob", key, random.split());
        SessionMember member = new SessionMember(party, key, "bob", Actor.PASSIVE, Duration.ofSeconds(1));
        List<SessionFrame> frames = samples(random);
        Instant now = Instant.EPOCH;
        member.onFrame(SessionFrame.encode(frames.get(0)), now);
        for (int i = 0; i < 20 && member.problem().isEmpty(); i++) {
            byte[] bytes = SessionFrame.encode(frames.get(random.nextInt(frames.size())));
            int flips = random.nextInt(4);
            for (int f = 0; f < flips; f++) {
                bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
            }
            if (random.nextInt(5) == 0) {
                bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            }
            member.onFrame(bytes, now);
            now = now.plusMillis(300);
            member.checkGaps(now);
        }
        member.problem().ifPresent(p -> assertThat(p.blamesHost()).as(p.describe()).isTrue());
        assertThat(party.transcript().size()).isZero();
    }
}
