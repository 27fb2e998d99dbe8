package fairtable.protocol.mahjong;

import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongMessage.Attack;
import fairtable.protocol.mahjong.MahjongMessage.Confirm;
import fairtable.protocol.mahjong.MahjongMessage.Pick;
import fairtable.protocol.mahjong.MahjongMessage.Result;
import fairtable.protocol.mahjong.MahjongMessage.Reveal;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.mahjong.MahjongMessage.Step;
import fairtable.protocol.mahjong.MahjongMessage.Strip;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The public state of a mahjong-shogi/v1 game: the board without kinds, whose turn it is, the battle under way,
 * and the reveals. Both parties and the auditor run it, so all three refuse the same messages. {@link #parse}
 * validates a message against the state without changing it; {@link #apply} records it.
 *
 * <p>Order: seat 0's setup, seat 1's setup, then moves alternating from seat 0. An attack is followed by pick
 * (defender), strip (attacker), result (defender) and confirm (attacker). When the game is over, or when a party
 * stops it by revealing, each party reveals once.
 */
public final class MahjongObserver {
    enum Phase { SETUP, PLAY, PICK, STRIP, RESULT, CONFIRM, OVER, DONE }

    /** A message accepted at a step from a seat. */
    public record Event(int step, int seat, MahjongMessage message) {}

    /** One battle as the transcript shows it; later fields stay null until their message arrives. */
    public static final class Battle {
        public final int number;
        public final int attacker;
        public final int attackerTile;
        public final int defenderTile;
        public final int from;
        public final int to;
        public final List<Element> row;
        public final int attackStep;
        Element pick;
        int pickStep;
        Element strip;
        int stripStep;
        int result = -1;
        boolean defenderKingLost;
        int resultStep;
        boolean attackerKingLost;
        int confirmStep;

        Battle(int number, int attacker, int attackerTile, int defenderTile, int from, int to, List<Element> row, int step) {
            this.number = number;
            this.attacker = attacker;
            this.attackerTile = attackerTile;
            this.defenderTile = defenderTile;
            this.from = from;
            this.to = to;
            this.row = row;
            this.attackStep = step;
        }

        public int defender() {
            return 1 - attacker;
        }

        /** The announced result, or -1 if not announced yet. */
        public int result() {
            return result;
        }

        public boolean isConfirmed() {
            return confirmStep > 0;
        }

        public boolean attackerKingLost() {
            return attackerKingLost;
        }

        public boolean defenderKingLost() {
            return defenderKingLost;
        }
    }

    /** A move in the order played: {@code battle} is the index of the battle it started, or -1 for a plain step. */
    public record Played(int seat, int from, int to, int battle) {}

    /** How the game ended: winner -1 for a draw. */
    public record Outcome(int winner, String reason) {}

    private static final int EMPTY = -1;

    private final MahjongParameters params;
    private final List<String> names;
    private Phase phase = Phase.SETUP;
    private int nextStep = 1;
    private final Setup[] setups = new Setup[2];
    private final int[] board = new int[MahjongParameters.BOARD * MahjongParameters.BOARD];
    private int turn;
    private int movesMade;
    private final List<Battle> battles = new ArrayList<>();
    private final List<Played> played = new ArrayList<>();
    private final Reveal[] reveals = new Reveal[2];
    private final int[] revealSteps = new int[2];
    private Outcome outcome;

    public MahjongObserver(MahjongParameters params, List<String> names) {
        this.params = params;
        this.names = List.copyOf(names);
        Arrays.fill(board, EMPTY);
    }

    public MahjongParameters parameters() {
        return params;
    }

    public int nextStep() {
        return nextStep;
    }

    /** Validates a non-hello message against the public state, without changing it. */
    public Event parse(Envelope e) throws ProtocolViolation {
        int seat = e.sender();
        String who = seat < names.size() ? names.get(seat) : "at seat " + seat;
        if (seat < 0 || seat > 1) {
            throw new ProtocolViolation(e.step(), who, "this protocol has seats 0 and 1");
        }
        if (e.step() != nextStep) {
            throw new ProtocolViolation(e.step(), who, "step " + e.step() + " where step " + nextStep + " was due");
        }
        MahjongMessage m;
        try {
            m = MahjongMessage.decode(e.type(), e.body(), params);
        } catch (MalformedMessageException ex) {
            throw new ProtocolViolation(e.step(), who, "malformed " + e.type() + ": " + ex.getMessage());
        }
        String problem = check(seat, m);
        if (problem != null) {
            throw new ProtocolViolation(e.step(), who, problem);
        }
        return new Event(e.step(), seat, m);
    }

    /** Why {@code seat} may not send {@code m} now, or null if it may. */
    private String check(int seat, MahjongMessage m) {
        if (m instanceof Reveal r) {
            if (phase == Phase.SETUP || phase == Phase.DONE) {
                return "no reveal is possible " + (phase == Phase.SETUP ? "before both setups" : "after both reveals");
            }
            if (reveals[seat] != null) {
                return "has revealed already";
            }
            if (r.keys().size() != keysUsedBy(seat)) {
                return "reveals " + r.keys().size() + " battle keys, it used " + keysUsedBy(seat);
            }
            for (BigInteger k : r.keys()) {
                if (!params.group().isInvertible(k) || k.compareTo(params.group().exponentModulus()) >= 0) {
                    return "reveals a battle key that is not an invertible reduced exponent";
                }
            }
            if (r.openings().size() != params.tiles()) {
                return "reveals " + r.openings().size() + " openings for " + params.tiles() + " tiles";
            }
            return null;
        }
        return switch (phase) {
            case SETUP -> m instanceof Setup s ? checkSetup(seat, s) : "expected a setup, got " + m.type();
            case PLAY -> {
                if (seat != turn) {
                    yield "moves out of turn: it is " + names.get(turn) + "'s move";
                }
                if (m instanceof Step s) {
                    yield checkMove(seat, s.from(), s.to(), false);
                }
                if (m instanceof Attack a) {
                    yield checkMove(seat, a.from(), a.to(), true);
                }
                yield "expected a move, got " + m.type();
            }
            case PICK -> {
                String wrong = expect(seat, current().defender(), m, Pick.class);
                // An entry sent back unchanged would come out of the strip in clear, for everyone to see.
                yield wrong != null ? wrong
                        : current().row.contains(((Pick) m).value()) ? "picks a row entry without adding its key" : null;
            }
            case STRIP -> expect(seat, current().attacker, m, Strip.class);
            case RESULT -> {
                String wrong = expect(seat, current().defender(), m, Result.class);
                if (wrong != null) {
                    yield wrong;
                }
                Result r = (Result) m;
                if (r.result() > 2) {
                    yield "announces result " + r.result() + "; results are 0, 1 and 2";
                }
                yield r.kingLost() && !MahjongTable.defenderRemoved(r.result())
                        ? "claims its king fell in a battle its tile won" : null;
            }
            case CONFIRM -> {
                String wrong = expect(seat, current().attacker, m, Confirm.class);
                if (wrong != null) {
                    yield wrong;
                }
                Confirm c = (Confirm) m;
                Battle b = current();
                if (c.kingLost() && !MahjongTable.attackerRemoved(b.result)) {
                    yield "claims its king fell in a battle its tile won";
                }
                yield b.result == MahjongTable.DRAW && c.kingLost() != b.defenderKingLost
                        ? "equal kinds are both kings or neither, but the two king flags differ" : null;
            }
            case OVER -> "the game is over; only reveals may follow";
            case DONE -> "the game is over";
        };
    }

    private String expect(int seat, int expectedSeat, MahjongMessage m, Class<?> type) {
        if (seat != expectedSeat) {
            return "it is " + names.get(expectedSeat) + "'s turn in the battle";
        }
        return type.isInstance(m) ? null : "expected " + type.getSimpleName().toLowerCase() + ", got " + m.type();
    }

    private String checkSetup(int seat, Setup s) {
        int expected = setups[0] == null ? 0 : 1;
        if (seat != expected) {
            return "sets up out of turn: " + names.get(expected) + " sets up first";
        }
        if (s.squares().size() != params.tiles()) {
            return "places " + s.squares().size() + " tiles, the tile set has " + params.tiles();
        }
        int previous = -1;
        for (int sq : s.squares()) {
            if (sq <= previous) {
                return "the squares are not listed once each in increasing order";
            }
            if (!isHome(seat, sq)) {
                return "places a tile on " + squareName(sq) + ", outside its three home ranks";
            }
            previous = sq;
        }
        if (s.commitments().size() != params.tiles()) {
            return "sends " + s.commitments().size() + " commitments for " + params.tiles() + " tiles";
        }
        int length = 32;
        if (params.mode() == MahjongMode.FAITHFUL) {
            BigInteger n = s.rsaModulus();
            if (n.bitLength() != params.rsaBits() || !n.testBit(0)) {
                return "the RSA modulus is not an odd " + params.rsaBits() + "-bit number";
            }
            length = TileCommitments.modulusLength(n);
        } else if (s.rsaModulus().signum() != 0) {
            return "sends an RSA modulus, which only the faithful mode uses";
        }
        Set<String> seen = new HashSet<>();
        for (byte[] c : s.commitments()) {
            if (c.length != length) {
                return "a commitment is " + c.length + " bytes, not " + length;
            }
            if (params.mode() == MahjongMode.FAITHFUL && new BigInteger(1, c).compareTo(s.rsaModulus()) >= 0) {
                return "a commitment is not below the RSA modulus";
            }
            if (!seen.add(Arrays.toString(c))) {
                return "two commitments are equal";
            }
        }
        return null;
    }

    private String checkMove(int seat, int from, int to, boolean attack) {
        int squares = board.length;
        if (from >= squares || to >= squares) {
            return "names a square off the board";
        }
        if (Math.abs(from % 9 - to % 9) + Math.abs(from / 9 - to / 9) != 1) {
            return "moves " + squareName(from) + "-" + squareName(to) + ", not one square orthogonally";
        }
        if (board[from] == EMPTY || ownerAt(from) != seat) {
            return "has no tile on " + squareName(from);
        }
        if (board[to] == EMPTY) {
            return attack ? "attacks the empty square " + squareName(to) : null;
        }
        if (ownerAt(to) == seat) {
            return "moves onto its own tile on " + squareName(to);
        }
        return attack ? null : "steps onto an opponent's tile on " + squareName(to) + " without attacking";
    }

    /** Records a message that {@link #parse} accepted. */
    public void apply(Event event) {
        MahjongMessage m = event.message();
        int seat = event.seat();
        nextStep = event.step() + 1;
        if (m instanceof Setup s) {
            setups[seat] = s;
            for (int id = 0; id < s.squares().size(); id++) {
                board[s.squares().get(id)] = seat << 5 | id;
            }
            if (seat == 1) {
                phase = Phase.PLAY;
                turn = 0;
                checkMover();
            }
        } else if (m instanceof Step s) {
            played.add(new Played(seat, s.from(), s.to(), -1));
            board[s.to()] = board[s.from()];
            board[s.from()] = EMPTY;
            afterMove();
        } else if (m instanceof Attack a) {
            played.add(new Played(seat, a.from(), a.to(), battles.size()));
            battles.add(new Battle(battles.size(), seat, board[a.from()] & 31, board[a.to()] & 31, a.from(), a.to(),
                    a.row(), event.step()));
            phase = Phase.PICK;
        } else if (m instanceof Pick p) {
            current().pick = p.value();
            current().pickStep = event.step();
            phase = Phase.STRIP;
        } else if (m instanceof Strip s) {
            current().strip = s.value();
            current().stripStep = event.step();
            phase = Phase.RESULT;
        } else if (m instanceof Result r) {
            current().result = r.result();
            current().defenderKingLost = r.kingLost();
            current().resultStep = event.step();
            phase = Phase.CONFIRM;
        } else if (m instanceof Confirm c) {
            Battle b = current();
            b.attackerKingLost = c.kingLost();
            b.confirmStep = event.step();
            if (MahjongTable.attackerRemoved(b.result)) {
                board[b.from] = EMPTY;
            }
            if (b.result == MahjongTable.ATTACKER_WINS) {
                board[b.to] = board[b.from];
                board[b.from] = EMPTY;
            } else if (b.result == MahjongTable.DRAW) {
                board[b.to] = EMPTY;
            }
            if (b.attackerKingLost && b.defenderKingLost) {
                end(new Outcome(-1, "both kings fell in one battle"));
            } else if (b.attackerKingLost) {
                end(new Outcome(b.defender(), names.get(b.attacker) + "'s king fell attacking"));
            } else if (b.defenderKingLost) {
                end(new Outcome(b.attacker, names.get(b.defender()) + "'s king was captured"));
            } else {
                afterMove();
            }
        } else if (m instanceof Reveal r) {
            reveals[seat] = r;
            revealSteps[seat] = event.step();
            if (outcome == null) {
                outcome = new Outcome(-1, names.get(seat) + " stopped the game by revealing");
            }
            phase = reveals[0] != null && reveals[1] != null ? Phase.DONE : Phase.OVER;
        }
    }

    private void afterMove() {
        movesMade++;
        turn = 1 - turn;
        if (movesMade >= params.moveLimit()) {
            end(new Outcome(-1, "the move limit of " + params.moveLimit() + " was reached"));
            return;
        }
        phase = Phase.PLAY;
        checkMover();
    }

    private void checkMover() {
        if (legalMoves(turn).isEmpty()) {
            end(new Outcome(1 - turn, names.get(turn) + " has no legal move"));
        }
    }

    private void end(Outcome result) {
        outcome = result;
        phase = Phase.OVER;
    }

    private int keysUsedBy(int seat) {
        int used = 0;
        for (Battle b : battles) {
            if (b.attacker == seat || b.pick != null) {
                used++;
            }
        }
        return used;
    }

    // ---- Queries. ----

    /** The moves {@code seat} could make now, as {from, to} pairs (attacks included). */
    public List<int[]> legalMoves(int seat) {
        List<int[]> moves = new ArrayList<>();
        for (int from = 0; from < board.length; from++) {
            if (board[from] == EMPTY || ownerAt(from) != seat) {
                continue;
            }
            int file = from % 9;
            int rank = from / 9;
            int[][] deltas = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
            for (int[] d : deltas) {
                int f = file + d[0];
                int r = rank + d[1];
                if (f < 0 || f > 8 || r < 0 || r > 8) {
                    continue;
                }
                int to = r * 9 + f;
                if (board[to] == EMPTY || ownerAt(to) != seat) {
                    moves.add(new int[] {from, to});
                }
            }
        }
        return moves;
    }

    /** The owner of the tile on {@code square}, or -1. */
    public int ownerAt(int square) {
        return board[square] == EMPTY ? -1 : board[square] >> 5;
    }

    /** The id of the tile on {@code square} (its index in its owner's setup), or -1. */
    public int tileAt(int square) {
        return board[square] == EMPTY ? -1 : board[square] & 31;
    }

    public Optional<Setup> setup(int seat) {
        return Optional.ofNullable(setups[seat]);
    }

    public boolean isPlaying() {
        return phase == Phase.PLAY;
    }

    public boolean isSetUp() {
        return setups[1] != null;
    }

    public boolean isOver() {
        return phase == Phase.OVER || phase == Phase.DONE;
    }

    public boolean isDone() {
        return phase == Phase.DONE;
    }

    public int turn() {
        return turn;
    }

    public int movesMade() {
        return movesMade;
    }

    public List<Battle> battles() {
        return List.copyOf(battles);
    }

    Battle current() {
        return battles.get(battles.size() - 1);
    }

    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    public boolean hasRevealed(int seat) {
        return reveals[seat] != null;
    }

    Reveal reveal(int seat) {
        return reveals[seat];
    }

    int revealStep(int seat) {
        return revealSteps[seat];
    }

    /** Every move so far, in order. */
    public List<Played> moves() {
        return List.copyOf(played);
    }

    /** Seat 0's home is ranks 0..2 (squares 0..26), seat 1's ranks 6..8. */
    public static boolean isHome(int seat, int square) {
        int rank = square / 9;
        return seat == 0 ? rank < MahjongParameters.HOME_RANKS : rank >= 9 - MahjongParameters.HOME_RANKS && rank < 9;
    }

    public static String squareName(int square) {
        return (char) ('a' + square % 9) + Integer.toString(square / 9 + 1);
    }

    public String awaiting() {
        return switch (phase) {
            case SETUP -> names.get(setups[0] == null ? 0 : 1) + "'s setup";
            case PLAY -> names.get(turn) + "'s move";
            case PICK -> names.get(current().defender()) + "'s pick";
            case STRIP -> names.get(current().attacker) + "'s strip";
            case RESULT -> names.get(current().defender()) + "'s result";
            case CONFIRM -> names.get(current().attacker) + "'s confirmation";
            case OVER -> "the reveal of " + (reveals[0] == null && reveals[1] == null ? "both players"
                    : names.get(reveals[0] == null ? 0 : 1));
            case DONE -> "nothing: the game is over and both players revealed";
        };
    }
}
