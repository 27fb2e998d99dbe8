package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class HoldemShowcaseTest {
    @Test
    void showsEachPlayersOwnViewTheResultsAndAVerifiedAudit() throws Exception {
        StringWriter text = new StringWriter();
        boolean ok = HoldemShowcase.run(new PrintWriter(text, true), 7);
        String out = text.toString();
        assertThat(ok).as(out).isTrue();
        assertThat(out).contains("Hand 1:", "alice's own view: your cards: ", "bob's own view: ", "carol's own view: ", "at the table: ",
                "result: pot ", "Final stacks:", "total 1500, every chip accounted for");
        assertThat(out).containsPattern("(?m)^Audit: VERIFIED: all 9 transcripts");
        assertThat(out).containsPattern("(?m)^Chips: VERIFIED: a third party replaying");
        // Each private view names its own hole cards exactly once per hand.
        assertThat(out.split("your cards: ", -1)).hasSize(3 * 3 + 1);
    }
}
