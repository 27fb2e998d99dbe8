package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Tile;
import fairtable.games.poker.Action;
import fairtable.games.table.PokerPlayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeatLogTest {
    @TempDir
    Path dir;

    private static SigningKey key() {
        byte[] seed = new byte[32];
        new SplittableRandom(3).nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static NetworkTable.Terms terms() {
        return new NetworkTable.Terms("00112233445566778899aabbccddeeff", GameKind.HOLDEM, 3, 1000, false, 1, List.of("ann", "ben"), List.of());
    }

    @Test
    void everyDecisionAPlayerCanMakeReadsBackTheSame() {
        List<Action> actions = List.of(Action.fold(), Action.check(), Action.call(), Action.raiseTo(140),
                Action.draw(List.of()), Action.draw(Card.parseAll("7c 2s Kd")), Action.show(List.of()),
                Action.show(Card.parseAll("As Kd")), Action.muck());
        for (Action action : actions) {
            assertThat(Action.parse(SeatLog.words(action))).as(action.toString()).isEqualTo(action);
        }
        for (int index = 0; index < Tile.COUNT; index++) {
            for (End end : End.values()) {
                DominoMove play = DominoMove.play(Tile.ofIndex(index), end);
                assertThat(SeatLog.move(SeatLog.bytes(play))).isEqualTo(play);
            }
        }
        assertThat(SeatLog.move(SeatLog.bytes(DominoMove.DRAW))).isEqualTo(DominoMove.DRAW);
        assertThat(SeatLog.move(SeatLog.bytes(DominoMove.PASS))).isEqualTo(DominoMove.PASS);
    }

    @Test
    void aReopenedLogGivesBackTheDrawsDecisionsAndFramesInOrderThenGoesLive() throws Exception {
        Path file = dir.resolve("seat.journal");
        List<Long> drawn = new ArrayList<>();
        try (SeatLog log = SeatLog.open(file, key())) {
            assertThat(log.header()).isEmpty();
            log.begin(new SeatLog.Header(terms(), false, new byte[0]));
            RandomGenerator secrets = log.secrets(new SplittableRandom(7));
            PokerPlayer player = log.poker(view -> Action.raiseTo(60));
            drawn.add(secrets.nextLong());
            log.flush();
            drawn.add(secrets.nextLong());
            assertThat(player.decide(null)).isEqualTo(Action.raiseTo(60));
            log.consumed(0, new byte[] {1, 2, 3});
            secrets.nextLong(); // drawn but never written: its answer never left the process
        }
        try (SeatLog log = SeatLog.open(file, key())) {
            assertThat(log.header().orElseThrow().terms().line()).isEqualTo(terms().line());
            assertThat(log.frames()).singleElement().satisfies(f -> assertThat(f.bytes()).containsExactly(1, 2, 3));
            RandomGenerator secrets = log.secrets(new SplittableRandom(99));
            PokerPlayer player = log.poker(view -> Action.fold());
            assertThatThrownBy(log::checkReplayed).hasMessageContaining("2 random draws and 1 decisions left over");
            assertThat(List.of(secrets.nextLong(), secrets.nextLong())).isEqualTo(drawn);
            assertThat(player.decide(null)).isEqualTo(Action.raiseTo(60)); // the recorded one, not the live fold
            log.checkReplayed();
            assertThat(player.decide(null)).isEqualTo(Action.fold());
            assertThat(secrets.nextLong()).isEqualTo(new SplittableRandom(99).nextLong());
        }
    }
}
