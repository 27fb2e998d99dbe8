package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.identity.Profile;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mahjong Shogi and dark chess between two seats over TLS, each signing with its profile's identity key and
 * pinning the other by fingerprint; a seat that meets another key is refused; and a journaled seat killed
 * with SIGKILL resumes and finishes the game.
 */
class BoardGamesOverNetworkTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    private static Run runTyping(String typed, String... args) {
        StringWriter out = new StringWriter();
        java.io.InputStream in = new java.io.ByteArrayInputStream(typed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        int code = Main.run(in, new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    /** {@code name}'s profile, going by {@code name}: the name its key is pinned under. */
    private Profile profile(String name) throws Exception {
        Profile profile = Profile.open(dir.resolve(name), new SecureRandom());
        profile.setDisplayName(name);
        return profile;
    }

    private static String invitation(int port, Profile host) {
        return "fairtable://127.0.0.1:" + port + "/" + host.fingerprint();
    }

    /**
     * Runs the host in the background, on a port it picks itself, and the guest here, given the host's port; returns
     * host then guest.
     */
    private static Run[] pair(String[] host, java.util.function.IntFunction<String[]> guest) throws Exception {
        InProcessHost hosted = InProcessHost.start(host);
        Run joined = run(guest.apply(hosted.port()));
        InProcessHost.Run h = hosted.finish();
        return new Run[] {new Run(h.code(), h.out()), joined};
    }

    /**
     * An invitation edited to name a seat the host cannot play (2, -1, a word, given twice) is refused in one plain
     * line, exit 2, before anything is opened: the joiner never guesses a side.
     */
    @Test
    void anEditedHostSeatIsRefusedInOneLine() throws Exception {
        Profile host = profile("white");
        Profile guest = profile("black");
        for (String seat : List.of("host-seat=2", "host-seat=-1", "host-seat=one", "host-seat=1&host-seat=0",
                "host-seat=")) {
            Run r = run("play", "dark-chess", "--bots", "me", "--join", invitation(1, host) + "?game=dark-chess&"
                    + seat, "--home", guest.directory().toString(), "--timeout", "5");
            assertThat(r.code()).as(seat + ": " + r.out()).isEqualTo(2);
            assertThat(r.out().strip()).as(seat).doesNotContain("\n", "Exception", "\tat ").isNotEmpty();
        }
    }

    private static void assertSignedBy(Path transcript, Profile... players) throws Exception {
        List<Hello> hellos = new ArrayList<>();
        TranscriptFile.Contents contents = TranscriptFile.read(transcript);
        for (var e : contents.messages().subList(0, players.length)) {
            hellos.add(Hello.fromBytes(e.body()));
        }
        assertThat(hellos).hasSize(players.length);
        for (int seat = 0; seat < players.length; seat++) {
            assertThat(hellos.get(seat).key()).isEqualTo(players[seat].identity().verifyingKey());
        }
    }

    @Test
    void mahjongShogiSeatsPlayOverTlsSignedByTheirProfiles() throws Exception {
        Profile east = profile("east");
        Profile west = profile("west");
        Path eastFile = dir.resolve("east.jsonl");
        Path westFile = dir.resolve("west.jsonl");
        Run[] runs = pair(
                new String[] {"play", "mahjong-shogi", "--bots", "me", "--host", "0", "--home",
                    east.directory().toString(), "--accept-new", "--seed", "8", "--move-limit", "40", "--timeout", "60",
                    "--transcript", eastFile.toString()},
                port -> new String[] {"play", "mahjong-shogi", "--bots", "me", "--join", invitation(port, east), "--home",
                    west.directory().toString(), "--seed", "9", "--move-limit", "40", "--timeout", "60",
                    "--transcript", westFile.toString()});
        assertThat(runs[0].code()).as(runs[0].out()).isZero();
        assertThat(runs[1].code()).as(runs[1].out()).isZero();
        assertThat(runs[0].out()).contains("Invitation: fairtable://", "WARNING: west is new", "What east sees",
                "Audit: VERIFIED");
        assertThat(runs[1].out()).contains("What west sees", "Audit: VERIFIED");
        assertThat(TranscriptFile.read(eastFile).messages()).isEqualTo(TranscriptFile.read(westFile).messages());
        assertSignedBy(eastFile, east, west);
        // Both now pin each other: east under west's name, west under east's.
        assertThat(profile("east").knownPeers().pinned("west")).contains(west.fingerprint());
        assertThat(profile("west").knownPeers().pinned("east")).contains(east.fingerprint());
    }

    @Test
    void aPersonPlaysMahjongShogiOverTlsAgainstAnotherProcessesBot() throws Exception {
        Profile east = profile("east");
        Profile west = profile("west");
        Path eastFile = dir.resolve("east.jsonl");
        Path westFile = dir.resolve("west.jsonl");
        InProcessHost hosted = InProcessHost.start("play", "mahjong-shogi", "--bots", "me",
                "--host", "0", "--home", east.directory().toString(), "--accept-new", "--seed", "8",
                "--move-limit", "20", "--timeout", "60", "--transcript", eastFile.toString());
        // The invitation carries the game's terms: the person joins by it alone and plays the host's move limit.
        assertThat(hosted.invitation()).endsWith("?game=mahjong-shogi&players=2&move-limit=20&mode=ristretto");
        // The person at west types the first listed move every time, one mistake included.
        Run person = runTyping("e9-e1\n" + "1\n".repeat(30), "play", "mahjong-shogi", "--bots", "none", "--join",
                hosted.invitation(), "--home", west.directory().toString(), "--timeout", "60",
                "--transcript", westFile.toString());
        InProcessHost.Run bot = hosted.finish();
        assertThat(person.code()).as(person.out()).isZero();
        assertThat(bot.code()).as(bot.out()).isZero();
        assertThat(person.out()).contains("you at this terminal", "Audit: VERIFIED");
        assertThat(TranscriptFile.read(eastFile).messages()).isEqualTo(TranscriptFile.read(westFile).messages());
        assertSignedBy(westFile, east, west);
    }

    @Test
    void aPersonWhoseInputEndsLeavesAndTakesTheSeatUpAgainFromTheJournal() throws Exception {
        Profile east = profile("east");
        Profile west = profile("west");
        Path westFile = dir.resolve("west.jsonl");
        Path journal = dir.resolve("west.journal");
        InProcessHost hosted = InProcessHost.start("play", "mahjong-shogi", "--bots", "me",
                "--host", "0", "--home", east.directory().toString(), "--accept-new", "--seed", "8",
                "--move-limit", "20", "--timeout", "60", "--transcript", dir.resolve("east.jsonl").toString());
        int port = hosted.port();
        String[] join = {"play", "mahjong-shogi", "--bots", "none", "--join", invitation(port, east), "--home",
            west.directory().toString(), "--move-limit", "20", "--timeout", "60", "--journal", journal.toString(),
            "--transcript", westFile.toString()};
        Run first = runTyping("1\n1\n", join); // two moves, then the keyboard is gone
        assertThat(first.code()).as(first.out()).isEqualTo(Main.ERROR);
        assertThat(first.out()).contains("Left the game", "run the same command again");
        Run second = runTyping("1\n".repeat(30), join);
        InProcessHost.Run bot = hosted.finish();
        assertThat(second.code()).as(second.out()).isZero();
        assertThat(second.out()).contains("Audit: VERIFIED");
        MidGameKill.assertResumedMidGame(second.out(), westFile, first.out() + "\n----\n" + second.out());
        assertThat(bot.code()).as(bot.out()).isZero();
    }

    /**
     * The host chooses Black: its invitation says so, the joiner types only the invitation and plays White (seat 0,
     * moving first), and both audit the same transcript with the seats signed by the right profiles. A side the game
     * has not, or a side chosen by the joiner, is one plain line and exit 2.
     */
    @Test
    void aHostWhoChoosesBlackHasTheJoinerPlayWhiteByTheInvitationAlone() throws Exception {
        Profile host = profile("ann");
        Profile guest = profile("bob");
        Path hostFile = dir.resolve("ann.jsonl");
        Path guestFile = dir.resolve("bob.jsonl");
        InProcessHost hosted = InProcessHost.start("play", "dark-chess", "--bots", "all", "--host", "0", "--side",
                "black", "--home", host.directory().toString(), "--accept-new", "--max-plies", "2", "--seed", "4",
                "--timeout", "60", "--transcript", hostFile.toString());
        String invitation = hosted.invitation();
        assertThat(invitation).endsWith("?game=dark-chess&players=2&max-plies=2&mode=ote-table&host-seat=1");
        Run joined = run("play", "dark-chess", "--bots", "all", "--join", invitation, "--home",
                guest.directory().toString(), "--max-plies", "2", "--seed", "5", "--timeout", "60", "--transcript",
                guestFile.toString());
        InProcessHost.Run hostRun = hosted.finish();
        assertThat(hostRun.code()).as(hostRun.out()).isZero();
        assertThat(joined.code()).as(joined.out()).isZero();
        assertThat(hostRun.out()).contains("as Black; waiting for White.", "Black's view at the end:", "Audit: VERIFIED");
        assertThat(joined.out()).contains("Joining as White.", "White's view at the end:", "Audit: VERIFIED");
        assertThat(Files.readAllLines(hostFile)).isEqualTo(Files.readAllLines(guestFile));
        assertSignedBy(hostFile, guest, host);

        Run green = run("play", "dark-chess", "--bots", "all", "--host", "0", "--side", "green", "--home",
                host.directory().toString(), "--timeout", "5");
        assertThat(green.code()).isEqualTo(Main.ERROR);
        assertThat(green.out().strip()).isEqualTo("fairtable: --side takes white or black in dark-chess, not 'green'");
        Run joinerChooses = run("play", "mahjong-shogi", "--bots", "me", "--join", invitation, "--side", "west",
                "--home", guest.directory().toString(), "--timeout", "5");
        assertThat(joinerChooses.code()).isEqualTo(Main.ERROR);
        assertThat(joinerChooses.out().strip()).isEqualTo("fairtable: --side is for the host (--host); who joins"
                + " plays the other side, as the invitation says");
    }

    /**
     * A host still on oprf-table (named, as every host was before ote-table became the default) and a joiner on the
     * default: the joiner refuses the host's hello in one plain line naming both modes, and plays nothing.
     */
    @Test
    void aJoinerTypingOnlyTheInvitationPlaysTheHostsModeAndOneTypingAnotherIsRefusedInOnePlainLine() throws Exception {
        Profile host = profile("ann");
        Profile guest = profile("bob");
        InProcessHost hosted = InProcessHost.start("play", "dark-chess", "--bots", "all", "--host", "0", "--ot",
                "oprf-table", "--home", host.directory().toString(), "--accept-new", "--max-plies", "2", "--seed", "4",
                "--timeout", "30", "--transcript", dir.resolve("ann.jsonl").toString());
        assertThat(hosted.invitation()).contains("?game=dark-chess&players=2&max-plies=2&mode=oprf-table");
        Run other = run("play", "dark-chess", "--bots", "all", "--join", hosted.invitation(), "--ot", "ote-table",
                "--home", guest.directory().toString(), "--transcript", dir.resolve("bob.jsonl").toString());
        assertThat(other.code()).as(other.out()).isEqualTo(Main.ERROR);
        assertThat(other.out().strip()).isEqualTo("fairtable: the host's table has --ot oprf-table, not ote-table; join with the"
                + " invitation alone to take the host's settings");
        Run joined = run("play", "dark-chess", "--bots", "all", "--join", hosted.invitation(), "--home",
                guest.directory().toString(), "--seed", "5", "--timeout", "30", "--transcript",
                dir.resolve("bob.jsonl").toString());
        InProcessHost.Run hostRun = hosted.finish();
        assertThat(joined.code()).as(joined.out()).isZero();
        assertThat(hostRun.code()).as(hostRun.out()).isZero();
        assertThat(joined.out()).contains("Result: ", "after 2 plies", "Audit: VERIFIED");
        assertThat(Files.readAllLines(dir.resolve("ann.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("bob.jsonl")));
        Hello hostHello = Hello.fromBytes(TranscriptFile.read(dir.resolve("bob.jsonl")).messages().get(0).body());
        assertThat(DarkChessParameters.fromBytes(hostHello.parameters()))
                .isEqualTo(new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 2));
    }

    @Test
    void twoPlayersAtARelayWhoChoseDifferentLimitsAreToldTheGameDidNotStartNotThatSomeoneCheated() throws Exception {
        InProcessHost relay = InProcessHost.start("relay", "--accept-new", "--listen", "0", "--home",
                dir.resolve("relay").toString(), "--timeout", "6");
        List<InProcessHost> seats = new ArrayList<>();
        for (int seat = 0; seat < 2; seat++) {
            seats.add(InProcessHost.start("play", "dark-chess", "--bots", "all", "--max-plies", seat == 0 ? "4" : "6",
                    "--join", relay.invitation(), "--relay", "--seat", Integer.toString(seat), "--accept-new", "--home",
                    dir.resolve("h" + seat).toString(), "--timeout", "5", "--transcript",
                    dir.resolve("t" + seat + ".jsonl").toString()));
        }
        List<InProcessHost.Run> runs = new ArrayList<>();
        for (InProcessHost seat : seats) {
            runs.add(seat.finish());
        }
        relay.finish(); // its table never ends: it serves out its --timeout
        List<String> outs = runs.stream().map(InProcessHost.Run::out).toList();
        // The seat whose hello was placed first has it refused by the other seat, which stops and says why in plain
        // words, naming the sender and both limits; the first then waits out its --timeout for a second hello.
        List<InProcessHost.Run> refusing = runs.stream().filter(r -> r.out().contains("The game did not start")).toList();
        assertThat(refusing).as(outs::toString).hasSize(1);
        assertThat(refusing.get(0).code()).as(outs::toString).isEqualTo(Main.FAILED);
        assertThat(refusing.get(0).out()).containsPattern("\nThe game did not start: the two sides' settings differ:"
                + " protocol violation: step 0, party player-\\S+: proposes dark-chess/v1 ote-table, at most (4|6)"
                + " plies, not dark-chess/v1 ote-table, at most (6|4) plies\n");
        for (InProcessHost.Run r : runs) {
            assertThat(r.out()).as(outs::toString).doesNotContain("Cheating", "Violation[", "Exception");
        }
    }

    @Test
    void aPersonPlaysDarkChessOverTlsAgainstAnotherProcessesBot() throws Exception {
        Profile white = profile("white");
        Profile black = profile("black");
        Path whiteFile = dir.resolve("white.jsonl");
        Path blackFile = dir.resolve("black.jsonl");
        InProcessHost hosted = whiteBotHost(white, whiteFile, 2);
        int port = hosted.port();
        Run person = runTyping("e2e4\n" + "1\n".repeat(10), "play", "dark-chess", "--bots", "none", "--join",
                invitation(port, white), "--home", black.directory().toString(), "--max-plies", "2", "--timeout", "60",
                "--transcript", blackFile.toString());
        InProcessHost.Run bot = hosted.finish();
        assertThat(person.code()).as(person.out()).isZero();
        assertThat(bot.code()).as(bot.out()).isZero();
        // The person was refused White's move e2e4, then played the first listed move each turn.
        assertThat(person.out()).contains("Black's view at the end:", "Audit: VERIFIED");
        assertThat(Files.readAllLines(whiteFile)).isEqualTo(Files.readAllLines(blackFile));
        assertSignedBy(blackFile, white, black);
    }

    @Test
    void aPersonWhoResignsOverTlsEndsTheGameAndBothSeatsWriteAndAuditTheTranscript() throws Exception {
        Profile white = profile("white");
        Profile black = profile("black");
        Path whiteFile = dir.resolve("white.jsonl");
        Path blackFile = dir.resolve("black.jsonl");
        InProcessHost hosted = whiteBotHost(white, whiteFile, 10);
        Run person = runTyping("1\nresign\n", "play", "dark-chess", "--bots", "none", "--join",
                invitation(hosted.port(), white), "--home", black.directory().toString(), "--max-plies", "10",
                "--timeout", "60", "--transcript", blackFile.toString());
        InProcessHost.Run bot = hosted.finish();
        assertThat(person.code()).as(person.out()).isZero();
        assertThat(bot.code()).as(bot.out()).isZero();
        assertThat(person.out()).contains("You resign.", "white wins: black resigned", "Audit: VERIFIED: white won: black resigned");
        assertThat(bot.out()).contains("Audit: VERIFIED: white won: black resigned");
        assertThat(Files.readAllLines(whiteFile)).isEqualTo(Files.readAllLines(blackFile));
        assertSignedBy(whiteFile, white, black);
    }

    @Test
    void aHostPresentingAnotherKeyThanTheInvitationNamesIsRefused() throws Exception {
        Profile east = profile("east");
        Profile impostor = profile("impostor");
        Profile west = profile("west");
        // The invitation names east's key, but the process listening on that port holds the impostor's.
        Run[] runs = pair(
                new String[] {"play", "mahjong-shogi", "--bots", "me", "--host", "0", "--home",
                    impostor.directory().toString(), "--accept-new", "--timeout", "5",
                    "--transcript", dir.resolve("impostor.jsonl").toString()},
                port -> new String[] {"play", "mahjong-shogi", "--bots", "me", "--join", invitation(port, east), "--home",
                    west.directory().toString(), "--timeout", "5", "--transcript", dir.resolve("west.jsonl").toString()});
        assertThat(runs[1].code()).as(runs[1].out()).isNotZero();
        // west says why: the key met is the impostor's, not the one the invitation names.
        assertThat(runs[1].out()).contains("WARNING: the peer presented key " + impostor.fingerprint() + " but "
                + east.fingerprint() + " was expected. Refused: someone may be in the middle, or the invitation is wrong.");
        assertThat(runs[1].out()).doesNotContain("Audit: VERIFIED").doesNotContain("What west sees");
        assertThat(runs[0].code()).as(runs[0].out()).isNotZero();
        assertThat(profile("west").knownPeers().pinned("east")).isEmpty();
    }

    @Test
    void aJoinerWhoseKeyIsNotPinnedIsRefusedWithoutAcceptNew() throws Exception {
        Profile east = profile("east");
        Profile west = profile("west");
        Run[] runs = pair(
                new String[] {"play", "mahjong-shogi", "--bots", "me", "--host", "0", "--home",
                    east.directory().toString(), "--timeout", "5", "--transcript", dir.resolve("east.jsonl").toString()},
                port -> new String[] {"play", "mahjong-shogi", "--bots", "me", "--join", invitation(port, east), "--home",
                    west.directory().toString(), "--timeout", "5", "--transcript", dir.resolve("west.jsonl").toString()});
        // Turned away at the door, west takes no seat; the host listens on for a pinned player until its timeout.
        assertThat(runs[0].code()).as(runs[0].out()).isEqualTo(Main.ERROR);
        assertThat(runs[0].out()).contains("refused a player with key " + west.fingerprint() + ": it is pinned under"
                + " no name.").contains("Stopped: nobody else joined within 5 s, so the game never started");
        assertThat(runs[0].out()).doesNotContain("Audit: VERIFIED");
        assertThat(runs[1].code()).as(runs[1].out()).isNotZero();
        assertThat(runs[1].out()).contains(" refused you: your key " + west.fingerprint() + " is not accepted there.");
        assertThat(profile("east").knownPeers().pinned("west")).isEmpty();
    }

    private Process start(Path log, String... args) throws Exception {
        return ChildJvm.startLogging(log, Main.class, args);
    }

    @Test
    void aKilledDarkChessSeatResumesFromItsJournal() throws Exception {
        long seed = 20261122;
        // Black is killed once its journal holds 2 to 6 entries (seeded): the game is under way, and eight plies
        // write about a dozen. Waiting on the journal, not a clock, also means it exists when the kill lands.
        int entries = 2 + new SplittableRandom(seed).nextInt(5);
        Supplier<String> logs = () -> "seed " + seed + ", black killed after " + entries + " journal entries\n"
                + logs("white-1.log", "black-1.log", "black-2.log");
        Profile white = profile("white");
        Profile black = profile("black");
        String[] host = {"play", "dark-chess", "--bots", "all", "--host", "0", "--home", white.directory().toString(),
            "--accept-new", "--max-plies", "8", "--seed", Long.toString(seed), "--timeout", "60",
            "--journal", dir.resolve("white.journal").toString(), "--transcript", dir.resolve("white.jsonl").toString()};
        Process w = start(dir.resolve("white-1.log"), host);
        String invitation = MidGameKill.awaitOutput(w, dir.resolve("white-1.log"),
                Pattern.compile("Invitation: (fairtable://\\S+)"), logs).group(1);
        String[] guest = {"play", "dark-chess", "--bots", "all", "--join", invitation, "--home",
            black.directory().toString(), "--max-plies", "8", "--seed", Long.toString(seed), "--timeout", "60",
            "--journal", dir.resolve("black.journal").toString(), "--transcript", dir.resolve("black.jsonl").toString()};
        Process b = start(dir.resolve("black-1.log"), guest);
        MidGameKill.awaitJournalEntries(b, dir.resolve("black.journal"), entries, logs);
        MidGameKill.kill(b, dir.resolve("black-1.log"), logs);
        Process revived = start(dir.resolve("black-2.log"), guest);
        assertThat(revived.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(w.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("black-2.log")), dir.resolve("black.jsonl"),
                logs.get());
        assertThat(revived.exitValue()).as(logs.get()).isZero();
        assertThat(w.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("white.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("black.jsonl")));
        assertThat(Audits.audit(TranscriptFile.read(dir.resolve("black.jsonl"))).verified()).isTrue();
    }

    private String logs(String... names) {
        return ChildJvm.logs(dir, names);
    }

    /** White's bot hosting dark chess over TLS, for a person who joins as Black. */
    private static InProcessHost whiteBotHost(Profile white, Path whiteFile, int maxPlies) {
        return InProcessHost.start("play", "dark-chess", "--bots", "all", "--host", "0",
                "--home", white.directory().toString(), "--accept-new", "--max-plies", Integer.toString(maxPlies),
                "--seed", "4", "--timeout", "60", "--transcript", whiteFile.toString());
    }
}
