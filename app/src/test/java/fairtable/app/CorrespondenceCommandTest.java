package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two users, each with their own profile and game directory, play a whole draw exchanging only text files
 * through the command line, as they would by e-mail.
 */
class CorrespondenceCommandTest {
    private record Run(int code, String out, String err) {}

    @TempDir
    Path temp;

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private Run receive(String who, Path in, Path out) {
        return run("mail", "receive", "--home", temp.resolve(who + "-home").toString(),
                "--dir", temp.resolve(who + "-game").toString(), "--in", in.toString(), "--out", out.toString());
    }

    @Test
    void twoUsersPlayAWholeDrawByTextFiles() throws Exception {
        String aliceHome = temp.resolve("alice-home").toString();
        String bobHome = temp.resolve("bob-home").toString();
        Run started = run("mail", "new", "--home", aliceHome, "--dir", temp.resolve("alice-game").toString(),
                "--cards", "10", "--each", "2", "--name", "alice");
        assertThat(started.code()).isEqualTo(0);
        assertThat(started.out()).contains("-----BEGIN FAIRTABLE MESSAGE-----", "Type: hello", "party A");
        // Alice mails the whole screen output; Bob's mail client quotes it.
        Path mail = temp.resolve("mail-1.txt");
        Files.writeString(mail, started.out().lines().map(l -> "> " + l).reduce("From Alice:\n", (x, y) -> x + y + "\n"));

        Run joined = run("mail", "join", "--home", bobHome, "--dir", temp.resolve("bob-game").toString(),
                "--in", mail.toString(), "--name", "bob", "--out", temp.resolve("mail-2.txt").toString());
        assertThat(joined.code()).as(joined.err()).isEqualTo(0);
        assertThat(joined.out()).contains("Joining alice's game", "party B", "Now awaiting alice");

        Run status = run("mail", "status", "--dir", temp.resolve("bob-game").toString());
        assertThat(status.out()).contains("You are bob (seat 1)", "Awaiting alice", "0 day(s) ago",
                "Your last message (to send again if it was lost): ", "0001-step0-hello.txt");

        int n = 2;
        String[] turn = {"alice", "bob"};
        Run last = null;
        for (int i = 0; i < 8 && (last == null || !last.out().contains("Game over")); i++) {
            String who = turn[i % 2];
            Path in = temp.resolve("mail-" + n + ".txt");
            Path out = temp.resolve("mail-" + (n + 1) + ".txt");
            last = receive(who, in, out);
            assertThat(last.code()).as(last.out() + last.err()).isEqualTo(0);
            n++;
        }
        // The last reply (Bob's reveal) goes back to Alice, who finishes too.
        Run aliceEnd = receive("alice", temp.resolve("mail-" + n + ".txt"), temp.resolve("unused.txt"));
        assertThat(last.out()).contains("Game over", "Audit: VERIFIED");
        assertThat(aliceEnd.code()).as(aliceEnd.err()).isEqualTo(0);
        assertThat(aliceEnd.out()).contains("Game over", "Audit: VERIFIED", "Nothing to send");
        assertThat(Files.readString(temp.resolve("alice-game/transcript.jsonl")))
                .isEqualTo(Files.readString(temp.resolve("bob-game/transcript.jsonl")));
        assertThat(run("audit", temp.resolve("bob-game/transcript.jsonl").toString()).out()).startsWith("VERIFIED");

        Run listing = run("status", "--dir", temp.toString());
        assertThat(listing.out()).contains("alice-game: fr2823580/v1, you are alice", "bob-game:", "finished: VERIFIED");

        // Importing the same mail again is refused with the reason, and the exit code says error, not cheat.
        Run again = receive("alice", temp.resolve("mail-" + n + ".txt"), temp.resolve("unused.txt"));
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err()).contains("already imported");
    }

    @Test
    void aDamagedMailIsRefusedWithoutTouchingTheGame() throws Exception {
        Path mail = temp.resolve("hello.txt");
        assertThat(run("mail", "new", "--home", temp.resolve("a").toString(), "--dir", temp.resolve("ag").toString(),
                "--cards", "10", "--each", "2", "--out", mail.toString()).code()).isEqualTo(0);
        String text = Files.readString(mail);
        int at = text.indexOf("\n\n") + 10;
        Files.writeString(mail, text.substring(0, at) + (text.charAt(at) == 'Q' ? 'R' : 'Q') + text.substring(at + 1));
        Run join = run("mail", "join", "--home", temp.resolve("b").toString(), "--dir", temp.resolve("bg").toString(),
                "--in", mail.toString());
        assertThat(join.code()).isEqualTo(2);
        assertThat(join.err()).contains("checksum does not match");
        assertThat(temp.resolve("bg")).doesNotExist();
    }
}
