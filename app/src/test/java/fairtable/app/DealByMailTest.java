package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three users deal from the verifiable deck by correspondence through the command line only: every message
 * goes to both other players as pasted text, the dealer types the table's operations, and everyone ends with
 * the same transcript, audited VERIFIED, having seen only its own cards.
 */
class DealByMailTest {
    private static final List<String> PLAYERS = List.of("alice", "bob", "carol");

    @TempDir
    Path temp;

    @Test
    void threePlayersDealByPastingTextAndEachSeesOnlyItsOwnCards() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Map<String, String> inbox = new LinkedHashMap<>();
        PLAYERS.forEach(p -> inbox.put(p, ""));
        Sent started = desk.mail("new", "alice", "--game", "deal", "--players", "3", "--cards", "20", "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        assertThat(started.run().out()).contains("with 3 players", "you are alice (seat 0 of 3, the dealer");
        MailDesk.broadcast(inbox, "alice", started.text());

        Sent noSeat = desk.mail("join", "dave", "--in", desk.file(inbox.get("bob")).toString(), "--name", "dave");
        assertThat(noSeat.run().code()).isEqualTo(2);
        assertThat(noSeat.run().err()).contains("--seat 1 to 2");
        for (String who : List.of("bob", "carol")) {
            Sent joined = desk.mail("join", who, "--in", desk.file(inbox.get(who)).toString(), "--name", who,
                    "--seat", Integer.toString(PLAYERS.indexOf(who)));
            assertThat(joined.run().code()).as(joined.run().err()).isZero();
            inbox.put(who, "");
            MailDesk.broadcast(inbox, who, joined.text());
        }

        boolean[] refusalsTried = {false};
        List<String> left = desk.playTable(inbox, List.of("deal 2", "open 3", "reveal"), movesLeft -> {
            try {
                if (!refusalsTried[0]) {
                    Map<String, String> before = desk.onDisk("alice");
                    Sent tooMany = desk.mail("move", "alice", "deal 7");
                    assertThat(tooMany.run().err()).contains("the stock holds 20 cards", "nothing was changed");
                    Sent unknown = desk.mail("move", "alice", "shuffle");
                    assertThat(unknown.run().err()).contains("'shuffle' is not deal N, open N or reveal");
                    Sent notDealer = desk.mail("move", "bob", "deal 1");
                    assertThat(notDealer.run().err()).contains("only the dealer (seat 0) deals");
                    assertThat(List.of(tooMany, unknown, notDealer)).allMatch(s -> s.run().code() == 2);
                    assertThat(desk.onDisk("alice")).isEqualTo(before);
                    refusalsTried[0] = true;
                }
                if (movesLeft == 1) {
                    // Dealt and opened: each player sees its own two cards and the three open ones, nobody else's.
                    Set<String> seen = new HashSet<>();
                    for (String who : PLAYERS) {
                        Run status = desk.status(who);
                        List<String> mine = MailDesk.listed(status.out(), "Your cards: ");
                        assertThat(mine).as(status.out()).hasSize(2);
                        assertThat(MailDesk.listed(status.out(), "Open cards: ")).hasSize(3);
                        seen.addAll(mine);
                    }
                    assertThat(seen).hasSize(6);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(left).isEmpty();
        assertThat(refusalsTried[0]).isTrue();
        String transcript = Files.readString(desk.game("alice").resolve("transcript.jsonl"));
        for (String who : PLAYERS) {
            assertThat(desk.status(who).out()).contains("Finished. VERIFIED");
            assertThat(Files.readString(desk.game(who).resolve("transcript.jsonl"))).isEqualTo(transcript);
        }
        assertThat(MailDesk.run("audit", desk.game("bob").resolve("transcript.jsonl").toString()).out())
                .startsWith("VERIFIED").contains("alice holds 2", "bob holds 2", "carol holds 2");
    }
}
