package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Audits;
import fairtable.games.definitions.Games;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What `fairtable play` prints at the end of a registered game: the result line, and the audit of the session's
 * one transcript, which must recompute that same result, on screen and from the file on disk.
 */
final class PlayedResult {
    private static final Pattern RESULT = Pattern.compile("(?m)^Result: (.*)$");
    private static final Pattern TOTAL = Pattern.compile("(\\S+) (-?\\d+)");

    private PlayedResult() {}

    /** The text after "Result: ", e.g. "alice 1180, bob 820; alice wins". */
    static String result(String out) {
        Matcher m = RESULT.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return m.group(1);
    }

    /** Each seat's total in the printed result, in seat order. */
    static List<Integer> totals(String out) {
        String result = result(out);
        List<Integer> totals = new ArrayList<>();
        for (String part : result.substring(0, result.indexOf(';')).split(", ")) {
            Matcher m = TOTAL.matcher(part);
            assertThat(m.matches()).as(part).isTrue();
            totals.add(Integer.parseInt(m.group(2)));
        }
        return totals;
    }

    /**
     * The printed audit is VERIFIED with the printed result, for {@code game} at {@code players} seats, and a third
     * party's audit of {@code file} alone says the same.
     */
    static void assertAuditedAsPrinted(String out, String game, int players, Path file) throws Exception {
        String result = result(out);
        String verdict = "VERIFIED: " + game + " for " + players + ", ";
        Matcher audit = Pattern.compile("(?m)^Audit: (" + Pattern.quote(verdict) + "\\d+ rounds?: "
                + Pattern.quote(result) + "; game over)$").matcher(out);
        assertThat(audit.find()).as(out).isTrue();
        assertThat(Audits.audit(TranscriptFile.read(file), Games.ALL).line()).isEqualTo(audit.group(1));
    }
}
