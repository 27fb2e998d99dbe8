package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Audits;
import fairtable.app.InProcessHost;
import fairtable.app.Main;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable table host|join --game GAME` for a registered game: three seats, each its own command with its own
 * identity, play one table/v1 session through the relaying host over TLS on loopback, every seat by its bot; every
 * seat keeps the same transcript, and its audit gives the result each seat printed.
 */
class TableRegisteredGameTest {
    private static final Pattern RESULT = Pattern.compile("(?m)^Result: (.*)$");

    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private Run join(int seat, String name, String invitation) {
        StringWriter out = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(out, true), "table", "join", "--accept-new", "--game", "high-card", "--players", "3", "--set", "rounds=2",
                "--seat", Integer.toString(seat), "--name", name, "--home", dir.resolve("h" + seat).toString(),
                "--connect", invitation, "--transcript", dir.resolve("t" + seat + ".jsonl").toString(), "--timeout", "60");
        return new Run(code, out.toString());
    }

    @Test
    void threeSeatsPlayTheWholeGameThroughTheRelayAndAuditTheResultTheyPrinted() throws Exception {
        InProcessHost host = InProcessHost.start(HighCardDefinition.CATALOG, "table", "host", "--accept-new", "--game", "high-card",
                "--players", "3", "--set", "rounds=2", "--listen", "0", "--name", "ann",
                "--home", dir.resolve("h0").toString(), "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        String invitation = host.invitation();
        CompletableFuture<Run> ben = CompletableFuture.supplyAsync(() -> join(1, "ben", invitation));
        CompletableFuture<Run> cat = CompletableFuture.supplyAsync(() -> join(2, "cat", invitation));
        InProcessHost.Run hosted = host.finish();
        List<String> outs = new ArrayList<>(List.of(hosted.out()));
        for (CompletableFuture<Run> guest : List.of(ben, cat)) {
            Run run = guest.get(180, TimeUnit.SECONDS);
            assertThat(run.code()).as(run.out()).isZero();
            outs.add(run.out());
        }
        assertThat(hosted.code()).as(hosted.out()).isZero();
        String result = null;
        for (String out : outs) {
            Matcher m = RESULT.matcher(out);
            assertThat(m.find()).as(out).isTrue();
            result = result == null ? m.group(1) : result;
            assertThat(m.group(1)).isEqualTo(result);
            assertThat(out).contains("Players: ann (", "ben (", "cat (", "What you see at the end:",
                    "Audit: VERIFIED: high-card for 3, 2 rounds: " + result + "; game over");
        }
        assertThat(result).matches("ann \\d, ben \\d, cat \\d; .*");
        List<String> first = Files.readAllLines(dir.resolve("t0.jsonl"));
        assertThat(Files.readAllLines(dir.resolve("t1.jsonl"))).isEqualTo(first);
        assertThat(Files.readAllLines(dir.resolve("t2.jsonl"))).isEqualTo(first);
        assertThat(Audits.audit(TranscriptFile.read(dir.resolve("t2.jsonl")), HighCardDefinition.CATALOG).line())
                .isEqualTo("VERIFIED: high-card for 3, 2 rounds: " + result + "; game over");
    }

    @Test
    void aJoinerTypesOnlyTheInvitationWhichCarriesTheGameAndItsSettings() throws Exception {
        InProcessHost host = InProcessHost.start(HighCardDefinition.CATALOG, "table", "host", "--accept-new", "--game",
                "high-card", "--players", "2", "--set", "rounds=3", "--listen", "0", "--name", "ann",
                "--home", dir.resolve("h0").toString(), "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        String invitation = host.invitation();
        assertThat(invitation).endsWith("?game=high-card&players=2&rounds=3");
        StringWriter out = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(out, true), "table", "join", "--name", "ben", "--home", dir.resolve("h1").toString(),
                "--connect", invitation, "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60");
        InProcessHost.Run hosted = host.finish();
        assertThat(code).as(out.toString()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(hosted.out()).contains("Each player joins with: fairtable table join --connect INVITATION");
        assertThat(out.toString()).contains("Audit: VERIFIED: high-card for 2, 3 rounds: ");
    }

    @Test
    void aJoinerTakesTheSeatABrowserHostsInvitationNamesAndIsToldSoWhenAskingForAnother() {
        // A browser host's table of three invites each seat by name; nothing listens on port 9.
        String invitation = "fairtable://127.0.0.1:9/1a2b-3c4d-5e6f-7a8b-9c0d?game=high-card&players=3&rounds=3&seat=2";
        StringWriter other = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(other, true), new PrintWriter(other, true), "table", "join", "--home",
                dir.resolve("h1").toString(), "--connect", invitation, "--seat", "1");
        assertThat(code).as(other.toString()).isEqualTo(Main.ERROR);
        assertThat(other.toString()).contains("the host's table has --seat 2, not 1").doesNotContain("Exception");
        StringWriter named = new StringWriter();
        Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(named, true),
                new PrintWriter(named, true), "table", "join", "--home", dir.resolve("h1").toString(), "--connect",
                invitation, "--timeout", "1", "--transcript", dir.resolve("t1.jsonl").toString());
        assertThat(named.toString()).as("the seat comes from the invitation, not --seat")
                .doesNotContain("--seat is required").doesNotContain("seat, which a").doesNotContain("Exception");
    }

    @Test
    void aJoinerWhoAsksForAnotherTableThanTheInvitationsIsToldSoBeforeConnecting() {
        String invitation = "fairtable://127.0.0.1:9/1a2b-3c4d-5e6f-7a8b-9c0d?game=high-card&players=2&rounds=3";
        for (List<String> asked : List.of(List.of("--set", "rounds=2"), List.of("--players", "3"),
                List.of("--game", "deal"))) {
            StringWriter out = new StringWriter();
            List<String> args = new ArrayList<>(List.of("table", "join", "--home", dir.resolve("h1").toString(),
                    "--connect", invitation));
            args.addAll(asked);
            int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]),
                    new PrintWriter(out, true), new PrintWriter(out, true), args.toArray(String[]::new));
            assertThat(code).as(out.toString()).isEqualTo(Main.ERROR);
            assertThat(out.toString()).as(asked.toString()).contains("the host's table has ")
                    .contains("join with the invitation alone to take the host's settings")
                    .doesNotContain("Exception");
        }
    }
}
