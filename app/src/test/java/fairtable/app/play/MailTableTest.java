package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.table.RoundReport;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Card tables by correspondence, each invocation opening the table from its directory as a separate run of
 * {@code fairtable mail} would: every game completes and audits, a person's decisions wait for {@code move},
 * texts pasted twice are harmless, and a gap, another table's text or a forged text are refused with nothing
 * changed.
 */
class MailTableTest {
    @TempDir
    Path root;

    @org.junit.jupiter.api.BeforeEach
    void once() {
        twice = false;
    }

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    /** One player's game directory and key, and the texts in its inbox. */
    private static final class Player {
        final Path dir;
        final SigningKey key;
        final boolean host;
        final List<Envelope> inbox = new ArrayList<>();
        int moves;
        boolean toMove;

        Player(Path dir, SigningKey key, boolean host) {
            this.dir = dir;
            this.key = key;
            this.host = host;
        }
    }

    /** A table of {@code persons}-or-bots seats, seated and dealt: the host's first relay is in every inbox. */
    private List<Player> seat(GameKind game, int players, int rounds, boolean persons) throws Exception {
        return seat(game, players, rounds, persons, false);
    }

    private List<Player> seat(GameKind game, int players, int rounds, boolean persons, boolean patent)
            throws Exception {
        List<Player> all = new ArrayList<>();
        Player host = new Player(root.resolve("p0"), key(100), true);
        all.add(host);
        MailTable.Step invite = MailTable.create(host.dir, host.key, game, players, rounds, 1000, patent, "ann",
                !persons, new SecureRandom());
        for (int s = 1; s < players; s++) {
            Player guest = new Player(root.resolve("p" + s), key(100 + s), false);
            all.add(guest);
            MailTable.Step joined = MailTable.join(guest.dir, guest.key, invite.toSend().get(0), "guest" + s, !persons);
            host.inbox.addAll(joined.toSend());
        }
        deliver(all, host);
        return all;
    }

    /** Runs one invocation of {@code p}: takes in its inbox; routes what it sends. Returns whether p is to move. */
    private static boolean deliver(List<Player> all, Player p) throws Exception {
        List<Envelope> texts = List.copyOf(p.inbox);
        p.inbox.clear();
        try (MailTable t = MailTable.open(p.dir, p.key)) {
            route(all, p, t.receive(texts));
            return t.prompt() != null;
        }
    }

    /** Whether every text is delivered twice, as a player who pastes the same mail again would. */
    private static boolean twice;

    private static void route(List<Player> all, Player from, MailTable.Step step) {
        for (Player other : all) {
            if (other != from && (from.host || other.host)) {
                other.inbox.addAll(step.toSend());
                if (twice) {
                    other.inbox.addAll(step.toSend());
                }
            }
        }
    }

    /** A person who checks, calls, stands pat or shows, whichever is offered first; in dominoes, the first move. */
    private static String choose(String prompt) {
        String options = prompt.substring(prompt.indexOf("your move: ") + "your move: ".length());
        List<String> offered = List.of(options.split(" \\| "));
        for (String wanted : List.of("check", "call", "show", "draw")) {
            for (String o : offered) {
                if (o.startsWith(wanted)) {
                    return wanted;
                }
            }
        }
        return offered.get(0);
    }

    /** Plays until no text is in flight and nobody is to move; a person moves as soon as it is asked. */
    private static void playOut(List<Player> all) throws Exception {
        for (Player p : all) {
            try (MailTable t = MailTable.open(p.dir, p.key)) {
                p.toMove = t.prompt() != null;
            }
        }
        for (int rounds = 0; rounds < 100_000; rounds++) {
            boolean progress = false;
            for (Player p : all) {
                if (!p.inbox.isEmpty()) {
                    p.toMove = deliver(all, p);
                    progress = true;
                }
                while (p.toMove) {
                    try (MailTable t = MailTable.open(p.dir, p.key)) {
                        route(all, p, t.move(choose(t.prompt())));
                        p.moves++;
                        p.toMove = t.prompt() != null;
                    }
                    progress = true;
                }
            }
            if (!progress) {
                return;
            }
        }
        throw new AssertionError("the table never settled");
    }

    private static void assertFinishedAndVerified(List<Player> all) throws IOException {
        List<List<RoundReport>> reports = new ArrayList<>();
        for (Player p : all) {
            try (MailTable t = MailTable.open(p.dir, p.key)) {
                assertThat(t.isFinished()).as(p.dir + " finished").isTrue();
                StringWriter out = new StringWriter();
                Path base = p.dir.resolve("transcript.jsonl");
                assertThat(TableRun.writeAndAudit(t.config(), t.node(), List.of(), base, new PrintWriter(out)))
                        .as(out.toString()).isTrue();
                reports.add(t.node().reports());
            }
        }
        assertThat(reports.get(0)).isNotEmpty();
        assertThat(reports).allSatisfy(r -> assertThat(r).isEqualTo(reports.get(0)));
    }

    @Test
    void threeBotsPlayAHandOfHoldemByMailAndEverySeatAudits() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 3, 1, false);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void twoPeoplePlayHoldemByMailEachDecisionWaitingForTheirMove() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, true);
        playOut(all);
        assertFinishedAndVerified(all);
        assertThat(all).allSatisfy(p -> assertThat(p.moves).isPositive());
    }

    @Test
    void twoPeoplePlayDrawPokerDealtByThePatentByMail() throws Exception {
        List<Player> all = seat(GameKind.DRAW_POKER, 2, 1, true, true);
        playOut(all);
        assertFinishedAndVerified(all);
        assertThat(all).allSatisfy(p -> assertThat(p.moves).isPositive());
    }

    @Test
    void twoPeoplePlayDominoesByMail() throws Exception {
        List<Player> all = seat(GameKind.DOMINOES, 2, 1, true);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void aMoveOutOfTurnOrIllegalChangesNothing() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, true);
        Player waiting = null;
        for (int i = 0; i < 1000 && waiting == null; i++) {
            for (Player p : all) {
                if (waiting == null && !p.inbox.isEmpty() && deliver(all, p)) {
                    waiting = p;
                }
            }
        }
        assertThat(waiting).isNotNull();
        Player other = all.get(waiting == all.get(0) ? 1 : 0);
        try (MailTable t = MailTable.open(other.dir, other.key)) {
            assertThatThrownBy(() -> t.move("call")).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not your move");
        }
        byte[] state = Files.readAllBytes(waiting.dir.resolve(MailTable.STATE));
        byte[] journal = Files.readAllBytes(waiting.dir.resolve(MailTable.JOURNAL));
        try (MailTable t = MailTable.open(waiting.dir, waiting.key)) {
            assertThatThrownBy(() -> t.move("raise 999999")).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(Files.readAllBytes(waiting.dir.resolve(MailTable.STATE))).isEqualTo(state);
        assertThat(Files.readAllBytes(waiting.dir.resolve(MailTable.JOURNAL))).isEqualTo(journal);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void everyTextPastedTwiceChangesNothing() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, false);
        twice = true;
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void aTextOfAnotherTableOrSignedByAnotherKeyIsRefused() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, false);
        Player guest = all.get(1);
        Envelope relay = guest.inbox.get(0);
        byte[] state = Files.readAllBytes(guest.dir.resolve(MailTable.STATE));

        Envelope forged = Envelope.sign(key(999), relay.session(), relay.seq(), relay.prev(), 0, 0, relay.type(),
                relay.body());
        Envelope foreign = Envelope.sign(key(100), new byte[32], relay.seq(), relay.prev(), 0, 0, relay.type(),
                relay.body());
        try (MailTable t = MailTable.open(guest.dir, guest.key)) {
            assertThatThrownBy(() -> t.receive(List.of(forged))).isInstanceOf(MailTable.Refused.class)
                    .hasMessageContaining("not signed by the host ann");
            assertThatThrownBy(() -> t.receive(List.of(foreign))).isInstanceOf(MailTable.Refused.class)
                    .hasMessageContaining("another table");
        }
        assertThat(Files.readAllBytes(guest.dir.resolve(MailTable.STATE))).isEqualTo(state);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void aRelayTextThatSkipsPositionsIsRefusedUntilTheMissingTextComes() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, false);
        Player guest = all.get(1);
        Envelope dealt = guest.inbox.get(0);
        // The same messages, said to start three positions further on: positions 0 to 2 would be missing.
        Envelope later = Envelope.sign(key(100), dealt.session(), dealt.seq() + 1, dealt.prev(), 0, 0, dealt.type(),
                relayFrom(dealt.body(), 3, t -> t));
        deliver(all, guest); // seated and dealt
        byte[] journal = Files.readAllBytes(guest.dir.resolve(MailTable.JOURNAL));
        try (MailTable t = MailTable.open(guest.dir, guest.key)) {
            assertThatThrownBy(() -> t.receive(List.of(later))).isInstanceOf(MailTable.Refused.class)
                    .hasMessageContaining("paste the host's earlier text first");
        }
        assertThat(Files.readAllBytes(guest.dir.resolve(MailTable.JOURNAL))).isEqualTo(journal);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    /** {@code body} re-framed: the same terms and messages, said to start at {@code first} (any u32). */
    private static byte[] relayFrom(byte[] body, long first, java.util.function.UnaryOperator<String> terms)
            throws Exception {
        WireReader r = new WireReader(body);
        String termsLine = r.string(1 << 16, "the terms");
        r.u32();
        return copyMessages(r, new WireWriter().string(terms.apply(termsLine)).u32(first));
    }

    /** A guest text's {@code body} re-framed: the same messages, said to start at message {@code first}. */
    private static byte[] saidFrom(byte[] body, long first) throws Exception {
        WireReader r = new WireReader(body);
        r.u32();
        return copyMessages(r, new WireWriter().u32(first));
    }

    private static byte[] copyMessages(WireReader r, WireWriter w)
            throws Exception {
        long count = r.u32();
        w.u32(count);
        for (long i = 0; i < count; i++) {
            w.blob(r.blob(1 << 24, "a message"));
        }
        return w.toBytes();
    }

    private static Envelope resigned(SigningKey key, Envelope e, byte[] body) {
        return Envelope.sign(key, e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(), body);
    }

    private static java.util.Map<String, String> files(Path dir) throws IOException {
        java.util.Map<String, String> contents = new java.util.HashMap<>();
        try (var all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                contents.put(dir.relativize(f).toString(), java.util.Arrays.toString(Files.readAllBytes(f)));
            }
        }
        return contents;
    }

    @Test
    void hostileNumbersAndUnplayableTermsAreRefusedBeforeAnythingIsWritten() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, false);
        Player host = all.get(0);
        Player guest = all.get(1);
        Envelope dealt = guest.inbox.get(0);
        var before = files(guest.dir);
        for (long first : new long[] {0xFFFFFFFFL, 0x80000000L, 5}) {
            Envelope odd = resigned(host.key, dealt, relayFrom(dealt.body(), first, t -> t));
            try (MailTable t = MailTable.open(guest.dir, guest.key)) {
                assertThatThrownBy(() -> t.receive(List.of(odd))).isInstanceOf(MailTable.Refused.class);
            }
        }
        // Terms where both seats bear one name: not playable, refused, and the guest is not seated by them.
        Envelope twins = resigned(host.key, dealt, relayFrom(dealt.body(), 0, t -> t.replace(",guest1 ", ",ann ")));
        try (MailTable t = MailTable.open(guest.dir, guest.key)) {
            assertThatThrownBy(() -> t.receive(List.of(twins))).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("cannot be played");
        }
        assertThat(files(guest.dir)).isEqualTo(before);
        try (MailTable t = MailTable.open(guest.dir, guest.key)) {
            assertThat(t.hasStarted()).isFalse();
        }

        // The host, given a guest text that claims to start at a huge index.
        deliver(all, guest);
        Envelope answer = host.inbox.get(0);
        Envelope huge = resigned(guest.key, answer, saidFrom(answer.body(), 0x80000000L));
        var hostBefore = files(host.dir);
        try (MailTable t = MailTable.open(host.dir, host.key)) {
            assertThatThrownBy(() -> t.receive(List.of(huge))).isInstanceOf(MailTable.Refused.class);
        }
        assertThat(files(host.dir)).isEqualTo(hostBefore);
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void anInvitationToAnUnplayableTableIsRefused() throws Exception {
        assertThatThrownBy(() -> MailTable.create(root.resolve("huge"), key(100), GameKind.HOLDEM, 2, 1,
                Integer.MAX_VALUE, false, "ann", true, new SecureRandom())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chips on the table");
        // The same terms, invented and signed by a host: a guest refuses them before writing anything.
        SigningKey host = key(100);
        byte[] body = new WireWriter().string("holdem").u8(2).u32(1).u32(Integer.MAX_VALUE)
                .u8(0).string("ann").fixed(host.verifyingKey().toBytes()).toBytes();
        Envelope invite = Envelope.sign(host, new byte[32], 0, new byte[32], 0, 0, "table-invite", body);
        assertThatThrownBy(() -> MailTable.join(root.resolve("ben"), key(101), invite, "ben", true))
                .isInstanceOf(MailTable.Refused.class).hasMessageContaining("chips on the table");
        assertThat(root.resolve("ben")).doesNotExist();
    }

    @Test
    void aCommandThatDiesBeforeItsStateIsSavedIsRunAgainOrItsTextResent() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, true);
        Player host = all.get(0);
        // The host takes the guest's first text, writes its journal, and dies before saving its state or printing.
        Player guest = all.get(1);
        deliver(all, guest);
        List<Envelope> texts = List.copyOf(host.inbox);
        host.inbox.clear();
        byte[] state = Files.readAllBytes(host.dir.resolve(MailTable.STATE));
        try (MailTable t = MailTable.open(host.dir, host.key)) {
            t.receive(texts); // its text is lost with the process
        }
        Files.write(host.dir.resolve(MailTable.STATE), state);
        // Run again with the same paste: what the journal has is not taken twice, and the text comes out.
        host.inbox.addAll(texts);
        host.toMove = deliver(all, host);
        assertThat(guest.inbox).isNotEmpty();

        // Later a player's move dies the same way: the move is in its journal, so it is not asked again;
        // mail resend prints what it made.
        Player mover = null;
        for (int i = 0; i < 1000 && mover == null; i++) {
            for (Player p : all) {
                if (mover == null && (p.toMove || (!p.inbox.isEmpty() && deliver(all, p)))) {
                    mover = p;
                }
            }
        }
        assertThat(mover).isNotNull();
        byte[] moverState = Files.readAllBytes(mover.dir.resolve(MailTable.STATE));
        try (MailTable t = MailTable.open(mover.dir, mover.key)) {
            t.move(choose(t.prompt()));
        }
        Files.write(mover.dir.resolve(MailTable.STATE), moverState);
        try (MailTable t = MailTable.open(mover.dir, mover.key)) {
            assertThat(t.prompt()).isNull();
            assertThatThrownBy(() -> t.move("call")).isInstanceOf(IllegalStateException.class);
        }
        try (MailTable t = MailTable.open(mover.dir, mover.key)) {
            MailTable.Step again = t.resend();
            assertThat(again.toSend()).isNotEmpty();
            route(all, mover, again);
        }
        playOut(all);
        assertFinishedAndVerified(all);
    }

    @Test
    void aHostThatRelaysTwoDifferentMessagesAtOnePositionIsCaught() throws Exception {
        List<Player> all = seat(GameKind.HOLDEM, 2, 1, false);
        Player guest = all.get(1);
        Envelope relay = guest.inbox.get(0);
        deliver(all, guest);
        // The host's own key signs a relay text that puts another message at position 0.
        String termsLine = new WireReader(relay.body()).string(1 << 16, "the terms");
        RelayChain fork = new RelayChain(NetworkTable.Terms.parse(termsLine));
        RelayChain.Placed other = fork.place(0, "another deal".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                new byte[0], key(100));
        byte[] body = new WireWriter().string(termsLine).u32(0).u32(1).blob(other.toBytes())
                .toBytes();
        Envelope forked = Envelope.sign(key(100), relay.session(), relay.seq() + 100, relay.prev(), 0, 0,
                relay.type(), body);
        byte[] journal = Files.readAllBytes(guest.dir.resolve(MailTable.JOURNAL));
        try (MailTable t = MailTable.open(guest.dir, guest.key)) {
            assertThatThrownBy(() -> t.receive(List.of(forked))).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("equivocated").hasMessageContaining("position 0");
        }
        assertThat(Files.readAllBytes(guest.dir.resolve(MailTable.JOURNAL))).isEqualTo(journal);
    }
}
