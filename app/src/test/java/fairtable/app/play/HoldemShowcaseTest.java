package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class HoldemShowcaseTest {
    @Test
    void showsEachPlayersOwnViewWhatHappenedTheStacksAndTheAuditOfTheOneSession() throws Exception {
        StringWriter text = new StringWriter();
        boolean ok = HoldemShowcase.run(new PrintWriter(text, true), 7);
        String out = text.toString();
        assertThat(ok).as(out).isTrue();
        assertThat(out).contains("Hand 1:", "Hand 3:", "alice's own view: your cards: ", "bob's own view: ",
                "carol's own view: ", "at the table: ", "stacks after: alice ", "total 1500, every chip accounted for");
        // The audit replays the whole session through the registered rules and prints the result the game reached.
        String result = out.substring(out.indexOf("Result: ") + 8, out.indexOf(" (total"));
        assertThat(out).containsPattern("(?m)^Audit: VERIFIED: holdem for 3, 3 rounds: \\Q" + result + "\\E; game over$");
        assertThat(out).containsPattern("(?m)^Chips: VERIFIED: a third party replaying the one transcript");
        // Each private view names its own hole cards exactly once per hand it is dealt in (with this seed all three
        // players are dealt in all three hands), and the seeded game's first hand ends where it always does.
        assertThat(out.split("your cards: ", -1)).hasSize(3 * 3 + 1);
        assertThat(out).doesNotContain("(not dealt in)");
        assertThat(out).contains("stacks after: alice 480, bob 300, carol 690");
    }
}
