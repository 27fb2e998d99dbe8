package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import fairtable.net.correspondence.Armor;
import fairtable.net.correspondence.GameStatus;
import fairtable.app.ui.UiServer;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import fairtable.protocol.table.TableReplay;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registered game by mail, through the command line only: alice starts a table/v1 session with {@code mail new
 * --game gin-rummy}, bob joins it, each pastes in what the other sent and types a move when {@code mail status}
 * says YOUR MOVE; the deck's steps are answered by every receive. Both end with the one transcript audited
 * VERIFIED through the registered rules, with the same result.
 */
class RegisteredGameByMailTest {
    @TempDir
    Path temp;

    /**
     * A gin player who never knocks: passes the upcard, draws from the stock and throws its lowest card, so that
     * the hand runs until the stock is spent (a drawn hand) without a single refused word.
     */
    private static String ginWords(String status) {
        String moves = status.lines().filter(l -> l.startsWith("Your legal moves: ")).findFirst().orElseThrow();
        if (moves.contains("take-upcard")) {
            return "pass";
        }
        if (moves.contains("draw-stock")) {
            return "draw";
        }
        List<String> cards = MailDesk.listed(status, "your cards: ");
        return "discard " + cards.get(0);
    }

    /** Invites bob to {@code game} and joins him; returns what each still has to take in. */
    /** A cautious Hold'em player: check, else call, else show, else fold. */
    private static String holdemWords(String status) {
        String moves = status.lines().filter(l -> l.startsWith("Your legal moves: ")).findFirst().orElseThrow();
        for (String wanted : List.of("check", "call", "show")) {
            if (List.of(moves.substring("Your legal moves: ".length()).split(" \\| ")).stream()
                    .anyMatch(o -> o.startsWith(wanted))) {
                return wanted;
            }
        }
        return "fold";
    }

    private Map<String, String> seat(MailDesk desk, String... settings) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("--name", "alice"));
        args.addAll(List.of(settings));
        Sent invite = desk.mail("new", "alice", args.toArray(String[]::new));
        assertThat(invite.run().code()).as(invite.run().err()).isZero();
        Sent joined = desk.mail("join", "bob", "--in", desk.file(invite.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        assertThat(joined.run().out()).contains("Joining alice's game", "you are bob (seat 1 of 2)");
        Map<String, String> inbox = new LinkedHashMap<>();
        inbox.put("alice", joined.text());
        inbox.put("bob", "");
        return inbox;
    }

    /**
     * Plays to the end: every player takes in its mail and its replies go to the other; whoever status says is
     * to move types what {@code words} picks from its status. {@code beforeMove} may try something first.
     */
    private void playToTheEnd(MailDesk desk, Map<String, String> inbox, java.util.function.Function<String, String> words,
            BiConsumer<String, String> beforeMove) throws IOException {
        for (int turn = 0; turn < 2000 && !(finished(desk, "alice") && finished(desk, "bob")); turn++) {
            for (String who : List.of("alice", "bob")) {
                if (!inbox.get(who).isEmpty()) {
                    Sent r = desk.receive(who, inbox.get(who));
                    assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                    inbox.put(who, "");
                    MailDesk.broadcast(inbox, who, r.text());
                }
            }
            for (String who : List.of("alice", "bob")) {
                // The summary says whose move it is; only then is the full status (which wakes the seat) read.
                if (GameStatus.read(desk.game(who)).yourMove()) {
                    Run status = desk.status(who);
                    assertThat(status.out()).as(status.err()).contains("YOUR MOVE");
                    beforeMove.accept(who, status.out());
                    Sent played = desk.mail("move", who, words.apply(status.out()).split(" "));
                    assertThat(played.run().code()).as(played.run().out() + played.run().err()).isZero();
                    MailDesk.broadcast(inbox, who, played.text());
                }
            }
        }
    }

    private static boolean finished(MailDesk desk, String who) throws IOException {
        return GameStatus.read(desk.game(who)).finished();
    }

    @Test
    void twoPlayersFinishAHandOfHoldemByPastingTextAndBothAuditTheSameResult() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Map<String, String> inbox = seat(desk, "--game", "holdem", "--players", "2", "--set", "hands=1");
        int[] moves = {0};
        playToTheEnd(desk, inbox, RegisteredGameByMailTest::holdemWords, (who, status) -> {
            assertThat(status).contains("Your legal moves: ");
            moves[0]++;
        });

        GameStatus alice = GameStatus.read(desk.game("alice"));
        GameStatus bob = GameStatus.read(desk.game("bob"));
        assertThat(alice.finished()).isTrue();
        assertThat(alice.protocol()).isEqualTo("table/v1");
        assertThat(alice.verdict()).startsWith("VERIFIED").isEqualTo(bob.verdict());
        assertThat(moves[0]).isGreaterThan(1);
        // The one transcript each wrote is judged the same by anyone, through the registered rules.
        Run audit = MailDesk.run("audit", desk.game("bob").resolve("transcript.jsonl").toString());
        assertThat(audit.code()).as(audit.err()).isZero();
        assertThat(audit.out()).contains(alice.verdict());
        assertThat(desk.status("alice").out()).contains("Finished. " + alice.verdict());
    }

    @Test
    void aRefusedMoveWordPrintsTheDefinitionsReasonAndChangesNothing() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Map<String, String> inbox = seat(desk, "--game", "gin-rummy", "--set", "hands=1");
        String who = null;
        for (int turn = 0; turn < 20 && who == null; turn++) {
            for (String each : List.of("alice", "bob")) {
                if (!inbox.get(each).isEmpty()) {
                    Sent r = desk.receive(each, inbox.get(each));
                    assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                    inbox.put(each, "");
                    MailDesk.broadcast(inbox, each, r.text());
                }
            }
            who = GameStatus.read(desk.game("alice")).yourMove() ? "alice"
                    : GameStatus.read(desk.game("bob")).yourMove() ? "bob" : null;
        }
        assertThat(who).as("someone is to move once the cards are dealt").isNotNull();
        String other = MailDesk.other(who);
        var mine = desk.onDisk(who);
        var theirs = desk.onDisk(other);

        Sent refused = desk.mail("move", who, "fly", "away");
        assertThat(refused.run().code()).isEqualTo(Main.ERROR);
        assertThat(refused.run().err()).startsWith("fairtable: type take, pass, draw, take-discard, discard CARD")
                .contains("nothing was changed");
        Sent outOfTurn = desk.mail("move", other, "pass");
        assertThat(outOfTurn.run().code()).isEqualTo(Main.ERROR);
        assertThat(outOfTurn.run().err()).startsWith("fairtable: it is not your move: awaiting ")
                .contains("nothing was changed");
        assertThat(refused.text() + outOfTurn.text()).isEmpty();
        assertThat(desk.onDisk(who)).isEqualTo(mine);
        assertThat(desk.onDisk(other)).isEqualTo(theirs);

        // The same seat's legal word is then played; a lost text is printed again by resend, every message of it.
        Sent played = desk.mail("move", who, ginWords(desk.status(who).out()).split(" "));
        assertThat(played.run().code()).as(played.run().err()).isZero();
        assertThat(played.text()).contains(Armor.BEGIN);
        Sent again = desk.mail("resend", who);
        assertThat(again.run().code()).as(again.run().err()).isZero();
        // (with what the seat sent since another player last spoke: copies the others skip)
        assertThat(again.text()).endsWith(played.text());
        // bob's last step sent several messages (his hello, then the deck's); resend prints them all.
        Sent bobs = desk.mail("resend", "bob");
        assertThat(Armor.decodeAll(bobs.text())).hasSizeGreaterThan(1);
        Sent unknownSetting = desk.mail("new", "carol", "--game", "gin-rummy", "--set", "stack=500");
        assertThat(unknownSetting.run().code()).isEqualTo(Main.ERROR);
        assertThat(unknownSetting.run().err()).contains("gin-rummy has no setting 'stack'; it reads players, target, hands");
        assertThat(desk.game("carol")).doesNotExist();
    }

    @Test
    void aPastedMessageAlteredOnTheWayIsRefusedNamingItsSignerOrAsUnreadable() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Map<String, String> inbox = seat(desk, "--game", "holdem", "--players", "2", "--set", "hands=1");
        // alice takes in bob's hello and answers with the deck's first steps: bob's mail is signed by alice.
        Sent first = desk.receive("alice", inbox.get("alice"));
        assertThat(first.run().code()).as(first.run().err()).isZero();
        String toBob = first.text();
        List<Envelope> sent = Armor.decodeAll(toBob);
        Envelope e = sent.get(0);
        byte[] body = e.body();
        body[body.length - 1] ^= 1;
        Envelope altered = Envelope.of(e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(), body,
                e.signature());

        Sent forged = desk.receive("bob", Armor.encode(altered, "table/v1", "alice"));
        assertThat(forged.run().code()).as("a forgery proves nothing: a bad input, not a cheat caught").isEqualTo(Main.ERROR);
        assertThat(forged.run().err()).isEqualTo("fairtable: message #" + e.seq() + " was refused: step " + e.step()
                + ": a message in alice's name with a bad signature was refused; it proves nothing against alice (kept as"
                + " evidence; the game is as it was)\n");

        String armored = Armor.encode(e, "table/v1", "alice");
        int at = armored.indexOf("\n\n") + 5;
        char c = armored.charAt(at);
        String garbled = armored.substring(0, at) + (c == 'A' ? 'B' : 'A') + armored.substring(at + 1);
        Sent unreadable = desk.receive("bob", garbled);
        assertThat(unreadable.run().code()).isEqualTo(Main.ERROR);
        assertThat(unreadable.run().err()).startsWith("fairtable: cannot read the text: ");

        // The real text still plays on.
        Sent real = desk.receive("bob", toBob);
        assertThat(real.run().code()).as(real.run().err()).isZero();
    }

    /**
     * Seats a bot for each of {@code players} at a new game ({@code settings} for {@code mail new}), the first
     * starting it and each other joining at its seat with every earlier hello, then passes every text on to every
     * other player until all have finished. Returns how many texts were pasted.
     */
    private int botsPlay(MailDesk desk, List<String> players, String... settings) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("--name", players.get(0), "--bot"));
        args.addAll(List.of(settings));
        Sent invite = desk.mail("new", players.get(0), args.toArray(String[]::new));
        assertThat(invite.run().code()).as(invite.run().err()).isZero();
        assertThat(invite.run().out()).contains("played by the game's bot");
        Map<String, String> inbox = new LinkedHashMap<>();
        players.forEach(p -> inbox.put(p, ""));
        MailDesk.broadcast(inbox, players.get(0), invite.text());
        StringBuilder hellos = new StringBuilder(invite.text());
        for (int seat = 1; seat < players.size(); seat++) {
            String who = players.get(seat);
            Sent joined = desk.mail("join", who, "--in", desk.file(hellos.toString()).toString(), "--name", who,
                    "--seat", Integer.toString(seat), "--bot");
            assertThat(joined.run().code()).as(joined.run().err()).isZero();
            inbox.put(who, "");
            hellos.append(joined.text());
            MailDesk.broadcast(inbox, who, joined.text());
        }
        int pastes = 0;
        for (int rounds = 0; !players.stream().allMatch(p -> finishedUnchecked(desk, p)); rounds++) {
            assertThat(rounds).isLessThan(400);
            assertThat(inbox.values()).as("the bots play on with every paste").anyMatch(t -> !t.isEmpty());
            for (String who : players) {
                if (!inbox.get(who).isEmpty()) {
                    Sent r = desk.receive(who, inbox.get(who));
                    assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                    inbox.put(who, "");
                    MailDesk.broadcast(inbox, who, r.text());
                    pastes++;
                }
            }
        }
        return pastes;
    }

    private static boolean finishedUnchecked(MailDesk desk, String who) {
        try {
            return finished(desk, who);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void twoBotsFinishAGameOfGinRummyByMailWhileThePlayersOnlyPassTheTextsOn() throws Exception {
        MailDesk desk = new MailDesk(temp);
        int pastes = botsPlay(desk, List.of("alice", "bob"), "--game", "gin-rummy", "--set", "hands=1");
        GameStatus alice = GameStatus.read(desk.game("alice"));
        assertThat(alice.verdict()).startsWith("VERIFIED").isEqualTo(GameStatus.read(desk.game("bob")).verdict());
        assertThat(pastes).isGreaterThan(4);
    }

    /**
     * Each mail command wakes the seat from its journal, and a woken seat knows only the cards of the round it wakes
     * in. The record of what it saw is kept with every step, so after two hands each player's record holds both, and
     * the replay "as I saw it" takes it: every card it names agrees with the transcript wherever that opens one.
     */
    @Test
    void eachPlayerByMailKeepsWhatItsSeatSawInEveryHandForItsReplay() throws Exception {
        MailDesk desk = new MailDesk(temp);
        List<String> players = List.of("alice", "bob");
        botsPlay(desk, players, "--game", "holdem", "--players", "2", "--set", "hands=2");
        for (int seat = 0; seat < 2; seat++) {
            Path file = desk.game(players.get(seat)).resolve("transcript.jsonl");
            Transcript transcript = new Transcript();
            for (Envelope e : TranscriptFile.read(file).messages()) {
                transcript.append(e);
            }
            SeenCards mine = SeenCards.besideFor(file, transcript);
            assertThat(mine).as("%s's record beside the transcript", players.get(seat)).isNotNull();
            assertThat(mine.seat()).isEqualTo(seat);
            assertThat(mine.rounds().keySet()).as("every hand, though each command woke the seat from its journal")
                    .containsExactly(1, 2);
            for (int[] cards : mine.rounds().values()) {
                assertThat(java.util.Arrays.stream(cards).filter(c -> c >= 0).count()).as("its two hole cards at least")
                        .isGreaterThanOrEqualTo(2);
            }
            assertThat(TableReplay.asSeen(Games.ALL, transcript, seat, mine.rounds()).steps()).isNotEmpty();
        }
        // The node's replay page offers the finished game by mail, and its "as I saw it" from the record.
        Path home = Path.of(desk.home("alice"));
        copyTree(desk.game("alice"), home.resolve(UiServer.MAIL_DIRECTORY).resolve("game-1"));
        try (UiServer ui = UiServer.start(Profile.open(home, new SecureRandom()), Games.ALL, 0, 600)) {
            String cookie = "fairtable-" + ui.port() + "=" + ui.url().getQuery().substring("token=".length());
            HttpClient http = HttpClient.newHttpClient();
            java.util.function.Function<String, String> get = path -> {
                try {
                    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ui.port() + path))
                            .header("Cookie", cookie).build(), HttpResponse.BodyHandlers.ofString()).body();
                } catch (IOException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            };
            assertThat(get.apply("/api/replay/files")).contains("\"mail\":\"game-1\"");
            String replay = get.apply("/api/replay/mail/game-1?perspective=mine");
            assertThat(replay).contains("\"perspective\":\"mine\"").contains("\"verified\":true");
            assertThat(get.apply("/api/replay/mail/no-such-game?perspective=mine")).contains("no game by mail called");
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var files = java.nio.file.Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) {
                    java.nio.file.Files.createDirectories(target);
                } else {
                    java.nio.file.Files.copy(f, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    @Test
    void threeBotsFinishAHandOfHoldemByMailEveryTextGoingToEveryOtherPlayer() throws Exception {
        MailDesk desk = new MailDesk(temp);
        List<String> players = List.of("alice", "bob", "carol");
        botsPlay(desk, players, "--game", "holdem", "--players", "3", "--set", "hands=1");
        String verdict = GameStatus.read(desk.game("alice")).verdict();
        assertThat(verdict).startsWith("VERIFIED");
        for (String who : players) {
            assertThat(GameStatus.read(desk.game(who)).verdict()).isEqualTo(verdict);
            assertThat(desk.game(who).resolve("transcript.jsonl")).hasSameTextualContentAs(
                    desk.game("alice").resolve("transcript.jsonl"));
        }
    }

    @Test
    void twoBotsFinishAHandOfHeadsUpDrawOverThePatentByMailAsOneSession() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Sent invite = desk.mail("new", "carol", "--game", "draw-poker", "--mode", "patent", "--players", "3");
        assertThat(invite.run().code()).isEqualTo(Main.ERROR);
        assertThat(invite.run().err()).contains("the FR 2823580 draw is for two seats, not 3");

        botsPlay(desk, List.of("alice", "bob"), "--game", "draw-poker", "--mode", "patent", "--set", "hands=1");
        String verdict = GameStatus.read(desk.game("alice")).verdict();
        assertThat(verdict).startsWith("VERIFIED: draw-poker for 2, 1 round: ");
        assertThat(GameStatus.read(desk.game("bob")).verdict()).isEqualTo(verdict);
        assertThat(desk.game("bob").resolve("transcript.jsonl")).hasSameTextualContentAs(
                desk.game("alice").resolve("transcript.jsonl"));
    }
}
