package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** deck-demo plays a whole verifiable-deck game in process and its audit verifies. */
class DeckDemoCommandTest {
    private static final Pattern HAND = Pattern.compile("^  (\\w+) +private hand: (.*)$", Pattern.MULTILINE);
    private static final Pattern TABLE = Pattern.compile("^  public cards on the table: (.*)$", Pattern.MULTILINE);

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    /** Every card printed (hands and table), as printed. */
    private static List<String> printedCards(String out, int hands, int each) {
        List<String> cards = new ArrayList<>();
        Matcher m = HAND.matcher(out);
        int found = 0;
        while (m.find()) {
            List<String> hand = Arrays.asList(m.group(2).trim().split(" "));
            assertThat(hand).hasSize(each);
            cards.addAll(hand);
            found++;
        }
        assertThat(found).isEqualTo(hands);
        Matcher t = TABLE.matcher(out);
        assertThat(t.find()).isTrue();
        if (!t.group(1).equals("none")) {
            cards.addAll(Arrays.asList(t.group(1).trim().split(" ")));
        }
        return cards;
    }

    @Test
    void twoPlayersWithAFullDeckGetDistinctNamedCardsAndTheAuditVerifies() {
        Run r = run("deck-demo", "--players", "2");
        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        List<String> cards = printedCards(r.out(), 2, 5);
        Set<Card> distinct = new HashSet<>();
        cards.forEach(c -> distinct.add(Card.parse(c)));
        assertThat(distinct).hasSize(13);
        assertThat(r.out()).contains("Audit: VERIFIED: verifiable-deck/v1 2 players, 52 cards")
                .contains("shuffle+prove, alice:").contains("shuffle+prove, bob:").contains("audit of ");
    }

    @Test
    void tenPlayersWithASmallDeck() {
        Run r = run("deck-demo", "--players", "10", "--cards", "14", "--hand", "1");
        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        List<String> cards = printedCards(r.out(), 10, 1);
        assertThat(new HashSet<>(cards)).hasSize(13);
        cards.forEach(c -> assertThat(Integer.parseInt(c)).isBetween(0, 13));
        assertThat(r.out()).contains("showdown, judy:").contains("Audit: VERIFIED: verifiable-deck/v1 10 players, 14 cards");
    }

    @Test
    void impossibleTablesAreRefusedCleanly() {
        Run tooMany = run("deck-demo", "--players", "11");
        assertThat(tooMany.code()).isEqualTo(Main.ERROR);
        assertThat(tooMany.out()).contains("--players must be 2 to 10, not 11").doesNotContain("\tat ");
        Run tooBig = run("deck-demo", "--players", "4", "--cards", "10", "--hand", "3");
        assertThat(tooBig.code()).isEqualTo(Main.ERROR);
        assertThat(tooBig.out()).contains("4 hands of 3 do not fit in 10 cards");
    }
}
