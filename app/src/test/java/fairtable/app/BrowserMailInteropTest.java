package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.cli.MailGames;
import fairtable.app.ui.UiServer;
import fairtable.games.chess.play.ChessSide;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Profile;
import fairtable.protocol.darkchess.DarkChessParty;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game by mail moves freely between the browser and the command line: alice's game is started by the browser's
 * {@link MailGames} in her profile's mail directory, and each of her later steps is taken in turn by the browser's
 * code and by {@code fairtable mail} on that same directory; bob plays by the command line only. The game (dark
 * chess, capped at two plies) ends VERIFIED on both sides.
 */
class BrowserMailInteropTest {
    @TempDir
    Path temp;

    @Test
    void aGameStartedInTheBrowserIsContinuedByTheCommandLineAndBackUntilBothSidesVerifyIt() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Path aliceHome = Path.of(desk.home("alice"));
        Profile alice = Profile.open(aliceHome, new SecureRandom());
        alice.setDisplayName("alice");
        Profile.open(Path.of(desk.home("bob")), new SecureRandom()).setDisplayName("bob");
        MailGames browser = new MailGames(aliceHome.resolve(UiServer.MAIL_DIRECTORY), alice);
        String name = browser.start("dark-chess", Map.of("move-limit", "2"));
        Path aliceDir = aliceHome.resolve(UiServer.MAIL_DIRECTORY).resolve(name);

        MailDesk.Sent joined = desk.mail("join", "bob", "--in", desk.file(browser.look(name).toSend()).toString());
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        String fromBob = joined.text();
        String fromAlice = browser.look(name).toSend();
        // Alice's steps alternate between the two tools, the browser's first: it takes in bob's hello.
        int byBrowser = 0;
        int byCommandLine = 0;
        for (int turn = 0; ; turn++) {
            assertThat(turn).as("the game to end").isLessThan(200);
            MailGames.Look a = browser.look(name);
            MailDesk.Run bob = desk.status("bob");
            if (a.party().isFinished() && bob.out().contains("Finished.")) {
                break;
            }
            boolean browserTurn = (byBrowser + byCommandLine) % 2 == 0;
            if (a.yourMove()) {
                if (browserTurn) {
                    browser.move(name, 0, null);
                    byBrowser++;
                } else {
                    DarkChessParty chess = (DarkChessParty) a.party();
                    String uci = ((ChessSide) chess.side()).legalMoves().get(0).uci();
                    MailDesk.Run moved = aliceCommand("move", aliceHome, aliceDir, uci);
                    assertThat(moved.code()).as(moved.err()).isZero();
                    byCommandLine++;
                }
            } else if (bob.out().contains("YOUR MOVE")) {
                String legal = bob.out().lines().filter(l -> l.startsWith("YOUR MOVE. Legal moves: ")).findFirst()
                        .orElseThrow();
                String uci = Arrays.stream(legal.substring("YOUR MOVE. Legal moves: ".length()).split(" "))
                        .findFirst().orElseThrow();
                MailDesk.Sent moved = desk.mail("move", "bob", uci);
                assertThat(moved.run().code()).as(moved.run().err()).isZero();
                fromBob = moved.text();
            } else if (!a.toSend().isEmpty() && !a.toSend().equals(fromAlice)) {
                fromAlice = a.toSend();
                MailDesk.Sent taken = desk.receive("bob", fromAlice);
                assertThat(taken.run().code()).as(taken.run().err()).isZero();
                fromBob = taken.text();
            } else if (!fromBob.isEmpty()) {
                if (browserTurn) {
                    browser.receive(name, fromBob);
                    byBrowser++;
                } else {
                    MailDesk.Run taken = aliceCommand("receive", aliceHome, aliceDir, "--in",
                            desk.file(fromBob).toString());
                    assertThat(taken.code()).as(taken.err()).isZero();
                    byCommandLine++;
                }
                fromBob = "";
            } else {
                throw new AssertionError("nobody has a move or a text to send: alice " + a.status().state()
                        + ", bob " + bob.out());
            }
        }
        assertThat(byBrowser).isPositive();
        assertThat(byCommandLine).isPositive();
        assertThat(GameStatus.read(aliceDir).verdict()).startsWith("VERIFIED");
        assertThat(desk.status("bob").out()).contains("Finished. VERIFIED");
        assertThat(Files.isRegularFile(aliceDir.resolve("transcript.jsonl"))).isTrue();
        assertThat(browser.transcript(name)).contains(aliceDir.resolve("transcript.jsonl"));
        // Bob's first text came through the browser's code, which pinned his key under his name as mail does.
        assertThat(Profile.open(aliceHome, new SecureRandom()).knownPeers().all()).containsKey("bob");
    }

    private static MailDesk.Run aliceCommand(String command, Path home, Path dir, String... more) {
        String[] args = new String[5 + more.length];
        args[0] = "mail";
        args[1] = command;
        args[2] = "--home=" + home;
        args[3] = "--dir=" + dir;
        args[4] = "--out=" + dir.resolveSibling("cli-out-" + System.nanoTime() + ".txt");
        System.arraycopy(more, 0, args, 5, more.length);
        return MailDesk.run(args);
    }
}
