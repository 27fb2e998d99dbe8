package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustDecision;
import java.io.IOException;
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
 * A stranger who reaches a two-party host first does not take the joiner's seat: the host's trust rule judges its
 * key before anything of it is placed, it is refused with one line on each side naming it, and the host goes on
 * listening, so the player it expects then joins and the draw ends VERIFIED on both sides.
 */
class TwoSeatStrangersTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    private Profile profile(String who) throws IOException {
        Profile profile = Profile.open(dir.resolve(who), new SecureRandom());
        profile.setDisplayName(who);
        return profile;
    }

    private Run draw(String who, String invitation) {
        return run("draw", "--connect", invitation, "--home", dir.resolve(who).toString(), "--cards", "20",
                "--each", "3", "--timeout", "60", "--transcript", dir.resolve(who + ".jsonl").toString());
    }

    private static String[] hosting(Path dir) {
        return new String[] {"draw", "--listen", "0", "--home", dir.resolve("alice").toString(), "--cards", "20",
                "--each", "3", "--timeout", "60", "--transcript", dir.resolve("alice.jsonl").toString()};
    }

    private void bothVerified(Run bob, InProcessHost.Run alice) throws IOException {
        assertThat(bob.code()).as(bob.out()).isZero();
        assertThat(alice.code()).as(alice.out()).isZero();
        assertThat(bob.out()).contains("Audit: VERIFIED");
        assertThat(alice.out()).contains("Audit: VERIFIED");
        assertThat(Files.readAllLines(dir.resolve("bob.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("alice.jsonl")));
    }

    @Test
    void anUnpinnedStrangerIsTurnedAwayWithoutTakingTheSeatAndThePinnedJoinerPlaysToVerified() throws Exception {
        Profile alice = profile("alice");
        Profile bob = profile("bob");
        String mallorys = profile("mallory").fingerprint().toString();
        alice.knownPeers().admit("bob", bob.identity().verifyingKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        // No --peer, no --accept-new and nobody at a terminal: only a pinned key may come in.
        InProcessHost host = InProcessHost.start(hosting(dir));

        Run mallory = draw("mallory", host.invitation());
        assertThat(mallory.code()).as(mallory.out()).isNotZero();
        assertThat(mallory.out()).doesNotContain("Broken pipe").doesNotContain("Exception");
        assertThat(mallory.out().lines().filter(l -> l.startsWith("Stopped: ")))
                .singleElement().asString().contains(" refused you: your key " + mallorys + " is not accepted there.");
        host.awaitOutput(mallorys);

        Run bobs = draw("bob", host.invitation());
        InProcessHost.Run hosted = host.finish();
        bothVerified(bobs, hosted);
        assertThat(hosted.out().lines().filter(l -> l.contains(mallorys))).singleElement().asString()
                .startsWith("refused a player with key " + mallorys + ": it is pinned under no name.");
    }

    @Test
    void aStrangerThePersonRefusesDoesNotTakeTheSeatAndTheJoinerThePersonAcceptsPlaysToVerified() throws Exception {
        profile("alice");
        String bobs = profile("bob").fingerprint().toString();
        String mallorys = profile("mallory").fingerprint().toString();
        List<String> asked = new CopyOnWriteArrayList<>();
        InProcessHost host = InProcessHost.startAsking(Games.ALL, question -> {
            asked.add(question);
            return question.startsWith("accept bob,");
        }, hosting(dir));

        Run mallory = draw("mallory", host.invitation());
        assertThat(mallory.code()).as(mallory.out()).isNotZero();
        assertThat(mallory.out().lines().filter(l -> l.startsWith("Stopped: "))).singleElement().asString()
                .endsWith(" refused you: your key " + mallorys + " is not accepted there as mallory. Its person can"
                        + " answer y when asked, or run it again with --peer " + mallorys + " (or --accept-new), to let"
                        + " you in.");

        Run bob = draw("bob", host.invitation());
        InProcessHost.Run hosted = host.finish();
        bothVerified(bob, hosted);
        assertThat(asked).containsExactly("accept mallory, fingerprint " + mallorys + "? y/N",
                "accept bob, fingerprint " + bobs + "? y/N");
        assertThat(hosted.out().lines().filter(l -> l.startsWith("refused \"mallory\" [" + mallorys + "] at ")))
                .singleElement().asString().endsWith(": its key " + mallorys + " is not accepted here as mallory");
    }
}
