package fairtable.games.chess.play;

import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.DarkChessQueries;
import fairtable.games.chess.DarkChessResult;
import fairtable.games.chess.Move;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Position;
import fairtable.games.chess.QueryPhase;
import fairtable.games.chess.Square;
import fairtable.games.chess.VisionTable;
import fairtable.protocol.darkchess.DarkChessAudit;
import fairtable.protocol.darkchess.DarkChessRecord;
import fairtable.protocol.darkchess.DarkChessVerifier;
import fairtable.protocol.darkchess.VisionKkrt;
import fairtable.protocol.darkchess.VisionOprf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The chess half of the dark-chess/v1 audit: with every board opened and every OT item and choice recovered, it
 * replays the game from the start and checks, ply by ply, that each move was legal dark chess (no fifty-move rule:
 * quiet moves are hidden, the public ply cap replaces it), that the move's announcement says what the move did,
 * that each committed board is the player's true pieces, that each offer holds exactly the honest secrets of its
 * phase, that each rebuild announcement is the true material, and that each querier asked exactly the squares the
 * honest padded walk asks. The first failure names the cheater.
 */
public final class DarkChessReferee implements DarkChessVerifier {

    private final Consumer<Walked> verified;

    private DarkChessReferee(Consumer<Walked> verified) {
        this.verified = verified;
    }

    /** The whole dark-chess/v1 audit, with this referee as its rules half. */
    public static DarkChessAudit audit() {
        return audit(game -> { });
    }

    /**
     * The same audit, handing each game whose rules it verifies, replayed ply by ply, to {@code verified}: what the
     * replay page steps through, with no second audit.
     */
    public static DarkChessAudit audit(Consumer<Walked> verified) {
        return new DarkChessAudit(new DarkChessReferee(verified));
    }

    @Override
    public Optional<Blame> verify(DarkChessRecord record) {
        Replay replay = replay(record);
        if (replay.blame().isEmpty()) {
            verified.accept(new Walked(record.names(), replay.plies(), replay.outcome()));
        }
        return replay.blame();
    }

    @Override
    public String summary(DarkChessRecord record) {
        Replay r = replay(record);
        return r.outcome;
    }

    private record Replay(Optional<Blame> blame, String outcome, List<Walked.Ply> plies) {}

    private static Replay fail(int ply, int seat, String reason) {
        return new Replay(Optional.of(new Blame(ply, seat, reason)), "", List.of());
    }

    /**
     * A verified game, ply by ply, for a person stepping through it: the players, and after each ply the mover, what
     * it revealed it played (a move in UCI, or {@link ChessSide#RESIGN_RECORD}, {@link ChessSide#DRAW_RECORD},
     * "none") and the whole position, which both sides' reveal made public; then the result.
     */
    public record Walked(List<String> names, List<Ply> plies, String outcome) {
        /** One ply: who moved, the move as revealed, the game after it, and whether the move offered a draw. */
        public record Ply(int mover, String move, DarkChessGame after, boolean offersDraw) {}
    }

    private static Replay replay(DarkChessRecord record) {
        List<List<String>> moves = new ArrayList<>();
        for (byte[] r : record.moveRecords()) {
            String text = new String(r, StandardCharsets.UTF_8).trim();
            moves.add(text.isEmpty() ? List.of() : List.of(text.split(" ")));
        }
        int[] used = new int[2];
        List<Walked.Ply> walked = new ArrayList<>();
        DarkChessGame game = DarkChessGame.start();
        String outcome = null;
        for (int i = 0; i < record.plies().size(); i++) {
            DarkChessRecord.Ply ply = record.plies().get(i);
            int mover = ply.mover();
            if (mover != i % 2) {
                return fail(i, mover, "moved out of turn");
            }
            if (outcome != null) {
                return fail(i, mover, "moved after the game ended (" + outcome + ")");
            }
            if (used[mover] >= moves.get(mover).size()) {
                return fail(i, mover, "revealed fewer moves than it played");
            }
            String text = moves.get(mover).get(used[mover]++);
            DarkChessGame playable = ignoringFiftyMoves(game);
            byte[] expected;
            boolean drawOnOffer = i > 0 && record.plies().get(i - 1).announcement().length == 3
                    && record.plies().get(i - 1).announcement()[0] == 3;
            if (text.equals(ChessSide.DRAW_RECORD)) {
                if (!drawOnOffer) {
                    return fail(i, mover, "accepted a draw in ply " + (i + 1) + " that the other side's last move did"
                            + " not offer");
                }
                expected = new byte[] {4, (byte) 255, 0};
                outcome = ChessSide.AGREED_DRAW;
            } else if (text.equals(ChessSide.RESIGN_RECORD)) {
                expected = new byte[] {2, (byte) 255, 0};
                outcome = ChessSide.name(Color.values()[1 - mover]) + " won: " + ChessSide.name(Color.values()[mover])
                        + " resigned";
            } else if (text.equals("none")) {
                if (!playable.legalMoves().isEmpty()) {
                    return fail(i, mover, "claimed to have no move in ply " + (i + 1) + ", but had "
                            + playable.legalMoves().size());
                }
                expected = new byte[] {1, (byte) 255, 0};
                outcome = "draw: " + ChessSide.name(game.sideToMove()) + " had no move";
            } else {
                Move move;
                try {
                    move = Move.parseUci(text);
                } catch (IllegalArgumentException e) {
                    return fail(i, mover, "revealed an unreadable move '" + text + "'");
                }
                if (!playable.isLegal(move)) {
                    return fail(i, mover, "played " + move + " in ply " + (i + 1) + ", not a legal dark-chess move in "
                            + game.position().toFen());
                }
                Optional<Square> captured = playable.capturedSquare(move);
                Position before = game.position();
                boolean king = captured.flatMap(before::pieceAt).map(p -> p.type() == PieceType.KING)
                        .orElse(false);
                // Offering a draw with the move (kind 3) is the mover's public choice; what the move did is not.
                int kind = ply.announcement().length == 3 && ply.announcement()[0] == 3 ? 3 : 0;
                expected = new byte[] {(byte) kind, (byte) (int) captured.map(Square::index).orElse(255),
                        (byte) (king ? 1 : 0)};
                game = playable.apply(move);
                if (king) {
                    outcome = ChessSide.name(Color.values()[mover]) + " won by capturing the king";
                }
            }
            walked.add(new Walked.Ply(mover, text, game, ply.announcement().length == 3
                    && ply.announcement()[0] == 3));
            if (!Arrays.equals(expected, ply.announcement())) {
                return fail(i, mover, "announced something other than what its move " + text + " did in ply " + (i + 1));
            }
            Position position = game.position();
            for (int s = 0; s < 2; s++) {
                Color color = Color.values()[s];
                if (ply.boards()[s] != null
                        && !Arrays.equals(ply.boards()[s], DarkChessQueries.secrets(position, color, QueryPhase.GENERAL))) {
                    return fail(i, s, "the board it committed after ply " + (i + 1) + " does not match the moves played");
                }
                if (ply.offers() != null && ply.offers()[s] != null) {
                    for (QueryPhase phase : QueryPhase.values()) {
                        byte[] honest = DarkChessQueries.secrets(position, color, phase);
                        byte[] offered = ply.offers()[s][phase.ordinal()];
                        for (int sq = 0; sq < 64; sq++) {
                            if (honest[sq] != offered[sq]) {
                                return fail(i, s, "falsified a vision answer: offered code " + offered[sq] + " for "
                                        + Square.of(sq) + " in the " + phase + " phase of ply " + (i + 1)
                                        + ", the truth is " + honest[sq]);
                            }
                        }
                    }
                }
            }
            for (int q = 0; q < 2; q++) {
                if (ply.announcements()[q] == null) {
                    continue;
                }
                Color querier = Color.values()[q];
                Map<Square, PieceType> own = new EnumMap<>(Square.class);
                for (Square sq : Square.values()) {
                    position.pieceAt(sq).filter(p -> p.color() == querier).ifPresent(p -> own.put(sq, p.type()));
                }
                RebuildPlan plan = RebuildPlan.start(querier, own, game.promotedSquares());
                if (!Arrays.equals(plan.announcement(), ply.announcements()[q])) {
                    return fail(i, q, "announced other pieces than it has in its rebuild of ply " + (i + 1));
                }
                if (ply.tables() != null || ply.slotted() != null) {
                    continue; // its inputs are checked with the tables, below
                }
                List<List<Integer>> honest = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                while (!plan.isDone()) {
                    int phase = plan.rounds().get(roundIndex(plan)).phase();
                    int[] choices = plan.choices();
                    byte[] secrets = DarkChessQueries.secrets(position, querier.opposite(), QueryPhase.values()[phase]);
                    int[] codes = new int[choices.length];
                    for (int k = 0; k < choices.length; k++) {
                        honest.get(phase).add(choices[k]);
                        codes[k] = secrets[choices[k]];
                    }
                    plan = plan.answer(codes);
                }
                for (int p = 0; p < 3; p++) {
                    int[] want = honest.get(p).stream().mapToInt(Integer::intValue).toArray();
                    if (!Arrays.equals(want, ply.choices()[q][p])) {
                        return fail(i, q, "asked other squares than its pieces see in the " + QueryPhase.values()[p]
                                + " phase of ply " + (i + 1));
                    }
                }
            }
            if (ply.slotted() != null) {
                Optional<Replay> cheat = checkSlotted(i, ply.slotted(), ply.announcements(), position,
                        game.promotedSquares());
                if (cheat.isPresent()) {
                    return cheat.get();
                }
            }
            if (ply.tables() != null) {
                Optional<Replay> cheat = checkTables(i, ply.tables(), position, game.promotedSquares());
                if (cheat.isPresent()) {
                    return cheat.get();
                }
            }
        }
        for (int s = 0; s < 2; s++) {
            if (used[s] != moves.get(s).size()) {
                return fail(record.plies().size(), s, "revealed more moves than it played");
            }
        }
        if (outcome == null) {
            if (!record.cappedDraw()) {
                return fail(record.plies().size(), record.plies().size() % 2, "the game ended without a result");
            }
            outcome = "draw by the ply cap";
        }
        return new Replay(Optional.empty(), outcome, List.copyOf(walked));
    }

    /**
     * The table mode's rules: every sealed entry is the truth of the position under the revealed key (else the
     * answerer falsified it), and every querier's inputs are exactly its entitlement (else it peeked).
     */
    private static Optional<Replay> checkTables(int i, DarkChessRecord.Tables tables, Position position,
            Set<Square> promoted) {
        for (int s = 0; s < 2; s++) {
            if (tables.sealed()[s] == null) {
                continue;
            }
            Color answerer = Color.values()[s];
            byte[] honest = VisionTable.table(answerer, DarkChessQueries.secrets(position, answerer, QueryPhase.GENERAL),
                    DarkChessQueries.secrets(position, answerer, QueryPhase.EN_PASSANT));
            List<byte[]> catalogue = VisionTable.encodedCatalogue(answerer.opposite());
            byte[] sealed = tables.sealed()[s];
            if (sealed.length != catalogue.size()) {
                return Optional.of(fail(i, s, "sent a table of " + sealed.length + " entries in ply " + (i + 1)));
            }
            VisionOprf.Key key;
            try {
                key = VisionOprf.Key.fromSecret(tables.keys()[s]);
            } catch (MalformedEncodingException e) {
                return Optional.of(fail(i, s, "revealed a table key that is not a scalar"));
            }
            byte[] truth = VisionOprf.seal(key, catalogue, honest);
            for (int j = 0; j < sealed.length; j++) {
                if (truth[j] != sealed[j]) {
                    return Optional.of(fail(i, s, "falsified a vision table entry: " + VisionTable.catalogue(
                            answerer.opposite()).get(j) + " in ply " + (i + 1) + " does not seal the truth "
                            + honest[j]));
                }
            }
        }
        for (int q = 0; q < 2; q++) {
            List<byte[]> asked = tables.inputs().get(q);
            if (asked == null) {
                continue;
            }
            List<VisionTable.Input> inputs = new ArrayList<>();
            for (byte[] b : asked) {
                try {
                    inputs.add(VisionTable.Input.decode(b));
                } catch (IllegalArgumentException e) {
                    return Optional.of(fail(i, q, "asked an input that is no vision-table input in ply " + (i + 1)));
                }
            }
            Optional<String> why = VisionTable.unentitled(position, promoted, Color.values()[q], inputs);
            if (why.isPresent()) {
                return Optional.of(fail(i, q, "asked beyond its entitlement in ply " + (i + 1) + ": " + why.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * ote-table's rules: every sealed entry is the truth of the position under the sealer replayed from its revealed
     * secrets (else the sealer falsified it), and every querier's inputs are exactly the slotted inputs of its true
     * pieces (else it asked beyond its entitlement). The announcements were checked against the material before.
     */
    private static Optional<Replay> checkSlotted(int i, DarkChessRecord.Slotted slotted, byte[][] announcements,
            Position position, Set<Square> promoted) {
        for (int s = 0; s < 2; s++) {
            byte[] sealed = slotted.sealed()[s];
            if (sealed == null) {
                continue;
            }
            Color querier = Color.values()[1 - s];
            int[][] candidates = ChessSide.slotCandidates(querier, announcements[1 - s]);
            byte[] truth = VisionTable.table(position, Color.values()[s]);
            Optional<VisionKkrt.Entry> falsified;
            try {
                falsified = VisionKkrt.firstFalseEntry(slotted.sealers()[s], candidates, truth, sealed);
            } catch (IllegalArgumentException wrongLength) {
                return Optional.of(fail(i, s, "sent a table of " + sealed.length + " entries in ply " + (i + 1)));
            }
            if (falsified.isPresent()) {
                int index = falsified.get().index();
                return Optional.of(fail(i, s, "falsified a vision table entry: " + VisionTable.catalogue(querier)
                        .get(index) + " (instance " + falsified.get().instance() + ") in ply " + (i + 1)
                        + " does not seal the truth " + truth[index]));
            }
        }
        for (int q = 0; q < 2; q++) {
            int[] asked = slotted.inputs()[q];
            if (asked == null) {
                continue;
            }
            Color querier = Color.values()[q];
            List<VisionTable.Input> honest = VisionTable.slottedQueries(position, promoted, querier);
            if (asked.length != honest.size()) {
                return Optional.of(fail(i, q, "asked beyond its entitlement in ply " + (i + 1) + ": " + asked.length
                        + " inputs where its pieces ask " + honest.size()));
            }
            List<VisionTable.Input> catalogue = VisionTable.catalogue(querier);
            for (int j = 0; j < asked.length; j++) {
                int want = VisionTable.indexOf(querier, honest.get(j)).orElse(VisionKkrt.PAD_INPUT);
                if (asked[j] != want) {
                    String what = asked[j] < catalogue.size() ? catalogue.get(asked[j]).toString()
                            : asked[j] == VisionKkrt.PAD_INPUT ? "padding" : "input " + asked[j];
                    return Optional.of(fail(i, q, "asked beyond its entitlement in ply " + (i + 1) + ": asked " + what
                            + " where its piece is entitled to " + honest.get(j)));
                }
            }
        }
        return Optional.empty();
    }

    private static int roundIndex(RebuildPlan plan) {
        return plan.roundIndex();
    }

    /** The same game with its halfmove clock reset: dark-chess/v1 has no fifty-move rule (quiet moves are hidden). */
    static DarkChessGame ignoringFiftyMoves(DarkChessGame game) {
        if (game.result() != DarkChessResult.DRAW_BY_FIFTY_MOVES) {
            return game;
        }
        String[] fields = game.position().toFen().split(" ");
        fields[4] = "0";
        return DarkChessGame.fromPosition(Position.fromFen(String.join(" ", fields)), game.promotedSquares());
    }
}
