package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the mahjong audit says in full: the verified line (moves, battles, winner) and the failed lines whose
 * numbers (battle, entry) a looser assertion would not notice; a transcript cut before a setup; and the faithful
 * mode's commitment bound at the modulus itself. Seeded {@link Match}es.
 */
class MahjongAuditChecksTest {
    private static final String CHECKED = "; every commitment, row, pick, strip, result and king flag checked";

    private static long count(MahjongParty p, String type) {
        return p.transcript().envelopes().stream().filter(e -> e.type().equals(type)).count();
    }

    @Test
    void aGameCutByTheMoveLimitVerifiesWithItsMovesAndBattlesCounted() throws ProtocolViolation {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(6), 31).start().playOut();
        long moves = count(m.alice, MahjongMessage.Step.TYPE) + count(m.alice, Attack.TYPE);
        assertThat(moves).as("the limit stops the game at the sixth move").isEqualTo(6);
        assertThat(Match.audit(m.alice).line()).isEqualTo("VERIFIED: ristretto mode, 6 moves, " + count(m.alice, Attack.TYPE)
                + " battles, no winner (the move limit of 6 was reached)" + CHECKED);
    }

    @Test
    void aGameWonByTheFirstSeatNamesItsWinner() throws ProtocolViolation {
        for (long seed = 10; seed < 60; seed++) {
            Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), seed).start().playOut();
            MahjongObserver.Outcome outcome = m.alice.observer().outcome().orElseThrow();
            if (outcome.winner() != 0) {
                continue;
            }
            assertThat(Match.audit(m.bob).line()).startsWith("VERIFIED: ristretto mode, ")
                    .endsWith(" battles, winner alice (" + outcome.reason() + ")" + CHECKED);
            return;
        }
        throw new AssertionError("alice won none of 50 games");
    }

    @Test
    void aTranscriptCutBeforeASetupNamesTheSeatThatOwesIt() throws ProtocolViolation {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), 32).start();
        List<Envelope> all = m.alice.transcript().envelopes();
        assertThat(all.get(2).type()).isEqualTo(Setup.TYPE);
        assertThat(audit(all.subList(0, 2))).isEqualTo("FAILED: step 1, party alice: the transcript ends before its setup");
        assertThat(audit(all.subList(0, 3))).isEqualTo("FAILED: step 2, party bob: the transcript ends before its setup");
    }

    private static String audit(List<Envelope> messages) {
        return Auditor.audit(new TranscriptFile.Contents(messages, List.of())).line();
    }

    @Test
    void aFaithfulCommitmentEqualToTheModulusIsNotBelowIt() throws Exception {
        MahjongParameters faithful = Match.faithfulSmall();
        BigInteger odd = BigInteger.ONE.shiftLeft(255).add(BigInteger.valueOf(12345));
        List<Integer> squares = new ArrayList<>();
        List<byte[]> commitments = new ArrayList<>();
        for (int sq = 0; sq < 25; sq++) {
            squares.add(sq);
            byte[] c = new byte[32];
            c[31] = (byte) sq;
            commitments.add(c);
        }
        byte[] modulus = java.util.Arrays.copyOfRange(odd.toByteArray(), 1, 33); // without the sign byte
        assertThat(new BigInteger(1, modulus)).isEqualTo(odd);
        commitments.set(5, modulus);
        Match m = new Match(faithful, 33);
        m.bob.receive(m.alice.start().get(0));
        Envelope e = Match.forge(m.bob, 0, m.aliceKey, 1, Setup.TYPE, new Setup(squares, odd, commitments).toBytes());
        String expected = "step 1, party alice: a commitment is not below the RSA modulus";
        assertThatThrownBy(() -> m.bob.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(Match.audit(m.bob).line()).isEqualTo("FAILED: " + expected);
    }

    /**
     * Alice's first attack carries a row whose last entry (kind 13) is squared: only the check of every
     * entry up to the last sees it, and the line names the entry and the battle.
     */
    @Test
    void aRowWrongOnlyInItsLastEntryIsNamedWithEntryAndBattle() throws ProtocolViolation {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(80), 14);
        int[] attackStep = {-1};
        m.alice.cheatWith((message, body) -> {
            if (message instanceof Attack a && attackStep[0] < 0) {
                attackStep[0] = m.alice.nextStep();
                List<Element> row = new ArrayList<>(a.row());
                row.set(MahjongTable.KINDS - 1, row.get(MahjongTable.KINDS - 1).exp(BigInteger.TWO));
                return new Attack(a.from(), a.to(), row).toBytes();
            }
            return body;
        });
        m.start().playOut();
        assertThat(attackStep[0]).isPositive();
        MahjongObserver.Battle b = m.bob.observer().battles().stream().filter(x -> x.attackStep == attackStep[0])
                .findFirst().orElseThrow();
        int x = m.alice.kindOf(b.attackerTile);
        assertThat(Match.audit(m.bob).line()).isEqualTo("FAILED: step " + attackStep[0] + ", party alice: entry "
                + MahjongTable.KINDS + " of its row in battle " + (b.number + 1) + " is not t(" + x + ", "
                + MahjongTable.KINDS + ") under its revealed key");
    }

    /** A tile on rank 10, just past the board: outside bob's home ranks (6 to 9), though the rank is only one too high. */
    @Test
    void aSetupSquareJustPastTheLastRankIsOutsideTheHomeRanks() throws Exception {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.RISTRETTO);
        List<Envelope> honest = new Match(params, 34).start().alice.transcript().envelopes();
        Match m = new Match(params, 34);
        m.alice.start();
        m.alice.receive(honest.get(1));
        assertThat(m.alice.nextStep()).isEqualTo(2);
        Setup bobs = (Setup) MahjongMessage.decode(Setup.TYPE, honest.get(3).body(), params);
        List<Integer> squares = new ArrayList<>(bobs.squares());
        squares.set(squares.size() - 1, 81);
        Envelope e = Match.forge(m.alice, 1, m.bobKey, 2, Setup.TYPE,
                new Setup(squares, bobs.rsaModulus(), bobs.commitments()).toBytes());
        String expected = "step 2, party bob: places a tile on a10, outside its three home ranks";
        assertThatThrownBy(() -> m.alice.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(Match.audit(m.alice).line()).isEqualTo("FAILED: " + expected);
    }

    /**
     * Bob announces a draw (result 0, the lowest) where his tile won or lost: the audit checks an announced result
     * of 0 like any other and names the battle.
     */
    @Test
    void aFalseDrawAnnouncedByTheDefenderIsNamedWithItsBattle() throws ProtocolViolation {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(80);
        Match m = new Match(params, 11);
        int[] lie = {-1, -1};
        m.bob.cheatWith((message, body) -> {
            if (message instanceof Result r && lie[0] < 0 && r.result() != MahjongTable.DRAW && !r.kingLost()) {
                List<MahjongObserver.Battle> battles = m.bob.observer().battles();
                MahjongObserver.Battle b = battles.get(battles.size() - 1);
                if (m.alice.kindOf(b.attackerTile) != params.kingKind()) {
                    lie[0] = m.bob.nextStep();
                    lie[1] = r.result();
                    return new Result(MahjongTable.DRAW, false).toBytes();
                }
            }
            return body;
        });
        m.start().playOut();
        assertThat(lie[0]).isPositive();
        MahjongObserver.Battle b = m.bob.observer().battles().stream().filter(x -> x.resultStep == lie[0])
                .findFirst().orElseThrow();
        int x = m.alice.kindOf(b.attackerTile);
        int y = m.bob.kindOf(b.defenderTile);
        assertThat(MahjongTable.t(x, y)).isEqualTo(lie[1]);
        assertThat(Match.audit(m.alice).line()).isEqualTo("FAILED: step " + lie[0] + ", party bob: announced result 0"
                + " in battle " + (b.number + 1) + ", but t(" + x + ", " + y + ") = " + lie[1]);
    }
}
