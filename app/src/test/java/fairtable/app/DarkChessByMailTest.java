package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import fairtable.net.correspondence.GameStatus;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two users play dark chess by correspondence through the command line only: each move is typed with
 * {@code mail move} after reading the fog-of-war view of {@code mail status}, and every vision round of oblivious
 * transfer crosses as pasted text, answered by each {@code mail receive}.
 */
class DarkChessByMailTest {
    @TempDir
    Path temp;

    @Test
    void aGameOfTypedMovesAndPastedVisionRoundsEndsVerifiedOnBothSides() throws Exception {
        MailDesk desk = new MailDesk(temp);
        // The seed's rounds protocol, still selectable by name.
        Sent started = desk.mail("new", "alice", "--game", "dark-chess", "--mode", "chou-orlandi", "--move-limit", "2",
                "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        assertThat(started.run().out()).contains("chou-orlandi, at most 2 plies", "you are alice (White, moves first)");
        Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        Sent ready = desk.receive("alice", joined.text());
        assertThat(ready.run().out()).contains("Nothing to send", "YOUR MOVE");

        // White sees its own pieces and the squares they see: 20 moves, and no black piece yet.
        Run aliceStatus = desk.status("alice");
        assertThat(MailDesk.listed(aliceStatus.out(), "YOUR MOVE. Legal moves: ")).hasSize(20).contains("e2e4", "g1f3");
        assertThat(desk.status("bob").out()).doesNotContain("YOUR MOVE");

        // Out of turn, illegal, or not a move at all: refused with the reason, and nothing changes.
        Map<String, String> bobBefore = desk.onDisk("bob");
        Sent early = desk.mail("move", "bob", "e7e5");
        assertThat(early.run().err()).contains("it is not your move", "nothing was changed");
        assertThat(desk.onDisk("bob")).isEqualTo(bobBefore);
        Map<String, String> aliceBefore = desk.onDisk("alice");
        Sent nowhere = desk.mail("move", "alice", "e4e5");
        assertThat(nowhere.run().err()).contains("You have no piece on e4", "nothing was changed");
        Sent blocked = desk.mail("move", "alice", "e1e2");
        assertThat(blocked.run().err()).contains("Your king on e1 cannot play e1e2 now");
        Sent gibberish = desk.mail("move", "alice", "O-O");
        assertThat(gibberish.run().err()).contains("'O-O' is not a move such as e2e4");
        assertThat(List.of(early, nowhere, blocked, gibberish)).allMatch(s -> s.run().code() == 2 && s.text().isEmpty());
        assertThat(desk.onDisk("alice")).isEqualTo(aliceBefore);

        Map<String, String> inbox = new HashMap<>(Map.of("alice", "", "bob", ""));
        SplittableRandom random = new SplittableRandom(7);
        int[] moves = {0};
        int pastes = exchange(desk, inbox, (who, legal) -> {
            moves[0]++;
            return legal.get(random.nextInt(legal.size()));
        });
        assertThat(moves[0]).isEqualTo(2);
        // Every ply's two vision rebuilds take rounds of oblivious transfer, each one paste (about 60 a ply).
        assertThat(pastes).isGreaterThan(2 * 40);
        for (String who : List.of("alice", "bob")) {
            assertThat(desk.status(who).out()).contains("Finished. VERIFIED", "draw: the cap of 2 plies");
        }
        Path transcript = desk.game("alice").resolve("transcript.jsonl");
        assertThat(Files.readString(transcript)).isEqualTo(Files.readString(desk.game("bob").resolve("transcript.jsonl")));
        List<String> types = TranscriptFile.read(transcript).messages().stream().map(Envelope::type).toList();
        assertThat(types).filteredOn("move"::equals).hasSize(2);
        assertThat(MailDesk.run("audit", transcript.toString()).out()).startsWith("VERIFIED");
    }

    @Test
    void aDrawOfferedWithAMoveAndAcceptedEndsTheGameDrawnAndVerified() throws Exception {
        MailDesk desk = started(10);
        Map<String, String> inbox = new HashMap<>(Map.of("alice", "", "bob", ""));
        // No draw is on offer yet: accepting one is refused, and nothing changes.
        Map<String, String> before = desk.onDisk("alice");
        Sent early = desk.mail("move", "alice", "draw");
        assertThat(early.run().code()).isEqualTo(2);
        assertThat(early.run().err()).contains("no draw is on offer");
        assertThat(desk.onDisk("alice")).isEqualTo(before);
        // alice offers with her move; bob moves instead of accepting, offering in turn; alice accepts his offer.
        List<String> script = new java.util.ArrayList<>(List.of("e2e4 draw", "e7e5 draw", "draw"));
        exchange(desk, inbox, (who, legal) -> {
            if (script.get(0).equals("draw")) {
                assertThat(uncheckedStatus(desk, who)).contains("The other side offers a draw");
            }
            return script.remove(0);
        });
        assertThat(script).isEmpty();
        for (String who : List.of("alice", "bob")) {
            assertThat(desk.status(who).out()).contains("Finished. VERIFIED", "draw: agreed");
        }
        Path transcript = desk.game("alice").resolve("transcript.jsonl");
        assertThat(MailDesk.run("audit", transcript.toString()).out()).startsWith("VERIFIED: draw: agreed");
    }

    /**
     * The default mode (ote-table) by mail, issue 17's test: a whole game through the command line, at most three
     * texts a ply (the move's, the reply's and the answer's), ended by resignation, both transcripts audited VERIFIED.
     */
    @Test
    void inTheDefaultModeEveryPlyTakesAtMostThreeTextsAndAGameEndedByResignationAuditsVerified() throws Exception {
        assertThat(textsPerPlyOfAResignedGame("ote-table")).containsExactly(3, 3, 3);
    }

    /** The same game in oprf-table, named: the mode of the games started before ote-table became the default. */
    @Test
    void inOprfTableEveryPlyTakesThreeTextsAndAGameEndedByResignationAuditsVerified() throws Exception {
        assertThat(textsPerPlyOfAResignedGame("oprf-table")).containsExactly(3, 3, 3);
    }

    /**
     * Plays three plies by mail and a resignation, in {@code mode} (the default, unnamed, when it is ote-table), checks
     * that both sides, the resigning one too, open the finished game and hold the same transcript, which audits
     * VERIFIED in that mode, and returns the texts each of the three plies took.
     */
    private List<Integer> textsPerPlyOfAResignedGame(String mode) throws Exception {
        MailDesk desk = new MailDesk(temp);
        List<String> args = new java.util.ArrayList<>(List.of("--game", "dark-chess", "--move-limit", "10", "--name",
                "alice"));
        if (!mode.equals("ote-table")) {
            args.addAll(List.of("--mode", mode));
        }
        Sent started = desk.mail("new", "alice", args.toArray(String[]::new));
        assertThat(started.run().code()).as(started.run().err()).isZero();
        assertThat(started.run().out()).contains(mode + ", at most 10 plies");
        Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        assertThat(desk.receive("alice", joined.text()).run().code()).isZero();
        Map<String, String> inbox = new HashMap<>(Map.of("alice", "", "bob", ""));
        SplittableRandom random = new SplittableRandom(12);
        int[] moves = {0};
        List<Integer> textsPerPly = new java.util.ArrayList<>();
        exchange(desk, inbox, (who, legal) -> moves[0]++ == 3 ? "resign" : legal.get(random.nextInt(legal.size())),
                textsPerPly);
        assertThat(moves[0]).isEqualTo(4);
        for (String who : List.of("alice", "bob")) {
            Run status = desk.status(who);
            assertThat(status.code()).as(status.err()).isZero();
            assertThat(status.out()).contains("Finished. VERIFIED", "white wins: black resigned");
        }
        // Both hold the one transcript, and each audits it VERIFIED.
        assertThat(desk.game("bob").resolve("transcript.jsonl"))
                .hasSameTextualContentAs(desk.game("alice").resolve("transcript.jsonl"));
        for (String who : List.of("alice", "bob")) {
            assertThat(MailDesk.run("audit", desk.game(who).resolve("transcript.jsonl").toString()).out())
                    .startsWith("VERIFIED: white won: black resigned").contains(mode);
        }
        // Three plies, then the resignation (its text and the reveal that follows are not a ply's vision).
        return textsPerPly.subList(0, 3);
    }

    private static String uncheckedStatus(MailDesk desk, String who) {
        return desk.status(who).out();
    }

    private MailDesk started(int plies) throws Exception {
        return MailDesk.darkChess(temp, plies);
    }

    /**
     * Pastes every text to the other side and lets whoever is to move type {@code choose(who, legal moves)}, until
     * both sides have finished; returns the number of pastes.
     */
    private static int exchange(MailDesk desk, Map<String, String> inbox, BiFunction<String, List<String>, String> choose)
            throws Exception {
        return exchange(desk, inbox, choose, new java.util.ArrayList<>());
    }

    /** As above, adding to {@code textsPerPly} the number of texts sent from each typed move until the next. */
    private static int exchange(MailDesk desk, Map<String, String> inbox, BiFunction<String, List<String>, String> choose,
            List<Integer> textsPerPly) throws Exception {
        int pastes = 0;
        for (int round = 0; round < 2000 && !(finished("alice", desk) && finished("bob", desk)); round++) {
            for (String who : List.of("alice", "bob")) {
                if (!inbox.get(who).isEmpty()) {
                    Sent r = desk.receive(who, inbox.get(who));
                    assertThat(r.run().code()).as(r.run().out() + r.run().err()).isZero();
                    inbox.put(who, "");
                    inbox.merge(MailDesk.other(who), r.text(), String::concat);
                    pastes++;
                    if (!r.text().isEmpty() && !textsPerPly.isEmpty()) {
                        textsPerPly.set(textsPerPly.size() - 1, textsPerPly.get(textsPerPly.size() - 1) + 1);
                    }
                }
                if (GameStatus.read(desk.game(who)).yourMove()) {
                    List<String> legal = MailDesk.listed(desk.status(who).out(), "YOUR MOVE. Legal moves: ");
                    String move = choose.apply(who, legal);
                    Sent played = desk.mail("move", who, move.split(" "));
                    assertThat(played.run().code()).as(move + played.run().err()).isZero();
                    inbox.merge(MailDesk.other(who), played.text(), String::concat);
                    textsPerPly.add(1);
                }
            }
        }
        return pastes;
    }

    private static boolean finished(String who, MailDesk desk) throws Exception {
        return GameStatus.read(desk.game(who)).finished();
    }
}
