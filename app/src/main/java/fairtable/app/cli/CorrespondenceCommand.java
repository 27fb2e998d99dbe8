package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.Armor;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.net.correspondence.CorrespondenceGame.ImportRefusedException;
import fairtable.net.correspondence.CorrespondenceGame.Imported;
import fairtable.net.correspondence.GameLock;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.protocol.Party;
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
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Two-party games by correspondence: every message is armored text to paste into an e-mail or a chat, and the
 * game sleeps in a directory between messages. {@link MailGame} says what each game needs: the FR 2823580 draw
 * answers every step by itself; in Mahjong Shogi the user types a move on their turn.
 */
@Command(name = "mail", mixinStandardHelpOptions = true,
        description = {"Play a two-party game by e-mail or chat: messages are armored text. Games: the blind draw "
            + "(FR 2823580, --game draw, the default), Mahjong Shogi (--game mahjong-shogi) and dark chess (--game dark-chess); "
            + "and for several players a verifiable-deck deal (--game deal) or the permutation deal (--game permutation), "
            + "where every message goes to every other player; and every registered game (--game ${sys:fairtable.games}: one table/v1 session, every message to every other player; --set NAME=VALUE).",
            "Two-player draw poker may be dealt by FR 2823580 (--game draw-poker --mode patent): the same one session.",
            "new: start a game and print the hello to send; join: answer a hello; receive: take in messages and "
            + "print the replies; move: play your move; status: whose move, what is awaited, your view.",
            "The game lives in --dir between invocations."},
        subcommands = {CorrespondenceCommand.New.class, CorrespondenceCommand.Join.class,
            CorrespondenceCommand.Receive.class, CorrespondenceCommand.MoveCommand.class,
            CorrespondenceCommand.Status.class, CorrespondenceCommand.Resend.class})
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

        @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "10", description = "How long to wait for "
                + "another fairtable command working on the same game before giving up (default: 10).")
        int waitSeconds;

        Profile profile() throws IOException {
            return Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        }

        /** The game's lock, for the whole command: see {@link CorrespondenceCommand#lock}. */
        GameLock lock() throws IOException {
            return CorrespondenceCommand.lock(dir, waitSeconds);
        }

        /** The lock of a game about to be made in --dir (created if need be). */
        GameLock lockNew() throws IOException {
            OwnerOnlyFiles.directory(dir);
            return GameLock.take(dir, patience(waitSeconds));
        }
    }

    /**
     * Takes the lock of the game in {@code dir} (waiting at most {@code waitSeconds} for another command working on it),
     * to hold from before the command reads the game to after its last write: two commands on one game must not
     * interleave, or one writes from a view that misses the other's step. Refuses a directory that holds no game.
     */
    static GameLock lock(Path dir, int waitSeconds) throws IOException {
        if (!GameStatus.isGame(dir)) {
            throw new IOException(dir + " holds no correspondence game");
        }
        return GameLock.take(dir, patience(waitSeconds));
    }

    private static Duration patience(int waitSeconds) {
        if (waitSeconds < 0) {
            throw new IllegalArgumentException("--wait takes a number of seconds, 0 or more, not " + waitSeconds);
        }
        return Duration.ofSeconds(waitSeconds);
    }

    /** Options for reading and writing armored text. */
    static final class TextOptions {
        @Option(names = "--in", paramLabel = "FILE", description = "Read the armored text from FILE (default: standard input).")
        Path in;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the messages to send to FILE instead of printing them.")
        Path out;

        String read() throws IOException {
            if (in == null) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            try {
                return Files.readString(in, StandardCharsets.UTF_8);
            } catch (java.nio.charset.CharacterCodingException binary) {
                throw new IllegalArgumentException("--in " + in + " is not text: give the armored text you received");
            }
        }
    }

    @Command(name = "new", mixinStandardHelpOptions = true,
            description = "Start a game as its first player (seat 0) and print the hello to send to the other player.")
    static final class New implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the hello to FILE instead of printing it.")
        Path out;

        @Option(names = "--game", defaultValue = DrawByMail.NAME,
                description = "draw (FR 2823580, the default), mahjong-shogi, dark-chess, deal (the verifiable deck, "
                        + "2 to 10 players), permutation (seed 002's permutation deal, 3 or more players), or a "
                        + "registered game: ${sys:fairtable.games} (one table/v1 session).")
        String gameName;

        @Option(names = "--players", description = "deal: the number of players, 2 to 10; permutation: 3 or more "
                + "(default: 3); a registered game: its players setting (default: the game's).")
        Integer players;

        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A registered game's setting (e.g. hands=3, "
                + "stack=500, blinds=5/10, target=100); the game's defaults fill in the rest.")
        Map<String, String> settings;

        @Option(names = "--cards", description = "draw: K, the deck size; deal, permutation: the deck size (default: 52).")
        Integer cards;

        @Option(names = "--each", description = "draw: X, the cards each party draws (default: 5).")
        Integer each;

        @Option(names = "--mode",
                description = {"draw: patent-ristretto (default), patent-safe-prime[-ffdhe2048|-ffdhe3072], or "
                    + "patent-literal (INSECURE).", "mahjong-shogi: ristretto (default), fixed, or faithful (INSECURE).",
                    "dark-chess: ote-table (the default), oprf-table, chou-orlandi or andos, how the visions are rebuilt.",
                    "draw-poker: patent (two players, every hand dealt by FR 2823580; both hands revealed when it closes)."})
        String mode;

        @Option(names = "--move-limit", description = "mahjong-shogi: moves after which the game is drawn (default: 400); "
                + "dark-chess: plies (default: 200).")
        Integer moveLimit;

        @Option(names = "--seed", description = "mahjong-shogi: seed of your random placement, for tests (default: "
                + "SecureRandom). Keys and commitments always come from SecureRandom.")
        Long seed;

        @Option(names = "--name", description = "Your name in the transcript (default: your profile's name).")
        String name;

        @Option(names = "--hands", description = "A registered game: the same as --set hands=H.")
        Integer hands;

        @Option(names = "--stack", description = "A registered game: the same as --set stack=S.")
        Integer stack;

        @Option(names = "--bot", description = "A registered game: the game's bot plays "
                + "your seat; you only pass the texts on.")
        boolean bot;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            MailGame<?> kind = MailGame.byName(gameName);
            if (bot) {
                if (!(kind instanceof GameByMail table)) {
                    throw new IllegalArgumentException("--bot is for the registered games ("
                            + String.join(", ", fairtable.games.definitions.Games.ALL.names()) + ")");
                }
                kind = table.withBot();
            }
            Map<String, String> chosen = new LinkedHashMap<>(settings != null ? settings : Map.of());
            if (hands != null) {
                chosen.put("hands", hands.toString());
            }
            if (stack != null) {
                chosen.put("stack", stack.toString());
            }
            if (!chosen.isEmpty() && !(kind instanceof GameByMail)) {
                throw new IllegalArgumentException("--set, --hands and --stack are for the registered games ("
                        + String.join(", ", fairtable.games.definitions.Games.ALL.names()) + ")");
            }
            return start(kind, chosen);
        }

        private <P extends Party> int start(MailGame<P> kind, Map<String, String> chosen) throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            Profile profile = game.profile();
            String me = name != null ? name : profile.displayName();
            if (!kind.forSeveral() && players != null) {
                throw new IllegalArgumentException("--players does not apply to --game " + kind.name() + " (two players)");
            }
            P party = kind.start(new MailGame.Choices(cards, each, mode, moveLimit, seed, players, null, chosen), me,
                    profile.identity(), new SecureRandom());
            try (GameLock lock = game.lockNew()) {
                markBot(kind, game.dir);
                CorrespondenceGame<P> g = CorrespondenceGame.create(lock, profile.identity(), party, kind.rules(),
                        Clock.systemUTC());
                try {
                    o.println("New game in " + game.dir + ": " + kind.describe(party, me) + ", key " + profile.fingerprint() + ".");
                    kind.warnings(party).forEach(o::println);
                    deliver(o, out, g.armor(g.outgoingOfLastStep()));
                } finally {
                    g.close();
                }
            }
            return Main.OK;
        }
    }

    @Command(name = "join", mixinStandardHelpOptions = true,
            description = "Answer a hello (read from --in FILE or standard input) as the second player; prints the replies to send.")
    static final class Join implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Mixin
        TextOptions text;

        @Option(names = "--name", description = "Your name in the transcript (default: your profile's name).")
        String name;

        @Option(names = "--seed", description = "mahjong-shogi: seed of your random placement, for tests (default: "
                + "SecureRandom). Keys and commitments always come from SecureRandom.")
        Long seed;

        @Option(names = "--seat", description = "deal, permutation, a registered game for 3 or more: your seat at the "
                + "table, 1 to players-1, as the first player gave it (paste every earlier player's hello too).")
        Integer seat;

        @Option(names = "--bot", description = "A registered game: the "
                + "game's bot plays your seat.")
        boolean bot;

        @Option(names = "--mode", description = "To join a game in an INSECURE mode the hello proposes (mahjong-shogi "
                + "faithful, draw patent-literal), type that mode; without it such a hello is refused.")
        String mode;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter err = spec.commandLine().getErr();
            String input = text.read();
            Hello hello;
            try {
                List<Envelope> messages = Armor.decodeAll(input);
                Envelope first = messages.get(0);
                if (first.seq() != 0 || !Hello.TYPE.equals(first.type())) {
                    err.println("fairtable: the text does not start with a game's first hello (message #0)");
                    return Main.ERROR;
                }
                hello = Hello.fromBytes(first.body());
            } catch (Armor.ArmorException | MalformedMessageException e) {
                err.println("fairtable: " + e.getMessage());
                return Main.ERROR;
            }
            var kind = MailGame.byProtocol(hello.protocol());
            if (kind.isEmpty()) {
                err.println("fairtable: " + hello.name() + " proposes " + hello.protocol() + "; mail plays " + MailGame.names());
                return Main.ERROR;
            }
            MailGame<?> chosen = kind.get();
            if (bot) {
                if (!(chosen instanceof GameByMail table)) {
                    err.println("fairtable: --bot is for the registered games ("
                            + String.join(", ", fairtable.games.definitions.Games.ALL.names()) + ")");
                    return Main.ERROR;
                }
                chosen = table.withBot();
            }
            return join(chosen, hello, input);
        }

        private <P extends Party> int join(MailGame<P> kind, Hello hello, String input) throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Profile profile = game.profile();
            String me = name != null ? name : profile.displayName();
            P party;
            try {
                if (!kind.forSeveral() && seat != null) {
                    throw new IllegalArgumentException("--seat does not apply to " + kind.name() + " (two players)");
                }
                party = kind.join(hello, new MailGame.Choices(null, null, null, null, seed, null, seat, null), me,
                        profile.identity(), new SecureRandom());
            } catch (MalformedMessageException e) {
                err.println("fairtable: " + hello.name() + "'s hello proposes parameters that cannot be played: " + e.getMessage());
                return Main.ERROR;
            }
            Optional<String> insecure = kind.insecureMode(party);
            if (insecure.isPresent() && !insecure.get().equals(mode)) {
                err.println("fairtable: " + hello.name() + "'s hello proposes the " + insecure.get() + " mode, which is "
                        + "INSECURE (it leaks what you hide); type --mode " + insecure.get() + " to join it anyway");
                return Main.ERROR;
            }
            if (insecure.isEmpty() && mode != null) {
                err.println("fairtable: --mode consents to an insecure mode, and " + hello.name() + "'s hello proposes "
                        + "none; join without it");
                return Main.ERROR;
            }
            try (GameLock lock = game.lockNew()) {
                markBot(kind, game.dir);
                o.println("Joining " + hello.name() + "'s game (key " + Fingerprint.of(hello.key()) + "): "
                        + kind.describe(party, me) + ".");
                kind.warnings(party).forEach(o::println);
                CorrespondenceGame<P> g = CorrespondenceGame.create(lock, profile.identity(), party, kind.rules(),
                        Clock.systemUTC());
                try {
                    return take(kind, g, input, text.out, o, err, profile);
                } finally {
                    g.close();
                }
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
            kindOf(game.dir); // refuses a directory with no game before reading anything
            String input = text.read(); // before the lock: a person may still be pasting
            try (GameLock lock = game.lock()) {
                return receive(kindOf(game.dir), lock, game.profile(), input);
            }
        }

        private <P extends Party> int receive(MailGame<P> kind, GameLock lock, Profile profile, String input)
                throws IOException {
            CorrespondenceGame<P> g = CorrespondenceGame.open(lock, profile.identity(), kind.rules(),
                    new SecureRandom(), Clock.systemUTC());
            try {
                return take(kind, g, input, text.out, spec.commandLine().getOut(), spec.commandLine().getErr(), profile);
            } finally {
                g.close();
            }
        }
    }

    @Command(name = "move", mixinStandardHelpOptions = true,
            description = {"Play your move and print the message(s) to send. Mahjong Shogi: a move like e3-e4 (onto "
            + "a hidden tile it is an attack; the battle's messages follow with each receive), or 'resign'.",
                "Dark chess: a UCI move like e2e4 or e7e8q, or resign; the vision rounds follow with each receive.",
                "Deal (the dealer, seat 0): deal N, open N, or reveal. Permutation deal (the dealer): show P to S, "
            + "open P, or finish. A registered game: its move in words, as its definition reads them (check, call, "
            + "fold, raise 60, draw 7c 2s, show; play 6-4 left, draw; take, pass, discard 7h, knock 3c, gin).",
                "'fairtable mail status' lists your legal moves."})
    static final class MoveCommand implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the messages to send to FILE instead of printing them.")
        Path out;

        @Parameters(paramLabel = "MOVE", arity = "1..*", description = "Your move, e.g. e3-e4 or resign (Mahjong Shogi), "
                + "e2e4 (dark chess), raise 60 (Hold'em): the words are joined by single spaces.")
        List<String> words;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            String move = String.join(" ", words);
            try (GameLock lock = game.lock()) {
                return play(kindOf(game.dir), lock, game.profile(), move);
            }
        }

        private <P extends Party> int play(MailGame<P> kind, GameLock lock, Profile profile, String move)
                throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            CorrespondenceGame<P> g = CorrespondenceGame.open(lock, profile.identity(), kind.rules(),
                    new SecureRandom(), Clock.systemUTC());
            try {
                List<Envelope> sent;
                try {
                    sent = g.decide(p -> kind.move(p, move));
                } catch (IllegalStateException | IllegalArgumentException e) {
                    err.println("fairtable: " + e.getMessage() + "; nothing was changed"
                            + (e instanceof IllegalArgumentException
                                    ? " (your legal moves: fairtable mail status --dir " + game.dir + ")" : ""));
                    return Main.ERROR;
                }
                o.println("You played " + move.strip() + ".");
                o.print(kind.summary(g.party()));
                deliver(o, out, g.armor(sent));
                return report(kind, g, o);
            } finally {
                g.close();
            }
        }
    }

    @Command(name = "resend", mixinStandardHelpOptions = true,
            description = {"Print again what the other players may still lack: for a text that was lost, or that a "
            + "command which died never printed. A card game's host sends its relay from the oldest position a "
            + "player has not acknowledged, a player the messages the host has not placed back; the other games "
            + "print the last text of the outbox. Pasting it twice is harmless."})
    static final class Resend implements Callable<Integer> {
        @Mixin
        GameOptions game;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the text to FILE instead of printing it.")
        Path out;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            try (GameLock lock = game.lock()) {
                return resend();
            }
        }

        private int resend() throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            MailGame<?> kind = kindOf(game.dir);
            Path last = lastSent(game.dir);
            if (last == null) {
                o.println("Nothing was sent from " + game.dir + " yet.");
                o.flush();
                return Main.OK;
            }
            if (kind instanceof GameByMail) {
                // A step of a table often sends several messages (deck steps, then a move): all of the last run.
                StringBuilder text = new StringBuilder();
                for (Path p : lastRun(game.dir)) {
                    text.append(Files.readString(p, StandardCharsets.UTF_8));
                }
                deliver(o, out, text.toString());
                return Main.OK;
            }
            deliver(o, out, Files.readString(last, StandardCharsets.UTF_8));
            return Main.OK;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = {"Whose move it is or what the game awaits from whom, how long since the last message, and "
            + "what you may see (your hand, your board and legal moves; this needs your profile, see --home)."})
    static final class Status implements Callable<Integer> {
        @Option(names = "--dir", required = true, paramLabel = "GAME", description = "The game's directory.")
        Path dir;

        @Option(names = "--home", paramLabel = "DIR",
                description = "Your profile directory (default: $FAIRTABLE_HOME, else ~/.fairtable).")
        Path home;

        @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "10", description = "How long to wait for "
                + "another fairtable command working on the same game before giving up (default: 10).")
        int waitSeconds;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            if (!GameStatus.isGame(dir)) {
                spec.commandLine().getErr().println("fairtable: " + dir + " holds no correspondence game");
                return Main.ERROR;
            }
            // Status only reads, but under the lock: a journal read while a move is being written is half a move.
            try (GameLock lock = lock(dir, waitSeconds)) {
                return status(lock);
            }
        }

        private int status(GameLock lock) throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            GameStatus s = GameStatus.read(dir);
            java.time.Instant now = Clock.systemUTC().instant();
            o.println("Game " + dir + " (" + s.protocol() + "): " + String.join(" vs ", s.players()));
            o.println("You are " + s.me() + " (seat " + s.seat() + "); " + s.messages() + " messages so far.");
            if (s.finished()) {
                o.println("Finished. " + s.verdict());
            } else if (s.yourMove()) {
                o.println("YOUR MOVE: play it with: fairtable mail move --dir " + dir + " MOVE");
            } else {
                o.println("Awaiting " + s.awaiting() + ".");
            }
            o.println("Last message " + s.daysSinceLastMessage(now) + " day(s) ago.");
            Path last = lastSent(dir);
            if (last != null) {
                o.println("Your last message (to send again if it was lost): " + last);
            }
            printView(s, lock, home, o);
            o.flush();
            return Main.OK;
        }
    }

    /** The last text sent from the game in {@code dir}, as its outbox keeps it; or null. */
    static Path lastSent(Path dir) throws IOException {
        Path outbox = dir.resolve("outbox");
        if (!Files.isDirectory(outbox)) {
            return null;
        }
        try (var files = Files.list(outbox)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".txt")).sorted()
                    .reduce((first, second) -> second).orElse(null);
        }
    }

    /**
     * The outbox's last run of messages with consecutive positions in the chain: what this side sent since the
     * last message another player sent before it.
     */
    static List<Path> lastRun(Path dir) throws IOException {
        List<Path> sent;
        try (var files = Files.list(dir.resolve("outbox"))) {
            sent = files.filter(f -> f.getFileName().toString().endsWith(".txt")).sorted().toList();
        }
        int from = sent.size() - 1;
        while (from > 0 && seqOf(sent.get(from - 1)) == seqOf(sent.get(from)) - 1) {
            from--;
        }
        return sent.subList(Math.max(from, 0), sent.size());
    }

    /** The position in the chain an outbox file's name starts with ("0007-step3-deck.txt"). */
    private static long seqOf(Path file) {
        return Long.parseLong(file.getFileName().toString().split("-", 2)[0]);
    }

    /** The game played in {@code dir}, from the protocol its summary names (a registered game with its bot). */
    static MailGame<?> kindOf(Path dir) throws IOException {
        if (!GameStatus.isGame(dir)) {
            throw new IOException(dir + " holds no correspondence game");
        }
        String protocol = GameStatus.read(dir).protocol();
        MailGame<?> kind = MailGame.byProtocol(protocol).orElseThrow(() ->
                new IOException(dir + " holds a game of " + protocol + ", which mail does not play"));
        return kind instanceof GameByMail table && Files.exists(dir.resolve(GameByMail.BOT_MARKER)) ? table.withBot()
                : kind;
    }

    /** Notes beside a registered game's journal that its bot plays the seat, before the journal exists. */
    private static void markBot(MailGame<?> kind, Path dir) throws IOException {
        if (kind instanceof GameByMail table && table.isBot() && !Files.exists(dir.resolve("journal"))) {
            OwnerOnlyFiles.directory(dir);
            OwnerOnlyFiles.writeString(dir.resolve(GameByMail.BOT_MARKER), "The game's bot plays this seat.\n");
        }
    }

    /**
     * Prints what the user may see of the game in {@code s}: it is in the journal, so this needs the user's profile.
     * Without one (no such directory), or with another profile's key, it says so instead. Reading the journal needs
     * the game's lock: {@code held} if the caller holds it, else this takes it for the while.
     */
    static void printView(GameStatus s, GameLock held, Path home, PrintWriter o) throws IOException {
        var kind = MailGame.byProtocol(s.protocol());
        if (kind.isPresent()) {
            printView(kind.get(), s.directory(), held, home, o);
        }
    }

    private static <P extends Party> void printView(MailGame<P> kind, Path dir, GameLock held, Path home, PrintWriter o)
            throws IOException {
        Path profileDir = home != null ? home : Profile.defaultDirectory();
        if (!Files.isDirectory(profileDir)) {
            o.println("(To see your hand or board, give your profile: --home DIR.)");
            return;
        }
        Profile profile = Profile.open(profileDir, new SecureRandom());
        CorrespondenceGame<P> g;
        try {
            g = held != null
                    ? CorrespondenceGame.open(held, profile.identity(), kind.rules(), new SecureRandom(), Clock.systemUTC())
                    : CorrespondenceGame.open(dir, profile.identity(), kind.rules(), new SecureRandom(), Clock.systemUTC());
        } catch (GameLock.HeldException busy) {
            o.println("(Your view cannot be shown now: " + busy.getMessage() + ")");
            return;
        } catch (IOException e) {
            o.println("(Your view cannot be shown with the profile in " + profileDir + ": " + e.getMessage() + ")");
            return;
        }
        try {
            o.print(kind.view(g.party()));
        } finally {
            g.close();
        }
    }

    /** Imports {@code input}, sends the replies to {@code out} or the screen, and reports the game's state. */
    static <P extends Party> int take(MailGame<P> kind, CorrespondenceGame<P> g, String input, Path out, PrintWriter o,
            PrintWriter err, Profile profile) throws IOException {
        Imported imported;
        try {
            List<Envelope> messages = Armor.decodeAll(input);
            TrustRule trust = mailTrust(profile, o);
            Optional<String> refused = checkHellos(g.party(), messages, trust);
            if (refused.isPresent()) {
                err.println("fairtable: " + refused.get());
                return Main.ERROR;
            }
            Collection<Hello> fresh = newHellos(g.party(), messages).values();
            try {
                imported = g.importText(input);
            } finally {
                pinTakenHellos(g.party(), fresh, trust);
            }
        } catch (Armor.ArmorException e) {
            err.println("fairtable: cannot read the text: " + e.getMessage());
            return Main.ERROR;
        } catch (ImportRefusedException e) {
            err.println("fairtable: " + e.getMessage());
            return e.isViolation() ? Main.FAILED : Main.ERROR;
        }
        imported.notes().forEach(o::println);
        o.println("Imported " + imported.accepted().size() + " message(s).");
        // Before the text to send, so that copying from "Send this" down never takes a hand along.
        o.print(kind.summary(g.party()));
        if (!imported.replies().isEmpty()) {
            deliver(o, out, imported.armoredReplies());
        } else {
            o.println("Nothing to send.");
        }
        return report(kind, g, o);
    }

    /**
     * Mail's part of the one trust rule. The text came by a channel the user chose, as an invitation does, so a new
     * player's hello pins their key under their name, with the warning to compare fingerprints; a name pinned to
     * another key is refused, as everywhere.
     */
    static TrustRule mailTrust(Profile profile, PrintWriter o) {
        return new TrustRule(profile.knownPeers(), Set.of(), true, Optional.empty(), line -> {
            o.println(line);
            o.flush();
        });
    }

    /**
     * Checks a text against the trust rule before the game takes any message, changing nothing: the hello of a seat
     * new to this game must carry a valid name that is not pinned to another key. From then on the game holds that
     * seat to that key: another hello for the seat is refused as a conflict, and a message signed by another key as
     * a bad signature, kept as evidence against nobody. Returns the one line saying why, if the text is refused.
     * A new player is pinned only once the game has taken their hello ({@link #pinTakenHellos}).
     */
    static Optional<String> checkHellos(Party party, List<Envelope> messages, TrustRule rule) {
        for (Map.Entry<Long, Hello> fresh : newHellos(party, messages).entrySet()) {
            Hello hello = fresh.getValue();
            try {
                rule.pins().check(hello.name(), hello.key());
            } catch (UntrustedPeerException untrusted) {
                if (untrusted.reason() != UntrustedPeerException.Reason.UNKNOWN_KEY) {
                    return Optional.of("refused message #" + fresh.getKey() + ": " + untrusted.getMessage());
                }
            } catch (IllegalArgumentException badName) {
                return Optional.of("refused message #" + fresh.getKey() + ": its name cannot be pinned: "
                        + badName.getMessage());
            }
        }
        return Optional.empty();
    }

    /**
     * Pins, by {@code rule} (with its warning), each of {@code fresh} (the text's new hellos, {@link #newHellos} before
     * the import) that the game has now taken: a hello the game refused (another game's, out of order, not signed by
     * its own key) pins nothing.
     */
    static void pinTakenHellos(Party party, Collection<Hello> fresh, TrustRule rule) throws IOException {
        Map<Integer, Hello> taken = new HashMap<>();
        party.transcript().hellos().forEach(h -> taken.put(h.seat(), h));
        for (Hello hello : fresh) {
            Hello inGame = taken.get(hello.seat());
            if (inGame != null && inGame.key().equals(hello.key()) && inGame.name().equals(hello.name())) {
                rule.admit(hello.name(), hello.key(), false);
            }
        }
    }

    /** The hellos in {@code messages} of other seats, by message number, that {@code party} has not taken yet. */
    static Map<Long, Hello> newHellos(Party party, List<Envelope> messages) {
        Map<Integer, Hello> seats = new HashMap<>();
        party.transcript().hellos().forEach(h -> seats.put(h.seat(), h));
        Map<Long, Hello> fresh = new LinkedHashMap<>();
        for (Envelope e : messages) {
            if (e.sender() == party.seat() || !Hello.TYPE.equals(e.type())) {
                continue;
            }
            Hello hello;
            try {
                hello = Hello.fromBytes(e.body());
            } catch (MalformedMessageException notAHello) {
                continue; // the game refuses it, saying why
            }
            if (seats.putIfAbsent(hello.seat(), hello) == null) {
                fresh.put(e.seq(), hello);
            }
        }
        return fresh;
    }

    /** What follows a step: the end and its audit, or whose move it is and what is awaited. */
    private static <P extends Party> int report(MailGame<P> kind, CorrespondenceGame<P> g, PrintWriter o) throws IOException {
        P party = g.party();
        if (party.isFinished()) {
            String verdict = g.verdict();
            party.failure().ifPresent(f -> o.println("Cheat caught: " + f.getMessage()));
            o.println("Game over. Transcript: " + g.directory().resolve("transcript.jsonl"));
            o.println("Audit: " + verdict);
            o.flush();
            return verdict.startsWith("VERIFIED") && party.failure().isEmpty() ? Main.OK : Main.FAILED;
        }
        if (kind.rules().awaitsUser(party)) {
            o.println("YOUR MOVE: see your board and legal moves with: fairtable mail status --dir " + g.directory());
            o.println("then play with: fairtable mail move --dir " + g.directory() + " MOVE");
        } else {
            o.println("Now awaiting " + party.awaiting() + ".");
        }
        o.flush();
        return Main.OK;
    }

    private static void deliver(PrintWriter o, Path out, String armored) throws IOException {
        if (out != null) {
            Files.writeString(out, armored, StandardCharsets.UTF_8);
            o.println("Message(s) to send written to " + out + ".");
        } else {
            o.println("Send this to the other player(s):");
            o.println();
            o.print(armored);
        }
        o.flush();
    }
}
