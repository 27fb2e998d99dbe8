package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks that a private card is shown by its holder's process and by no other. */
final class PrivateCards {
    private PrivateCards() {}

    /**
     * The words of {@code output}: runs of characters between spaces and punctuation, so that a card label ("7d")
     * is found as a word and not inside a fingerprint ("627d-fe5a-...").
     */
    static Set<String> words(List<String> output) {
        Set<String> words = new HashSet<>();
        for (String line : output) {
            for (String word : line.split("[\\s,;:()\\[\\]'\"=-]+")) {
                if (!word.isEmpty()) {
                    words.add(word);
                }
            }
        }
        return words;
    }

    /**
     * Asserts that each seat's private cards ({@code hands.get(seat)}) appear in no other seat's output: every
     * line another process printed, its final audit included.
     */
    static void assertShownOnlyToTheirHolders(List<String> names, List<List<String>> hands,
            List<List<String>> outputs) {
        for (int seat = 0; seat < hands.size(); seat++) {
            for (int other = 0; other < outputs.size(); other++) {
                if (other != seat) {
                    assertThat(words(outputs.get(other)))
                            .as("%s's private cards %s in %s's output:%n%s", names.get(seat), hands.get(seat),
                                    names.get(other), String.join("\n", outputs.get(other)))
                            .doesNotContainAnyElementsOf(hands.get(seat));
                }
            }
        }
    }
}
