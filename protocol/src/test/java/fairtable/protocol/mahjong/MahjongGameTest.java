package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole games between honest random movers finish, both sides agree, and the audit verifies them. */
class MahjongGameTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void ristrettoGamesFinishAndVerify(long seed) throws ProtocolViolation {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), seed).start().playOut();
        assertThat(m.alice.isFinished()).isTrue();
        assertThat(m.bob.isFinished()).isTrue();
        assertThat(m.alice.failure()).isEmpty();
        assertThat(m.bob.failure()).isEmpty();
        assertThat(m.alice.transcript().envelopes()).isEqualTo(m.bob.transcript().envelopes());
        assertThat(m.alice.observer().battles()).isNotEmpty();
        AuditVerdict verdict = Match.audit(m.alice);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.line()).startsWith("VERIFIED: ristretto mode");
    }

    @Test
    void aKingCaptureEndsTheGameWithTheCapturerAsWinner() throws ProtocolViolation {
        // Search a few seeds for a game decided by a king, then check the winner against the openings.
        for (long seed = 10; seed < 40; seed++) {
            Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), seed).start().playOut();
            MahjongObserver.Outcome outcome = m.alice.observer().outcome().orElseThrow();
            if (outcome.winner() < 0) {
                continue;
            }
            MahjongObserver.Battle last = m.alice.observer().battles().get(m.alice.observer().battles().size() - 1);
            MahjongParty loser = outcome.winner() == 0 ? m.bob : m.alice;
            int loserTile = last.attacker == loser.seat() ? last.attackerTile : last.defenderTile;
            assertThat(loser.kindOf(loserTile)).isEqualTo(MahjongParameters.EAST);
            assertThat(Match.audit(m.bob).verified()).isTrue();
            return;
        }
        throw new AssertionError("no game among 30 seeds ended by a king capture");
    }

    @Test
    void faithfulAndFixedGamesVerify() throws ProtocolViolation {
        Match faithful = new Match(Match.faithfulSmall().withMoveLimit(120), 4).start().playOut();
        assertThat(Match.audit(faithful.alice).line()).startsWith("VERIFIED: faithful mode");
        Match fixed = new Match(MahjongParameters.standard(MahjongMode.FIXED).withMoveLimit(40), 5).start().playOut();
        assertThat(Match.audit(fixed.bob).line()).startsWith("VERIFIED: fixed mode");
    }

    @Test
    void aSnapshotRestoresThePartyMidGame() throws ProtocolViolation, MalformedMessageException {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), 7).start();
        for (int i = 0; i < 30; i++) {
            m.step();
        }
        MahjongParty restored = MahjongParty.restore(m.bob.snapshot(), m.bobKey, new SplittableRandom(1));
        assertThat(restored.transcript().envelopes()).isEqualTo(m.bob.transcript().envelopes());
        assertThat(restored.awaiting()).isEqualTo(m.bob.awaiting());
        assertThat(restored.placement()).isEqualTo(m.bob.placement());
        assertThat(restored.snapshot()).isEqualTo(m.bob.snapshot());
    }

    @Test
    void parametersRoundTripAndRefuseNonsense() throws MalformedMessageException {
        for (MahjongParameters p : new MahjongParameters[] {MahjongParameters.standard(MahjongMode.RISTRETTO),
                MahjongParameters.standard(MahjongMode.FIXED), Match.faithfulSmall()}) {
            assertThat(MahjongParameters.fromBytes(p.toBytes()).toBytes()).isEqualTo(p.toBytes());
        }
        byte[] bytes = MahjongParameters.standard(MahjongMode.RISTRETTO).toBytes();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MahjongParameters.fromBytes(
                java.util.Arrays.copyOf(bytes, bytes.length - 1))).isInstanceOf(MalformedMessageException.class);
        java.util.List<Integer> twoKings = new java.util.ArrayList<>(MahjongParameters.standardCounts());
        twoKings.set(MahjongParameters.EAST - 1, 2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MahjongParameters.standard(MahjongMode.RISTRETTO)
                .withTileSet(twoKings, MahjongParameters.EAST)).isInstanceOf(IllegalArgumentException.class);
    }
}
