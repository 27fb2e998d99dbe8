package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.definitions.Games;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustDecision;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
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
                "--timeout", "5", "--transcript", dir.resolve("chess-w.jsonl").toString());
        // Turned away at the door, mallory is told so at once; the host listens on for a pinned player until its timeout.
        Run joined = run("play-dark-chess", "--bots", "all", "--join", host.invitation(), "--home", home(mallory),
                "--max-moves", "2", "--timeout", "5", "--transcript", dir.resolve("chess-b.jsonl").toString());
        InProcessHost.Run white = host.finish();

        assertThat(white.code()).as(white.out()).isEqualTo(Main.ERROR);
        assertThat(white.out()).contains("refused a player with key " + stranger + ": it is pinned under no name.")
                .contains("Stopped: nobody else joined within 5 s, so the game never started");
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
                "--max-moves", "2", "--home", home(alice), "--timeout", "5",
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
                "--max-moves", "2", "--home", home(alice), "--timeout", "5",
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

    /** A draw's joiner, {@code who}, by the host's invitation. */
    private Run draw(String who, String invitation) {
        return run("draw", "--connect", invitation, "--home", dir.resolve(who).toString(), "--cards", "20",
                "--each", "3", "--timeout", "60", "--transcript", dir.resolve(who + ".jsonl").toString());
    }

    /** alice's draw host: no --peer, no --accept-new. */
    private String[] drawHostedByAlice() {
        return new String[] {"draw", "--listen", "0", "--home", dir.resolve("alice").toString(), "--cards", "20",
                "--each", "3", "--timeout", "60", "--transcript", dir.resolve("alice.jsonl").toString()};
    }

    private void bothVerified(Run bob, InProcessHost.Run alice) throws Exception {
        assertThat(bob.code()).as(bob.out()).isZero();
        assertThat(alice.code()).as(alice.out()).isZero();
        assertThat(bob.out()).contains("Audit: VERIFIED");
        assertThat(alice.out()).contains("Audit: VERIFIED");
        assertThat(Files.readAllLines(dir.resolve("bob.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("alice.jsonl")));
    }

    /**
     * A stranger who reaches a two-party host first does not take the joiner's seat: the door turns its unpinned key
     * away before anything of it is placed, one line on each side names it, and the host listens on, so the player
     * it has pinned then joins and the draw ends VERIFIED on both sides.
     */
    @Test
    void anUnpinnedStrangerAtATwoPartyHostTakesNoSeatAndThePinnedJoinerPlaysToVerified() throws Exception {
        Profile alice = profile("alice");
        Profile bob = profile("bob");
        String mallorys = profile("mallory").fingerprint().toString();
        alice.knownPeers().admit("bob", bob.identity().verifyingKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        // No --peer, no --accept-new and nobody at a terminal: only a pinned key may come in.
        InProcessHost host = InProcessHost.start(drawHostedByAlice());

        Run mallory = draw("mallory", host.invitation());
        assertThat(mallory.code()).as(mallory.out()).isNotZero();
        assertThat(mallory.out()).doesNotContain("Broken pipe").doesNotContain("Exception");
        assertThat(mallory.out().lines().filter(l -> l.startsWith("Stopped: "))).singleElement().asString()
                .contains(" refused you: your key " + mallorys + " is not accepted there.");
        host.awaitOutput(mallorys);

        Run bobs = draw("bob", host.invitation());
        InProcessHost.Run hosted = host.finish();
        bothVerified(bobs, hosted);
        assertThat(hosted.out().lines().filter(l -> l.contains(mallorys))).singleElement().asString()
                .startsWith("refused a player with key " + mallorys + ": it is pinned under no name.");
    }

    /**
     * The host's person is asked about each key when it joins, before its hello is placed: a stranger it refuses
     * takes no seat, and the player it accepts next plays the draw to VERIFIED.
     */
    @Test
    void aStrangerThePersonRefusesTakesNoSeatAndTheJoinerThePersonAcceptsPlaysToVerified() throws Exception {
        profile("alice");
        String bobs = profile("bob").fingerprint().toString();
        String mallorys = profile("mallory").fingerprint().toString();
        List<String> asked = new CopyOnWriteArrayList<>();
        InProcessHost host = InProcessHost.startAsking(Games.ALL, question -> {
            asked.add(question);
            return question.startsWith("accept bob,");
        }, drawHostedByAlice());

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
