package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.SeenCards;
import fairtable.app.play.SeatSeeds;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes' tables and allocations over TLS on loopback, without a browser: what each page is sent, which moves each
 * seat takes, whom the host lets in, and what is refused. The seats are seeded, so a failure replays.
 */
class NetworkTableTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Profile alice;
    private Profile bob;
    private NetworkTable<?, ?> host;
    private NetworkTable<?, ?> guest;
    private BrowserAllocation hostedAllocation;
    private BrowserAllocation joinedAllocation;
    private final AtomicReference<JsonNode> hostSeen = new AtomicReference<>();
    private final AtomicReference<JsonNode> guestSeen = new AtomicReference<>();

    @BeforeEach
    void profiles() throws Exception {
        alice = Profile.open(dir.resolve("alice"), new SecureRandom());
        alice.setDisplayName("alice");
        bob = Profile.open(dir.resolve("bob"), new SecureRandom());
        bob.setDisplayName("bob");
    }

    @AfterEach
    void close() {
        for (BrowserAllocation a : new BrowserAllocation[] {joinedAllocation, hostedAllocation}) {
            if (a != null) {
                a.close();
            }
        }
        if (guest != null) {
            guest.close();
        }
        if (host != null) {
            host.close();
        }
    }

    private void sitDown() throws Exception {
        host = NetworkTable.host("t1", Games.ALL.definition("holdem").orElseThrow(), 2, Map.of("hands", "1"), alice,
                7L, dir.resolve("alice.jsonl"), Games.ALL, 600, "127.0.0.1", NetworkTable.Kept.NOWHERE);
        host.watch(json -> hostSeen.set(read(json)));
        JsonNode waiting = await(hostSeen, s -> s.path("network").has("invitation"));
        String invitation = waiting.path("network").path("invitation").asText();
        assertThat(invitation).isEqualTo(host.invitation()).contains("?game=holdem&players=2&hands=1&stack=1000");
        guest = NetworkTable.join("t1", invitation, Games.ALL, bob, 8L, dir.resolve("bob.jsonl"), 600,
                NetworkTable.Kept.NOWHERE);
        guest.watch(json -> guestSeen.set(read(json)));
    }

    @Test
    void theHostLetsTheGuestInOnlyWhenThePersonAcceptsAndTheMovesAreOnlyTheSeatsLegalOnes() throws Exception {
        sitDown();
        JsonNode asked = await(hostSeen, s -> s.path("network").has("question"));
        assertThat(asked.path("network").path("question").asText())
                .isEqualTo("accept bob, fingerprint " + bob.fingerprint() + "?");
        assertThat(answer(guest::answer, true)).as("nothing is asked of the guest").isEqualTo("nothing is asked now");
        assertThat(answer(host::answer, true)).isNull();
        await(hostSeen, s -> s.path("network").path("joined").asBoolean());
        assertThat(alice.knownPeers().all()).containsEntry("bob", bob.fingerprint());
        // The host asks at bob's join, before bob is sent alice's hello; then bob pins her by the invitation.
        await(guestSeen, s -> s.path("step").asInt() > 0);
        assertThat(bob.knownPeers().all()).as("the invitation pinned the host").containsEntry("alice",
                alice.fingerprint());

        // Heads-up the button (alice) acts first: bob may not, and alice only within the legal moves.
        JsonNode first = await(hostSeen, s -> s.path("yourMove").asBoolean());
        assertThat(offer(guest, 0, null)).startsWith("it is not your move");
        int legal = first.path("moves").size();
        assertThat(offer(host, legal, null)).isEqualTo("no legal move number " + legal + "; there are " + legal);
        assertThat(offer(host, null, "raise 25")).isNotNull();
        assertThat(offer(host, null, "check")).as("the small blind faces the big blind's bet").startsWith("may not check now");
        assertThat(hostSeen.get().path("step").asInt()).as("a refused move changes nothing")
                .isEqualTo(first.path("step").asInt());

        Instant deadline = Instant.now().plus(WAIT.multipliedBy(2));
        while (!(finished(hostSeen.get()) && finished(guestSeen.get()))) {
            assertThat(Instant.now()).as("the hand to end").isBefore(deadline);
            for (NetworkTable<?, ?> table : new NetworkTable<?, ?>[] {host, guest}) {
                JsonNode seen = (table == host ? hostSeen : guestSeen).get();
                if (seen != null && seen.path("yourMove").asBoolean()) {
                    String refused = offer(table, passive(seen), null);
                    assertThat(refused).as("a listed check, call or show").isNull();
                    awaitStepAfter(table == host ? hostSeen : guestSeen, seen.path("step").asInt());
                }
            }
            Thread.sleep(20); // polling the two seats for the next decision, the condition this waits for
        }
        for (JsonNode end : new JsonNode[] {hostSeen.get(), guestSeen.get()}) {
            assertThat(end.path("verdict").path("verified").asBoolean()).as(end.toString()).isTrue();
            assertThat(end.path("history").toString()).contains("alice: ").contains("bob: ");
        }
        // Each seat saw only its own hole cards until the showdown, and the transcripts agree.
        assertThat(java.nio.file.Files.readAllLines(dir.resolve("bob.jsonl")))
                .isEqualTo(java.nio.file.Files.readAllLines(dir.resolve("alice.jsonl")));
        // Each node kept its seat's record beside its transcript: its replay "as I saw it" shows its own hole cards
        // from the deal on, which the transcript alone shows only if they were proved.
        for (int seat = 0; seat < 2; seat++) {
            java.nio.file.Path file = dir.resolve(seat == 0 ? "alice.jsonl" : "bob.jsonl");
            JsonNode mine = JSON.valueToTree(Replays.of(java.nio.file.Files.readString(file), Games.ALL, Replays.MINE,
                    t -> SeenCards.besideFor(file, t)));
            assertThat(mine.path("seat").asInt()).as(mine.toString()).isEqualTo(seat);
            JsonNode firstDealt = null;
            for (JsonNode f : mine.get("frames")) {
                JsonNode cards = f.path("view").path("poker").path("seats").path(seat).path("cards");
                if (cards.size() == 2) {
                    firstDealt = cards;
                    break;
                }
            }
            assertThat(firstDealt).as("seat %d's own cards in its replay", seat).isNotNull().noneMatch(JsonNode::isNull);
        }
    }

    /**
     * The host asks at bob's join; refused, bob is told at once why and what alice can do, and is not pinned, and
     * alice's table keeps waiting for a player instead of stopping.
     */
    @Test
    void aPlayerThePersonRefusesIsToldAtOnceAndNotPinnedAndTheHostsTableWaitsOn() throws Exception {
        sitDown();
        await(hostSeen, s -> s.path("network").has("question"));
        assertThat(answer(host::answer, false)).isNull();
        JsonNode guestEnd = await(guestSeen, NetworkTableTest::finished);
        assertThat(guestEnd.path("problem").asText()).contains(" refused you: your key " + bob.fingerprint()
                + " is not accepted there as bob. Its person can answer y when asked");
        JsonNode hostNow = await(hostSeen, s -> !s.path("network").has("question"));
        assertThat(hostNow.path("finished").asBoolean()).as("the host's table waits on").isFalse();
        assertThat(hostNow.path("network").path("joined").asBoolean()).isFalse();
        assertThat(alice.knownPeers().all()).doesNotContainKey("bob");
        // Nothing of the game was dealt to the refused guest.
        assertThat(guestEnd.path("poker").path("seats").findValues("cards")).allMatch(cards -> cards.size() == 0);
    }

    @Test
    void anInvitationWithoutItsTableIsRefusedWithAPlainReason() {
        String bare = "fairtable://127.0.0.1:9/" + alice.fingerprint();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NetworkTable.join("t", bare, Games.ALL, bob, null,
                dir.resolve("x.jsonl"), 60, NetworkTable.Kept.NOWHERE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names no game");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NetworkTable.join("t", bare + "?game=holdem",
                Games.ALL, bob, null, dir.resolve("x.jsonl"), 60, NetworkTable.Kept.NOWHERE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("how many players");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NetworkTable.join("t", bare
                + "?game=no-such-game&players=2", Games.ALL, bob, null, dir.resolve("x.jsonl"), 60, NetworkTable.Kept.NOWHERE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not play");
    }

    private static boolean finished(JsonNode s) {
        return s != null && s.path("finished").asBoolean();
    }

    /** The index of the check, call or show among the legal moves shown. */
    private static int passive(JsonNode seen) {
        for (JsonNode m : seen.path("moves")) {
            if (java.util.Set.of("check", "call", "show").contains(m.path("kind").asText())) {
                return m.path("index").asInt();
            }
        }
        throw new AssertionError("no check, call or show in " + seen.path("moves"));
    }

    /**
     * Bob's invitation was altered on the way (X=6 where alice hosts X=5): once alice accepts him, his allocation
     * stops at once with one line naming what alice's seat proposes, and he is dealt nothing.
     */
    @Test
    void aGuestWhoseInvitationDoesNotMatchTheHostsAllocationIsStoppedWithOneLine() throws Exception {
        hostedAllocation = BrowserAllocation.host("a1", "alice", 20, 5, alice, dir.resolve("alice.jsonl"),
                SeatSeeds.secrets(5L, 0), "127.0.0.1");
        String altered = hostedAllocation.invitation().replace("each=5", "each=6");
        joinedAllocation = BrowserAllocation.join("a1", "bob", Invitation.parse(altered), bob, dir.resolve("bob.jsonl"),
                SeatSeeds.secrets(5L, 1));
        awaitFrom(hostedAllocation::state, s -> ((Map<?, ?>) s.get("network")).containsKey("question"));
        assertThat(answer(hostedAllocation::answer, true)).isNull();
        Map<String, Object> stopped = awaitFrom(joinedAllocation::state, s -> s.containsKey("problem"));
        String problem = (String) stopped.get("problem");
        assertThat(problem).isEqualTo("Stopped: protocol violation: step 0, party alice: proposes allocation/v1 with"
                + " 2 institutions, 5 numbers each out of 1..20, not escrowed to a board, not allocation/v1 with"
                + " 2 institutions, 6 numbers each out of 1..20, not escrowed to a board");
        assertThat(problem.lines().count()).as("one line").isEqualTo(1);
        assertThat(stopped.get("numbers")).asList().isEmpty();
        assertThat(stopped).doesNotContainKey("verdict");
    }

    /**
     * An invitation to another game, or to an allocation escrowed to a board, pasted into the allocation page, is
     * refused in one line before anything opens.
     */
    @Test
    void anInvitationTheAllocationPageCannotTakeIsRefusedInOneLine() {
        String host = "fairtable://127.0.0.1:7777/" + alice.fingerprint();
        Invitation chess = Invitation.parse(host + "?game=dark-chess&players=2&max-plies=20");
        assertThatThrownBy(() -> BrowserAllocation.join("a1", "bob", chess, bob, dir.resolve("bob.jsonl"),
                new SecureRandom())).hasMessage("this invitation is for dark-chess, not for an allocation: ask the host"
                + " for the invitation its allocation page shows");
        Invitation escrowed = Invitation.parse(host + "?game=allocation&players=2&items=20&each=5&board="
                + bob.fingerprint());
        assertThatThrownBy(() -> BrowserAllocation.join("a1", "bob", escrowed, bob, dir.resolve("bob.jsonl"),
                new SecureRandom())).hasMessage("the invitation's allocation is escrowed to the ethics board "
                + bob.fingerprint() + "; the browser joins none escrowed: join it with fairtable allocate --board"
                + " FINGERPRINT --board-card FILE");
    }

    /**
     * An institution on the command line hosts (`fairtable allocate --listen`) and another joins from its allocation
     * page by the invitation the command prints, which carries K and X: both end VERIFIED, each with its own five
     * numbers, disjoint.
     */
    @Test
    void theAllocationPageJoinsAnAllocationHostedFromTheCommandLineByTheInvitationItPrints() throws Exception {
        List<String> printed = new CopyOnWriteArrayList<>();
        PrintWriter out = new PrintWriter(new Lines(printed::add), true);
        Path csv = dir.resolve("alice.csv");
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> fairtable.app.Main.run(out, out,
                "allocate", "--listen", "0", "--home", dir.resolve("alice").toString(), "--items", "20", "--each", "5",
                "--out", csv.toString(), "--accept-new", "--timeout", "60", "--seed", "5"));
        String invitation = awaitFrom(() -> printed.stream().filter(l -> l.contains("Invitation: ")).findFirst()
                .map(l -> l.substring(l.indexOf("Invitation: ") + "Invitation: ".length())).orElse(null),
                i -> i != null);
        assertThat(invitation).endsWith("?game=allocation&players=2&items=20&each=5");
        joinedAllocation = BrowserAllocation.join("a1", "bob", Invitation.parse(invitation), bob,
                dir.resolve("bob.jsonl"), SeatSeeds.secrets(5L, 1));
        Map<String, Object> done = awaitFrom(joinedAllocation::state, s -> (Boolean) s.get("finished"));
        assertThat(done).as("bob's page").doesNotContainKey("problem");
        assertThat(((Map<?, ?>) done.get("verdict")).get("verified")).isEqualTo(true);
        assertThat(exit.get(60, TimeUnit.SECONDS)).as("alice's command; it printed %s", printed).isZero();
        assertThat(printed).anyMatch(l -> l.startsWith("Audit: VERIFIED"));
        List<Integer> alices = java.nio.file.Files.readAllLines(csv).stream().skip(1)
                .map(l -> Integer.parseInt(l.split(",")[1])).toList();
        assertThat(joinedAllocation.numbers()).hasSize(5).doesNotHaveDuplicates().doesNotContainAnyElementsOf(alices);
        assertThat(alices).hasSize(5).doesNotHaveDuplicates();
    }

    private static String offer(NetworkTable<?, ?> table, Integer index, String words) throws Exception {
        CompletableFuture<String> answer = new CompletableFuture<>();
        table.offer(index, words, r -> answer.complete(r == null ? null : r));
        return answer.get(10, TimeUnit.SECONDS);
    }

    /** The reply to the person's yes or no, given to a table's or an allocation's {@code answer}. */
    private static String answer(BiConsumer<Boolean, Consumer<String>> asked, boolean accept) throws Exception {
        CompletableFuture<String> answer = new CompletableFuture<>();
        asked.accept(accept, answer::complete);
        return answer.get(10, TimeUnit.SECONDS);
    }

    private static void awaitStepAfter(AtomicReference<JsonNode> seen, int step) throws InterruptedException {
        await(seen, s -> !s.path("yourMove").asBoolean() || s.path("step").asInt() != step);
    }

    private static JsonNode await(AtomicReference<JsonNode> seen, Predicate<JsonNode> condition)
            throws InterruptedException {
        return awaitFrom(seen::get, condition);
    }

    private static <T> T awaitFrom(Supplier<T> seen, Predicate<T> condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        while (true) {
            T now = seen.get();
            if (now != null && condition.test(now)) {
                return now;
            }
            assertThat(Instant.now()).as("waited for a condition; last seen: %s", now).isBefore(deadline);
            Thread.sleep(20); // polling the latest snapshot for the condition
        }
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
