package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The small tools print what a user expects and fail cleanly on bad input. */
class ToolCommandsTest {
    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    @Test
    void pokerEvalPrintsTheBestFiveAndTheCategory() {
        assertThat(run("poker", "eval", "As", "Kd", "7h", "7c", "2s", "9d", "Tc"))
                .isEqualTo(new Run(0, "pair: 7h 7c As Kd Tc\n"));
        assertThat(run("poker", "eval", "Ah", "2d", "3c", "4s", "5h").out()).startsWith("straight: ");
        Run duplicate = run("poker", "eval", "As", "As", "Kd", "7h", "7c");
        assertThat(duplicate.code()).isEqualTo(2);
        assertThat(duplicate.out()).contains("duplicate card As").doesNotContain("Exception");
    }

    @Test
    void chessPerftMatchesThePublishedCounts() {
        assertThat(run("chess", "perft", "--depth", "3")).isEqualTo(new Run(0, "8902\n"));
        assertThat(run("chess", "perft", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "--depth", "3"))
                .isEqualTo(new Run(0, "2812\n"));
        Run bad = run("chess", "perft", "--fen", "not a position", "--depth", "1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.out()).contains("bad FEN").doesNotContain("\tat ");
    }

    @Test
    void thePermutationDealRunsForThreeAndFivePlayersAndAudits() {
        for (String players : new String[] {"3", "5"}) {
            Run run = run("perm-demo", "--players", players, "--seed", "7");
            assertThat(run.code()).as(run.out()).isZero();
            assertThat(run.out()).contains("Audit: VERIFIED: permutation-deal/v2").contains("P" + players + " privately holds: ");
        }
        assertThat(run("perm-demo", "--players", "2").code()).isEqualTo(2);
    }
}
