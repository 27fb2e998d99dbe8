package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.group.Element;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Reveal;
import fairtable.protocol.mahjong.MahjongMessage.Strip;
import fairtable.protocol.transcript.Envelope;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each cheat the protocol claims to catch, played by a dishonest party and named by the audit. */
class MahjongCheatTest {
    private static MahjongParameters params(MahjongMode mode) {
        return mode == MahjongMode.FAITHFUL ? Match.faithfulSmall() : MahjongParameters.standard(mode);
    }

    private static AuditVerdict failedAudit(Match m) {
        AuditVerdict verdict = Match.audit(m.alice);
        assertThat(verdict.verified()).as(verdict.line()).isFalse();
        return verdict;
    }

    @ParameterizedTest
    @EnumSource(MahjongMode.class)
    void aDefenderWhoLiesAboutABattleResultIsNamed(MahjongMode mode) throws ProtocolViolation {
        Match m = new Match(params(mode).withMoveLimit(80), 11);
        boolean[] lied = {false};
        m.bob.cheatWith((message, body) -> {
            if (message instanceof Result r && !lied[0] && r.result() != MahjongTable.DRAW && !r.kingLost()) {
                lied[0] = true;
                return new Result(3 - r.result(), false).toBytes();
            }
            return body;
        });
        m.start().playOut();
        assertThat(lied[0]).isTrue();
        AuditVerdict verdict = failedAudit(m);
        assertThat(verdict.failure().party()).isEqualTo("bob");
        assertThat(verdict.failure().reason()).contains("announced result");
        assertThat(Match.audit(m.bob).line()).isEqualTo(verdict.line());
    }

    @Test
    void aDefenderWhoHidesTheLossOfItsKingAndPlaysOnIsNamed() throws ProtocolViolation {
        for (long seed = 101; seed < 160; seed++) { // in seed 101 bob's king falls; later seeds if the bots change
            Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), seed);
            boolean[] lied = {false};
            m.bob.cheatWith((message, body) -> {
                if (message instanceof Result r && r.kingLost()) {
                    lied[0] = true;
                    return new Result(r.result(), false).toBytes();
                }
                return body;
            });
            m.start().playOut();
            if (!lied[0]) {
                continue;
            }
            AuditVerdict verdict = failedAudit(m);
            assertThat(verdict.failure().party()).isEqualTo("bob");
            assertThat(verdict.failure().reason()).contains("said its king survived");
            return;
        }
        throw new AssertionError("bob's king was never attacked in 60 games");
    }

    @Test
    void aPlacementTheTileSetForbidsIsNamedEvenThoughEveryMoveLookedLegal() throws ProtocolViolation {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(60);
        Map<Integer, Integer> bobs = new TreeMap<>(Match.randomPlacement(params, 1, new SplittableRandom(5)));
        // Three 中 and a single 發: bob's tiles win battles they should lose.
        int aTwelve = bobs.entrySet().stream().filter(e -> e.getValue() == 12).findFirst().orElseThrow().getKey();
        bobs.put(aTwelve, 13);
        Match m = new Match(params, 12, null, bobs).start().playOut();
        AuditVerdict verdict = failedAudit(m);
        assertThat(verdict.failure().party()).isEqualTo("bob");
        assertThat(verdict.failure().reason()).contains("1 tiles of kind 12");
    }

    @ParameterizedTest
    @EnumSource(MahjongMode.class)
    void anOpeningOfAnotherKindThanCommittedIsNamed(MahjongMode mode) throws ProtocolViolation {
        Match m = new Match(params(mode).withMoveLimit(20), 13);
        m.bob.cheatWith((message, body) -> {
            if (message instanceof Reveal r) {
                List<byte[]> openings = new ArrayList<>(r.openings());
                byte[] first = openings.get(0);
                first[first.length - 1] ^= 3; // another kind in the low bits / kind byte
                openings.set(0, first);
                return new Reveal(r.keys(), openings).toBytes();
            }
            return body;
        });
        m.start().playOut();
        AuditVerdict verdict = failedAudit(m);
        assertThat(verdict.failure().party()).isEqualTo("bob");
        assertThat(verdict.failure().reason()).contains("does not open its commitment");
    }

    @ParameterizedTest
    @EnumSource(MahjongMode.class)
    void anAttackerWhoseRowIsNotItsTableRowIsNamed(MahjongMode mode) throws ProtocolViolation {
        Match m = new Match(params(mode).withMoveLimit(80), 14);
        boolean[] cheated = {false};
        m.alice.cheatWith((message, body) -> {
            if (message instanceof Attack a && !cheated[0]) {
                cheated[0] = true;
                List<Element> row = new ArrayList<>(a.row());
                // Reverse the row: column k now holds the entry meant for column 14 - k.
                java.util.Collections.reverse(row);
                return new Attack(a.from(), a.to(), row).toBytes();
            }
            return body;
        });
        m.start().playOut();
        assertThat(cheated[0]).isTrue();
        AuditVerdict verdict = failedAudit(m);
        assertThat(verdict.failure().party()).isEqualTo("alice");
        assertThat(verdict.failure().reason()).contains("of its row in battle");
    }

    @Test
    void anAttackerWhoseStripIsFalseIsCaughtByTheDefenderAtOnce() throws ProtocolViolation {
        Match m = new Match(MahjongParameters.standard(MahjongMode.RISTRETTO), 15);
        m.alice.cheatWith((message, body) -> message instanceof Strip s
                ? new Strip(s.value().exp(BigInteger.TWO)).toBytes() : body);
        m.start().playOut();
        assertThat(m.bob.failure()).hasValueSatisfying(v -> assertThat(v.party()).isEqualTo("alice"));
        assertThat(m.bob.isFinished()).isTrue();
        AuditVerdict verdict = Match.audit(m.bob);
        assertThat(verdict.verified()).isFalse();
        assertThat(verdict.failure().party()).isEqualTo("alice");
        assertThat(verdict.failure().reason()).contains("strip");
    }

    private static final MahjongParameters SHORT = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(20);

    /**
     * Bob's signed setup from an earlier game with the same keys, offered to alice in place of the genuine one:
     * refused and kept, it proves nothing; alice goes on waiting, takes the genuine setup, and the game verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedButConvictsNobody() throws Exception {
        Match m = new Match(SHORT, 900);
        Map<Integer, Integer> aliceTiles = Match.randomPlacement(SHORT, 0, new SplittableRandom(901));
        Map<Integer, Integer> bobTiles = Match.randomPlacement(SHORT, 1, new SplittableRandom(902));
        Envelope oldSetup = EvidenceRule.firstSent(
                MahjongParty.createUnchecked(SHORT, 0, "alice", m.aliceKey, aliceTiles, new SplittableRandom(903)),
                MahjongParty.createUnchecked(SHORT, 1, "bob", m.bobKey, bobTiles, new SplittableRandom(904)),
                e -> e.type().equals(MahjongMessage.Setup.TYPE) && e.sender() == 1);
        m.wire = e -> {
            if (e.type().equals(MahjongMessage.Setup.TYPE) && e.sender() == 1) {
                EvidenceRule.refusedAndKept(m.alice, oldSetup, EvidenceRule.fromAnotherSession(e.step(), "bob"));
                EvidenceRule.convictsNobody(m.alice);
            }
            return e;
        };
        m.start().playOut();
        assertThat(Match.audit(m.alice).line()).startsWith("VERIFIED: ");
        EvidenceRule.convictsNobody(m.alice);
    }

    /**
     * Bob's setup re-signed over garbage: where it fits it convicts bob, live and in the audit of alice's file;
     * numbered or chained for another place it proves nothing. Either way alice goes on waiting for the genuine one.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        Match m = new Match(SHORT, 905);
        ProtocolViolation[] live = new ProtocolViolation[1];
        m.wire = e -> {
            if (e.type().equals(MahjongMessage.Setup.TYPE) && e.sender() == 1 && live[0] == null) {
                live[0] = EvidenceRule.offer(m.alice, m.bobKey, e, "bob", offer, "step 2, party bob: malformed setup: truncated: a 32-bit integer is missing");
            }
            return e;
        };
        m.start().playOut();
        assertThat(live[0]).isNotNull();
        if (offer == EvidenceRule.Offer.FITTING) {
            EvidenceRule.convictsAsLive(m.alice, live[0]);
        } else {
            assertThat(Match.audit(m.alice).line()).startsWith("VERIFIED: ");
            EvidenceRule.convictsNobody(m.alice);
        }
    }
}
