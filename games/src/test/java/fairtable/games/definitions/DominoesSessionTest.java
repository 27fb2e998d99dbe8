package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParty;
import java.nio.file.Path;
import fairtable.protocol.table.TablePlayer;
import java.util.Map;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bots play whole dominoes matches on the table protocol; every seat's one chain audits to the same result. */
class DominoesSessionTest {

    @TempDir
    Path dir;

    @Test
    void dominoesIsRegisteredUnderThePlayCommandsName() {
        assertThat(Games.ALL.definition("dominoes")).containsSame(Dominoes.GAME);
    }

    @Test
    void twoBotsPlayAMatchInOneChainThatAuditsVerifiedWithTheResultEverySeatComputed() throws Exception {
        assertPlaysAndAudits(new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "2", "target", "100"), 11).play());
    }

    @Test
    void threeBotsPlayInOneChainThatAuditsVerified() throws Exception {
        assertPlaysAndAudits(new GameTable<>(Dominoes.GAME, 3, Map.of("rounds", "1", "target", "100"), 12).play());
    }

    @Test
    void theMatchEndsWhenASeatReachesTheTargetBeforeTheLastRound() throws Exception {
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "50", "target", "10"), 13).play();
        Dominoes.State end = assertPlaysAndAudits(table);
        assertThat(end.match().isOver()).isTrue();
        assertThat(end.round()).isLessThan(50);
        assertThat(table.seat(0).outcome().orElseThrow().text()).endsWith(" wins");
    }

    @Test
    void aSeatRestoredFromItsSnapshotMidRoundSeesItsOwnTilesAgainAndPlaysOnToAVerifiedEnd() throws Exception {
        TablePlayer<Dominoes.State, Dominoes.Move> thinking = (view, seat, legal) -> null;
        GameTable<Dominoes.State, Dominoes.Move> table = new GameTable<>(Dominoes.GAME, 2, Map.of("rounds", "1", "target", "100"), 14,
                s -> s == 1 ? thinking : Dominoes.GAME.bot(new SplittableRandom(s)), s -> Dominoes.GAME).play();
        TableParty<Dominoes.State, Dominoes.Move> bob = table.seat(1);
        assertThat(bob.isToMove()).isTrue();
        Dominoes.State before = bob.view();
        TableParty<Dominoes.State, Dominoes.Move> restored = TableParty.restore(bob.snapshot(), Dominoes.GAME,
                table.keys.get(1), new SplittableRandom(99), Dominoes.GAME.bot(new SplittableRandom(1)));
        assertThat(restored.view().tiles()).isEqualTo(before.tiles()).isNotEmpty();
        assertThat(restored.view().held()).isEqualTo(before.held());
        assertThat(Dominoes.GAME.legal(restored.view(), 1)).isEqualTo(Dominoes.GAME.legal(before, 1));
        table.seats.set(1, restored);
        table.resume();
        assertPlaysAndAudits(table);
    }

    private Dominoes.State assertPlaysAndAudits(GameTable<Dominoes.State, Dominoes.Move> table) throws Exception {
        TableParty<Dominoes.State, Dominoes.Move> first = table.seat(0);
        Outcome outcome = first.outcome().orElseThrow();
        for (TableParty<Dominoes.State, Dominoes.Move> p : table.seats) {
            assertThat(p.isFinished()).as(p.awaiting()).isTrue();
            assertThat(p.failure()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(first.transcript().envelopes());
            assertThat(p.outcome()).contains(outcome);
        }
        Dominoes.State end = first.state();
        assertThat(outcome.totals()).isEqualTo(end.match().scores());
        assertThat(end.match().roundsPlayed()).isEqualTo(end.round());
        String expected = "dominoes for " + table.seats.size() + ", " + end.round() + " round"
                + (end.round() == 1 ? "" : "s") + ": " + outcome.text() + "; game over";
        // The chains are identical and nobody refused anything: one seat's evidence in memory, another's from its file.
        AuditVerdict verdict = GameTable.audit(first);
        assertThat(verdict.line()).isEqualTo("VERIFIED: " + expected);
        TableParty<?, ?> last = table.seats.get(table.seats.size() - 1);
        assertThat(GameTable.auditFromFile(last, dir).line()).isEqualTo("VERIFIED: " + expected);
        for (int s = 0; s < table.seats.size(); s++) {
            assertThat(verdict.holdings().get(GameTable.NAMES[s])).isEqualTo(List.of(outcome.totals().get(s)));
        }
        return end;
    }
}
