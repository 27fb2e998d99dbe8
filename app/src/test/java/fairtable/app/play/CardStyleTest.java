package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cards with suit signs and colour only where the terminal shows them; the letters anyone can type elsewhere. */
class CardStyleTest {
    private static final String RED = "\u001b[31m";
    private static final String RESET = "\u001b[0m";

    @Test
    void theStyleFollowsTheTerminalNoColorAndTheOverride() {
        Map<String, String> xterm = Map.of("TERM", "xterm-256color");
        assertThat(CardStyle.detect(xterm, true, StandardCharsets.UTF_8)).isEqualTo(CardStyle.COLOUR);
        assertThat(CardStyle.detect(xterm, false, StandardCharsets.UTF_8)).as("a pipe or a file").isEqualTo(CardStyle.PLAIN);
        assertThat(CardStyle.detect(Map.of("TERM", "xterm", "NO_COLOR", "1"), true, StandardCharsets.UTF_8))
                .isEqualTo(CardStyle.SIGNS);
        assertThat(CardStyle.detect(Map.of("TERM", "xterm", "NO_COLOR", ""), true, StandardCharsets.UTF_8))
                .as("NO_COLOR set but empty asks for nothing").isEqualTo(CardStyle.COLOUR);
        assertThat(CardStyle.detect(Map.of("TERM", "dumb"), true, StandardCharsets.UTF_8)).isEqualTo(CardStyle.PLAIN);
        assertThat(CardStyle.detect(xterm, true, StandardCharsets.US_ASCII)).as("no Unicode").isEqualTo(CardStyle.PLAIN);
        assertThat(CardStyle.detect(Map.of("FAIRTABLE_CARDS", "signs"), false, StandardCharsets.US_ASCII))
                .isEqualTo(CardStyle.SIGNS);
    }

    @Test
    void cardsGetSignsAndRedSuitsGetColourAndTheyReadBack() {
        assertThat(CardStyle.COLOUR.card(Card.parse("Th"))).isEqualTo(RED + "10♥" + RESET);
        assertThat(CardStyle.COLOUR.card(Card.parse("Ad"))).isEqualTo(RED + "A♦" + RESET);
        assertThat(CardStyle.COLOUR.card(Card.parse("As"))).isEqualTo("A♠");
        assertThat(CardStyle.SIGNS.card(Card.parse("7c"))).isEqualTo("7♣");
        assertThat(CardStyle.PLAIN.card(Card.parse("Th"))).isEqualTo("Th");
        for (Card card : Card.deck()) {
            assertThat(Card.parse(CardStyle.SIGNS.card(card))).as("what is printed can be typed back").isSameAs(card);
        }
    }

    @Test
    void everyCardInAPrintedLineIsRestyledAndNothingElse() {
        StringWriter printed = new StringWriter();
        PrintWriter out = CardStyle.SIGNS.wrap(new PrintWriter(printed));
        out.println("board 6d Qc Kd Th");
        out.println("carol (you) [BB] 980: As Ah");
        out.println("VERIFIED: alice holds 2c 9s. Key 6a41-c89d-b8d6-1370-a0ec, file /tmp/7c/x.jsonl, [6|5] 4s wait");
        out.print("alice> ");
        out.flush();
        assertThat(printed.toString()).isEqualTo("board 6♦ Q♣ K♦ 10♥\n"
                + "carol (you) [BB] 980: A♠ A♥\n"
                + "VERIFIED: alice holds 2♣ 9♠. Key 6a41-c89d-b8d6-1370-a0ec, file /tmp/7c/x.jsonl, [6|5] 4♠ wait\n"
                + "alice> ");
        StringWriter plain = new StringWriter();
        PrintWriter same = new PrintWriter(plain);
        assertThat(CardStyle.PLAIN.wrap(same)).isSameAs(same);
    }
}
