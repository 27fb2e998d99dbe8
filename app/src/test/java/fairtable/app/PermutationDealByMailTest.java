package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Sent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three users run seed 002's permutation deal by correspondence: the dealer asks for each reveal, every hop and
 * opening crosses as pasted text (the private ones sealed to their recipient), and each player learns only the
 * card shown to it and the one shown to everyone.
 */
class PermutationDealByMailTest {
    private static final List<String> PLAYERS = List.of("alice", "bob", "carol");

    @TempDir
    Path temp;

    @Test
    void threePlayersRevealByPastingTextAndEachLearnsOnlyItsOwnCard() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Map<String, String> inbox = new LinkedHashMap<>();
        PLAYERS.forEach(p -> inbox.put(p, ""));
        Sent started = desk.mail("new", "alice", "--game", "permutation", "--players", "3", "--cards", "10",
                "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        assertThat(started.run().out()).contains("permutation-deal/v2", "the dealer", "semi-honest");
        MailDesk.broadcast(inbox, "alice", started.text());
        for (String who : List.of("bob", "carol")) {
            Sent joined = desk.mail("join", who, "--in", desk.file(inbox.get(who)).toString(), "--name", who,
                    "--seat", Integer.toString(PLAYERS.indexOf(who)));
            assertThat(joined.run().code()).as(joined.run().err()).isZero();
            inbox.put(who, "");
            MailDesk.broadcast(inbox, who, joined.text());
        }
        List<String> script = List.of("show 0 to 1", "show 1 to 2", "show 2 to 0", "open 3", "finish");
        boolean[] checked = {false};
        List<String> left = desk.playTable(inbox, script, movesLeft -> {
            if (movesLeft == script.size()) {
                Sent wrong = unchecked(() -> desk.mail("move", "alice", "show 12 to 1"));
                assertThat(wrong.run().code()).isEqualTo(2);
                assertThat(wrong.run().err()).contains("position 12 is outside 0..9", "nothing was changed");
                Sent notDealer = unchecked(() -> desk.mail("move", "carol", "open 4"));
                assertThat(notDealer.run().err()).contains("only the dealer (seat 0)");
            }
            if (movesLeft == 1) {
                // Before the openings: each knows its own card and the open one, and nothing else.
                for (String who : PLAYERS) {
                    String status = desk.status(who).out();
                    assertThat(MailDesk.listed(status, "Your cards: ")).as(status).hasSize(1);
                    assertThat(MailDesk.listed(status, "Open cards: ")).as(status).singleElement()
                            .asString().startsWith("#3=");
                }
                checked[0] = true;
            }
        });
        assertThat(left).isEmpty();
        assertThat(checked[0]).isTrue();
        String transcript = Files.readString(desk.game("alice").resolve("transcript.jsonl"));
        for (String who : PLAYERS) {
            assertThat(desk.status(who).out()).contains("Finished. VERIFIED");
            assertThat(Files.readString(desk.game(who).resolve("transcript.jsonl"))).isEqualTo(transcript);
        }
        assertThat(MailDesk.run("audit", desk.game("carol").resolve("transcript.jsonl").toString()).out())
                .startsWith("VERIFIED");
    }

    private interface Io<T> {
        T get() throws java.io.IOException;
    }

    private static <T> T unchecked(Io<T> io) {
        try {
            return io.get();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
