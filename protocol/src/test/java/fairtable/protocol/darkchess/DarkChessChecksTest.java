package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Move;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.darkchess.DarkChessMessages.Query;
import fairtable.protocol.darkchess.DarkChessMessages.Reply;
import fairtable.protocol.darkchess.DarkChessMessages.Round;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every check a peer's message reaches in {@link DarkChessParty#receive}, each tripped by a message signed with the
 * real key of the other seat, at the right session, number and previous hash, that breaks that check only. Each
 * asserts the live reason, the party named, and that the receiver changed nothing. The dark-chess audit reads only
 * the transcript (it ignores refused messages), so no conviction from evidence is asserted here; instead, a
 * transcript holding a message out of place must be refused by the audit with a reason, not crash it.
 *
 * <p>A two-ply game of {@link ScriptedSide}s with Chou–Orlandi: white moves, black replies with its first query,
 * then rounds, then black moves and white replies, more rounds, then the choices and the openings.
 *
 * <p>Checks and the tests that trip them:
 * <ul>
 *   <li>receive: the game is over, a message in my own name, the hash chain, the step due: {@link #placeChecks}.</li>
 *   <li>turn: not its turn to speak (this seat's move, not chosen yet), the type due: {@link #turnChecks}.</li>
 *   <li>move: malformed (game-over flag, trailing bytes), claims the game is over when it is not, does not mark
 *       the end the rules see, a rebuild announcement the side refuses, an OT setup that is not one:
 *       {@link #moveChecks}.</li>
 *   <li>reply: malformed (query flag, query phase), round 0 missing, a query of another phase, of another size,
 *       without a header, not a valid OT query: {@link #replyChecks}.</li>
 *   <li>round: the answer missing, an answer to no query, a query beyond the announced rounds, an answer that is
 *       not one: {@link #roundChecks}.</li>
 *   <li>choices: as many OT choices as query batches: {@link #revealChecks}; open: as many boards and OT secrets
 *       as commitments and offers, every board opens its commitment: {@link #revealChecks}.</li>
 *   <li>audit: a reply or round before any move, an answer to no query: {@link #anAuditOfMessagesOutOfPlaceNamesTheirSigner}.</li>
 * </ul>
 */
class DarkChessChecksTest {
    private static final int[] WHITE_ROUND_0 = {12, 9};
    private static final int[] WHITE_ROUND_1 = {33};
    private static final int[] BLACK_ROUND_0 = {50, 9};
    private static final int[] BLACK_ROUND_1 = {7};
    private static final List<String> NAMES = List.of("white", "black");
    private static final DarkChessParameters PARAMS = new DarkChessParameters(OtMode.CHOU_ORLANDI, 256, 2);

    /** The whole honest game as black kept it. */
    private static List<Envelope> honest;

    private record Game(DarkChessParty white, DarkChessParty black, SigningKey whiteKey, SigningKey blackKey) {
        DarkChessParty seat(int s) {
            return s == 0 ? white : black;
        }

        SigningKey key(int s) {
            return s == 0 ? whiteKey : blackKey;
        }
    }

    /** A fresh game of this seed; {@code sides} may replace a seat's scripted side (e.g. one that waits). */
    private static Game game(Function<DarkChessSide, DarkChessSide> whiteSide, Function<DarkChessSide, DarkChessSide> blackSide) {
        return game(PARAMS, whiteSide, blackSide);
    }

    private static Game game(DarkChessParameters params, Function<DarkChessSide, DarkChessSide> whiteSide,
            Function<DarkChessSide, DarkChessSide> blackSide) {
        SplittableRandom random = new SplittableRandom(43);
        SigningKey wk = key(random);
        DarkChessParty white = DarkChessParty.create(params, 0, "white", wk,
                whiteSide.apply(ScriptedSide.asking(0, WHITE_ROUND_0, WHITE_ROUND_1)), random.split());
        SigningKey bk = key(random);
        DarkChessParty black = DarkChessParty.create(params, 1, "black", bk,
                blackSide.apply(ScriptedSide.asking(1, BLACK_ROUND_0, BLACK_ROUND_1)), random.split());
        return new Game(white, black, wk, bk);
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    @BeforeAll
    static void playHonestly() throws Exception {
        honest = play(PARAMS);
    }

    /** The transcript of an honest game under {@code params}, as both seats kept it. */
    private static List<Envelope> play(DarkChessParameters params) throws Exception {
        Game g = game(params, Function.identity(), Function.identity());
        Deque<Envelope> inFlight = new ArrayDeque<>(g.white().start());
        while (!inFlight.isEmpty()) {
            Envelope e = inFlight.poll();
            inFlight.addAll(g.seat(1 - e.sender()).receive(e));
        }
        assertThat(g.white().isFinished()).isTrue();
        assertThat(g.black().isFinished()).isTrue();
        assertThat(g.white().transcript().envelopes()).isEqualTo(g.black().transcript().envelopes());
        return g.black().transcript().envelopes();
    }

    /**
     * The snapshots of seat {@code receiver} of a fresh game under {@code params} taking the messages of
     * {@code played} one by one: at index {@code step}, when it has taken every message before {@code step} (one
     * replay, not one for each message flipped).
     */
    private static byte[][] snapshots(DarkChessParameters params, List<Envelope> played, int receiver) throws Exception {
        DarkChessParty p = game(params, Function.identity(), Function.identity()).seat(receiver);
        byte[][] snapshots = new byte[played.size()][];
        p.start();
        for (int step = 0; step < played.size(); step++) {
            if (p.nextStep() == step) {
                snapshots[step] = p.snapshot();
            }
            if (played.get(step).sender() != receiver) {
                p.receive(played.get(step));
            }
        }
        return snapshots;
    }

    /** The game of {@code keys} with seat {@code receiver} restored from {@code snapshot}. */
    private static Game restored(Game keys, int receiver, byte[] snapshot, long seed) throws Exception {
        DarkChessParty p = DarkChessParty.restore(snapshot, keys.key(receiver), new SplittableRandom(seed),
                ScriptedSide::fromBytes);
        return receiver == 0 ? new Game(p, keys.black(), keys.whiteKey(), keys.blackKey())
                : new Game(keys.white(), p, keys.whiteKey(), keys.blackKey());
    }

    /**
     * Seeded bit flips in the first message of each kind from each seat, with either OT: every one is taken or
     * refused as a violation naming its signer, and never throws anything else out of receive().
     */
    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "ANDOS"}) // the rounds protocol's OTs; oprf-table has its own tests
    void flippedBitsAreRefusedAsViolationsNeverAsCrashes(OtMode mode) throws Exception {
        DarkChessParameters params = new DarkChessParameters(mode, 256, 2);
        List<Envelope> played = play(params);
        byte[][][] snapshots = {snapshots(params, played, 0), snapshots(params, played, 1)};
        Game keys = game(params, Function.identity(), Function.identity());
        SplittableRandom random = new SplittableRandom(11 + mode.ordinal());
        java.util.Set<String> kinds = new java.util.HashSet<>();
        int refusals = 0;
        for (int step = 2; step < played.size(); step++) {
            Envelope h = played.get(step);
            if (!kinds.add(h.type() + "/" + h.sender())) {
                continue;
            }
            int receiver = 1 - h.sender();
            Game g = null;
            for (int trial = 0; trial < 8; trial++) {
                if (g == null) {
                    g = restored(keys, receiver, snapshots[receiver][step], trial);
                }
                DarkChessParty p = g.seat(receiver);
                byte[] body = h.body().clone();
                for (int f = 1 + random.nextInt(3); f > 0; f--) {
                    body[random.nextInt(body.length)] ^= (byte) (1 << random.nextInt(8));
                }
                Envelope e = signed(g, receiver, h.sender(), step, h.type(), body);
                try {
                    p.receive(e);
                    g = null; // taken (a flip where any bytes do): start again from a fresh replay
                } catch (ProtocolViolation refused) {
                    refusals++;
                    assertThat(refused.party()).as(refused.getMessage()).isEqualTo(NAMES.get(h.sender()));
                    assertThat(p.transcript().size()).isEqualTo(step);
                }
            }
        }
        assertThat(kinds).hasSize(10);
        assertThat(refusals).as("flips refused of 80").isGreaterThan(10);
    }

    /** A fresh game whose seat {@code receiver} has taken every honest message before {@code step}. */
    private static Game before(int receiver, int step) throws Exception {
        return before(receiver, step, Function.identity());
    }

    private static Game before(int receiver, int step, Function<DarkChessSide, DarkChessSide> receiverSide) throws Exception {
        Game g = receiver == 0 ? game(receiverSide, Function.identity()) : game(Function.identity(), receiverSide);
        DarkChessParty p = g.seat(receiver);
        p.start();
        for (Envelope e : honest) {
            if (e.step() >= step && e.step() > 0) {
                break;
            }
            if (e.sender() != receiver) {
                p.receive(e);
            }
        }
        assertThat(p.transcript().envelopes()).isEqualTo(honest.subList(0, p.transcript().size()));
        assertThat(p.nextStep()).isEqualTo(step);
        return g;
    }

    private static Envelope honestAt(int step) {
        return honest.get(step); // every message after the hellos is numbered by its place
    }

    private static int first(String type, int sender) {
        return honest.stream().filter(e -> e.type().equals(type) && e.sender() == sender).findFirst().orElseThrow().step();
    }

    private record State(List<Envelope> transcript, int nextStep, String awaiting, int plies) {
        static State of(DarkChessParty p) {
            return new State(List.copyOf(p.transcript().envelopes()), p.nextStep(), p.awaiting(), p.plies());
        }
    }

    private static Envelope signed(Game g, int receiver, int signer, int step, String type, byte[] body) {
        Transcript t = g.seat(receiver).transcript();
        return Envelope.sign(g.key(signer), t.sessionId(), t.size(), t.head(), signer, step, type, body);
    }

    private static void refused(int signer, int step, String type, byte[] body, String reason) throws Exception {
        refused(signer, step, step, type, body, reason, null);
    }

    private static void refused(int signer, int due, int claimed, String type, byte[] body, String reason,
            Function<DarkChessSide, DarkChessSide> receiverSide) throws Exception {
        int receiver = 1 - signer;
        Game g = before(receiver, due, receiverSide == null ? Function.identity() : receiverSide);
        DarkChessParty p = g.seat(receiver);
        State before = State.of(p);
        Envelope e = signed(g, receiver, signer, claimed, type, body);
        String expected = "step " + claimed + ", party " + NAMES.get(signer) + ": " + reason;
        assertThatThrownBy(() -> p.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(State.of(p)).isEqualTo(before);
        assertThat(p.rejected()).singleElement().satisfies(r -> assertThat(r.envelope()).isEqualTo(e));
        // And the honest message still fits where the refused one did not.
        if (receiverSide == null && due < honest.size() && honestAt(due).sender() == signer) {
            p.receive(honestAt(due));
            assertThat(p.nextStep()).isGreaterThan(due);
        }
    }

    // ---- The place of a message. ----

    @Test
    void placeChecks() throws Exception {
        int move = first(DarkChessMessages.MOVE, 0);
        byte[] body = honestAt(move).body();
        refused(0, move, move + 1, DarkChessMessages.MOVE, body, "step " + (move + 1) + " where " + move + " was due", null);
        Game g = before(1, move);
        Transcript t = g.black().transcript();
        Envelope broken = Envelope.sign(g.whiteKey(), t.sessionId(), t.size(), new byte[32], 0, move, DarkChessMessages.MOVE, body);
        assertThatThrownBy(() -> g.black().receive(broken)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + move + ": a message signed by white that does not follow message " + (t.size() - 1)
                        + " was refused; it proves nothing against white");
        // Signed with black's own key in black's own name: only black (or a thief of its key) could have made it.
        Envelope mine = signed(g, 1, 1, move, DarkChessMessages.MOVE, body);
        assertThatThrownBy(() -> g.black().receive(mine)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + move + ", party black: a message in my own name that I did not send");
        g.black().receive(honestAt(move));
        // After the end.
        int last = honest.size() - 1;
        Game done = before(0, last + 1);
        assertThat(done.white().isFinished()).isTrue();
        State state = State.of(done.white());
        Envelope late = signed(done, 0, 1, last + 1, DarkChessMessages.ROUND,
                DarkChessMessages.round(new Round(null, null)));
        assertThatThrownBy(() -> done.white().receive(late)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + (last + 1) + ", party black: the game is already over");
        assertThat(State.of(done.white())).isEqualTo(state);
    }

    /** A side that has not chosen its move yet (a person who types it later), or whose rules see the game end. */
    private record Deferring(DarkChessSide inner, boolean waits, boolean endsOnPeerMove) implements DarkChessSide {
        public Moved move(RandomGenerator random) {
            return waits ? null : inner.move(random);
        }

        public Moved opponentMoved(byte[] announcement) {
            Moved m = inner.opponentMoved(announcement);
            return endsOnPeerMove ? new Moved(m.side(), m.announcement(), Optional.of("white wins: scripted")) : m;
        }

        public byte[] board() {
            return inner.board();
        }

        public byte[] offer(int phase) {
            return inner.offer(phase);
        }

        public Rebuild startRebuild() {
            return inner.startRebuild();
        }

        public List<Round> peerRounds(byte[] announcement) {
            return inner.peerRounds(announcement);
        }

        public int[] nextChoices() {
            return inner.nextChoices();
        }

        public DarkChessSide answered(int[] codes) {
            return inner.answered(codes);
        }

        public byte[] record() {
            return inner.record();
        }

        public byte[] toBytes() {
            return inner.toBytes();
        }
    }

    @Test
    void turnChecks() throws Exception {
        int move = first(DarkChessMessages.MOVE, 0);
        // White has not chosen its first move: nothing from black is due.
        Envelope blacks = honestAt(first(DarkChessMessages.MOVE, 1));
        refused(1, move, move, DarkChessMessages.MOVE, blacks.body(), "sent 'move' when it is not its turn to speak",
                side -> new Deferring(side, true, false));
        refused(0, move, DarkChessMessages.REPLY, honestAt(move + 1).body(), "sent 'reply' where 'move' was due");
        refused(1, move + 1, DarkChessMessages.ROUND, DarkChessMessages.round(new Round(null, null)),
                "sent 'round' where 'reply' was due");
    }

    private static Move honestMove() throws Exception {
        return DarkChessMessages.parseMove(honestAt(first(DarkChessMessages.MOVE, 0)).body());
    }

    @Test
    void moveChecks() throws Exception {
        int step = first(DarkChessMessages.MOVE, 0);
        String type = DarkChessMessages.MOVE;
        Move m = honestMove();
        byte[] body = honestAt(step).body();
        int flag = 4 + m.announcement().length;
        refused(0, step, type, with(body, flag, 2), "malformed move: the game-over flag is 2");
        refused(0, step, type, Arrays.copyOf(body, body.length + 1), "malformed move: 1 unexpected trailing bytes");
        refused(0, step, type, DarkChessMessages.move(new Move(m.announcement(), true, m.commitment(), List.of(), null)),
                "refused move: claims the game is over, it is not");
        refused(0, step, step, type, body, "refused move: the move ends the game, yet it is not marked so",
                side -> new Deferring(side, false, true));
        refused(0, step, type, DarkChessMessages.move(new Move(m.announcement(), false, m.commitment(), m.setups(), new byte[] {5})),
                "refused move: not the peer's rebuild announcement");
        List<byte[]> setups = new ArrayList<>(m.setups());
        setups.set(1, Arrays.copyOf(setups.get(1), 10));
        refused(0, step, type, DarkChessMessages.move(new Move(m.announcement(), false, m.commitment(), setups, m.rebuild())),
                "refused move: " + otSetupFailure(setups.get(1)));
    }

    private static String otSetupFailure(byte[] setup) {
        try {
            PARAMS.otMode().scheme(256).newReceiver(setup, new byte[] {1}, new SplittableRandom(1));
            throw new AssertionError("the setup is accepted");
        } catch (IllegalArgumentException | fairtable.crypto.ot.InvalidOtMessageException e) {
            return e.getMessage();
        }
    }

    private static byte[] with(byte[] body, int index, int value) {
        byte[] out = body.clone();
        out[index] = (byte) value;
        return out;
    }

    @Test
    void replyChecks() throws Exception {
        int step = first(DarkChessMessages.REPLY, 1);
        String type = DarkChessMessages.REPLY;
        Reply r = DarkChessMessages.parseReply(honestAt(step).body());
        assertThat(r.query()).isNotNull();
        byte[] q = r.query().message();
        Function<Query, byte[]> reply = query -> DarkChessMessages.reply(new Reply(r.commitment(), r.setups(), r.rebuild(), query));
        byte[] body = honestAt(step).body();
        int flagAt = body.length - 4 - q.length - 2;
        refused(1, step, type, with(body, flagAt, 2), "malformed reply: the query flag is 2");
        refused(1, step, type, with(body, flagAt + 1, 3), "malformed reply: query phase 3");
        refused(1, step, type, reply.apply(null), "refused reply: round 0 of its rebuild is missing");
        refused(1, step, type, reply.apply(new Query(2, q)), "refused reply: a query for phase 2 where phase 0 was due");
        byte[] one = with(q, 6, 1);
        refused(1, step, type, reply.apply(new Query(0, one)), "refused reply: 1 queries where the padded count is 2");
        refused(1, step, type, reply.apply(new Query(0, Arrays.copyOf(q, 3))), "refused reply: an OT query of 3 bytes has no header");
        byte[] garbled = q.clone();
        Arrays.fill(garbled, 7, garbled.length, (byte) 0xff);
        refused(1, step, type, reply.apply(new Query(0, garbled)), "refused reply: " + otQueryFailure(garbled));
    }

    private static String otQueryFailure(byte[] query) {
        try {
            fairtable.crypto.ot.ObliviousTransfer ot = PARAMS.otMode().scheme(256);
            List<byte[]> items = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                items.add(new byte[] {(byte) i});
            }
            ot.newSender(items, new byte[] {1}, new SplittableRandom(2)).answer(query);
            throw new AssertionError("the query is answered");
        } catch (IllegalArgumentException | fairtable.crypto.ot.InvalidOtMessageException e) {
            return e.getMessage();
        }
    }

    @Test
    void roundChecks() throws Exception {
        String type = DarkChessMessages.ROUND;
        // The first round after black's reply: white answers black's query (and asks its own).
        int step = first(DarkChessMessages.REPLY, 1) + 1;
        assertThat(honestAt(step).type()).isEqualTo(type);
        Round honestRound = DarkChessMessages.parseRound(honestAt(step).body());
        assertThat(honestRound.answer()).isNotNull();
        int signer = honestAt(step).sender();
        refused(signer, step, type, DarkChessMessages.round(new Round(null, honestRound.query())),
                "refused round: the answer to my query is missing");
        refused(signer, step, type, with(honestAt(step).body(), 0, 2), "malformed round: the answer flag is 2");
        byte[] cut = Arrays.copyOf(honestRound.answer(), 5);
        refused(signer, step, type, DarkChessMessages.round(new Round(cut, honestRound.query())),
                "refused round: " + otAnswerFailure(cut));
        // A round whose sender owed no answer, and one whose sender had no query left.
        for (int s = step; s < honest.size() && honestAt(s).type().equals(type); s++) {
            Round h = DarkChessMessages.parseRound(honestAt(s).body());
            int from = honestAt(s).sender();
            if (h.answer() == null) {
                refused(from, s, type, DarkChessMessages.round(new Round(honestRound.answer(), h.query())),
                        "refused round: an answer to no query");
            }
            if (h.query() == null) {
                refused(from, s, type, DarkChessMessages.round(new Round(h.answer(), honestRound.query())),
                        "refused round: a query beyond its 2 announced rounds");
            }
        }
    }

    /** What a receiver that asked two squares says of {@code answer}. */
    private static String otAnswerFailure(byte[] answer) {
        fairtable.crypto.ot.ObliviousTransfer ot = PARAMS.otMode().scheme(256);
        SplittableRandom random = new SplittableRandom(3);
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            items.add(new byte[] {(byte) i});
        }
        fairtable.crypto.ot.OtReceiver receiver = ot.newReceiver(ot.newSender(items, new byte[] {1}, random).setupMessage(),
                new byte[] {1}, random);
        receiver.query(new int[] {1, 2});
        try {
            receiver.finish(answer);
            throw new AssertionError("the answer is taken");
        } catch (IllegalArgumentException | fairtable.crypto.ot.InvalidOtMessageException e) {
            return e.getMessage();
        }
    }

    @Test
    void revealChecks() throws Exception {
        int choices = first(DarkChessMessages.CHOICES, 0);
        Choices c = DarkChessMessages.parseChoices(honestAt(choices).body());
        int batches = c.receiverStates().size();
        refused(0, choices, DarkChessMessages.OPEN, honestAt(first(DarkChessMessages.OPEN, 0)).body(),
                "sent 'open' where 'choices' was due");
        refused(0, choices, DarkChessMessages.CHOICES,
                DarkChessMessages.choices(new Choices(c.moves(), c.receiverStates().subList(1, batches))),
                "refused choices: reveals " + (batches - 1) + " OT choices for " + batches + " query batches");
        int open = first(DarkChessMessages.OPEN, 0);
        Open o = DarkChessMessages.parseOpen(honestAt(open).body());
        int boards = o.nonces().size();
        int secrets = o.senderStates().size();
        refused(0, open, DarkChessMessages.OPEN,
                DarkChessMessages.open(new Open(o.nonces().subList(1, boards), o.boards().subList(1, boards), o.senderStates())),
                "refused open: opens " + (boards - 1) + " boards and " + secrets + " OT secrets for " + boards
                        + " commitments and " + secrets + " OT offers");
        refused(0, open, DarkChessMessages.OPEN,
                DarkChessMessages.open(new Open(o.nonces(), o.boards(), o.senderStates().subList(1, secrets))),
                "refused open: opens " + boards + " boards and " + (secrets - 1) + " OT secrets for " + boards
                        + " commitments and " + secrets + " OT offers");
        List<byte[]> altered = new ArrayList<>(o.boards());
        altered.set(1, with(altered.get(1), 40, 9));
        refused(0, open, DarkChessMessages.OPEN, DarkChessMessages.open(new Open(o.nonces(), altered, o.senderStates())),
                "refused open: board commitment 1 does not open");
    }

    // ---- The audit of a transcript with a message out of place: a verdict naming its signer, never a crash. ----

    @Test
    void anAuditOfMessagesOutOfPlaceNamesTheirSigner() throws Exception {
        int reply = first(DarkChessMessages.REPLY, 1);
        Game g = game(Function.identity(), Function.identity());
        Transcript t = new Transcript();
        t.append(honest.get(0));
        t.append(honest.get(1));
        // Black's reply, then a round, signed by black where white's move was due.
        assertThat(auditOf(t, 1, g.blackKey(), DarkChessMessages.REPLY, honestAt(reply).body()).line())
                .isEqualTo("FAILED: step 2, party black: sent 'reply' before any move");
        assertThat(auditOf(t, 1, g.blackKey(), DarkChessMessages.ROUND, honestAt(reply + 1).body()).line())
                .isEqualTo("FAILED: step 2, party black: sent 'round' before any move");
        // After white's move, a round from white that answers a query nobody made.
        t.append(honestAt(2));
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.ROUND, honestAt(reply + 1).body()).line())
                .isEqualTo("FAILED: step 3, party white: answers a query that was not made");
    }

    /**
     * The order the seats keep, as the audit checks it from public data alone (the same checks judge a refused
     * message where it stands): after White's move, only Black's reply; after the reply, White answers Black's query;
     * choices and openings only once the game has ended.
     */
    @Test
    void anAuditRefusesEachMessageOutOfTurnNamingItsSigner() throws Exception {
        int reply = first(DarkChessMessages.REPLY, 1);
        int whitesRound = first(DarkChessMessages.ROUND, 0);
        Game g = game(Function.identity(), Function.identity());
        Transcript t = new Transcript();
        for (int i = 0; i <= 2; i++) {
            t.append(honest.get(i));
        }
        byte[] move = honestAt(2).body();
        byte[] choices = honestAt(first(DarkChessMessages.CHOICES, 0)).body();
        byte[] open = honestAt(first(DarkChessMessages.OPEN, 0)).body();
        byte[] queryOnly = DarkChessMessages.round(new DarkChessMessages.Round(null,
                DarkChessMessages.parseRound(honestAt(whitesRound).body()).query()));
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.MOVE, move).line())
                .isEqualTo("FAILED: step 3, party white: sent 'move' when it is not its turn to move");
        assertThat(auditOf(t, 1, g.blackKey(), DarkChessMessages.MOVE, move).line())
                .isEqualTo("FAILED: step 3, party black: sent 'move' before its reply to the last move");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.REPLY, honestAt(reply).body()).line())
                .isEqualTo("FAILED: step 3, party white: sent 'reply' where no reply of its is due");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.ROUND, queryOnly).line())
                .isEqualTo("FAILED: step 3, party white: sent 'round' where the reply of black is due");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.CHOICES, choices).line())
                .isEqualTo("FAILED: step 3, party white: sent 'choices' where they are not due");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.OPEN, open).line())
                .isEqualTo("FAILED: step 3, party white: sent 'open' where it is not due");
        t.append(honestAt(reply));
        assertThat(auditOf(t, 1, g.blackKey(), DarkChessMessages.REPLY, honestAt(reply).body()).line())
                .isEqualTo("FAILED: step 4, party black: sent 'reply' where no reply of its is due");
        assertThat(auditOf(t, 1, g.blackKey(), DarkChessMessages.ROUND, queryOnly).line())
                .isEqualTo("FAILED: step 4, party black: sent 'round' while its own query is unanswered");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.ROUND, queryOnly).line())
                .isEqualTo("FAILED: step 4, party white: does not answer the query of black outstanding since step 3");
        assertThat(auditOf(t, 0, g.whiteKey(), DarkChessMessages.ROUND,
                DarkChessMessages.round(new DarkChessMessages.Round(null, null))).line())
                .isEqualTo("FAILED: step 4, party white: does not answer the query of black outstanding since step 3");
    }

    private static AuditVerdict auditOf(Transcript prefix, int signer, SigningKey key, String type, byte[] body) {
        List<Envelope> all = new ArrayList<>(prefix.envelopes());
        all.add(Envelope.sign(key, prefix.sessionId(), prefix.size(), prefix.head(), signer, prefix.size(), type, body));
        return Auditor.audit(new TranscriptFile.Contents(all, List.of()), fairtable.protocol.EvidenceRule.SCRIPTED_RULES);
    }
}
