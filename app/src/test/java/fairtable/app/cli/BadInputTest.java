package fairtable.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every bad input gets one plain line on the error stream that names the input, and exit code 2: never a parser's
 * or the JDK's wording. The option values are generated from the commands' own declarations (every numeric option
 * of every command, with seeded bad values); what only a command can judge (invitations, files, ports, games) is a
 * table of cases.
 */
class BadInputTest {
    /** Words that only Java, never a person, would write. */
    private static final List<String> JAVA_TEXT = List.of("Exception", "null", "\tat ", "java.", "For input string",
            "out of bounds", "Cannot invoke", "Input length", "is not an int", "is not a long", "fault in fairtable",
            "Usage:");

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true), new PrintWriter(err, true),
                args);
        return new Run(code, out.toString(), err.toString());
    }

    /** Exit 2, one line on the error stream naming each of {@code named}, and no Java wording anywhere. */
    private static void assertRefusedPlainly(Run run, List<String> args, String... named) {
        String all = run.out() + run.err();
        assertThat(run.code()).as("exit code of %s; printed:%n%s", args, all).isEqualTo(Main.ERROR);
        assertThat(run.err().strip().lines().toList()).as("error lines of %s", args).hasSize(1);
        for (String word : JAVA_TEXT) {
            assertThat(all).as("output of %s", args).doesNotContain(word);
        }
        for (String name : named) {
            assertThat(run.err()).as("the refusal of %s names %s", args, name).contains(name);
        }
    }

    private static void assertRefusedPlainly(List<String> args, String... named) {
        assertRefusedPlainly(run(args.toArray(String[]::new)), args, named);
    }

    /** Every command in the tree, as the words that call it. */
    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        collect(new CommandLine(new Main()).getCommandSpec(), all);
        return all;
    }

    private static void collect(CommandSpec spec, List<CommandSpec> into) {
        into.add(spec);
        spec.subcommands().values().stream().map(CommandLine::getCommandSpec).distinct()
                .filter(s -> !s.name().equals("help")).forEach(s -> collect(s, into));
    }

    private static List<String> words(CommandSpec spec) {
        List<String> words = new ArrayList<>(List.of(spec.qualifiedName().split(" ")));
        words.remove(0); // "fairtable"
        return words;
    }

    @Test
    void everyNumericOptionOfEveryCommandRefusesANonNumberNamingTheOptionAndTheValue() {
        List<String> pool = List.of("abc", "1.5", "0x10", "99999999999999999999", "-", "½", "1e3", "ten", "2,5", "");
        SplittableRandom random = new SplittableRandom(16_05);
        int checked = 0;
        for (CommandSpec command : commands()) {
            for (OptionSpec option : command.options()) {
                Class<?> type = option.type();
                if (type != int.class && type != Integer.class && type != long.class && type != Long.class) {
                    continue;
                }
                for (int i = 0; i < 2; i++) {
                    String value = pool.get(random.nextInt(pool.size()));
                    String name = option.names()[random.nextInt(option.names().length)];
                    List<String> args = new ArrayList<>(words(command));
                    args.add(name + "=" + value);
                    assertRefusedPlainly(args, name, "'" + value + "'", "whole number");
                    checked++;
                }
            }
        }
        assertThat(checked).as("numeric options found").isGreaterThan(60);
    }

    @Test
    void everyCommandRefusesAnUnknownOptionInOneLine() {
        for (CommandSpec command : commands()) {
            List<String> args = new ArrayList<>(words(command));
            args.add("--no-such-option");
            assertRefusedPlainly(args, "--no-such-option");
        }
    }

    static Stream<List<String>> refusedByTheCommands() {
        return Stream.of(
                List.of("play", "holdem", "--bots", "abc"),
                List.of("play", "holdem", "--set", "stack=abc"),
                List.of("play", "holdem", "--set", "foo"),
                List.of("play", "holdem", "--players", "1"),
                List.of("play", "nosuch"),
                List.of("play", "dark-chess", "--bots", "purple"),
                List.of("play", "mahjong-shogi", "--bots", "purple"),
                List.of("poker", "eval", "Zz", "Ks", "Qs", "Js", "Ts"),
                List.of("deck-demo", "--players", "0"),
                List.of("perm-demo", "--players", "1"),
                List.of("chess", "perft", "--fen", "not a position", "--depth", "1"),
                List.of("demo", "--mode", "abc"),
                List.of("draw", "--mode", "abc", "--listen", "0"));
    }

    @ParameterizedTest
    @MethodSource("refusedByTheCommands")
    void aValueOnlyTheCommandCanJudgeIsRefusedInOneLine(List<String> args) {
        assertRefusedPlainly(args);
    }

    @Test
    void invitationsAndAddressesThatCannotBeReadAreNamed(@TempDir Path home) {
        String h = home.toString();
        assertRefusedPlainly(List.of("draw", "--connect", "garbage", "--home", h), "garbage");
        assertRefusedPlainly(List.of("draw", "--connect", "fairtable://x:y/zz", "--home", h), "fairtable://x:y/zz");
        assertRefusedPlainly(List.of("draw", "--connect", "host:abc", "--insecure", "--home", h), "host:abc");
        assertRefusedPlainly(List.of("play", "holdem", "--join", "host:abc", "--insecure", "--home", h), "host:abc");
        assertRefusedPlainly(List.of("play", "holdem", "--join", "host:70000", "--insecure", "--home", h), "host:70000");
        assertRefusedPlainly(List.of("table", "join", "--connect", "host:abc", "--insecure", "--seat", "1",
                "--players", "2", "--home", h), "host:abc");
        assertRefusedPlainly(List.of("play", "holdem", "--host", "99999", "--home", h), "99999");
        assertRefusedPlainly(List.of("draw", "--listen", "70000", "--home", h), "70000");
    }

    /**
     * A joiner takes a two-player game's terms from the host's invitation, but never silently one weaker than the
     * default, and never a game, a setting or a player count the command does not play: each is refused in one line
     * before anything is opened (no host listens at these invitations).
     */
    @Test
    void anInvitationsTermsAreJudgedBeforeAnythingIsOpened(@TempDir Path home) {
        String h = home.toString();
        String host = "fairtable://127.0.0.1:9/" + "ab12-".repeat(4) + "ab12?game=";
        assertRefusedPlainly(List.of("play", "mahjong-shogi", "--bots", "me", "--join", host + "mahjong-shogi&players=2"
                + "&move-limit=40&mode=faithful", "--home", h), "--mode faithful", "INSECURE");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "dark-chess&players=2"
                + "&max-plies=40&mode=andos&andos-bits=256", "--home", h), "--andos-bits 256");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "dark-chess&players=2"
                + "&max-plies=40&mode=ote-table", "--max-plies", "30", "--home", h), "--max-plies 40, not 30");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "mahjong-shogi&players=2",
                "--home", h), "mahjong-shogi");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "dark-chess&players=3",
                "--home", h), "3 players");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "dark-chess&players=2"
                + "&max-plies=lots", "--home", h), "max-plies", "lots");
        assertRefusedPlainly(List.of("play", "dark-chess", "--bots", "all", "--join", host + "dark-chess&players=2"
                + "&mode=telepathy", "--home", h), "telepathy");
        assertRefusedPlainly(List.of("play", "mahjong-shogi", "--bots", "me", "--join", host + "mahjong-shogi&players=2"
                + "&stakes=9", "--home", h), "stakes");
    }

    /**
     * A mail hello is only what its sender chose: one proposing an insecure mode is refused, in one line, unless the
     * joiner types that mode, and a dark-chess hello with an ANDOS modulus its sender may factor (which mail new never
     * writes) is refused outright; nothing is created either way.
     */
    @Test
    void aMailHelloProposingAnInsecureModeNeedsTheJoinersConsent(@TempDir Path home) throws IOException {
        Path hello = home.resolve("hello.txt");
        Run started = run("mail", "new", "--cards", "10", "--each", "2", "--mode", "patent-literal", "--home",
                home.resolve("a").toString(), "--dir", home.resolve("ag").toString(), "--out", hello.toString());
        assertThat(started.code()).as(started.err()).isEqualTo(0);
        List<String> join = List.of("mail", "join", "--home", home.resolve("b").toString(), "--dir",
                home.resolve("bg").toString(), "--in", hello.toString(), "--out", home.resolve("reply.txt").toString());
        assertRefusedPlainly(join, "--mode patent-literal", "INSECURE");
        assertThat(home.resolve("bg")).doesNotExist();
        List<String> consenting = new ArrayList<>(join);
        consenting.addAll(List.of("--mode", "patent-literal"));
        Run joined = run(consenting.toArray(String[]::new));
        assertThat(joined.code()).as(joined.err()).isEqualTo(0);

        SplittableRandom random = new SplittableRandom(5);
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        fairtable.protocol.darkchess.DarkChessParty mallory = fairtable.protocol.darkchess.DarkChessParty.create(
                new fairtable.protocol.darkchess.DarkChessParameters(fairtable.protocol.darkchess.OtMode.ANDOS, 128, 40),
                0, "mallory", fairtable.crypto.sign.SigningKey.fromSeed(seed),
                fairtable.games.chess.play.ChessSide.start(fairtable.games.chess.Color.WHITE,
                        fairtable.games.chess.play.ChessSide.LATER), random);
        Path crafted = home.resolve("crafted.txt");
        Files.writeString(crafted, fairtable.net.correspondence.Armor.encode(mallory.start().get(0),
                fairtable.protocol.darkchess.DarkChessParameters.PROTOCOL, "mallory"));
        assertRefusedPlainly(List.of("mail", "join", "--home", home.resolve("c").toString(), "--dir",
                home.resolve("cg").toString(), "--in", crafted.toString()), "mallory", "128 bits");
        assertThat(home.resolve("cg")).doesNotExist();
    }

    @Test
    void anInvitationWhereNobodyListensSaysSo(@TempDir Path home) throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort(); // closed again: nobody listens there
        }
        String at = "127.0.0.1:" + port;
        assertRefusedPlainly(List.of("play", "holdem", "--join", "fairtable://" + at + "/0000-0000-0000-0000-0000",
                "--timeout", "1", "--home", home.toString()), at);
        assertRefusedPlainly(List.of("play", "holdem", "--join", at, "--insecure", "--timeout", "1", "--home",
                home.toString()), at);
    }

    @Test
    void aPortInUseIsNamed(@TempDir Path home) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("0.0.0.0"))) {
            String port = Integer.toString(taken.getLocalPort());
            String h = home.toString();
            assertRefusedPlainly(List.of("draw", "--listen", port, "--home", h), "port " + port, "in use");
            assertRefusedPlainly(List.of("play", "holdem", "--host", port, "--bots", "all", "--home", h),
                    "port " + port, "in use");
            assertRefusedPlainly(List.of("table", "host", "--listen", port, "--players", "2", "--home", h),
                    "port " + port, "in use");
        }
    }

    @Test
    void filesThatAreMissingOrNotTextAreNamed(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.jsonl");
        Path binary = Files.write(dir.resolve("binary.jsonl"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3});
        Path empty = Files.write(dir.resolve("empty.jsonl"), new byte[0]);
        assertRefusedPlainly(List.of("audit", missing.toString()), missing.toString(), "no such file");
        assertRefusedPlainly(List.of("audit", binary.toString()), binary.toString(), "not a text file");
        assertRefusedPlainly(List.of("audit", empty.toString()), empty.toString());
        assertRefusedPlainly(List.of("audit", dir.toString()), dir.toString(), "directory");
        assertRefusedPlainly(List.of("unblind", "--check", missing.toString(), "--transcript", binary.toString()));
        assertRefusedPlainly(List.of("mail", "status", "--dir", missing.toString()), missing.toString());
        assertRefusedPlainly(List.of("status", "--dir", missing.toString()), missing.toString());
        assertRefusedPlainly(List.of("id", "--home", dir.resolve("home").toString(), "--board-card",
                missing.resolve("card.txt").toString()), missing.resolve("card.txt").toString());
        assertRefusedPlainly(List.of("id", "--home", binary.toString()), binary.toString());
        Path game = dir.resolve("game");
        assertThat(run("mail", "new", "--dir", game.toString(), "--home", dir.resolve("home").toString()).code()).isZero();
        assertRefusedPlainly(List.of("mail", "receive", "--dir", game.toString(), "--home", dir.resolve("home").toString(),
                "--in", binary.toString()), binary.toString(), "not text");
        assertRefusedPlainly(List.of("mail", "receive", "--dir", game.toString(), "--home", dir.resolve("home").toString(),
                "--in", missing.toString()), missing.toString());
    }

    @Test
    void aJoinerWhoseSettingsDifferFromTheHostsIsToldSoAndPlaysNothing(@TempDir Path dir) throws Exception {
        List<List<String>> mismatches = List.of(
                List.of("play", "holdem", "--players", "3"),
                List.of("play", "holdem", "--set", "stack=500"),
                List.of("play", "dominoes"));
        List<String> named = List.of("--players 3", "--set stack=500", "the host plays holdem");
        // The host has seated the refused guest by then, so each mismatch meets a host of its own, and each host then
        // waits out its --timeout for a player who never comes: the three pairs (own homes, own ports) run at once.
        java.util.concurrent.ExecutorService pairs = java.util.concurrent.Executors.newFixedThreadPool(mismatches.size());
        try {
            List<java.util.concurrent.Future<?>> running = new ArrayList<>();
            for (int i = 0; i < mismatches.size(); i++) {
                int n = i;
                running.add(pairs.submit(() -> {
                    InProcessHost host = InProcessHost.start("play", "holdem", "--host", "0", "--insecure", "--bots",
                            "all", "--players", "2", "--hands", "1", "--timeout", "3", "--action-seconds", "1",
                            "--home", dir.resolve("host" + n).toString(),
                            "--transcript", dir.resolve("host" + n + ".jsonl").toString());
                    List<String> args = new ArrayList<>(mismatches.get(n));
                    args.addAll(List.of("--join", "127.0.0.1:" + host.port(), "--insecure", "--bots", "all", "--home",
                            dir.resolve("guest" + n).toString()));
                    assertRefusedPlainly(args, named.get(n));
                    return host.finish();
                }));
            }
            for (java.util.concurrent.Future<?> pair : running) {
                try {
                    pair.get(180, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof AssertionError failed) {
                        throw failed;
                    }
                    throw e;
                }
            }
        } finally {
            pairs.shutdownNow();
        }
    }
}
