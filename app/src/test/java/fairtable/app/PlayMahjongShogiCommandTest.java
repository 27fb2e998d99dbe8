package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.cli.PlayMahjongShogiCommand;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** play-mahjong-shogi plays a bots-only game, shows hidden views, writes a transcript that audits VERIFIED. */
class PlayMahjongShogiCommandTest {
    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    @Test
    void aSeededBotsGameIsShownHiddenAndVerified(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.jsonl");
        Run r = run("play-mahjong-shogi", "--bots", "all", "--seed", "5", "--move-limit", "60", "--transcript", file.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("What east sees at the end").contains("What west sees at the end")
                .contains("??").contains("E*").containsPattern("Result: (a draw|east wins|west wins)")
                .contains("Audit: VERIFIED: ristretto mode");
        // Each view shows 25 or fewer own tiles by kind and the opponent's as ??: never the opponent's kinds.
        String eastView = r.out().substring(r.out().indexOf("What east sees"), r.out().indexOf("What west sees"));
        Matcher board = Pattern.compile("^ ?\\d  (.*)$", Pattern.MULTILINE).matcher(eastView);
        int rows = 0;
        while (board.find()) {
            rows++;
        }
        assertThat(rows).isEqualTo(9);
        assertThat(Auditor.audit(TranscriptFile.read(file)).verified()).isTrue();
        assertThat(Files.readAllLines(file)).isNotEmpty();
    }

    @Test
    void twoSeatsPlayOverPlainTcpWithInsecureAndBothTranscriptsVerify(@TempDir Path dir) throws Exception {
        Path eastFile = dir.resolve("east.jsonl");
        Path westFile = dir.resolve("west.jsonl");
        InProcessHost host = InProcessHost.start("play-mahjong-shogi", "--bots", "me", "--host", "0", "--insecure",
                "--home", dir.resolve("east").toString(), "--seed", "8", "--move-limit", "40", "--timeout", "60",
                "--transcript", eastFile.toString());
        Run west = run("play-mahjong-shogi", "--bots", "me", "--join", "127.0.0.1:" + host.port(), "--insecure",
                "--home", dir.resolve("west").toString(), "--seed", "9",
                "--move-limit", "40", "--timeout", "60", "--transcript", westFile.toString());
        InProcessHost.Run east = host.finish();
        assertThat(east.code()).as(east.out()).isEqualTo(Main.OK);
        assertThat(west.code()).as(west.out()).isEqualTo(Main.OK);
        assertThat(east.out()).contains("What east sees").contains("Audit: VERIFIED");
        assertThat(west.out()).contains("What west sees").contains("Audit: VERIFIED");
        assertThat(TranscriptFile.read(eastFile).messages()).isEqualTo(TranscriptFile.read(westFile).messages());
    }

    @Test
    void theStaticHookRunsTheSameCommandAndRefusesTwoPeopleInOneProcess() {
        StringWriter out = new StringWriter();
        int code = PlayMahjongShogiCommand.run(new PrintWriter(out, true), new PrintWriter(out, true),
                "--bots", "none", "--seed", "1");
        assertThat(code).isEqualTo(Main.ERROR);
        assertThat(out.toString()).contains("--bots none: two people need two processes");
        assertThat(run("play-mahjong-shogi", "--bots", "all", "--mode", "quantum").code()).isEqualTo(Main.ERROR);
    }
}
