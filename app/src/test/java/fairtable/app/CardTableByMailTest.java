package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two people play a hand of Hold'em by correspondence through the command line only: alice hosts, bob joins
 * her invitation, every text crosses as a pasted file, each types their decisions when {@code mail status}
 * says it is their move, and both end with the hand audited VERIFIED and the chips replayed.
 */
class CardTableByMailTest {
    @TempDir
    Path temp;

    /** The decision a cautious person types: check, else call, else show, else fold. */
    private static String choose(String status) {
        String options = status.lines().filter(l -> l.startsWith("your move: ")).findFirst().orElseThrow()
                .substring("your move: ".length());
        for (String wanted : List.of("check", "call", "show")) {
            if (List.of(options.split(" \\| ")).stream().anyMatch(o -> o.startsWith(wanted))) {
                return wanted;
            }
        }
        return "fold";
    }

    @Test
    void twoPeoplePlayAHandOfHoldemByPastingText() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Sent invite = desk.mail("new", "alice", "--game", "holdem", "--hands", "1", "--name", "alice");
        assertThat(invite.run().code()).as(invite.run().err()).isZero();
        assertThat(invite.run().out()).contains("New holdem table", "for 2 players");

        Sent joined = desk.mail("join", "bob", "--in", desk.file(invite.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        assertThat(joined.run().out()).contains("Joining holdem for 2 players", "hosted by alice");
        assertThat(desk.status("alice").out()).contains("Awaiting 1 more player(s) to join");

        String toAlice = joined.text();
        String toBob = "";
        String lastAlice = "";
        String lastBob = "";
        int moves = 0;
        int decisionsNamed = 0;
        for (int round = 0; round < 400; round++) {
            boolean progress = false;
            if (!toAlice.isEmpty()) {
                Sent r = desk.receive("alice", toAlice);
                assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                toAlice = "";
                toBob += r.text();
                lastAlice = r.run().out();
                progress = true;
            }
            if (!toBob.isEmpty()) {
                Sent r = desk.receive("bob", toBob);
                assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                toBob = "";
                toAlice += r.text();
                lastBob = r.run().out();
                progress = true;
            }
            for (String who : List.of("alice", "bob")) {
                Run status = desk.status(who);
                if (status.out().contains("YOUR MOVE")) {
                    assertThat(status.out()).contains("your cards ");
                    // The other player, with nothing left to take in, names whose decision the table awaits.
                    String other = who.equals("alice") ? "bob" : "alice";
                    if ((other.equals("alice") ? toAlice : toBob).isEmpty()) {
                        assertThat(desk.status(other).out()).contains("Awaiting " + who + "'s decision");
                        decisionsNamed++;
                    }
                    Sent played = desk.mail("move", who, choose(status.out()));
                    assertThat(played.run().code()).as(played.run().out() + played.run().err()).isZero();
                    if (who.equals("alice")) {
                        toBob += played.text();
                        lastAlice = played.run().out();
                    } else {
                        toAlice += played.text();
                        lastBob = played.run().out();
                    }
                    moves++;
                    progress = true;
                }
            }
            if (!progress) {
                break;
            }
        }
        assertThat(moves).isPositive();
        assertThat(decisionsNamed).isPositive();
        for (String last : List.of(lastAlice, lastBob)) {
            assertThat(last).contains("Game over.", "VERIFIED");
        }
        Run listing = MailDesk.run("status", "--dir", temp.toString());
        assertThat(listing.out()).contains("alice-game: table/holdem", "bob-game: table/holdem", "finished: VERIFIED");

        // A text pasted into the wrong game is refused, and names why.
        Sent wrong = desk.receive("bob", invite.text());
        assertThat(wrong.run().code()).isEqualTo(2);
        assertThat(wrong.run().err()).contains("a guest takes the host's relay only");
    }
}
