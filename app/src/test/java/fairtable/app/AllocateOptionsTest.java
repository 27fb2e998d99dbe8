package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What allocate and unblind refuse before anything is drawn, each with a message that says what to do. */
class AllocateOptionsTest {
    @TempDir
    Path dir;

    private String output;

    private int run(String... args) {
        StringWriter text = new StringWriter();
        int exit = Main.run(new PrintWriter(text, true), new PrintWriter(text, true), args);
        output = text.toString();
        return exit;
    }

    private String boardCard(String home, String name) {
        Path card = dir.resolve(name + ".card");
        assertThat(run("id", "--home", dir.resolve(home).toString(), "--name", name, "--board-card", card.toString()))
                .isZero();
        return output.lines().findFirst().orElseThrow();
    }

    @Test
    void thePatentDrawCannotBeEscrowedToABoard() {
        String fingerprint = boardCard("board", "ethics");
        assertThat(run("allocate", "--protocol", "patent", "--listen", "0", "--items", "10", "--each", "2", "--out",
                dir.resolve("a.csv").toString(), "--board", fingerprint, "--board-card", dir.resolve("ethics.card").toString(),
                "--home", dir.resolve("a").toString())).isEqualTo(2);
        assertThat(output).contains("its reveal unblinds the allocation, so there is nothing to escrow");
    }

    @Test
    void aCardOfAnotherBoardThanTheOneNamedIsRefused() {
        boardCard("board", "ethics");
        String other = boardCard("other", "committee");
        assertThat(run("allocate", "--listen", "0", "--items", "10", "--each", "2", "--out", dir.resolve("a.csv").toString(),
                "--board", other, "--board-card", dir.resolve("ethics.card").toString(),
                "--home", dir.resolve("a").toString())).isEqualTo(2);
        assertThat(output).contains("is the board ethics (").contains("not the board " + other + " that --board names");
    }

    @Test
    void aTamperedCardIsRefused() throws Exception {
        String fingerprint = boardCard("board", "ethics");
        Path card = dir.resolve("ethics.card");
        Files.writeString(card, Files.readString(card).replace("board: ethics", "board: ethicz"));
        assertThat(run("allocate", "--listen", "0", "--items", "10", "--each", "2", "--out", dir.resolve("a.csv").toString(),
                "--board", fingerprint, "--board-card", card.toString(), "--home", dir.resolve("a").toString())).isEqualTo(2);
        assertThat(output).contains("do not match the signed card");
    }

    @Test
    void aBoardNeedsItsCardAndAJoiningInstitutionItsSeat() {
        assertThat(run("allocate", "--listen", "0", "--items", "10", "--each", "2", "--out", dir.resolve("a.csv").toString(),
                "--board", "1a2b-3c4d-5e6f-7a8b-9c0d", "--home", dir.resolve("a").toString())).isEqualTo(2);
        assertThat(output).contains("--board FINGERPRINT and --board-card FILE go together");
        assertThat(run("allocate", "--connect", "fairtable://127.0.0.1:1/1a2b-3c4d-5e6f-7a8b-9c0d", "--institutions", "3",
                "--items", "10", "--each", "2", "--out", dir.resolve("b.csv").toString(),
                "--home", dir.resolve("b").toString())).isEqualTo(2);
        assertThat(output).contains("--seat is needed with 3 institutions");
        assertThat(run("allocate", "--listen", "0", "--institutions", "3", "--items", "10", "--each", "4", "--out",
                dir.resolve("c.csv").toString(), "--home", dir.resolve("c").toString())).isEqualTo(2);
        assertThat(output).contains("3 institutions cannot each obtain 4 distinct numbers out of 10");
    }

    @Test
    void unblindingNeedsAVerifiedAllocationTranscript() throws Exception {
        Path junk = dir.resolve("junk.jsonl");
        Files.writeString(junk, "not a transcript\n");
        assertThat(run("unblind", "--as-board", junk.toString(), "--home", dir.resolve("board").toString())).isEqualTo(2);
        assertThat(run("unblind", "--mine", "--home", dir.resolve("a").toString())).isEqualTo(2);
        assertThat(output).contains("--mine needs --journal FILE");
    }
}
