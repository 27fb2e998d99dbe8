package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.play.HoldemShowcase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import fairtable.net.identity.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The main job on embedded defaults: two separate peer processes on loopback do a complete blind draw of
 * 5 cards each from a 52-card deck, each prints its own hand, and both audit the shared transcript.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Start two peer processes on loopback that blind-draw 5 cards each from 52 and audit the result.")
public final class DemoCommand implements Callable<Integer> {
    private static final Pattern INVITATION = Pattern.compile("Invitation: (fairtable://\\S+)");

    @Option(names = "--mode", defaultValue = "patent-ristretto", description = "Protocol mode (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--no-holdem", description = "Only the two-process draw, without the Hold'em showcase.")
    boolean skipHoldem;

    @Option(names = "--dir", description = "Where to write the two transcripts (default: a new temporary directory).")
    Path dir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        fairtable.protocol.patent.PatentMode.byName(mode); // refused here in one line, not by both children
        Path where = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("fairtable-demo-");
        // Two players, each with an identity of their own. Alice knows Bob's fingerprint (he read it out);
        // Bob joins by Alice's invitation, which carries hers. The channel is TLS 1.3 pinned to both keys.
        Path aliceHome = where.resolve("alice-home");
        Path bobHome = where.resolve("bob-home");
        Profile.open(aliceHome, new SecureRandom());
        String bobFingerprint = Profile.open(bobHome, new SecureRandom()).fingerprint().toString();
        out.println("fairtable demo: two processes, alice and bob, each draw 5 cards from a 52-card deck that neither");
        out.println("can see (" + mode + "), over TLS pinned to their identity keys. Each sees only its own hand;");
        out.println("at the end both reveal their keys and audit the signed transcript.");
        out.println();
        out.flush();

        Process alice = start("alice", "--listen", "0", "--home", aliceHome.toString(), "--peer", bobFingerprint,
                "--transcript", where.resolve("alice.jsonl").toString());
        BufferedReader aliceOut = reader(alice);
        String invitation = null;
        List<String> early = new ArrayList<>();
        for (String line; invitation == null && (line = aliceOut.readLine()) != null; ) {
            early.add(line);
            Matcher m = INVITATION.matcher(line);
            if (m.find()) {
                invitation = m.group(1);
            }
        }
        early.forEach(line -> print(out, "alice", line));
        if (invitation == null) {
            alice.destroy();
            throw new IOException("the listening process did not start");
        }
        Process bob = start("bob", "--connect", invitation, "--home", bobHome.toString(),
                "--transcript", where.resolve("bob.jsonl").toString());
        CompletableFuture<Void> a = relay(out, "alice", aliceOut);
        CompletableFuture<Void> b = relay(out, "bob", reader(bob));
        boolean done = alice.waitFor(5, TimeUnit.MINUTES) & bob.waitFor(5, TimeUnit.MINUTES);
        a.join();
        b.join();
        if (!done) {
            alice.destroyForcibly();
            bob.destroyForcibly();
            throw new IOException("the demo did not finish within 5 minutes");
        }
        out.println();
        out.println("Transcripts: " + where.resolve("alice.jsonl") + " and " + where.resolve("bob.jsonl"));
        out.println("Check either yourself: ./fairtable audit " + where.resolve("bob.jsonl"));
        boolean drawVerified = Math.max(alice.exitValue(), bob.exitValue()) == 0;
        boolean holdemVerified = true;
        if (!skipHoldem) {
            out.println();
            out.println("And a short bots-only Hold'em game on the verifiable deck, each player's private view shown:");
            out.println();
            out.flush();
            holdemVerified = HoldemShowcase.run(out, new SecureRandom().nextLong());
        }
        out.flush();
        return drawVerified && holdemVerified ? Main.OK : Main.FAILED;
    }

    private Process start(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.add("draw");
        command.add("--name");
        command.add(name);
        command.add("--mode");
        command.add(mode);
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    private static CompletableFuture<Void> relay(PrintWriter out, String who, BufferedReader in) {
        return CompletableFuture.runAsync(() -> {
            try {
                for (String line; (line = in.readLine()) != null; ) {
                    print(out, who, line);
                }
            } catch (IOException ignored) {
                // The process ended; whatever it printed has been relayed.
            }
        });
    }

    private static synchronized void print(PrintWriter out, String who, String line) {
        out.printf("[%-5s] %s%n", who, line);
        out.flush();
    }
}
