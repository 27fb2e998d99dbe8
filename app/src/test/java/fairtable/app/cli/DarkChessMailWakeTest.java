package fairtable.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.play.ChessSide;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.Armor;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.net.identity.Profile;
import fairtable.net.journal.Journal;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.transcript.Envelope;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dark-chess game by mail wakes from its journal without verifying every message's signature again: the party it
 * wakes must be the one a full replay gives, and a journal changed on disk must be refused with one line.
 */
class DarkChessMailWakeTest {
    @TempDir
    Path temp;

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private Path home(String who) {
        return temp.resolve(who + "-home");
    }

    private Path game(String who) {
        return temp.resolve(who + "-game");
    }

    /** Runs {@code mail COMMAND} for {@code who}, writing what it sends to {@code out}; it must succeed. */
    private Path mail(String command, String who, String out, String... more) {
        List<String> args = new ArrayList<>(List.of("mail", command, "--home", home(who).toString(), "--dir",
                game(who).toString(), "--out", temp.resolve(out).toString()));
        args.addAll(List.of(more));
        Run r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(command + " " + who + ": " + r.out() + r.err()).isZero();
        return temp.resolve(out);
    }

    /** alice (White) and bob start a game, alice moves, bob takes the move in: bob's game now waits for his reply. */
    @BeforeEach
    void aliceHasMovedAndBobHasAnswered() {
        Path hello = mail("new", "alice", "hello.txt", "--game", "dark-chess", "--name", "alice");
        Path joined = mail("join", "bob", "joined.txt", "--in", hello.toString(), "--name", "bob");
        mail("receive", "alice", "ready.txt", "--in", joined.toString());
        Path move = mail("move", "alice", "move.txt", "e2e4");
        mail("receive", "bob", "reply.txt", "--in", move.toString());
    }

    @Test
    void theGameWokenFromItsJournalIsTheOneAFullReplayGivesAndSendsTheSameBytes() throws Exception {
        SigningKey alice = Profile.open(home("alice"), new SecureRandom()).identity();
        byte[] saved;
        try (Journal journal = Journal.open(game("alice").resolve("journal"), alice)) {
            saved = journal.last().orElseThrow().state();
        }
        DarkChessParty replayed = DarkChessParty.restore(saved, alice, new SplittableRandom(5),
                bytes -> ChessSide.fromBytes(bytes, ChessSide.LATER));
        CorrespondenceGame<DarkChessParty> woken = CorrespondenceGame.open(game("alice"), alice,
                new DarkChessByMail().rules(), new SplittableRandom(5), Clock.systemUTC());
        try {
            assertThat(woken.party().transcript().envelopes()).isEqualTo(replayed.transcript().envelopes())
                    .hasSize(3);
            assertThat(woken.party().snapshot()).isEqualTo(saved);
            // bob's reply, taken in by both: the same answer, byte for byte, from the same randomness.
            String reply = Files.readString(temp.resolve("reply.txt"));
            List<Envelope> answer = new ArrayList<>();
            for (Envelope e : Armor.decodeAll(reply)) {
                answer.addAll(replayed.receive(e));
            }
            List<Envelope> sent = woken.importText(reply).replies();
            assertThat(sent).isNotEmpty();
            assertThat(sent.stream().map(Envelope::toBytes).toList())
                    .containsExactlyElementsOf(answer.stream().map(Envelope::toBytes).toList());
            assertThat(woken.party().snapshot()).isEqualTo(replayed.snapshot());
        } finally {
            woken.close();
        }
    }

    @Test
    void aJournalChangedOnDiskIsRefusedWithOneLineAndTheGameIsNotWoken() throws Exception {
        Path journal = game("alice").resolve("journal");
        List<String> lines = Files.readAllLines(journal, StandardCharsets.US_ASCII);
        assertThat(lines).hasSizeGreaterThanOrEqualTo(3);

        // The last entry changed: its signature no longer checks.
        List<String> lastChanged = new ArrayList<>(lines);
        lastChanged.set(lines.size() - 1, flip(lines.get(lines.size() - 1), 200));
        OwnerOnlyFiles.writeString(journal, String.join("\n", lastChanged) + "\n");
        Run last = run("mail", "move", "--home", home("alice").toString(), "--dir", game("alice").toString(), "d2d4");
        assertThat(last.code()).isEqualTo(2);
        assertThat(last.err().lines()).singleElement().asString()
                .contains("line " + lines.size() + ": bad signature");

        // An earlier entry changed (its saved state): the entry after it no longer follows it.
        List<String> earlierChanged = new ArrayList<>(lines);
        earlierChanged.set(1, flip(lines.get(1), 200));
        OwnerOnlyFiles.writeString(journal, String.join("\n", earlierChanged) + "\n");
        Run earlier = run("mail", "move", "--home", home("alice").toString(), "--dir", game("alice").toString(), "d2d4");
        assertThat(earlier.code()).isEqualTo(2);
        assertThat(earlier.err().lines()).singleElement().asString()
                .contains("line 3: entry 2 does not follow the line before it (the hash chain is broken");

        // Put back, the game wakes and plays on.
        OwnerOnlyFiles.writeString(journal, String.join("\n", lines) + "\n");
        mail("receive", "alice", "answer.txt", "--in", temp.resolve("reply.txt").toString());
    }

    /** {@code line} with the base64 letter at {@code at} changed to another, so it still decodes. */
    private static String flip(String line, int at) {
        char[] c = line.toCharArray();
        c[at] = c[at] == 'A' ? 'B' : 'A';
        return new String(c);
    }
}
