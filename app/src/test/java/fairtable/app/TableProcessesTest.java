package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Four real processes, each with its own identity, deal from the verifiable deck over TLS through a host. */
class TableProcessesTest {
    @TempDir
    Path dir;

    @Test
    void fourProcessesDealOverTlsThroughAHostAndAllAuditTheSameTranscript() throws Exception {
        Process host = ChildJvm.start("table", "host", "--accept-new", "--players", "4", "--each", "3", "--open", "2", "--name", "alice",
                "--home", dir.resolve("h0").toString(), "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60");
        BufferedReader hostOut = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8));
        List<String> hostLines = new ArrayList<>();
        String invitation = ChildJvm.invitation(hostOut, hostLines);
        List<Process> guests = new ArrayList<>();
        String[] names = {"alice", "bob", "carol", "dave"};
        for (int seat = 1; seat < 4; seat++) {
            guests.add(ChildJvm.start("table", "join", "--accept-new", "--seat", Integer.toString(seat), "--players", "4", "--each", "3", "--open", "2",
                    "--name", names[seat], "--home", dir.resolve("h" + seat).toString(), "--connect", invitation,
                    "--transcript", dir.resolve("t" + seat + ".jsonl").toString(), "--timeout", "60"));
        }
        List<List<String>> outputs = new ArrayList<>();
        for (Process g : guests) {
            outputs.add(ChildJvm.lines(g));
        }
        for (String line; (line = hostOut.readLine()) != null; ) {
            hostLines.add(line);
        }
        assertThat(host.waitFor(120, TimeUnit.SECONDS)).isTrue();
        outputs.add(0, hostLines);

        Set<String> privateCards = new HashSet<>();
        List<List<String>> hands = new ArrayList<>();
        for (int seat = 0; seat < 4; seat++) {
            List<String> out = outputs.get(seat);
            String all = String.join("\n", out);
            assertThat(all).contains("Audit: VERIFIED: verifiable-deck/v1 4 players");
            String prefix = names[seat] + "'s private cards: ";
            String hand = out.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
            List<String> cards = List.of(hand.substring(hand.indexOf(": ") + 2).split(" "));
            assertThat(cards).hasSize(3);
            privateCards.addAll(cards);
            hands.add(cards);
            assertThat(Files.readAllLines(dir.resolve("t" + seat + ".jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        }
        assertThat(privateCards).hasSize(12);
        // Each private card is printed by its holder's process only (the audit at the end, once every share is
        // public, lists the hands by number, not by label).
        PrivateCards.assertShownOnlyToTheirHolders(List.of(names), hands, outputs);
        assertThat(host.exitValue()).isZero();
        for (Process g : guests) {
            assertThat(g.exitValue()).isZero();
        }
    }
}
