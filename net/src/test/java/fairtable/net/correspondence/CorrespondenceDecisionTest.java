package fairtable.net.correspondence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game where the user chooses moves between messages (mahjong-shogi/v1): the summary says whose move it is, a
 * move is journaled with the messages it sends, and a refused move leaves the game on disk as it was.
 */
class CorrespondenceDecisionTest {
    private static final MahjongParameters PARAMS = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(10);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    static final class Rules implements CorrespondenceGame.Rules<MahjongParty> {
        @Override
        public MahjongParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return MahjongParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(MahjongParty party) {
            return List.of();
        }

        @Override
        public boolean awaitsUser(MahjongParty party) {
            return party.isMyTurn();
        }
    }

    private final SplittableRandom random = new SplittableRandom(7);
    private final SigningKey alice = key();
    private final SigningKey bob = key();

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** The standard 25 tiles on the first 25 home squares of {@code seat}, in kind order. */
    private static Map<Integer, Integer> placement(int seat) {
        Map<Integer, Integer> kinds = new TreeMap<>();
        int square = seat == 0 ? 0 : 54;
        for (int kind = 1; kind <= 13; kind++) {
            for (int i = 0; i < PARAMS.counts().get(kind - 1); i++) {
                kinds.put(square++, kind);
            }
        }
        return kinds;
    }

    private String send(Path dir, SigningKey key, String text) throws Exception {
        CorrespondenceGame<MahjongParty> g = CorrespondenceGame.open(dir, key, new Rules(), random.split(), CLOCK);
        try {
            return g.importText(text).armoredReplies();
        } finally {
            g.close();
        }
    }

    @Test
    void theMoverIsToldItIsTheirMoveAndAMoveIsJournaledWithItsMessages() throws Exception {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        CorrespondenceGame<MahjongParty> ga = CorrespondenceGame.create(a, alice,
                MahjongParty.create(PARAMS, 0, "alice", alice, placement(0), random.split()), new Rules(), CLOCK);
        String hello = ga.armor(ga.outgoingOfLastStep());
        ga.close();
        CorrespondenceGame<MahjongParty> gb = CorrespondenceGame.create(b, bob,
                MahjongParty.create(PARAMS, 1, "bob", bob, placement(1), random.split()), new Rules(), CLOCK);
        String bobHello = gb.importText(hello).armoredReplies();
        gb.close();
        String aliceSetup = send(a, alice, bobHello);
        String bobSetup = send(b, bob, aliceSetup);
        assertThat(send(a, alice, bobSetup)).isEmpty();

        assertThat(GameStatus.read(a).yourMove()).isTrue();
        assertThat(GameStatus.read(a).state()).isEqualTo("YOUR MOVE");
        assertThat(GameStatus.read(b).yourMove()).isFalse();
        assertThat(GameStatus.read(b).state()).isEqualTo("awaiting alice's move");

        // Bob cannot move out of turn, and his game on disk does not change.
        byte[] bobJournal = Files.readAllBytes(b.resolve(CorrespondenceGame.JOURNAL));
        CorrespondenceGame<MahjongParty> early = CorrespondenceGame.open(b, bob, new Rules(), random.split(), CLOCK);
        try {
            assertThatThrownBy(() -> early.decide(p -> p.move(54, 45))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not my move");
        } finally {
            early.close();
        }
        assertThat(Files.readAllBytes(b.resolve(CorrespondenceGame.JOURNAL))).isEqualTo(bobJournal);

        // Alice's illegal move (two squares) is refused; her legal one is journaled and filed in the outbox.
        byte[] aliceJournal = Files.readAllBytes(a.resolve(CorrespondenceGame.JOURNAL));
        CorrespondenceGame<MahjongParty> mover = CorrespondenceGame.open(a, alice, new Rules(), random.split(), CLOCK);
        String step;
        try {
            assertThatThrownBy(() -> mover.decide(p -> p.move(18, 36))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("illegal move a3-a5");
            assertThat(Files.readAllBytes(a.resolve(CorrespondenceGame.JOURNAL))).isEqualTo(aliceJournal);
            List<Envelope> sent = mover.decide(p -> p.move(18, 27));
            assertThat(sent).extracting(Envelope::type).containsExactly("move");
            assertThat(mover.outgoingOfLastStep()).isEqualTo(sent);
            step = mover.armor(sent);
        } finally {
            mover.close();
        }
        assertThat(GameStatus.read(a).state()).isEqualTo("awaiting bob's move");
        CorrespondenceGame<MahjongParty> reopened = CorrespondenceGame.open(a, alice, new Rules(), random.split(), CLOCK);
        try {
            assertThat(reopened.party().observer().moves()).extracting(MahjongObserver.Played::to).containsExactly(27);
            // The hidden placement is part of the journaled state, not of any other file.
            assertThat(reopened.party().placement()).isEqualTo(placement(0));
        } finally {
            reopened.close();
        }
        assertThat(send(b, bob, step)).isEmpty();
        assertThat(GameStatus.read(b).state()).isEqualTo("YOUR MOVE");
    }
}
