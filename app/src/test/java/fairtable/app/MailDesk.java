package fairtable.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Users playing by correspondence through the command line only, in one temporary directory: each has a profile
 * ({@code NAME-home}) and a game directory ({@code NAME-game}), and every message crosses as armored text in a file,
 * pasted between a greeting and a signature as a mail client would.
 */
final class MailDesk {
    /** A command's exit code and output. */
    record Run(int code, String out, String err) {}

    /** A command's result and the armored text it wrote to send ("" if none). */
    record Sent(Run run, String text) {}

    private final Path temp;
    private int files;

    MailDesk(Path temp) {
        this.temp = temp;
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** A game of dark chess of at most {@code plies} between alice (White) and bob, begun: alice's first move is due. */
    static MailDesk darkChess(Path temp, int plies) throws IOException {
        MailDesk desk = new MailDesk(temp);
        Sent started = succeeded(desk.mail("new", "alice", "--game", "dark-chess", "--move-limit",
                String.valueOf(plies), "--name", "alice"));
        Sent joined = succeeded(desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob"));
        succeeded(desk.receive("alice", joined.text()));
        return desk;
    }

    private static Sent succeeded(Sent sent) {
        if (sent.run().code() != 0) {
            throw new AssertionError(sent.run().out() + sent.run().err());
        }
        return sent;
    }

    String home(String who) {
        return temp.resolve(who + "-home").toString();
    }

    Path game(String who) {
        return temp.resolve(who + "-game");
    }

    /** Runs a mail subcommand for {@code who} with --home, --dir and --out, then the extra arguments. */
    Sent mail(String command, String who, String... more) throws IOException {
        Path out = temp.resolve("mail-" + files++ + ".txt");
        List<String> args = new ArrayList<>(List.of("mail", command, "--home", home(who), "--dir", game(who).toString(),
                "--out", out.toString()));
        args.addAll(Arrays.asList(more));
        Run r = run(args.toArray(String[]::new));
        return new Sent(r, Files.exists(out) ? Files.readString(out) : "");
    }

    /** Writes {@code text} to a new file in the directory, for an {@code --in}. */
    Path file(String text) throws IOException {
        Path in = temp.resolve("mail-" + files++ + ".txt");
        Files.writeString(in, text);
        return in;
    }

    /** Pastes {@code text} into {@code who}'s game. */
    Sent receive(String who, String text) throws IOException {
        Path in = file("Hi, here is my move.\n\n" + text + "\n-- \nsent from my phone\n");
        return mail("receive", who, "--in", in.toString());
    }

    Run status(String who) {
        return run("mail", "status", "--home", home(who), "--dir", game(who).toString());
    }

    /** The files of a game: what a refused command must leave as they were. */
    Map<String, String> onDisk(String who) throws IOException {
        Map<String, String> contents = new HashMap<>();
        try (Stream<Path> all = Files.walk(game(who))) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                contents.put(game(who).relativize(p).toString(), Arrays.toString(Files.readAllBytes(p)));
            }
        }
        return contents;
    }

    /** The words after {@code prefix} on the first line that starts with it; empty if none or "(none)". */
    static List<String> listed(String status, String prefix) {
        return status.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .map(l -> l.substring(prefix.length()).strip())
                .filter(l -> !l.equals("(none)"))
                .map(l -> List.of(l.split(" ")))
                .orElse(List.of());
    }

    /** Adds {@code text}, sent by {@code who}, to every other player's inbox. */
    static void broadcast(Map<String, String> inbox, String who, String text) {
        for (String other : inbox.keySet()) {
            if (!other.equals(who)) {
                inbox.merge(other, text, String::concat);
            }
        }
    }

    /**
     * Plays a table by mail to its end: every player pastes in what reached it and its replies go to every other
     * player; on its turns the first player (the dealer) plays the script's next move, after {@code beforeMove}
     * is told how many moves are left. Returns the moves left (none when the script was played).
     */
    List<String> playTable(Map<String, String> inbox, List<String> script, java.util.function.IntConsumer beforeMove)
            throws IOException {
        List<String> players = List.copyOf(inbox.keySet());
        List<String> left = new ArrayList<>(script);
        for (int round = 0; round < 200 && !allFinished(players); round++) {
            for (String who : players) {
                if (!inbox.get(who).isEmpty()) {
                    Sent r = receive(who, inbox.get(who));
                    if (r.run().code() != 0) {
                        throw new AssertionError(who + " could not take in its mail: " + r.run().out() + r.run().err());
                    }
                    inbox.put(who, "");
                    broadcast(inbox, who, r.text());
                }
            }
            if (fairtable.net.correspondence.GameStatus.read(game(players.get(0))).yourMove() && !left.isEmpty()) {
                beforeMove.accept(left.size());
                Sent played = mail("move", players.get(0), left.remove(0));
                if (played.run().code() != 0) {
                    throw new AssertionError("the dealer's move was refused: " + played.run().err());
                }
                broadcast(inbox, players.get(0), played.text());
            }
        }
        return left;
    }

    private boolean allFinished(List<String> players) throws IOException {
        for (String who : players) {
            if (!fairtable.net.correspondence.GameStatus.read(game(who)).finished()) {
                return false;
            }
        }
        return true;
    }

    static String other(String who) {
        return who.equals("alice") ? "bob" : "alice";
    }
}
