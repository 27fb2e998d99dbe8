package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import fairtable.net.correspondence.GameStatus;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two users play Mahjong Shogi by correspondence through the command line only: every message crosses as armored
 * text in a file, each move is typed with {@code mail move} after reading {@code mail status}, and the battles'
 * oblivious-transfer round trips are answered by each {@code mail receive}.
 */
class MahjongShogiByMailTest {
    @TempDir
    Path temp;

    private MailDesk desk;

    @BeforeEach
    void desk() {
        desk = new MailDesk(temp);
    }

    private static Run run(String... args) {
        return MailDesk.run(args);
    }

    private String home(String who) {
        return desk.home(who);
    }

    private Path game(String who) {
        return desk.game(who);
    }

    private Sent mail(String command, String who, String... more) throws IOException {
        return desk.mail(command, who, more);
    }

    private Sent receive(String who, String text) throws IOException {
        return desk.receive(who, text);
    }

    private Run status(String who) {
        return desk.status(who);
    }

    /** A move read off the status screen: an attack if there is one, else a step forward by the front tile. */
    private static String choose(String status, SplittableRandom random) {
        List<String> attacks = MailDesk.listed(status, "Attacks (a battle against a hidden tile): ");
        if (!attacks.isEmpty()) {
            return attacks.get(random.nextInt(attacks.size()));
        }
        List<String> moves = MailDesk.listed(status, "YOUR MOVE. Legal moves: ");
        int toward = status.contains("(seat 0)") ? 1 : -1;
        List<String> forward = moves.stream().filter(m -> (m.charAt(4) - m.charAt(1)) * toward > 0).toList();
        if (forward.isEmpty()) {
            return moves.get(random.nextInt(moves.size()));
        }
        int front = forward.stream().mapToInt(m -> m.charAt(1) * toward).max().orElseThrow();
        List<String> fronts = forward.stream().filter(m -> m.charAt(1) * toward == front).toList();
        return fronts.get(random.nextInt(fronts.size()));
    }

    /** alice starts, bob joins: the hellos are exchanged. Returns bob's hello (to paste into alice's game). */
    private String startAndJoin(int moveLimit) throws IOException {
        Sent started = mail("new", "alice", "--game", "mahjong-shogi", "--move-limit", Integer.toString(moveLimit),
                "--seed", "11", "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isEqualTo(0);
        assertThat(started.run().out()).contains("mahjong-shogi/v1 ristretto", "you are alice (seat 0, moves first");
        assertThat(started.text()).contains("Protocol: mahjong-shogi/v1", "Type: hello");
        Path hello = temp.resolve("hello.txt");
        Files.writeString(hello, started.text());
        Sent joined = mail("join", "bob", "--in", hello.toString(), "--seed", "12", "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isEqualTo(0);
        assertThat(joined.run().out()).contains("Joining alice's game", "you are bob (seat 1", "Now awaiting alice's setup");
        return joined.text();
    }

    @Test
    void aWholeGamePlayedByPastingTextEndsVerifiedOnBothSides() throws Exception {
        String bobHello = startAndJoin(10);

        // Another game's messages pasted by mistake are refused and change nothing.
        Sent carol = mail("new", "carol", "--game", "mahjong-shogi", "--move-limit", "10", "--name", "carol");
        Files.writeString(temp.resolve("carol-hello.txt"), carol.text());
        Sent dave = mail("join", "dave", "--in", temp.resolve("carol-hello.txt").toString(), "--name", "dave");
        Sent carolSetup = receive("carol", dave.text());
        assertThat(carolSetup.text()).contains("Type: setup");
        Map<String, String> bobBefore = desk.onDisk("bob");
        Sent wrongGame = receive("bob", carolSetup.text());
        assertThat(wrongGame.run().code()).isEqualTo(2);
        assertThat(wrongGame.run().err()).contains("belongs to another game", "nothing was changed");
        assertThat(desk.onDisk("bob")).isEqualTo(bobBefore);

        Sent aliceSetup = receive("alice", bobHello);
        assertThat(aliceSetup.run().code()).as(aliceSetup.run().err()).isEqualTo(0);
        Map<String, String> aliceBefore = desk.onDisk("alice");
        Sent daveHello = receive("alice", dave.text());
        assertThat(daveHello.run().code()).isEqualTo(2);
        assertThat(daveHello.run().err()).contains("conflicts with the message already accepted", "nothing was changed");
        assertThat(desk.onDisk("alice")).isEqualTo(aliceBefore);

        Sent bobSetup = receive("bob", aliceSetup.text());
        Sent aliceReady = receive("alice", bobSetup.text());
        assertThat(aliceReady.run().out()).contains("Nothing to send", "YOUR MOVE", "mail status --dir");
        assertThat(aliceReady.run().out()).doesNotContain("??"); // the board is only shown apart from text to send

        // What each side sees: its own 25 tiles by kind, the other's 25 as ??, and whose move it is.
        Run aliceStatus = status("alice");
        assertThat(aliceStatus.out()).contains("YOUR MOVE", "Your board", "YOUR MOVE. Legal moves: ");
        assertThat(boardCells(aliceStatus.out(), "??")).isEqualTo(25);
        assertThat(boardCells(aliceStatus.out(), ".")).isEqualTo(81 - 50);
        Run bobStatus = status("bob");
        assertThat(bobStatus.out()).contains("Awaiting alice's move", "Your board").doesNotContain("YOUR MOVE");
        assertThat(boardCells(bobStatus.out(), "??")).isEqualTo(25);
        Run listing = run("status", "--dir", temp.toString(), "--home", home("alice"));
        assertThat(listing.out()).contains("alice-game: mahjong-shogi/v1, you are alice (seat 0), 4 messages, YOUR MOVE",
                "bob-game: mahjong-shogi/v1, you are bob (seat 1), 4 messages, awaiting alice's move",
                "YOUR MOVE. Legal moves: ", "Play with: fairtable mail move --dir");
        // The placement is in the signed journal only: no other file of the game holds it.
        try (Stream<Path> names = Files.list(game("alice"))) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("journal", "outbox",
                    "game.properties", "lock");
        }
        assertThat(Files.size(game("alice").resolve("lock"))).isZero(); // only ever locked, never written

        // A move out of turn, or an illegal one, is refused with the reason and changes nothing.
        bobBefore = desk.onDisk("bob");
        Sent early = mail("move", "bob", "e7-e6");
        assertThat(early.run().code()).isEqualTo(2);
        assertThat(early.run().err()).contains("it is not your move: awaiting alice's move", "nothing was changed");
        assertThat(desk.onDisk("bob")).isEqualTo(bobBefore);
        aliceBefore = desk.onDisk("alice");
        Sent nowhere = mail("move", "alice", "e5-e6");
        assertThat(nowhere.run().err()).contains("illegal move e5-e6: you have no tile on e5", "nothing was changed");
        Sent jump = mail("move", "alice", "e3-e5");
        assertThat(jump.run().err()).contains("illegal move 'e3-e5'", "one square orthogonally");
        Sent gibberish = mail("move", "alice", "castle");
        assertThat(gibberish.run().err()).contains("illegal move 'castle'");
        assertThat(List.of(nowhere, jump, gibberish)).allMatch(s -> s.run().code() == 2 && s.text().isEmpty());
        assertThat(desk.onDisk("alice")).isEqualTo(aliceBefore);

        Map<String, String> inbox = new HashMap<>(Map.of("alice", "", "bob", ""));
        SplittableRandom random = new SplittableRandom(3);
        boolean pastedTwice = false;
        boolean battleReported = false;
        int moves = 0;
        for (int round = 0; round < 200; round++) {
            for (String who : List.of("alice", "bob")) {
                if (!inbox.get(who).isEmpty()) {
                    Sent r = receive(who, inbox.get(who));
                    assertThat(r.run().code()).as(r.run().out() + r.run().err()).isEqualTo(0);
                    assertThat(r.run().out()).doesNotContain("Your board", "??"); // kinds are shown by status only
                    battleReported |= r.run().out().matches("(?s).*Last battle: \\w+ attacked [a-i]\\d from [a-i]\\d: .*");
                    if (!pastedTwice && moves > 0) {
                        // The same mail pasted again is refused as a duplicate and harms nothing.
                        Map<String, String> before = desk.onDisk(who);
                        Sent again = receive(who, inbox.get(who));
                        assertThat(again.run().code()).isEqualTo(2);
                        assertThat(again.run().err()).contains("already imported", "nothing was changed");
                        assertThat(desk.onDisk(who)).isEqualTo(before);
                        pastedTwice = true;
                    }
                    inbox.put(who, "");
                    inbox.merge(MailDesk.other(who), r.text(), String::concat);
                }
            }
            for (String who : List.of("alice", "bob")) {
                if (GameStatus.read(game(who)).yourMove()) {
                    Run s = status(who);
                    assertThat(s.out()).contains("YOUR MOVE");
                    String move = choose(s.out(), random);
                    Sent played = mail("move", who, move);
                    assertThat(played.run().code()).as(move + "\n" + s.out() + played.run().err()).isEqualTo(0);
                    assertThat(played.run().out()).contains("You played " + move).doesNotContain("Your board", "??");
                    inbox.merge(MailDesk.other(who), played.text(), String::concat);
                    moves++;
                }
            }
            if (GameStatus.read(game("alice")).finished() && GameStatus.read(game("bob")).finished()) {
                break;
            }
        }
        assertThat(pastedTwice).isTrue();
        assertThat(battleReported).isTrue();
        assertThat(moves).isBetween(4, 10);
        for (String who : List.of("alice", "bob")) {
            Run end = status(who);
            assertThat(end.out()).as(end.out()).contains("Finished. VERIFIED", "Result: ");
            assertThat(inbox.get(who)).isEmpty();
        }
        assertThat(Files.readString(game("alice").resolve("transcript.jsonl")))
                .isEqualTo(Files.readString(game("bob").resolve("transcript.jsonl")));
        List<String> types = TranscriptFile.read(game("bob").resolve("transcript.jsonl")).messages().stream()
                .map(Envelope::type).toList();
        assertThat(types).contains("attack", "pick", "strip", "result", "confirm");
        assertThat(types.subList(types.size() - 2, types.size())).containsExactly("reveal", "reveal");
        assertThat(run("audit", game("alice").resolve("transcript.jsonl").toString()).out()).startsWith("VERIFIED");
        assertThat(run("status", "--dir", temp.toString()).out()).contains("alice-game: mahjong-shogi/v1",
                "bob-game: mahjong-shogi/v1", "finished: VERIFIED");
        Sent late = mail("move", "alice", "e3-e4");
        assertThat(late.run().code()).isEqualTo(2);
        assertThat(late.run().err()).contains("the game is over");
    }

    /** How many squares of the rendered board show {@code cell}. */
    private static int boardCells(String status, String cell) {
        int n = 0;
        for (String line : status.lines().filter(l -> l.matches(" ?\\d  .*")).toList()) {
            for (String c : line.substring(4).strip().split("\\s+")) {
                n += c.equals(cell) ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void aPlayerWhoResignsOnTheirMoveEndsAVerifiedGame() throws Exception {
        String bobHello = startAndJoin(10);
        Sent aliceSetup = receive("alice", bobHello);
        Sent bobSetup = receive("bob", aliceSetup.text());
        receive("alice", bobSetup.text());
        Sent step = mail("move", "alice", choose(status("alice").out(), new SplittableRandom(1)));
        receive("bob", step.text());
        Sent resigned = mail("move", "bob", "resign");
        assertThat(resigned.run().code()).as(resigned.run().err()).isEqualTo(0);
        assertThat(resigned.text()).contains("Type: reveal");
        Sent aliceEnd = receive("alice", resigned.text());
        assertThat(aliceEnd.run().out()).contains("bob stopped the game by revealing", "Audit: VERIFIED");
        Sent bobEnd = receive("bob", aliceEnd.text());
        assertThat(bobEnd.run().code()).as(bobEnd.run().err()).isEqualTo(0);
        assertThat(bobEnd.run().out()).contains("Game over", "Audit: VERIFIED", "Nothing to send");
    }

    @Test
    void optionsOfAnotherGameAreRefusedAndTheDrawHasNoMoves() throws Exception {
        Run cards = run("mail", "new", "--home", home("alice"), "--dir", game("alice").toString(),
                "--game", "mahjong-shogi", "--cards", "10");
        assertThat(cards.code()).isEqualTo(2);
        assertThat(cards.err()).contains("--cards does not apply to --game mahjong-shogi");
        assertThat(game("alice")).doesNotExist();
        Run unknown = run("mail", "new", "--home", home("alice"), "--dir", game("alice").toString(), "--game", "go");
        assertThat(unknown.err()).contains("unknown game 'go'", "draw (fr2823580/v1)", "mahjong-shogi (mahjong-shogi/v1)");
        assertThat(run("mail", "new", "--home", home("alice"), "--dir", game("alice").toString(), "--cards", "10",
                "--each", "2").code()).isEqualTo(0);
        Sent move = mail("move", "alice", "e3-e4");
        assertThat(move.run().code()).isEqualTo(2);
        assertThat(move.run().err()).contains("the draw has no moves to choose");
    }
}
