package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable table host` at a terminal whose person answers no to a new guest ("accept bob, fingerprint ...? y/N"):
 * the host tells bob at once, in a refusal frame, and bob's `table join` ends with one plain line saying it was
 * refused and what the host's person can type to let it in, instead of waiting out its timeout. The table is not
 * spoiled: carl, whom the person accepts, then takes the seat, and the game ends VERIFIED. The host's person reads
 * the refusal on the command's output.
 */
class RefusedGuestTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private Run join(String name, String invitation) {
        StringWriter out = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out, true), new PrintWriter(out, true),
                "table", "join", "--name", name, "--home", dir.resolve(name).toString(), "--connect", invitation,
                "--transcript", dir.resolve(name + ".jsonl").toString(), "--timeout", "60");
        return new Run(code, out.toString());
    }

    @Test
    void aGuestThePersonRefusesIsToldAtOnceAndTheTableGoesOn() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        InProcessHost host = InProcessHost.startAsking(HighCardDefinition.CATALOG, question -> {
            asked.add(question);
            return question.startsWith("accept carl,");
        }, "table", "host", "--game", "high-card", "--players", "2", "--set", "rounds=1", "--listen", "0",
                "--name", "ann", "--home", dir.resolve("ann").toString(),
                "--transcript", dir.resolve("ann.jsonl").toString(), "--timeout", "60");
        String invitation = host.invitation();

        Run bob = join("bob", invitation);
        String bobs = Profile.open(dir.resolve("bob"), new SecureRandom()).fingerprint().toString();
        assertThat(bob.code()).as(bob.out()).isEqualTo(Main.ERROR);
        String stopped = bob.out().lines().filter(l -> l.startsWith("Stopped: ")).findFirst().orElseThrow();
        assertThat(stopped).startsWith("Stopped: the host at ").contains(":" + Invitation.parse(invitation).port())
                .endsWith(" refused you: your key " + bobs + " is not accepted there as bob. Its person can answer y"
                        + " when asked, or run it again with --peer " + bobs + " (or --accept-new), to let you in.");

        Run carl = join("carl", invitation);
        InProcessHost.Run hosted = host.finish();
        assertThat(carl.code()).as(carl.out()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(carl.out()).contains("Audit: VERIFIED");
        // The host's person reads the refusal on the command's output, in one line naming bob.
        assertThat(hosted.out().lines().filter(l -> l.startsWith("refused \"bob\" [" + bobs + "] at "))).singleElement()
                .asString().endsWith(": its key " + bobs + " is not accepted here as bob");
        assertThat(asked).hasSize(2).allMatch(q -> q.endsWith("? y/N"));
        assertThat(asked.get(0)).startsWith("accept bob, fingerprint " + bobs);
        assertThat(Files.readAllLines(dir.resolve("carl.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("ann.jsonl")));
    }
}
