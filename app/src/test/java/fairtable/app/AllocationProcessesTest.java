package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.identity.Profile;
import fairtable.protocol.allocation.AllocationClaim;
import fairtable.protocol.allocation.AllocationObserver;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three institutions, each a real process with its own profile, draw an allocation over TLS through the first
 * one's relay, escrowed to an ethics board. Each sees only its own numbers; the shared transcript audits without
 * unblinding; the board unblinds alone; an institution's true claim is confirmed and a false one refused with
 * the institution named.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AllocationProcessesTest {
    private static final String[] NAMES = {"alpha", "beta", "gamma"};
    private static final int ITEMS = 40;
    private static final int EACH = 4;

    @TempDir
    static Path dir;

    private final List<List<String>> outputs = new ArrayList<>();
    private final List<List<Integer>> numbers = new ArrayList<>();
    private final int[] exits = new int[3];

    private Path home(int seat) {
        return dir.resolve("home-" + NAMES[seat]);
    }

    private Path csv(int seat) {
        return dir.resolve(NAMES[seat] + ".csv");
    }

    private Path transcript(int seat) {
        return dir.resolve(NAMES[seat] + ".transcript.jsonl");
    }

    /** Runs a command in this JVM; its exit code, then everything it printed. */
    private static List<String> run(String... args) {
        StringWriter text = new StringWriter();
        int exit = Main.run(new PrintWriter(text, true), new PrintWriter(text, true), args);
        List<String> out = new ArrayList<>(List.of(Integer.toString(exit)));
        out.addAll(text.toString().lines().toList());
        return out;
    }

    @BeforeAll
    void drawOverTls() throws Exception {
        List<String> card = run("id", "--home", dir.resolve("board").toString(), "--name", "ethics-board",
                "--board-card", dir.resolve("board.card").toString());
        assertThat(card.get(0)).isEqualTo("0");
        String board = card.get(1);
        // The guests type no K, X nor institutions: the host's invitation carries them.
        List<String> common = List.of("--board", board, "--board-card", dir.resolve("board.card").toString(),
                "--accept-new", "--timeout", "60");
        List<String> hostArgs = new ArrayList<>(List.of("allocate", "--listen", "0", "--name", "alpha", "--home",
                home(0).toString(), "--out", csv(0).toString(), "--seed", "1001", "--institutions", "3", "--items",
                Integer.toString(ITEMS), "--each", Integer.toString(EACH)));
        hostArgs.addAll(common);
        Process host = ChildJvm.start(hostArgs.toArray(String[]::new));
        BufferedReader hostOut = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8));
        List<String> hostLines = new ArrayList<>();
        String invitation = ChildJvm.invitation(hostOut, hostLines);
        List<Process> guests = new ArrayList<>();
        for (int seat = 1; seat < 3; seat++) {
            List<String> guestArgs = new ArrayList<>(List.of("allocate", "--connect", invitation, "--seat",
                    Integer.toString(seat), "--name", NAMES[seat], "--home", home(seat).toString(), "--out",
                    csv(seat).toString(), "--seed", Integer.toString(1001 + seat)));
            guestArgs.addAll(common);
            guests.add(ChildJvm.start(guestArgs.toArray(String[]::new)));
        }
        outputs.add(hostLines);
        for (Process g : guests) {
            outputs.add(ChildJvm.lines(g));
        }
        for (String line; (line = hostOut.readLine()) != null; ) {
            hostLines.add(line);
        }
        assertThat(host.waitFor(120, TimeUnit.SECONDS)).isTrue();
        exits[0] = host.exitValue();
        exits[1] = guests.get(0).exitValue();
        exits[2] = guests.get(1).exitValue();
        for (int seat = 0; seat < 3; seat++) {
            assertThat(exits[seat]).as(String.join("\n", outputs.get(seat))).isZero();
            numbers.add(csvNumbers(csv(seat), NAMES[seat]));
        }
    }

    /** The numbers of a CSV whose every row must be {@code institution}'s. */
    private static List<Integer> csvNumbers(Path csv, String institution) throws Exception {
        List<String> rows = Files.readAllLines(csv);
        assertThat(rows.get(0)).isEqualTo("institution,experiment");
        List<Integer> out = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            assertThat(row).startsWith(institution + ",");
            out.add(Integer.parseInt(row.substring(institution.length() + 1)));
        }
        return out;
    }

    @Test
    void eachCsvHoldsOnlyItsInstitutionsNumbersDisjointFromTheOthers() {
        Set<Integer> all = new HashSet<>();
        for (int seat = 0; seat < 3; seat++) {
            assertThat(numbers.get(seat)).hasSize(EACH).allMatch(n -> n >= 1 && n <= ITEMS);
            all.addAll(numbers.get(seat));
        }
        assertThat(all).hasSize(3 * EACH);
    }

    /**
     * Every integer an institution's process printed, once the invitation, the port, fingerprints, file names, the seat and
     * the range 1..K are set aside, is one of its own numbers or a count the allocation makes public (institutions, K, X, how
     * many shares and escrows were verified). So no number of another institution is on its screen.
     */
    @Test
    void eachSideShowsItsOwnNumbersAndNoneOfTheOthers() {
        Set<Integer> counts = Set.of(3, ITEMS, EACH, 2 * 3 * EACH, 3 * EACH);
        for (int seat = 0; seat < 3; seat++) {
            String shown = String.join("\n", outputs.get(seat));
            assertThat(shown).contains(NAMES[seat] + "'s experiment numbers: " + String.join(", ",
                    numbers.get(seat).stream().map(String::valueOf).toList()));
            Set<Integer> printed = integersIn(shown);
            Set<Integer> allowed = new HashSet<>(counts);
            allowed.addAll(numbers.get(seat));
            assertThat(printed).as(shown).isSubsetOf(allowed);
            for (int other = 0; other < 3; other++) {
                if (other != seat) {
                    Set<Integer> theirs = new TreeSet<>(numbers.get(other));
                    theirs.removeAll(counts);
                    assertThat(printed).as("%s's screen, %s's numbers", NAMES[seat], NAMES[other]).doesNotContainAnyElementsOf(theirs);
                }
            }
        }
    }

    private static Set<Integer> integersIn(String text) {
        String scrubbed = text.replaceAll("fairtable://\\S+", " ")
                .replaceAll("(port|seat) \\d+", " ")
                .replaceAll("[0-9a-f]{4}(-[0-9a-f]{4}){4}", " ")
                .replaceAll("\\S*/\\S*", " ")
                .replaceAll("\\S+\\.(csv|jsonl|journal|card)\\b", " ")
                .replaceAll("allocation/v1", " ")
                .replaceAll("\\b1\\.\\.\\d+", " ");
        Set<Integer> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\b\\d+\\b").matcher(scrubbed);
        while (m.find()) {
            out.add(Integer.parseInt(m.group()));
        }
        return out;
    }

    @Test
    void theSharedTranscriptAuditsVerifiedWithoutUnblinding() throws Exception {
        for (int seat = 1; seat < 3; seat++) {
            assertThat(Files.readAllLines(transcript(seat))).isEqualTo(Files.readAllLines(transcript(0)));
        }
        List<String> audit = run("audit", transcript(0).toString());
        assertThat(audit.get(0)).isEqualTo("0");
        assertThat(audit.get(1)).startsWith("VERIFIED: allocation/v1: 3 institutions drew 4 numbers each out of 1..40: "
                + "alpha holds 4, beta holds 4, gamma holds 4; ").contains("escrowed to the board ethics-board (");
        assertThat(integersIn(audit.get(1))).isSubsetOf(3, ITEMS, EACH, 24, 12);
        for (int seat = 0; seat < 3; seat++) {
            assertThat(outputs.get(seat)).contains("Audit: " + audit.get(1));
        }
        // From the transcript alone, no position can be read: each holder's own share of its numbers never left it.
        TranscriptFile.Contents contents = TranscriptFile.read(transcript(0));
        AuditVerdict verdict = Auditor.audit(contents);
        assertThat(verdict.holdings().values()).allMatch(List::isEmpty);
        AllocationObserver observer = AllocationObserver.replay(transcriptOf(contents.messages()));
        assertThat(observer.publiclyReadable()).isZero();
        for (int seat = 0; seat < 3; seat++) {
            for (int position : observer.parameters().positionsOf(seat)) {
                assertThat(observer.deck().shareOf(position, seat)).isNull();
            }
        }
    }

    private static Transcript transcriptOf(List<Envelope> messages) throws Exception {
        Transcript t = new Transcript();
        for (Envelope e : messages) {
            t.append(e);
        }
        return t;
    }

    @Test
    void theBoardAloneUnblindsTheAllocationAndItMatchesTheThreeCsvs() throws Exception {
        Path unblinded = dir.resolve("unblinded.csv");
        List<String> byBoard = run("unblind", "--as-board", transcript(1).toString(), "--home",
                dir.resolve("board").toString(), "--out", unblinded.toString());
        assertThat(byBoard.get(0)).as(String.join("\n", byBoard)).isEqualTo("0");
        Set<String> expected = new HashSet<>();
        for (int seat = 0; seat < 3; seat++) {
            expected.addAll(Files.readAllLines(csv(seat)).subList(1, EACH + 1));
        }
        List<String> rows = Files.readAllLines(unblinded);
        assertThat(rows.get(0)).isEqualTo("institution,experiment");
        assertThat(rows.subList(1, rows.size())).containsExactlyInAnyOrderElementsOf(expected);
        for (int seat = 0; seat < 3; seat++) {
            String holds = NAMES[seat] + " (";
            String listed = String.join(", ", numbers.get(seat).stream().map(String::valueOf).toList());
            assertThat(byBoard).anyMatch(line -> line.contains(holds) && line.endsWith(" holds " + listed));
        }
        // An institution is not the board: its profile cannot unblind.
        List<String> byAlpha = run("unblind", "--as-board", transcript(0).toString(), "--home", home(0).toString(),
                "--out", dir.resolve("alpha-tried.csv").toString());
        assertThat(byAlpha.get(0)).isEqualTo("2");
        assertThat(String.join("\n", byAlpha)).contains("escrowed to the board ethics-board (").contains("not to you");
        assertThat(dir.resolve("alpha-tried.csv")).doesNotExist();
    }

    @Test
    void anInstitutionsTrueClaimIsConfirmedAndAFalseOneRefusedNamingIt() throws Exception {
        Path claim = dir.resolve("beta.claim.jsonl");
        List<String> made = run("unblind", "--mine", "--journal", dir.resolve("beta.journal").toString(), "--home",
                home(1).toString(), "--out", claim.toString());
        assertThat(made.get(0)).as(String.join("\n", made)).isEqualTo("0");
        List<String> checked = run("unblind", "--check", claim.toString(), "--transcript", transcript(2).toString());
        String listed = String.join(", ", numbers.get(1).stream().map(String::valueOf).toList());
        assertThat(checked).containsExactly("0", "CONFIRMED: beta holds " + listed
                + " (its own shares, checked against the transcript)");

        // Beta signs a claim to one of alpha's numbers in place of its first.
        Envelope genuine = TranscriptFile.read(claim).messages().get(0);
        byte[] body = genuine.body();
        int stolen = numbers.get(0).get(0);
        ByteBuffer.wrap(body).putInt(4, stolen);
        Envelope falseClaim = Envelope.sign(Profile.open(home(1), new SecureRandom()).identity(), genuine.session(),
                genuine.seq(), genuine.prev(), genuine.sender(), genuine.step(), AllocationClaim.TYPE, body);
        Path forged = dir.resolve("beta-false.claim.jsonl");
        TranscriptFile.write(forged, List.of(falseClaim), List.of());
        List<String> refused = run("unblind", "--check", forged.toString(), "--transcript", transcript(0).toString());
        assertThat(refused).containsExactly("1", "REFUSED: step " + genuine.step() + ", party beta: its claim is false: "
                + "it claims " + stolen + " where the transcript and its own share read " + numbers.get(1).get(0));
    }
}
