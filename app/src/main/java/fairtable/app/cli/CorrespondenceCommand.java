package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.Armor;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.net.correspondence.CorrespondenceGame.ImportRefusedException;
import fairtable.net.correspondence.CorrespondenceGame.Imported;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Profile;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The FR 2823580 draw played by correspondence: every message is armored text to paste into an e-mail or a
 * chat, and the game sleeps in a directory between messages.
 */
@Command(name = "mail", mixinStandardHelpOptions = true,
        description = {"Play the two-party blind draw (FR 2823580) by e-mail or chat: messages are armored text.",
            "new: start a game and print the hello to send; join: answer a hello; receive: take in messages and",
            "print the replies; status: what the game awaits. The game lives in --dir between invocations."},
        subcommands = {CorrespondenceCommand.New.class, CorrespondenceCommand.Join.class,
            CorrespondenceCommand.Receive.class, CorrespondenceCommand.Status.class})
public final class CorrespondenceCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Options every subcommand shares. */
    static final class GameOptions {
        @Option(names = "--dir", required = true, paramLabel = "GAME", description = "The game's directory.")
        Path dir;

        @Option(names = "--home", paramLabel = "DIR",
                description = "Your profile directory (default: $FAIRTABLE_HOME, else ~/.fairtable).")
        Path home;

        Profile profile() throws IOException {
            return Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        }
    }

    /** Options for reading and writing armored text. */
    static final class TextOptions {
        @Option(names = "--in", paramLabel = "FILE", description = "Read the armored text from FILE (default: standard input).")
        Path in;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the messages to send to FILE instead of printing them.")
        Path out;

        String read() throws IOException {
            return in != null ? Files.readString(in, StandardCharsets.UTF_8)
                    : new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Wakes a patent party; side A ends the game by revealing as soon as the deal is done. */
    static final class PatentRules implements CorrespondenceGame.Rules<PatentParty> {
        @Override
        public PatentParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return PatentParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(PatentParty party) {
            return party.seat() == PatentObserver.A && party.isDealt() && party.isIdle() ? party.reveal() : List.of();
        }
    }

    @Command(name = "new", mixinStandardHelpOptions = true,
            description = "Start a draw as party A and print the hello to send to the other player.")
    static final class New implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the hello to FILE instead of printing it.")
        Path out;

        @Option(names = "--cards", defaultValue = "52", description = "K, the deck size (default: ${DEFAULT-VALUE}).")
        int cards;

        @Option(names = "--each", defaultValue = "5", description = "X, the cards each party draws (default: ${DEFAULT-VALUE}).")
        int each;

        @Option(names = "--mode", defaultValue = "patent-ristretto",
                description = "patent-ristretto (default), patent-safe-prime[-ffdhe2048|-ffdhe3072], or patent-literal (INSECURE).")
        String mode;

        @Option(names = "--name", description = "Your name in the transcript (default: your profile's name).")
        String name;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            Profile profile = game.profile();
            PatentParameters params = new PatentParameters(PatentMode.byName(mode), cards, each);
            SecureRandom random = new SecureRandom();
            String me = name != null ? name : profile.displayName();
            PatentParty party = PatentParty.create(params, PatentObserver.A, me, profile.identity(), random);
            CorrespondenceGame<PatentParty> g = CorrespondenceGame.create(game.dir, profile.identity(), party,
                    new PatentRules(), Clock.systemUTC());
            try {
                o.println("New game in " + game.dir + ": " + params + ", you are " + me + " (party A), key "
                        + profile.fingerprint() + ".");
                deliver(o, out, g.armor(g.outgoingOfLastStep()));
            } finally {
                g.close();
            }
            return Main.OK;
        }
    }

    @Command(name = "join", mixinStandardHelpOptions = true,
            description = "Answer a hello (read from --in FILE or standard input) as party B; prints the replies to send.")
    static final class Join implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Mixin
        TextOptions text;

        @Option(names = "--name", description = "Your name in the transcript (default: your profile's name).")
        String name;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String input = text.read();
            Hello hello;
            PatentParameters params;
            try {
                List<Envelope> messages = Armor.decodeAll(input);
                Envelope first = messages.get(0);
                if (first.seq() != 0 || !Hello.TYPE.equals(first.type())) {
                    err.println("fairtable: the text does not start with a game's first hello (message #0)");
                    return Main.ERROR;
                }
                hello = Hello.fromBytes(first.body());
                if (!PatentParameters.PROTOCOL.equals(hello.protocol())) {
                    err.println("fairtable: " + hello.name() + " proposes " + hello.protocol()
                            + "; mail plays " + PatentParameters.PROTOCOL);
                    return Main.ERROR;
                }
                params = PatentParameters.fromBytes(hello.parameters());
            } catch (Armor.ArmorException | MalformedMessageException e) {
                err.println("fairtable: " + e.getMessage());
                return Main.ERROR;
            }
            Profile profile = game.profile();
            String me = name != null ? name : profile.displayName();
            SecureRandom random = new SecureRandom();
            PatentParty party = PatentParty.create(params, PatentObserver.B, me, profile.identity(), random);
            o.println("Joining " + hello.name() + "'s game (key " + fairtable.net.identity.Fingerprint.of(hello.key())
                    + "): " + params + ", you are " + me + " (party B).");
            if (!params.group().isSecure()) {
                o.println("WARNING: " + params.mode() + " leaks a bit of every card; it is for demonstration only.");
            }
            CorrespondenceGame<PatentParty> g = CorrespondenceGame.create(game.dir, profile.identity(), party,
                    new PatentRules(), Clock.systemUTC());
            try {
                return take(g, input, text.out, o, err);
            } finally {
                g.close();
            }
        }
    }

    @Command(name = "receive", mixinStandardHelpOptions = true,
            description = "Take in the other player's messages (from --in FILE or standard input) and print the replies.")
    static final class Receive implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Mixin
        TextOptions text;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Profile profile = game.profile();
            String input = text.read();
            CorrespondenceGame<PatentParty> g = CorrespondenceGame.open(game.dir, profile.identity(),
                    new PatentRules(), new SecureRandom(), Clock.systemUTC());
            try {
                return take(g, input, text.out, spec.commandLine().getOut(), spec.commandLine().getErr());
            } finally {
                g.close();
            }
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "What the game awaits, from whom, and how long since the last message.")
    static final class Status implements Callable<Integer> {
        @Option(names = "--dir", required = true, paramLabel = "GAME", description = "The game's directory.")
        Path dir;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            if (!GameStatus.isGame(dir)) {
                spec.commandLine().getErr().println("fairtable: " + dir + " holds no correspondence game");
                return Main.ERROR;
            }
            GameStatus s = GameStatus.read(dir);
            java.time.Instant now = Clock.systemUTC().instant();
            o.println("Game " + dir + " (" + s.protocol() + "): " + String.join(" vs ", s.players()));
            o.println("You are " + s.me() + " (seat " + s.seat() + "); " + s.messages() + " messages so far.");
            o.println(s.finished() ? "Finished. " + s.verdict() : "Awaiting " + s.awaiting() + ".");
            o.println("Last message " + s.daysSinceLastMessage(now) + " day(s) ago.");
            Path outbox = dir.resolve("outbox");
            if (Files.isDirectory(outbox)) {
                try (var files = Files.list(outbox)) {
                    files.map(Path::getFileName).map(Path::toString).filter(f -> f.endsWith(".txt")).sorted()
                            .reduce((first, second) -> second)
                            .ifPresent(last -> o.println("Your last message (to send again if it was lost): "
                                    + outbox.resolve(last)));
                }
            }
            o.flush();
            return Main.OK;
        }
    }

    /** Imports {@code input}, sends the replies to {@code out} or the screen, and reports the game's state. */
    static int take(CorrespondenceGame<PatentParty> g, String input, Path out, PrintWriter o, PrintWriter err)
            throws IOException {
        Imported imported;
        try {
            imported = g.importText(input);
        } catch (Armor.ArmorException e) {
            err.println("fairtable: cannot read the text: " + e.getMessage());
            return Main.ERROR;
        } catch (ImportRefusedException e) {
            err.println("fairtable: " + e.getMessage());
            return e.isViolation() ? Main.FAILED : Main.ERROR;
        }
        imported.notes().forEach(o::println);
        PatentParty party = g.party();
        o.println("Imported " + imported.accepted().size() + " message(s).");
        if (party.isDealt()) {
            o.println("Your hand: " + DrawCommand.CardLabels.describe(party.parameters().cards(), party.hand()));
        }
        if (!imported.replies().isEmpty()) {
            deliver(o, out, imported.armoredReplies());
        } else {
            o.println("Nothing to send.");
        }
        if (party.isFinished()) {
            String verdict = g.verdict();
            o.println("Game over. Transcript: " + g.directory().resolve("transcript.jsonl"));
            o.println("Audit: " + verdict);
            o.flush();
            return verdict.startsWith("VERIFIED") && party.failure().isEmpty() ? Main.OK : Main.FAILED;
        }
        o.println("Now awaiting " + party.awaiting() + ".");
        o.flush();
        return Main.OK;
    }

    private static void deliver(PrintWriter o, Path out, String armored) throws IOException {
        if (out != null) {
            Files.writeString(out, armored, StandardCharsets.UTF_8);
            o.println("Message(s) to send written to " + out + ".");
        } else {
            o.println("Send this to the other player:");
            o.println();
            o.print(armored);
        }
        o.flush();
    }
}
