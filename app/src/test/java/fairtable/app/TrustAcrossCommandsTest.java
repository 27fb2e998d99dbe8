package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One trust rule for every command that talks to another player: a player is their profile key and their
 * profile's name, pinned under that name by fingerprint, so a friend accepted once is known to every command; a
 * stranger is refused with the fingerprint and what to type, before any step of the game runs.
 */
class TrustAcrossCommandsTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    /** {@code name}'s profile, going by {@code name} (fairtable id --name). */
    private Profile profile(String name) throws Exception {
        Profile profile = Profile.open(dir.resolve(name), new SecureRandom());
        profile.setDisplayName(name);
        return profile;
    }

    private String home(Profile profile) {
        return profile.directory().toString();
    }

    @Test
    void aFriendAcceptedForADrawIsKnownToDarkChessWithNothingAccepted() throws Exception {
        Profile alice = profile("alice");
        Profile bob = profile("bob");

        // The draw: alice takes bob on first use; bob's invitation pins alice.
        InProcessHost drawHost = InProcessHost.start("draw", "--listen", "0", "--home", home(alice), "--accept-new",
                "--cards", "10", "--each", "2", "--transcript", dir.resolve("draw-a.jsonl").toString());
        Run drawn = run("draw", "--connect", drawHost.invitation(), "--home", home(bob), "--cards", "10", "--each", "2",
                "--transcript", dir.resolve("draw-b.jsonl").toString());
        InProcessHost.Run hosted = drawHost.finish();
        assertThat(drawn.code()).as(drawn.out()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(hosted.out()).contains("WARNING: bob is new: their key " + bob.fingerprint() + " is now pinned.");
        assertThat(profile("alice").knownPeers().pinned("bob")).contains(bob.fingerprint());
        assertThat(profile("bob").knownPeers().pinned("alice")).contains(alice.fingerprint());

        // Dark chess, with no --accept-new and nobody to ask: bob is alice's friend already.
        InProcessHost chessHost = InProcessHost.start("play-dark-chess", "--bots", "all", "--host", "0", "--home",
                home(alice), "--max-moves", "1", "--transcript", dir.resolve("chess-w.jsonl").toString());
        Run black = run("play-dark-chess", "--bots", "all", "--join", chessHost.invitation(), "--home", home(bob),
                "--max-moves", "1", "--transcript", dir.resolve("chess-b.jsonl").toString());
        InProcessHost.Run white = chessHost.finish();
        assertThat(white.code()).as(white.out()).isZero();
        assertThat(black.code()).as(black.out()).isZero();
        assertThat(white.out()).contains("Audit: VERIFIED").doesNotContain("is new");
    }

    @Test
    void theDarkChessHostRefusesAStrangerBeforeAskingForWhitesFirstMove() throws Exception {
        Profile alice = profile("alice");
        Profile mallory = profile("mallory");
        Fingerprint stranger = mallory.fingerprint();

        InProcessHost host = InProcessHost.startTyping(new ByteArrayInputStream("e2e4\n".getBytes(StandardCharsets.UTF_8)),
                "play-dark-chess", "--bots", "none", "--host", "0", "--home", home(alice), "--max-moves", "2",
                "--timeout", "10", "--transcript", dir.resolve("chess-w.jsonl").toString());
        // Turned away at the door, mallory is told so at once; the host listens on for a pinned player until its timeout.
        Run joined = run("play-dark-chess", "--bots", "all", "--join", host.invitation(), "--home", home(mallory),
                "--max-moves", "2", "--timeout", "5", "--transcript", dir.resolve("chess-b.jsonl").toString());
        InProcessHost.Run white = host.finish();

        assertThat(white.code()).as(white.out()).isEqualTo(Main.ERROR);
        assertThat(white.out()).contains("refused a player with key " + stranger + ": it is pinned under no name.")
                .contains("Stopped: nobody else joined within 10 s, so the game never started");
        // No game step ran before mallory was judged: White was never asked to move.
        assertThat(white.out()).doesNotContain("Your move").doesNotContain("Audit:");
        assertThat(joined.code()).as(joined.out()).isNotZero();
        assertThat(joined.out()).contains(" refused you: your key " + stranger + " is not accepted there.");
        assertThat(profile("alice").knownPeers().pinned("mallory")).isEmpty();
    }

    @Test
    void aTableHostTurnsAwayAKeyPinnedUnderNoNameAndSaysWhatToType() throws Exception {
        Profile alice = profile("alice");
        Profile mallory = profile("mallory");
        InProcessHost host = InProcessHost.start("table", "host", "--game", "dark-chess", "--players", "2",
                "--max-moves", "2", "--home", home(alice), "--timeout", "10",
                "--transcript", dir.resolve("table-a.jsonl").toString());
        Run joined = run("table", "join", "--accept-new", "--game", "dark-chess", "--seat", "1", "--players", "2",
                "--max-moves", "2", "--home", home(mallory), "--timeout", "5", "--connect", host.invitation(),
                "--transcript", dir.resolve("table-m.jsonl").toString());
        host.awaitOutput("refused a player with key " + mallory.fingerprint() + ": it is pinned under no name. If they"
                + " are expected, compare this fingerprint with theirs over another channel, then run the same command"
                + " again with --accept-new (or --peer " + mallory.fingerprint() + ").");
        assertThat(joined.code()).as(joined.out()).isNotZero();
        assertThat(joined.out()).doesNotContain("Audit:");
        InProcessHost.Run hosted = host.finish();
        assertThat(hosted.code()).isNotZero();
        assertThat(hosted.out()).doesNotContain("Audit:");
        assertThat(profile("alice").knownPeers().pinned("mallory")).isEmpty();
    }

    @Test
    void aGuestTheTableHostRefusesIsToldAtOnceWhichKeyAndWhatTheHostCanType() throws Exception {
        Profile alice = profile("alice");
        Profile mallory = profile("mallory");
        InProcessHost host = InProcessHost.start("table", "host", "--game", "dark-chess", "--players", "2",
                "--max-moves", "2", "--home", home(alice), "--timeout", "10",
                "--transcript", dir.resolve("table-a.jsonl").toString());
        String invitation = host.invitation();
        // A patience of a minute: a guest that retried until it ran out would miss the bound below.
        CompletableFuture<Run> joining = CompletableFuture.supplyAsync(() -> run("table", "join", "--accept-new",
                "--game", "dark-chess", "--seat", "1", "--players", "2", "--max-moves", "2", "--home", home(mallory),
                "--timeout", "60", "--connect", invitation, "--transcript", dir.resolve("table-m.jsonl").toString()));
        Run joined = joining.get(10, TimeUnit.SECONDS);
        assertThat(joined.out()).contains("refused you: your key " + mallory.fingerprint() + " is not accepted there."
                + " Its host can run again with --peer " + mallory.fingerprint() + " (or --accept-new, or answer y when"
                + " asked) to let you in.", alice.fingerprint().toString());
        assertThat(joined.out()).doesNotContain("retrying");
        assertThat(joined.code()).as(joined.out()).isEqualTo(Main.ERROR);
        host.finish();
    }

    @Test
    void aTableHostWithAcceptNewPinsTheNewPlayerUnderTheirProfileName() throws Exception {
        Profile alice = profile("alice");
        Profile bob = profile("bob");
        InProcessHost host = InProcessHost.start("table", "host", "--accept-new", "--game", "dark-chess",
                "--players", "2", "--max-moves", "2", "--home", home(alice),
                "--transcript", dir.resolve("table-a.jsonl").toString());
        Run joined = run("table", "join", "--game", "dark-chess", "--seat", "1", "--players", "2",
                "--max-moves", "2", "--home", home(bob), "--connect", host.invitation(),
                "--transcript", dir.resolve("table-b.jsonl").toString());
        InProcessHost.Run hosted = host.finish();
        assertThat(joined.code()).as(joined.out()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(hosted.out()).contains("WARNING: bob is new: their key " + bob.fingerprint() + " is now pinned.");
        assertThat(profile("alice").knownPeers().pinned("bob")).contains(bob.fingerprint());
        assertThat(profile("bob").knownPeers().pinned("alice")).contains(alice.fingerprint());
    }
}
