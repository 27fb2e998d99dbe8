package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
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

/**
 * Three real processes, each with its own identity, play seed 002's permutation deal over TLS through a
 * relaying host: the host sees every message, and the private ones are sealed to their recipients.
 */
class PermutationTableProcessesTest {
    private static final String[] NAMES = {"alice", "bob", "carol"};

    @TempDir
    Path dir;

    @Test
    void threeProcessesPlayThePermutationDealOverTlsAndAllAuditTheSameTranscript() throws Exception {
        Process host = ChildJvm.start("table", "host", "--accept-new", "--game", "permutation", "--players", "3", "--each", "2", "--open", "3",
                "--name", NAMES[0], "--home", dir.resolve("h0").toString(), "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        BufferedReader hostOut = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8));
        List<String> hostLines = new ArrayList<>();
        String invitation = ChildJvm.invitation(hostOut, hostLines);
        List<Process> guests = new ArrayList<>();
        for (int seat = 1; seat < 3; seat++) {
            guests.add(ChildJvm.start("table", "join", "--accept-new", "--game", "permutation", "--seat", Integer.toString(seat), "--players", "3",
                    "--each", "2", "--open", "3", "--name", NAMES[seat], "--home", dir.resolve("h" + seat).toString(),
                    "--connect", invitation, "--transcript", dir.resolve("t" + seat + ".jsonl").toString(), "--timeout", "60"));
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
        String openCards = null;
        for (int seat = 0; seat < 3; seat++) {
            String all = String.join("\n", outputs.get(seat));
            assertThat(all).contains("Audit: VERIFIED: permutation-deal/v2 n=52, 3 players");
            String prefix = NAMES[seat] + "'s private cards: ";
            String hand = outputs.get(seat).stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(all));
            List<String> cards = List.of(hand.substring(prefix.length()).split(" "));
            assertThat(cards).as(all).hasSize(2);
            privateCards.addAll(cards);
            hands.add(cards);
            String open = outputs.get(seat).stream().filter(l -> l.startsWith("Open cards: ")).findFirst().orElseThrow();
            assertThat(open.split(" ")).hasSize(2 + 3);
            if (openCards == null) {
                openCards = open;
            }
            assertThat(open).isEqualTo(openCards);
            assertThat(Files.readAllLines(dir.resolve("t" + seat + ".jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        }
        assertThat(privateCards).hasSize(6);
        PrivateCards.assertShownOnlyToTheirHolders(List.of(NAMES), hands, outputs); // each printed by its holder only
        // Every private message went through the host sealed: 2 handouts; per round of private cards, 2 hops
        // for alice, 3 for bob (the mirror), 2 for carol; 2 private hops before each public card.
        List<Envelope> transcript = TranscriptFile.read(dir.resolve("t0.jsonl")).messages();
        long sealed = transcript.stream().filter(e -> e.type().equals("handout")
                || (e.type().equals("forward") && (e.body()[0] & 0xff) != 255)).count();
        assertThat(sealed).isEqualTo(2 + 2 * (2 + 3 + 2) + 3 * 2);
        assertThat(transcript.stream().filter(e -> e.type().equals("forward") && (e.body()[0] & 0xff) != 255)
                .map(e -> e.body().length)).allMatch(length -> length == 1 + 5 + 48);
        assertThat(transcript.stream().filter(e -> e.type().equals("handout")).map(e -> e.body().length))
                .allMatch(length -> length == 1 + (1 + 4 + 2 * (2 + 4 + 4 * 52)) + 48);
        assertThat(host.exitValue()).isZero();
        for (Process g : guests) {
            assertThat(g.exitValue()).isZero();
        }
    }
}
