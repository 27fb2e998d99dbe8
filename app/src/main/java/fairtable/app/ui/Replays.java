package fairtable.app.ui;

import fairtable.app.Audits;
import fairtable.app.SeenCards;
import fairtable.crypto.hash.Hashes;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.TileSet;
import fairtable.games.mahjongshogi.play.MahjongReplay;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.Escrow;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableReplay;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The replay page's answer for one transcript: the audit's verdict and, for a verified table/v1 game, the table before
 * the first move and after each one, every view drawn by the game's own definition ({@link SeatView#drawing}). A
 * transcript the audit refuses gets its FAILED line and no steps: stepping through a broken file would show a game
 * that was never proved. Dark chess and Mahjong Shogi are stepped move by move, the allocation message by message
 * (who sent what, never a number: the transcript holds none readable).
 *
 * <p>The table is drawn from one perspective: an observer's ({@value #OBSERVER}: a card stays face down until the
 * transcript opens it); a seat's as far as the transcript tells ({@code seat-N}: also that seat's own cards that it
 * showed, from the moment they were dealt to it); or, for a game the person played in this node's browser, the
 * person's own ({@value #MINE}: their cards read from their own record, {@link SeenCards}).
 */
final class Replays {
    static final String OBSERVER = "observer";
    static final String MINE = "mine";
    private static final String SEAT = "seat-";

    private Replays() {}

    /** A transcript's audit: its verdict, and the dark-chess game it walked (if any), ply by ply. */
    private record Audited(Games games, AuditVerdict verdict, List<DarkChessReferee.Walked> chess) {}

    /**
     * The last transcripts audited for a replay, by the SHA-256 of their whole text: stepping through a game from
     * another perspective asks for the same text again, and a dark-chess audit takes seconds. Only the very same text
     * (and the same games) gets the same verdict.
     */
    private static final Map<String, Audited> AUDITED = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Audited> eldest) {
            return size() > 8;
        }
    };

    private static Audited audited(String text, TranscriptFile.Contents contents, Games games) {
        String digest = HexFormat.of().formatHex(Hashes.sha256("fairtable replay audit",
                text.getBytes(StandardCharsets.UTF_8)));
        synchronized (AUDITED) {
            Audited known = AUDITED.get(digest);
            if (known != null && known.games() == games) {
                return known;
            }
        }
        List<DarkChessReferee.Walked> chess = new ArrayList<>();
        AuditVerdict verdict = Audits.audit(contents, games, chess::add);
        Audited audited = new Audited(games, verdict, List.copyOf(chess));
        synchronized (AUDITED) {
            AUDITED.put(digest, audited);
        }
        return audited;
    }

    /** As an observer saw it. */
    static Map<String, Object> of(String text, Games games) {
        return of(text, games, OBSERVER, transcript -> null);
    }

    /** The record of the person's own seat for the game in {@code transcript}, or null if the node keeps none. */
    interface OwnRecord {
        SeenCards find(Transcript transcript) throws IOException;
    }

    /**
     * From {@code perspective}: {@value #OBSERVER}, {@value #MINE} (when {@code mine} finds a record), or
     * {@code seat-N}. Every perspective this transcript allows is listed under "perspectives".
     */
    static Map<String, Object> of(String text, Games games, String perspective, OwnRecord mine) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("frames", List.of());
        TranscriptFile.Contents contents;
        try {
            contents = TranscriptFile.parse(text.lines().toList(), "the transcript");
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            out.put("verified", false);
            out.put("line", "UNREADABLE: " + e.getMessage());
            return out;
        }
        Audited audited = audited(text, contents, games);
        AuditVerdict verdict = audited.verdict();
        List<DarkChessReferee.Walked> chess = audited.chess();
        out.put("verified", verdict.verified());
        out.put("line", verdict.line());
        if (!verdict.verified()) {
            return out;
        }
        try {
            Transcript transcript = new Transcript();
            for (Envelope e : contents.messages()) {
                transcript.append(e);
            }
            String protocol = transcript.hellos().get(0).protocol();
            if (protocol.equals(DarkChessParameters.PROTOCOL)) {
                return darkChess(chess, perspective, out);
            }
            if (protocol.equals(MahjongParameters.PROTOCOL)) {
                return mahjong(transcript, verdict, perspective, out);
            }
            if (protocol.equals(AllocationParameters.PROTOCOL)) {
                return allocation(transcript, out);
            }
            if (!protocol.equals(TableParameters.PROTOCOL)) {
                out.put("unsupported", "This is a " + protocol + " transcript: the replay steps through the table games"
                        + " (" + String.join(", ", games.names()) 
                        + "), dark chess, Mahjong Shogi and the allocation; this one is audited only.");
                return out;
            }
            SeenCards own = mine.find(transcript);
            List<String> names = transcript.hellos().stream().map(h -> h.name()).toList();
            out.put("perspectives", perspectives(names, own));
            int seat;
            TableReplay.Replay replay;
            if (perspective.equals(MINE) && own != null) {
                seat = own.seat();
                try {
                    replay = TableReplay.asSeen(games, transcript, seat, own.rounds());
                } catch (IllegalArgumentException e) {
                    out.put("verified", false);
                    out.put("line", "your own record of this game cannot be used: " + e.getMessage());
                    return out;
                }
            } else if (perspective.startsWith(SEAT) && seatIn(perspective, names.size()) >= 0) {
                seat = seatIn(perspective, names.size());
                replay = TableReplay.asRevealed(games, transcript, seat);
            } else if (perspective.equals(OBSERVER)) {
                seat = -1;
                replay = TableReplay.of(games, transcript);
            } else {
                out.put("verified", false);
                out.put("line", "no perspective '" + perspective + "' for this game: it offers "
                        + String.join(", ", perspectives(names, own).stream().map(p -> p.get("id")).toList()));
                return out;
            }
            GameDefinition<?, ?> game = games.definition(replay.game().name()).orElseThrow();
            out.put("perspective", perspective);
            out.put("seat", seat);
            out.put("game", game.name());
            out.put("names", replay.names());
            out.put("frames", frames(game, replay, seat));
            out.put("moves", replay.steps().size());
        } catch (ProtocolViolation v) {
            // The audit verified the same messages, so this is the replay's own fault: say so rather than draw.
            out.put("verified", false);
            out.put("line", "the replay could not follow a transcript the audit verified: " + v.getMessage());
        } catch (IOException e) {
            out.put("verified", false);
            out.put("line", "your own record of this game cannot be read: " + e.getMessage());
        }
        return out;
    }

    /**
     * An allocation, one step per message after the hellos: who sent it and what it is, in the transcript's order. No
     * number is shown: the transcript carries each institution's numbers only blinded (the audit checks that none is
     * readable), and unblinding is the holder's, on the allocation page.
     */
    private static Map<String, Object> allocation(Transcript transcript, Map<String, Object> out)
            throws ProtocolViolation {
        AllocationParameters params;
        try {
            params = AllocationParameters.fromBytes(transcript.hellos().get(0).parameters());
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, transcript.hellos().get(0).name(), e.getMessage()); // verified: cannot be
        }
        List<String> names = transcript.hellos().stream().map(h -> h.name()).toList();
        List<String> said = new ArrayList<>();
        said.add(params.items() + " numbers, " + params.each() + " for each of " + names.size() + " institutions ("
                + String.join(", ", names) + ")" + (params.board().isPresent() ? ", escrowed to a board" : "")
                + "; each institution's numbers stay blinded to everyone else.");
        List<Map<String, Object>> frames = new ArrayList<>();
        frames.add(Map.of("view", Map.of("text", List.copyOf(said))));
        for (Envelope e : transcript.envelopes()) {
            if (e.type().equals(Hello.TYPE)) {
                continue;
            }
            String what = allocationStep(e, params);
            said.add(names.get(e.sender()) + " (seat " + e.sender() + ") · " + e.type() + " · step " + e.step() + ": "
                    + what);
            Map<String, Object> frame = new LinkedHashMap<>();
            frame.put("sender", names.get(e.sender()));
            frame.put("seat", e.sender());
            frame.put("type", e.type());
            frame.put("step", e.step());
            frame.put("move", what);
            frame.put("view", Map.of("text", List.copyOf(said)));
            frames.add(frame);
        }
        out.put("perspective", OBSERVER);
        out.put("seat", -1);
        out.put("game", "allocation");
        out.put("names", names);
        out.put("frames", frames);
        out.put("moves", frames.size() - 1);
        return out;
    }

    /** What one message of an allocation is, in words, from its type and the institution that sent it. */
    private static String allocationStep(Envelope e, AllocationParameters params) {
        return switch (e.type()) {
            case DeckMessage.KeyShare.TYPE -> "its public key share; the numbers are encrypted to all the shares together";
            case DeckMessage.Shuffle.TYPE -> "a proved shuffle of the " + params.items() + " encrypted numbers";
            case Escrow.TYPE -> "its decryption shares of its own " + params.each() + " positions, encrypted to the"
                    + " board's key, each with its proof";
            case DeckMessage.Deal.TYPE -> "deals " + params.each() + " positions to each institution in seat order";
            case DeckMessage.Shares.TYPE -> "its decryption shares of the other institutions' positions, each with its"
                    + " proof; none of its own, so only it can read its numbers";
            default -> e.type();
        };
    }

    private static int seatIn(String perspective, int players) {
        String digits = perspective.substring(SEAT.length());
        if (!digits.matches("[0-9]{1,2}")) {
            return -1;
        }
        int seat = Integer.parseInt(digits);
        return seat < players ? seat : -1;
    }

    private static List<Map<String, String>> perspectives(List<String> names, SeenCards own) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(Map.of("id", OBSERVER, "label", "as an observer saw it"));
        if (own != null) {
            out.add(Map.of("id", MINE, "label", "as I saw it (" + names.get(own.seat()) + ", seat " + own.seat() + ")"));
        }
        for (int s = 0; s < names.size(); s++) {
            out.add(Map.of("id", SEAT + s, "label", "as " + names.get(s) + " saw it: only the cards " + names.get(s)
                    + " showed"));
        }
        return out;
    }

    /**
     * A dark-chess game, replayed from what both sides revealed at its end (its audit's referee handed it over): the whole
     * board for an observer (the game is over, so nothing on it is secret any more), or one side's fog-of-war view
     * as the rules engine computes it for that side after each ply ({@code seat-0} White, {@code seat-1} Black).
     */
    private static Map<String, Object> darkChess(List<DarkChessReferee.Walked> verified, String perspective,
            Map<String, Object> out) {
        Optional<DarkChessReferee.Walked> walked = verified.stream().findFirst();
        if (walked.isEmpty()) {
            out.put("verified", false);
            out.put("line", "the replay could not follow a dark-chess game the audit verified");
            return out;
        }
        List<String> names = walked.get().names();
        int seat = chosenSeat(perspective, "the whole board (both sides revealed it at the end)", names, COLOURS,
                "through the fog", out);
        if (seat < -1) {
            return out;
        }
        out.put("game", "dark-chess");
        out.put("names", names);
        List<Map<String, Object>> frames = new ArrayList<>();
        frames.add(Map.of("view", chessView(DarkChessGame.start(), 0, seat, List.of())));
        List<DarkChessReferee.Walked.Ply> plies = walked.get().plies();
        DarkChessGame before = DarkChessGame.start();
        FogView ownView = null;
        Move ownMove = null;
        for (int i = 0; i < plies.size(); i++) {
            DarkChessReferee.Walked.Ply ply = plies.get(i);
            Optional<Move> move = ply.move().matches("[a-h][1-8][a-h][1-8][qrbn]?")
                    ? Optional.of(Move.parseUci(ply.move())) : Optional.empty(); // else resign, a draw, no move
            List<String> notices = List.of();
            if (seat >= 0 && ply.mover() == seat) {
                ownView = before.view(Color.values()[seat]);
                ownMove = move.orElse(null);
            } else if (seat >= 0 && move.isPresent()) {
                // The other side moved, so this side's move comes round: what its page told it then.
                notices = new ArrayList<>(BrowserDarkChess.learnedSince(ownMove == null ? null : ownView, ownMove,
                        ply.after().view(Color.values()[seat])));
                if (ply.offersDraw()) {
                    notices.add(BrowserDarkChess.drawOffered(Color.values()[ply.mover()]));
                }
            }
            frames.add(boardFrame(ply.mover(), names, "ply " + (i + 1),
                    ply.move() + (i == plies.size() - 1 ? " · " + walked.get().outcome() : ""),
                    chessView(ply.after(), i + 1, seat, notices)));
            before = ply.after();
        }
        out.put("frames", frames);
        out.put("moves", plies.size());
        return out;
    }

    private static final List<String> COLOURS = List.of("White", "Black");

    /**
     * A Mahjong Shogi game, move by move ({@link MahjongReplay}): the whole board, every tile by kind (both players
     * opened every tile at the end), or one side's view after each move, its own tiles by kind and the other's as
     * backs ({@code seat-0} east, {@code seat-1} west).
     */
    private static Map<String, Object> mahjong(Transcript transcript, AuditVerdict verdict, String perspective,
            Map<String, Object> out) throws ProtocolViolation {
        List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
        if (names.get(0).equals(names.get(1))) {
            out.put("unsupported", "Both players are called " + names.get(0) + ", so the audit's openings cannot be"
                    + " told apart: this game is audited only.");
            return out;
        }
        MahjongReplay.Walked walked = MahjongReplay.of(transcript,
                List.of(verdict.holdings().get(names.get(0)), verdict.holdings().get(names.get(1))));
        int seat = chosenSeat(perspective, "the whole board (both players opened their tiles at the end)", names,
                SIDES, "the other's tiles as backs", out);
        if (seat < -1) {
            return out;
        }
        TileSet tileSet = walked.placements().get(0).tileSet();
        out.put("game", "mahjong-shogi");
        out.put("names", names);
        List<Map<String, Object>> frames = new ArrayList<>();
        frames.add(Map.of("view", mahjongView(walked, walked.start(), seat, tileSet)));
        for (int i = 0; i < walked.steps().size(); i++) {
            MahjongReplay.Step step = walked.steps().get(i);
            frames.add(boardFrame(step.mover(), names, "move " + (i + 1), step.move().toString(),
                    mahjongView(walked, step.after(), seat, tileSet)));
        }
        out.put("frames", frames);
        out.put("moves", walked.steps().size());
        return out;
    }

    /**
     * For a two-player board game: lists in {@code out} the whole board ({@code whole}) and each side's view ("as
     * NAME (SIDE) saw it: {@code seen}"), and returns the seat {@code perspective} names, -1 for the whole board, or
     * -2 when it names none of them (then {@code out} says so).
     */
    private static int chosenSeat(String perspective, String whole, List<String> names, List<String> sides,
            String seen, Map<String, Object> out) {
        List<Map<String, String>> offered = new ArrayList<>();
        offered.add(Map.of("id", OBSERVER, "label", whole));
        for (int s = 0; s < 2; s++) {
            offered.add(Map.of("id", SEAT + s, "label", "as " + names.get(s) + " (" + sides.get(s) + ") saw it: " + seen));
        }
        out.put("perspectives", offered);
        int seat = perspective.equals(OBSERVER) ? -1 : seatIn(perspective.startsWith(SEAT) ? perspective : "", 2);
        if (seat < 0 && !perspective.equals(OBSERVER)) {
            out.put("verified", false);
            out.put("line", "no perspective '" + perspective + "' for this game: it offers "
                    + String.join(", ", offered.stream().map(p -> p.get("id")).toList()));
            return -2;
        }
        out.put("perspective", perspective);
        out.put("seat", seat);
        return seat;
    }

    private static final List<String> SIDES = List.of("east", "west");

    /** One step of a board game: who moved, the step's name, the move in words, and the view after it. */
    private static Map<String, Object> boardFrame(int mover, List<String> names, String type, String move,
            Map<String, Object> view) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("seat", mover);
        f.put("sender", names.get(mover));
        f.put("type", type);
        f.put("move", move);
        f.put("view", view);
        return f;
    }

    private static Map<String, Object> mahjongView(MahjongReplay.Walked walked, MahjongShogiState state, int seat,
            TileSet tileSet) {
        Map<String, Object> board = new LinkedHashMap<>(seat < 0
                ? BrowserMahjong.wholeBoard(state, walked.placements(), walked.names(), tileSet)
                : BrowserMahjong.board(PlayerView.of(state, walked.placements().get(seat)), tileSet));
        board.put("opponent", seat < 0 ? "" : walked.names().get(1 - seat));
        board.put("caption", (seat < 0 ? "The whole board after move " : "As " + walked.names().get(seat)
                + " saw it after move ") + state.movesMade() + (seat < 0 ? ": both players opened their tiles at the end."
                        : ": the other's tiles as backs."));
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("text", List.of());
        view.put("mahjong", board);
        return view;
    }


    /**
     * The board the page draws after {@code plies}: a side's fog-of-war view with the notices its page showed then
     * (captures, en passant), or the whole position for -1.
     */
    private static Map<String, Object> chessView(DarkChessGame game, int plies, int seat, List<String> notices) {
        Map<String, Object> chess = new LinkedHashMap<>(seat < 0 ? BrowserDarkChess.wholeBoard(game.position(), plies)
                : BrowserDarkChess.board(game.view(Color.values()[seat]), plies));
        chess.put("you", seat == 1 ? "black" : "white");
        chess.put("notices", notices);
        chess.put("caption", seat < 0 ? "The whole board after ply " + plies + ": both sides revealed theirs at the end."
                : COLOURS.get(seat) + "'s view after ply " + plies + ": fog on every square " + COLOURS.get(seat)
                        + " could not see; “?” a square seen only as occupied.");
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("text", List.of());
        view.put("chess", chess);
        return view;
    }

    /** The view before the first move, then one per move with its sender, its step and its words. */
    @SuppressWarnings("unchecked")
    private static <S, M> List<Map<String, Object>> frames(GameDefinition<S, M> game, TableReplay.Replay replay,
            int seat) {
        List<Map<String, Object>> frames = new ArrayList<>();
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("view", SeatView.drawing(game, (S) replay.start(), seat, replay.names()));
        frames.add(start);
        for (TableReplay.Step step : replay.steps()) {
            Envelope e = step.message();
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("seq", e.seq());
            f.put("step", e.step());
            f.put("seat", e.sender());
            f.put("sender", replay.names().get(e.sender()));
            f.put("type", e.type());
            f.put("move", game.describe((M) step.move()));
            f.put("deckMessages", step.deckMessages());
            f.put("view", SeatView.drawing(game, (S) step.state(), seat, replay.names()));
            frames.add(f);
        }
        return frames;
    }
}
