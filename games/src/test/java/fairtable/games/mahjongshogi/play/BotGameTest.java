package fairtable.games.mahjongshogi.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.mahjongshogi.BattleResult;
import fairtable.games.mahjongshogi.MahjongShogiReplay;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Square;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seeded bots-only games over the protocol finish, agree with the rules engine's replay, and audit VERIFIED. */
class BotGameTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void ristrettoBotGamesFinishAndVerify(long seed) throws ProtocolViolation {
        BotGame game = new BotGame(MahjongParameters.standard(MahjongMode.RISTRETTO), List.of("east", "west"),
                new SplittableRandom(seed), new SplittableRandom(seed + 1000)).play();
        assertThat(game.party(0).isFinished()).isTrue();
        assertThat(game.party(1).isFinished()).isTrue();
        assertThat(game.party(0).failure()).isEmpty();
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(game.transcript(), List.of()));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();

        // The engine's own replay on full information finds every announced result true.
        MahjongObserver observer = game.party(0).observer();
        List<Move> moves = new ArrayList<>();
        observer.moves().forEach(p -> moves.add(new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to()))));
        List<BattleResult> claims = new ArrayList<>();
        observer.battles().forEach(b -> claims.add(
                ProtocolRules.battleResult(b.result(), b.attackerKingLost(), b.defenderKingLost())));
        assertThat(MahjongShogiReplay.firstFalseClaim(game.rules(), game.placement(0), game.placement(1), moves, claims))
                .isEmpty();
        MahjongShogiState end = MahjongShogiReplay.replay(game.rules(), game.placement(0), game.placement(1), moves).finalState();
        assertThat(end.isOver()).isTrue();
        MahjongObserver.Outcome outcome = observer.outcome().orElseThrow();
        assertThat(end.result().orElseThrow().winner().orElse(-1)).isEqualTo(outcome.winner());

        // Each view hides the other's kinds and agrees with the engine on the position.
        PlayerView east = game.view(0);
        assertThat(east.state().tiles(1)).isEqualTo(end.tiles(1));
        String board = east.render("east", "west");
        assertThat(board).contains("??").contains("E*");
    }

    @ParameterizedTest
    @ValueSource(longs = {7})
    void theSameSeedPlaysTheSameGameWhateverTheSecrets(long seed) throws ProtocolViolation {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(30);
        BotGame a = new BotGame(params, List.of("east", "west"), new SplittableRandom(seed), new SplittableRandom(1)).play();
        BotGame b = new BotGame(params, List.of("east", "west"), new SplittableRandom(seed), new SplittableRandom(2)).play();
        assertThat(a.party(0).observer().moves().stream().map(p -> p.from() + "-" + p.to()).toList())
                .isEqualTo(b.party(0).observer().moves().stream().map(p -> p.from() + "-" + p.to()).toList());
        assertThat(a.transcript()).isNotEqualTo(b.transcript());
    }
}
