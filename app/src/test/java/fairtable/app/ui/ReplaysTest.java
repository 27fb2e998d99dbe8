package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.SeenCards;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareView;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay API on real games the bots played through `fairtable play`: one step per move of the transcript, the
 * last view the table the players themselves ended with (their printed result), the first one an observer's (every
 * card face down), and a tampered file refused with the audit's own FAILED line.
 */
class ReplaysTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern RESULT = Pattern.compile("(?m)^Result: (.*)$");

    @TempDir
    Path dir;

    private record Played(Path file, String result) {}

    private Played play(String game, String... more) {
        Path file = dir.resolve(game + ".jsonl");
        List<String> args = new ArrayList<>(List.of("play", game, "--bots", "all", "--seed", "7",
                "--transcript", file.toString()));
        args.addAll(List.of(more));
        StringWriter out = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args.toArray(String[]::new));
        assertThat(exit).as(out.toString()).isEqualTo(Main.OK);
        Matcher m = RESULT.matcher(out.toString());
        assertThat(m.find()).as(out.toString()).isTrue();
        return new Played(file, m.group(1));
    }

    private static JsonNode replay(String text) {
        return JSON.valueToTree(Replays.of(text, Games.ALL));
    }

    /** The transcript's move messages, in order, as the file holds them. */
    private static List<Envelope> moves(Path file) throws Exception {
        return TranscriptFile.read(file).messages().stream().filter(e -> TableObserver.MOVE.equals(e.type())).toList();
    }

    /** One frame per move after the start, each naming the move's message: its sequence number and its sender. */
    private static void assertOneFramePerMove(JsonNode r, List<Envelope> moves) {
        JsonNode frames = r.get("frames");
        assertThat(r.get("moves").asInt()).isEqualTo(moves.size());
        assertThat(frames.size()).isEqualTo(moves.size() + 1);
        for (int i = 0; i < moves.size(); i++) {
            JsonNode f = frames.get(i + 1);
            assertThat(f.get("seq").asLong()).isEqualTo(moves.get(i).seq());
            assertThat(f.get("seat").asInt()).isEqualTo(moves.get(i).sender());
            assertThat(f.get("sender").asText()).isEqualTo(r.get("names").get(moves.get(i).sender()).asText());
            assertThat(f.get("type").asText()).isEqualTo("move");
            assertThat(f.get("move").asText()).isNotBlank();
        }
    }

    @Test
    void holdemStepsOncePerMoveFromFaceDownCardsToTheStacksThePlayersEndedWith() throws Exception {
        Played played = play("holdem", "--players", "3", "--hands", "2");
        JsonNode r = replay(Files.readString(played.file()));
        assertThat(r.get("verified").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("game").asText()).isEqualTo("holdem");
        List<Envelope> moves = moves(played.file());
        assertThat(moves).hasSizeGreaterThan(4);
        assertOneFramePerMove(r, moves);

        JsonNode start = r.get("frames").get(0).get("view").get("poker");
        for (JsonNode seat : start.get("seats")) {
            assertThat(seat.get("cards")).as("an observer sees no hole card before a showdown").hasSize(2)
                    .allMatch(JsonNode::isNull);
        }
        JsonNode end = r.get("frames").get(moves.size()).get("view").get("poker");
        assertThat(end.get("hand").asInt()).isEqualTo(2);
        List<String> stacks = new ArrayList<>();
        end.get("seats").forEach(s -> stacks.add(s.get("name").asText() + " " + s.get("stack").asInt()));
        assertThat(played.result()).as("the players' own result").startsWith(String.join(", ", stacks) + ";");
        // The views change with the moves: some step moved chips into the pot.
        List<Integer> pots = new ArrayList<>();
        r.get("frames").forEach(f -> pots.add(f.get("view").get("poker").get("pot").asInt()));
        assertThat(pots.stream().distinct().count()).isGreaterThan(2);
    }

    @Test
    void dominoesEndsOnTheLineAndScoresThePlayersEndedWith() throws Exception {
        Played played = play("dominoes", "--hands", "1");
        JsonNode r = replay(Files.readString(played.file()));
        assertThat(r.get("verified").asBoolean()).as(r.toString()).isTrue();
        List<Envelope> moves = moves(played.file());
        assertOneFramePerMove(r, moves);
        JsonNode start = r.get("frames").get(0).get("view").get("dominoes");
        assertThat(start.get("line")).isEmpty();
        start.get("hands").forEach(h -> assertThat(h.get("tiles")).isNotEmpty().allMatch(JsonNode::isNull));
        JsonNode end = r.get("frames").get(moves.size()).get("view").get("dominoes");
        List<String> scores = new ArrayList<>();
        for (int seat = 0; seat < end.get("hands").size(); seat++) {
            scores.add(end.get("hands").get(seat).get("name").asText() + " " + end.get("scores").get(seat).asInt());
        }
        assertThat(played.result()).as("the players' own result").startsWith(String.join(", ", scores) + ";");
        assertThat(end.get("line")).isNotEmpty();
        // As seat 0 saw it, from the transcript alone: the other seats' tiles exactly as an observer's at every step.
        JsonNode asSeat = JSON.valueToTree(Replays.of(Files.readString(played.file()), Games.ALL, "seat-0", t -> null));
        assertThat(asSeat.get("verified").asBoolean()).as(asSeat.toString()).isTrue();
        for (int i = 0; i < r.get("frames").size(); i++) {
            JsonNode seen = asSeat.get("frames").get(i).get("view").get("dominoes").get("hands");
            JsonNode observed = r.get("frames").get(i).get("view").get("dominoes").get("hands");
            for (int seat = 1; seat < seen.size(); seat++) {
                assertThat(seen.get(seat).get("tiles")).as("step %d, seat %d", i, seat)
                        .isEqualTo(observed.get(seat).get("tiles"));
            }
        }
    }

    @Test
    void ginRummyStepsOncePerMoveInItsTextViewAndAnObserverSeesNoCardUntilItIsOpened() throws Exception {
        Played played = play("gin-rummy", "--hands", "1");
        JsonNode r = replay(Files.readString(played.file()));
        assertThat(r.get("verified").asBoolean()).as(r.toString()).isTrue();
        assertThat(r.get("game").asText()).isEqualTo("gin-rummy");
        List<Envelope> moves = moves(played.file());
        assertOneFramePerMove(r, moves);
        List<String> start = texts(r.get("frames").get(0));
        for (JsonNode name : r.get("names")) {
            assertThat(start).as("an observer's start: %s's hand counted, not read", name.asText())
                    .contains(name.asText() + ": 10 cards");
        }
        List<String> end = texts(r.get("frames").get(moves.size()));
        assertThat(end).anyMatch(line -> line.startsWith("hand over: "));
        assertThat(played.result()).as("the players' own result").isNotBlank();
        // Drawn as cards too: at the start each hand is ten face-down cards; at the end, once scored, each seat's
        // melds and deadwood are the ten cards it holds, all shown.
        JsonNode first = r.get("frames").get(0).get("view").get("gin");
        for (JsonNode seat : first.get("seats")) {
            assertThat(seat.get("cards")).hasSize(10).allMatch(JsonNode::isNull);
        }
        JsonNode last = r.get("frames").get(moves.size()).get("view").get("gin");
        JsonNode result = last.get("result");
        assertThat(result.get("outcome").asText()).as("seed 7's hand ends by a knock or gin").isIn("knock", "undercut", "gin");
        for (int seat = 0; seat < 2; seat++) {
            JsonNode laid = result.get("arrangements").get(seat);
            List<String> cards = new ArrayList<>();
            laid.get("melds").forEach(meld -> meld.forEach(c -> cards.add(c.toString())));
            laid.get("deadwood").forEach(c -> cards.add(c.toString()));
            if (seat != result.get("knocker").asInt()) {
                result.get("layOffs").forEach(c -> cards.add(c.toString()));
            }
            List<String> held = new ArrayList<>();
            last.get("seats").get(seat).get("cards").forEach(c -> held.add(c.toString()));
            assertThat(cards).as("seat %s's melds, deadwood and lay-offs", seat).containsExactlyInAnyOrderElementsOf(held)
                    .doesNotContain("null");
        }
    }

    /**
     * A hand played at the terminal leaves the person's record beside its transcript; dropped on the replay page with
     * it, the replay "as I saw it" shows the person's hole cards from the deal on. A record of another game dropped
     * with the transcript is refused in one line, and nothing is drawn from it.
     */
    @Test
    void aGamePlayedAtTheTerminalIsReplayedAsThePersonSawItFromTheRecordDroppedBesideIt() throws Exception {
        Path file = dir.resolve("terminal.jsonl");
        Path other = dir.resolve("other.jsonl");
        for (Path f : List.of(file, other)) {
            StringWriter out = new StringWriter();
            int exit = Main.run(new java.io.ByteArrayInputStream("fold\n".repeat(5).getBytes()), new PrintWriter(out, true),
                    new PrintWriter(out, true), "play", "holdem", "--players", "2", "--bots", "1", "--hands", "1",
                    "--seed", f == file ? "3" : "4", "--transcript", f.toString());
            assertThat(exit).as(out.toString()).isEqualTo(Main.OK);
        }
        assertThat(SeenCards.beside(file)).exists();
        UiServer ui = UiServer.start(fairtable.net.identity.Profile.open(dir.resolve("home"),
                new java.security.SecureRandom()), Games.ALL, 0, 600);
        try {
            JsonNode mine = JSON.valueToTree(ui.replay(Files.readString(file), Files.readString(SeenCards.beside(file)),
                    Replays.MINE));
            assertThat(mine.path("verified").asBoolean()).as(mine.toString()).isTrue();
            assertThat(mine.path("seat").asInt()).isZero();
            assertThat(seatCards(mine.get("frames").get(0), 0)).as("my cards from the deal on").hasSize(2)
                    .noneMatch(JsonNode::isNull);
            JsonNode mixed = JSON.valueToTree(ui.replay(Files.readString(file),
                    Files.readString(SeenCards.beside(other)), Replays.MINE));
            assertThat(mixed.path("verified").asBoolean()).isFalse();
            assertThat(mixed.path("line").asText()).isEqualTo("your own record of this game cannot be read: the record"
                    + " dropped with it is of another game");
            assertThat(mixed.path("frames")).isEmpty();
        } finally {
            ui.close();
        }
    }

    @Test
    void darkChessStepsOncePerPlyTheWholeBoardForAnObserverAndEachSideThroughItsOwnFog() throws Exception {
        // The en-passant game: its six plies hold a capture each way and a draw offered with a move.
        String text = enPassantGame();
        JsonNode whole = JSON.valueToTree(Replays.of(text, Games.ALL, Replays.OBSERVER, t -> null));
        assertThat(whole.get("verified").asBoolean()).as(whole.toString()).isTrue();
        assertThat(whole.get("moves").asInt()).isEqualTo(6);
        List<JsonNode> sides = List.of(JSON.valueToTree(Replays.of(text, Games.ALL, "seat-0", t -> null)),
                JSON.valueToTree(Replays.of(text, Games.ALL, "seat-1", t -> null)));
        // The moves the frames name, played again on the rules engine: each frame is that position, whole or fogged.
        DarkChessGame game = DarkChessGame.start();
        for (int i = 0; i <= 6; i++) {
            if (i > 0) {
                JsonNode f = whole.get("frames").get(i);
                assertThat(f.get("seat").asInt()).isEqualTo((i - 1) % 2);
                game = game.apply(Move.parseUci(f.get("move").asText().substring(0, 4)));
            }
            JsonNode squares = whole.get("frames").get(i).get("view").get("chess").get("squares");
            for (JsonNode sq : squares) {
                Optional<Piece> piece = game.position().pieceAt(Square.parse(sq.get("square").asText()));
                assertThat(sq.get("sight").asText()).isEqualTo("seen");
                assertThat(pieceOf(sq)).as("ply %d, %s", i, sq.get("square").asText())
                        .isEqualTo(piece.map(ReplaysTest::words).orElse(null));
            }
            for (int seat = 0; seat < 2; seat++) {
                Color side = Color.values()[seat];
                FogView fog = game.view(side);
                JsonNode seen = sides.get(seat).get("frames").get(i).get("view").get("chess").get("squares");
                for (JsonNode sq : seen) {
                    Square square = Square.parse(sq.get("square").asText());
                    String sight = sq.get("sight").asText();
                    assertThat(sight).as("ply %d, %s for %s", i, square, side).isEqualTo(
                            fog.at(square) instanceof SquareView.Seen ? "seen"
                                    : fog.at(square) instanceof SquareView.Occupancy ? "occupancy" : "fog");
                    if (!sight.equals("seen")) {
                        assertThat(sq.has("piece")).as("ply %d: fog on %s hides what stands there", i, square).isFalse();
                    } else {
                        assertThat(pieceOf(sq)).isEqualTo(game.position().pieceAt(square).map(ReplaysTest::words).orElse(null));
                    }
                }
            }
        }
        assertThat(sides.get(1).get("frames").get(0).get("view").get("chess").get("squares").toString())
                .as("Black's view before any move: fog on White's home ranks").contains("\"square\":\"e1\",\"sight\":\"fog\"");
    }

    /**
     * Each side's replay tells, at the plies where its move came round, what its page told it then: White is told it may
     * take en passant, Black that the pawn it advanced was taken and that White offers a draw with that move, and White
     * that its en-passant capture took a pawn and that its capturing pawn was taken back. The observer's whole board has no such notices.
     */
    @Test
    void darkChessReplaysTellEachSideItsCapturesAndEnPassantAtThePlyItLearnedThem() throws Exception {
        String text = enPassantGame();
        JsonNode white = JSON.valueToTree(Replays.of(text, Games.ALL, "seat-0", t -> null));
        JsonNode black = JSON.valueToTree(Replays.of(text, Games.ALL, "seat-1", t -> null));
        JsonNode whole = JSON.valueToTree(Replays.of(text, Games.ALL, Replays.OBSERVER, t -> null));
        assertThat(white.get("frames")).as(white.toString()).hasSize(7);
        assertThat(notices(white, 2)).containsExactly("Black moved; none of your pieces was captured.");
        assertThat(notices(white, 4)).containsExactly("Black moved; none of your pieces was captured.",
                "Black's pawn on d5 has just advanced two squares beside your pawn: you may take it en passant (moving"
                        + " to d6) on this move only.");
        assertThat(notices(black, 5)).containsExactly("White captured your pawn on d5.",
                "White offers a draw: accept it, or any move declines it.");
        assertThat(notices(white, 6)).containsExactly("You captured Black's pawn en passant on d5.",
                "Black captured your pawn on d6.");
        assertThat(notices(black, 1)).containsExactly("White has moved.");
        for (int i = 0; i < 7; i++) {
            assertThat(notices(i % 2 == 1 ? white : black, i)).as("no notice at the plies a side made itself").isEmpty();
            assertThat(notices(whole, i)).isEmpty();
        }
    }

    private static List<String> notices(JsonNode replay, int frame) {
        List<String> out = new ArrayList<>();
        replay.get("frames").get(frame).get("view").get("chess").path("notices").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The en-passant game's transcript, played once for the test JVM: it is the same bytes each time (seeded). */
    private static String enPassant;

    /**
     * Six plies of dark chess in which White takes en passant on d6, offering a draw, and Black takes the capturing
     * pawn back: the text of their transcript file.
     */
    static synchronized String enPassantGame() throws Exception {
        if (enPassant == null) {
            SplittableRandom r = new SplittableRandom(5);
            DarkChessTable table = DarkChessTable.create(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 6),
                    ChessSide.start(Color.WHITE, scripted("e2e4", "e4e5", "e5d6 draw")),
                    ChessSide.start(Color.BLACK, scripted("a7a6", "d7d5", "c7d6")), key(r), key(r), r.split(), r.split());
            table.play(ply -> { });
            StringBuilder text = new StringBuilder();
            table.transcript().forEach(e -> text.append(TranscriptFile.line(e, null)).append('\n'));
            enPassant = text.toString();
        }
        return enPassant;
    }

    /** Writes the en-passant game ({@link #enPassantGame}) to {@code file}. */
    static void writeEnPassantGame(Path file) throws Exception {
        Files.writeString(file, enPassantGame());
    }

    /** A side that plays the given moves in order; "e5d6 draw" offers a draw with the move. */
    private static ChessSide.MoveChooser scripted(String... moves) {
        List<String> left = new ArrayList<>(List.of(moves));
        return (view, legal, random) -> {
            String next = left.remove(0);
            if (next.endsWith(" draw")) {
                throw new ChessSide.OffersDraw(Move.parseUci(next.substring(0, 4)));
            }
            return Move.parseUci(next);
        };
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    @Test
    void mahjongShogiStepsOncePerMoveTheWholeBoardOpenedAndEachSideWithTheOthersTilesAsBacks() throws Exception {
        Path file = dir.resolve("mahjong-shogi.jsonl");
        StringWriter out = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), "play", "mahjong-shogi", "--bots",
                "all", "--seed", "7", "--move-limit", "40", "--transcript", file.toString());
        assertThat(exit).as(out.toString()).isEqualTo(Main.OK);
        String text = Files.readString(file);
        JsonNode whole = JSON.valueToTree(Replays.of(text, Games.ALL, Replays.OBSERVER, t -> null));
        assertThat(whole.get("verified").asBoolean()).as(whole.toString()).isTrue();
        int moves = whole.get("moves").asInt();
        assertThat(moves).isGreaterThan(4);
        assertThat(whole.get("frames")).hasSize(moves + 1);
        List<String> names = List.of(whole.get("names").get(0).asText(), whole.get("names").get(1).asText());
        int battles = 0;
        for (int seat = 0; seat < 2; seat++) {
            JsonNode side = JSON.valueToTree(Replays.of(text, Games.ALL, "seat-" + seat, t -> null));
            for (int i = 0; i <= moves; i++) {
                Map<String, JsonNode> all = new java.util.HashMap<>();
                whole.get("frames").get(i).get("view").get("mahjong").get("squares")
                        .forEach(sq -> all.put(sq.get("square").asText(), sq.get("tile")));
                assertThat(whole.get("frames").get(i).get("view").get("mahjong").get("moves").asInt()).isEqualTo(i);
                for (JsonNode sq : side.get("frames").get(i).get("view").get("mahjong").get("squares")) {
                    String square = sq.get("square").asText();
                    JsonNode truth = all.get(square);
                    JsonNode seen = sq.get("tile");
                    assertThat(seen == null).as("move %d, %s: a tile in both views or in neither", i, square)
                            .isEqualTo(truth == null);
                    if (seen == null) {
                        continue;
                    }
                    if (seen.get("mine").asBoolean()) {
                        assertThat(truth.get("owner").asText()).isEqualTo(names.get(seat));
                        assertThat(seen.get("kind")).as("move %d, %s: my own tile by kind", i, square)
                                .isEqualTo(truth.get("kind"));
                    } else {
                        assertThat(truth.get("owner").asText()).isEqualTo(names.get(1 - seat));
                        assertThat(seen.toString()).as("move %d, %s: the other's tile, a back only", i, square)
                                .isEqualTo("{\"mine\":false}");
                    }
                }
                JsonNode log = side.get("frames").get(i).get("view").get("mahjong").get("battles");
                battles = Math.max(battles, log.size());
                log.forEach(line -> assertThat(line.asText()).contains("??"));
            }
        }
        assertThat(battles).as("a battle to judge").isPositive();
    }

    private static String pieceOf(JsonNode square) {
        return square.has("piece") ? square.get("piece").get("color").asText() + " " + square.get("piece").get("type").asText()
                : null;
    }

    private static String words(Piece p) {
        return (p.color() == Color.WHITE ? "white" : "black") + " " + p.type().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static List<String> texts(JsonNode frame) {
        List<String> lines = new ArrayList<>();
        frame.get("view").get("text").forEach(l -> lines.add(l.asText()));
        return lines;
    }

    /** A game of bots at seats in this process, kept whole: each seat's party, and the transcript's text. */
    private record Table<S, M>(List<TableParty<S, M>> seats, String text) {}

    /** Where {@link #fourHoldemHands} keeps its transcript, for the whole class. */
    @TempDir
    static Path sharedDir;
    private static Table<?, ?> fourHands;

    /**
     * Four Hold'em hands of alice and a bot (seed 11), played once for the class: the tests that replay them only read
     * the seats and the transcript.
     */
    private static Table<?, ?> fourHoldemHands() throws Exception {
        if (fourHands == null) {
            fourHands = bots(Games.ALL.definition("holdem").orElseThrow(), 2, Map.of("hands", "4"), 11, sharedDir);
        }
        return fourHands;
    }

    private static <S, M> Table<S, M> bots(GameDefinition<S, M> game, int players, Map<String, String> settings,
            long seed, Path dir) throws Exception {
        List<String> names = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            names.add(s == 0 ? "alice" : "bot " + s);
        }
        TableParameters params = new TableParameters(game.name(), players, game.options(settings));
        List<TableParty<S, M>> seats = new ArrayList<>();
        List<SigningKey> keys = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            keys.add(SeatSeeds.signingKey(seed, s));
            seats.add(TableParty.create(game, params, s, names.get(s), keys.get(s),
                    SeatSeeds.secrets(seed, s), game.bot(SeatSeeds.bot(seed, s))));
        }
        InMemoryTable table = new InMemoryTable(seats, keys);
        table.play();
        assertThat(table.isFinished()).isTrue();
        Path file = dir.resolve(game.name() + "-" + seed + ".jsonl");
        TranscriptFile.write(file, seats.get(0).transcript().envelopes(), List.of());
        return new Table<>(seats, Files.readString(file));
    }

    private static JsonNode replayAs(Table<?, ?> table, String perspective, SeenCards mine) {
        return JSON.valueToTree(Replays.of(table.text(), Games.ALL, perspective, transcript -> mine));
    }

    private static SeenCards recordOf(TableParty<?, ?> seat) {
        return new SeenCards(seat.transcript().sessionId(), seat.seat(), seat.seenCards());
    }

    private static JsonNode seatCards(JsonNode frame, int seat) {
        return frame.get("view").get("poker").get("seats").get(seat).get("cards");
    }

    @Test
    void aSeatsOwnReplayShowsItsHoleCardsFromTheDealAndNeverTheOthersUnrevealedOnes() throws Exception {
        GameDefinition<?, ?> holdem = Games.ALL.definition("holdem").orElseThrow();
        Table<?, ?> table = fourHoldemHands();
        JsonNode observer = replayAs(table, Replays.OBSERVER, null);
        JsonNode mine = replayAs(table, Replays.MINE, recordOf(table.seats().get(0)));
        assertThat(mine.get("verified").asBoolean()).as(mine.toString()).isTrue();
        assertThat(mine.get("perspective").asText()).isEqualTo(Replays.MINE);
        assertThat(mine.get("seat").asInt()).isZero();
        JsonNode frames = mine.get("frames");
        assertThat(frames.size()).isEqualTo(observer.get("frames").size()).isGreaterThan(8);
        int onlyMine = 0;
        for (int i = 0; i < frames.size(); i++) {
            JsonNode o = observer.get("frames").get(i);
            assertThat(seatCards(frames.get(i), 0)).as("frame %d: my own hole cards", i).hasSize(2)
                    .noneMatch(JsonNode::isNull);
            assertThat(seatCards(frames.get(i), 1)).as("frame %d: the bot's cards only as an observer saw them", i)
                    .isEqualTo(seatCards(o, 1));
            assertThat(frames.get(i).get("view").get("poker").get("board")).isEqualTo(o.get("view").get("poker").get("board"));
            if (seatCards(o, 0).get(0).isNull()) {
                onlyMine++;
            }
        }
        assertThat(onlyMine).as("frames where my cards are mine to see only").isGreaterThan(0);
        // The last frame is the seat's own view as it stood when the game ended.
        TableParty<?, ?> alice = table.seats().get(0);
        assertThat(frames.get(frames.size() - 1).get("view"))
                .isEqualTo(JSON.valueToTree(drawingOf(holdem, alice)));
    }

    @SuppressWarnings("unchecked")
    private static <S, M> Map<String, Object> drawingOf(GameDefinition<S, M> game, TableParty<?, ?> seat) {
        return SeatView.drawing(game, ((TableParty<S, M>) seat).view(), seat.seat(),
                List.of("alice", "bot 1"));
    }

    @Test
    void aSeatAsTheTranscriptTellsShowsOnlyTheCardsItShowedFromTheirDeal() throws Exception {
        Table<?, ?> table = fourHoldemHands();
        JsonNode observer = replayAs(table, Replays.OBSERVER, null);
        JsonNode asBot = replayAs(table, "seat-1", null);
        assertThat(asBot.get("verified").asBoolean()).as(asBot.toString()).isTrue();
        JsonNode frames = asBot.get("frames");
        // The bot's cards in each hand as the hand's last frame shows them to an observer: proved, or face down.
        Map<Integer, JsonNode> provedInHand = new java.util.HashMap<>();
        for (JsonNode f : observer.get("frames")) {
            provedInHand.put(f.get("view").get("poker").get("hand").asInt(), seatCards(f, 1));
        }
        int earlier = 0;
        for (int i = 0; i < frames.size(); i++) {
            JsonNode f = frames.get(i);
            JsonNode o = observer.get("frames").get(i);
            assertThat(seatCards(f, 0)).as("frame %d: alice's cards as an observer saw them", i).isEqualTo(seatCards(o, 0));
            JsonNode proved = provedInHand.get(f.get("view").get("poker").get("hand").asInt());
            assertThat(seatCards(f, 1)).as("frame %d: the bot's cards, only those it proved", i).isEqualTo(proved);
            if (!seatCards(o, 1).equals(proved)) {
                earlier++;
            }
        }
        assertThat(earlier).as("frames that show a proved card before the observer saw it").isGreaterThan(0);
        assertThat(provedInHand.values()).as("a hand in which the bot never showed its cards")
                .anyMatch(cards -> cards.get(0).isNull());
    }

    @Test
    void aRecordThatContradictsACardTheTranscriptOpenedIsRefused() throws Exception {
        Table<?, ?> table = fourHoldemHands();
        TableParty<?, ?> alice = table.seats().get(0);
        JsonNode asShown = replayAs(table, "seat-0", null);
        // A hand in which alice proved her cards: her record's hole cards there are the transcript's too.
        Map<Integer, int[]> seen = new java.util.TreeMap<>(alice.seenCards());
        int round = -1;
        for (JsonNode f : asShown.get("frames")) {
            if (!seatCards(f, 0).get(0).isNull()) {
                round = f.get("view").get("poker").get("hand").asInt();
            }
        }
        assertThat(round).as("a hand alice showed").isPositive();
        Map<Integer, int[]> forged = new java.util.TreeMap<>(seen);
        int[] cards = seen.get(round).clone();
        for (int p = 0; p < cards.length; p++) {
            cards[p] = cards[p] < 0 ? -1 : (cards[p] + 1) % cards.length;
        }
        forged.put(round, cards);
        JsonNode r = replayAs(table, Replays.MINE, new SeenCards(alice.transcript().sessionId(), 0, forged));
        assertThat(r.get("verified").asBoolean()).isFalse();
        assertThat(r.get("line").asText()).startsWith("your own record of this game cannot be used: the record of"
                + " alice's cards disagrees with the transcript");
        assertThat(r.get("frames")).isEmpty();
        // Without a record, "as I saw it" is not offered.
        JsonNode none = replayAs(table, Replays.MINE, null);
        assertThat(none.get("line").asText()).startsWith("no perspective 'mine' for this game");
        assertThat(observer(none)).doesNotContain(Replays.MINE);
    }

    /**
     * A forged record naming cards no deck holds (past the deck, below -1) at the seat's own positions: refused in the
     * replay's one line, never drawn and never an exception out of the page's request.
     */
    @Test
    void aRecordOfCardsNoDeckHoldsIsRefusedInOneLine() throws Exception {
        Table<?, ?> table = fourHoldemHands();
        TableParty<?, ?> alice = table.seats().get(0);
        for (int bad : new int[] {52, 9999, -2, Integer.MIN_VALUE}) {
            Map<Integer, int[]> forged = new java.util.TreeMap<>();
            alice.seenCards().forEach((round, cards) -> {
                int[] c = cards.clone();
                for (int p = 0; p < c.length; p++) {
                    c[p] = c[p] >= 0 ? bad : -1;
                }
                forged.put(round, c);
            });
            JsonNode r = replayAs(table, Replays.MINE, new SeenCards(alice.transcript().sessionId(), 0, forged));
            assertThat(r.get("verified").asBoolean()).as("card %d", bad).isFalse();
            assertThat(r.get("line").asText()).as("card %d", bad)
                    .startsWith("your own record of this game cannot be used: ").doesNotContain("\n", "Exception");
            assertThat(r.get("frames")).isEmpty();
        }
    }

    private static List<String> observer(JsonNode r) {
        List<String> ids = new ArrayList<>();
        r.get("perspectives").forEach(p -> ids.add(p.get("id").asText()));
        return ids;
    }

    @Test
    void aTamperedTranscriptIsRefusedWithTheAuditsFailedLineAndNoSteps() throws Exception {
        Played played = play("holdem", "--players", "2", "--hands", "1");
        List<String> lines = new ArrayList<>(Files.readAllLines(played.file()));
        // One byte of the 11th message's signed body changed: its signature no longer holds.
        String line = lines.get(10);
        int body = line.indexOf("\"body\":\"") + 8;
        char c = line.charAt(body + 4);
        lines.set(10, line.substring(0, body + 4) + (c == 'A' ? 'B' : 'A') + line.substring(body + 5));
        String tampered = String.join("\n", lines) + "\n";
        // The genuine file replayed first verifies; the tampered one is audited on its own all the same.
        assertThat(replay(Files.readString(played.file())).get("verified").asBoolean()).isTrue();

        JsonNode r = replay(tampered);
        String audit = Audits.audit(TranscriptFile.parse(lines, "tampered"), Games.ALL).line();
        assertThat(audit).startsWith("FAILED");
        assertThat(r.get("verified").asBoolean()).isFalse();
        assertThat(r.get("line").asText()).isEqualTo(audit);
        assertThat(r.get("frames")).isEmpty();
    }
}
