package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.Transport;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/** Four deck players, seat 0 dealing two cards each and then ending the game, each on a thread of its own. */
final class Players {
    static final String[] NAMES = {"alice", "bob", "carol", "dave"};

    final DeckParameters params = new DeckParameters(4, 16);
    final List<SigningKey> keys = new ArrayList<>();
    final List<DeckParty> parties = new ArrayList<>();
    final List<SessionMember> members = new ArrayList<>();
    private final ExecutorService threads = Executors.newFixedThreadPool(4);

    Players(long seed, Duration patience) {
        this(seed, patience, true);
    }

    /** Without {@code seatZeroDeals} every player only answers: the table stays idle after the shuffle. */
    Players(long seed, Duration patience, boolean seatZeroDeals) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int s = 0; s < 4; s++) {
            keys.add(key(random));
        }
        for (int s = 0; s < 4; s++) {
            DeckParty p = DeckParty.create(params, s, NAMES[s], keys.get(s), random.split());
            parties.add(p);
            members.add(new SessionMember(p, keys.get(s), NAMES[s], s == 0 && seatZeroDeals ? dealThenReveal(p) : Actor.PASSIVE,
                    patience));
        }
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    static Actor dealThenReveal(DeckParty p) {
        boolean[] dealt = {false};
        return () -> {
            if (!p.isIdle()) {
                return List.of();
            }
            if (!dealt[0]) {
                dealt[0] = true;
                return p.dealEach(2);
            }
            return p.reveal();
        };
    }

    /** Starts every player, connected by {@code connect}. */
    List<Future<SessionClient.Outcome>> play(Function<Integer, Transport> connect, Duration silence) {
        List<Future<SessionClient.Outcome>> outcomes = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            int seat = s;
            outcomes.add(threads.submit(() -> SessionClient.run(members.get(seat), connect.apply(seat), silence,
                    Duration.ofMillis(20), Clock.systemUTC())));
        }
        return outcomes;
    }

    void shutdown() {
        threads.shutdownNow();
    }

    static AuditVerdict audit(Party p) {
        List<Envelope> refused = p.rejected().stream().map(Party.Rejected::envelope).toList();
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused));
    }
}
