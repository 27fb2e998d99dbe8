package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;


import fairtable.net.identity.Profile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two real processes on loopback, as a user runs them, and the offline audit of what they leave behind. */
class TwoProcessTest {
    @TempDir
    Path dir;

    /** A running fairtable process and everything it printed. */
    private static final class Peer {
        final Process process;
        final List<String> lines = new ArrayList<>();
        final BufferedReader reader;

        Peer(String... args) throws IOException {
            process = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true).start();
            reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        String waitForLine(Pattern pattern) throws IOException {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
                Matcher m = pattern.matcher(line);
                if (m.find()) {
                    return m.group(1);
                }
            }
            throw new AssertionError("process ended without printing " + pattern + ": " + lines);
        }

        int finish() throws Exception {
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
            return process.exitValue();
        }

        String lineStartingWith(String prefix) {
            return lines.stream().filter(l -> l.startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError("no line starting with " + prefix + " in " + lines));
        }
    }

    /** {@code who}'s profile directory, named {@code who}: the name a player goes by and is pinned under. */
    private String home(String who) throws IOException {
        Path home = dir.resolve(who);
        Profile.open(home, new SecureRandom()).setDisplayName(who);
        return home.toString();
    }

    private static int audit(Path file, StringWriter out) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), "audit", file.toString());
    }

    @Test
    void twoDrawProcessesGetDisjointHandsAndATranscriptThatAuditsAndCannotBeAltered() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Peer alice = new Peer("draw", "--listen", "0", "--home", home("alice"), "--accept-new",
                "--transcript", a.toString());
        String invitation = alice.waitForLine(Pattern.compile("Invitation: (fairtable://\\S+)"));
        Peer bob = new Peer("draw", "--connect", invitation, "--home", home("bob"),
                "--transcript", b.toString());
        assertThat(bob.finish()).as(String.join("\n", bob.lines)).isZero();
        assertThat(alice.finish()).as(String.join("\n", alice.lines)).isZero();

        List<String> aliceHand = cards(alice.lineStartingWith("alice's hand: "));
        List<String> bobHand = cards(bob.lineStartingWith("bob's hand: "));
        assertThat(aliceHand).hasSize(5).doesNotHaveDuplicates();
        assertThat(bobHand).hasSize(5).doesNotHaveDuplicates();
        Set<String> overlap = new HashSet<>(aliceHand);
        overlap.retainAll(bobHand);
        assertThat(overlap).isEmpty();
        assertThat(alice.lineStartingWith("Audit: ")).startsWith("Audit: VERIFIED: ");
        assertThat(Files.readAllLines(a)).isEqualTo(Files.readAllLines(b));

        StringWriter out = new StringWriter();
        assertThat(audit(b, out)).isZero();
        assertThat(out.toString()).startsWith("VERIFIED: ").doesNotContain("Exception");

        // One value changed: FAILED at that line, exit 1; it convicts nobody, since anyone could have changed the file.
        List<String> lines = Files.readAllLines(b);
        String line = lines.get(4);
        lines.set(4, line.replaceFirst("\"step\":(\\d+)", "\"step\":77"));
        Path altered = dir.resolve("altered.jsonl");
        Files.write(altered, lines);
        StringWriter failed = new StringWriter();
        assertThat(audit(altered, failed)).isEqualTo(1);
        assertThat(failed.toString()).matches("(?s)FAILED: step 77: message 4 of the transcript is a message in"
                + " (alice|bob)'s name with a bad signature, so the file is not one signed chain; it proves nothing"
                + " against (alice|bob)(\\R.*)?");

        // Truncated: a clear message, exit 2, no stack trace.
        Path cut = dir.resolve("cut.jsonl");
        String text = Files.readString(b);
        Files.writeString(cut, text.substring(0, text.length() - 40));
        StringWriter unreadable = new StringWriter();
        assertThat(audit(cut, unreadable)).isEqualTo(2);
        assertThat(unreadable.toString()).contains("Cannot audit").doesNotContain("Exception").doesNotContain("\tat ");
    }

    /**
     * The patent's own allocation (claim 4) still works as it always did, and says what it costs: its final reveal
     * shows the whole allocation, and each side's own audit prints the other's numbers.
     */
    @Test
    void twoInstitutionsAllocateByThePatentDrawWhichWarnsThatItsRevealUnblinds() throws Exception {
        Path aCsv = dir.resolve("a.csv");
        Path bCsv = dir.resolve("b.csv");
        Peer first = new Peer("allocate", "--protocol", "patent", "--listen", "0", "--insecure", "--home",
                home("institution-a"), "--items", "30", "--each", "6", "--out", aCsv.toString());
        String port = first.waitForLine(Pattern.compile("Listening on port (\\d+)"));
        assertThat(first.lines.get(0)).startsWith("WARNING: --protocol patent ends with both institutions revealing");
        Peer second = new Peer("allocate", "--protocol", "patent", "--connect", "127.0.0.1:" + port, "--insecure",
                "--home", home("institution-b"), "--items", "30", "--each", "6", "--out", bCsv.toString());
        assertThat(second.finish()).as(String.join("\n", second.lines)).isZero();
        assertThat(first.finish()).as(String.join("\n", first.lines)).isZero();

        List<String> aRows = Files.readAllLines(aCsv);
        List<String> bRows = Files.readAllLines(bCsv);
        assertThat(aRows.get(0)).isEqualTo("institution,experiment");
        assertThat(bRows.get(0)).isEqualTo("institution,experiment");
        Set<Integer> numbers = new HashSet<>();
        for (String row : aRows.subList(1, aRows.size())) {
            assertThat(row).startsWith("institution-a,");
            numbers.add(Integer.parseInt(row.split(",")[1]));
        }
        for (String row : bRows.subList(1, bRows.size())) {
            assertThat(row).startsWith("institution-b,");
            numbers.add(Integer.parseInt(row.split(",")[1]));
        }
        assertThat(numbers).hasSize(12).allMatch(n -> n >= 1 && n <= 30);

        StringWriter out = new StringWriter();
        assertThat(audit(dir.resolve("a.transcript.jsonl"), out)).isZero();
        assertThat(out.toString()).startsWith("VERIFIED: ");
        // The weakness: institution A's own screen lists B's numbers.
        String bNumbers = String.join(" ", bRows.subList(1, bRows.size()).stream().map(r -> r.split(",")[1]).toList());
        assertThat(first.lineStartingWith("Audit: ")).contains(bNumbers);
    }

    /** A listener that pins one fingerprint refuses anyone else, and says why; so does a wrong invitation. */
    @Test
    void aPlayerPresentingAnotherKeyIsRefused() throws Exception {
        String stranger = fingerprint(dir.resolve("stranger"));
        String malloryKey = fingerprint(dir.resolve("mallory"));
        Peer alice = new Peer("draw", "--listen", "0", "--home", dir.resolve("alice").toString(), "--peer", stranger,
                "--timeout", "10", "--transcript", dir.resolve("a.jsonl").toString());
        String invitation = alice.waitForLine(Pattern.compile("Invitation: (fairtable://\\S+)"));
        Peer mallory = new Peer("draw", "--connect", invitation, "--home", dir.resolve("mallory").toString(),
                "--timeout", "10", "--transcript", dir.resolve("m.jsonl").toString());
        assertThat(mallory.finish()).as(String.join("\n", mallory.lines)).isEqualTo(Main.ERROR);
        // alice names the key she met and the one she pinned; mallory learns only that her key was not taken, and
        // what alice could type to take it.
        // alice turns mallory away at the door and keeps listening for the player she pinned until her timeout.
        assertThat(alice.finish()).as(String.join("\n", alice.lines)).isEqualTo(Main.ERROR);
        assertThat(alice.lines).contains("WARNING: the peer presented key " + malloryKey + " but " + stranger
                + " was expected. Refused: someone may be in the middle, or the invitation is wrong.");
        assertThat(alice.lineStartingWith("Stopped: ")).isEqualTo("Stopped: nobody else joined within 10 s, so the"
                + " game never started; it waited for the player whose key is " + stranger + " (--peer)");
        assertThat(mallory.lineStartingWith("Stopped: ")).startsWith("Stopped: the host at ")
                .endsWith(" refused you: your key " + malloryKey + " is not accepted there. Its host can run again with"
                        + " --peer " + malloryKey + " (or --accept-new, or answer y when asked) to let you in.");
        assertThat(alice.lines).noneMatch(l -> l.startsWith("Audit: "));
        assertThat(mallory.lines).noneMatch(l -> l.startsWith("Audit: "));

        // An invitation whose fingerprint is not the listener's: the joiner refuses the listener.
        Peer real = new Peer("draw", "--listen", "0", "--home", dir.resolve("alice2").toString(), "--accept-new",
                "--timeout", "10", "--transcript", dir.resolve("a2.jsonl").toString());
        String genuine = real.waitForLine(Pattern.compile("Invitation: (fairtable://\\S+)"));
        String realKey = genuine.substring(genuine.lastIndexOf('/') + 1);
        String forged = genuine.substring(0, genuine.lastIndexOf('/') + 1) + stranger;
        Peer bob = new Peer("draw", "--connect", forged, "--home", dir.resolve("bob2").toString(),
                "--timeout", "10", "--transcript", dir.resolve("b2.jsonl").toString());
        assertThat(bob.finish()).as(String.join("\n", bob.lines)).isEqualTo(Main.ERROR);
        assertThat(bob.lineStartingWith("Stopped: ")).isEqualTo("Stopped: WARNING: the peer presented key " + realKey
                + " but " + stranger + " was expected. Refused: someone may be in the middle, or the invitation is wrong.");
        assertThat(bob.lines).noneMatch(l -> l.startsWith("Audit: "));
        real.process.destroyForcibly();
    }

    private static String fingerprint(Path home) {
        StringWriter out = new StringWriter();
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(out, true), "id", "--home", home.toString()))
                .isZero();
        return out.toString().trim();
    }

    private static List<String> cards(String line) {
        return Arrays.asList(line.substring(line.indexOf(": ") + 2).trim().split(" "));
    }
}
