package fairtable.games.chess.play;

import fairtable.protocol.darkchess.DarkChessSide;
import java.util.List;
import java.util.random.RandomGenerator;

/** A dishonest player for tests: an honest side whose outputs pass through lies, keeping itself wrapped. */
final class LyingSide implements DarkChessSide {
    /** The lies; each gets the ply (moves seen so far) and the honest value. */
    interface Lies {
        default byte[] offer(int ply, int phase, byte[] honest) {
            return honest;
        }

        default byte[] board(int ply, byte[] honest) {
            return honest;
        }

        default int[] choices(int ply, int[] honest) {
            return honest;
        }

        default int[] answers(int ply, int[] received) {
            return received;
        }

        default byte[] record(byte[] honest) {
            return honest;
        }

        /** The table (oprf-table) the side offers, unsealed. */
        default byte[] table(int ply, byte[] honest) {
            return honest;
        }

        /** The table rebuild the side begins: its inputs, what it asks. */
        default TableRebuild tableRebuild(int ply, TableRebuild honest) {
            return honest;
        }

        /** The slotted rebuild (ote-table) the side begins: its table indexes, what it asks. */
        default SlottedRebuild slottedRebuild(int ply, SlottedRebuild honest) {
            return honest;
        }

        /** What the side announces of its own move. */
        default byte[] announced(int ply, byte[] honest) {
            return honest;
        }

        /** What the side makes of the opponent's announcement (a side that misreads it, or pretends to). */
        default byte[] heard(int ply, byte[] announcement) {
            return announcement;
        }
    }

    private final DarkChessSide inner;
    private final Lies lies;
    private final int ply;

    LyingSide(DarkChessSide inner, Lies lies, int ply) {
        this.inner = inner;
        this.lies = lies;
        this.ply = ply;
    }

    private LyingSide wrap(DarkChessSide side, int plies) {
        return new LyingSide(side, lies, plies);
    }

    @Override
    public Moved move(RandomGenerator random) {
        Moved m = inner.move(random);
        return m == null ? null
                : new Moved(wrap(m.side(), ply + 1), lies.announced(ply, m.announcement()), m.gameOver());
    }

    @Override
    public Moved opponentMoved(byte[] announcement) {
        Moved m = inner.opponentMoved(lies.heard(ply, announcement));
        return new Moved(wrap(m.side(), ply + 1), announcement, m.gameOver());
    }

    @Override
    public byte[] board() {
        return lies.board(ply, inner.board());
    }

    @Override
    public byte[] offer(int phase) {
        return lies.offer(ply, phase, inner.offer(phase));
    }

    @Override
    public Rebuild startRebuild() {
        Rebuild r = inner.startRebuild();
        return new Rebuild(wrap(r.side(), ply), r.announcement(), r.rounds());
    }

    @Override
    public List<Round> peerRounds(byte[] announcement) {
        return inner.peerRounds(announcement);
    }

    @Override
    public int[] nextChoices() {
        return lies.choices(ply, inner.nextChoices());
    }

    @Override
    public DarkChessSide answered(int[] codes) {
        return wrap(inner.answered(lies.answers(ply, codes)), ply);
    }

    @Override
    public List<byte[]> tableInputs() {
        return inner.tableInputs();
    }

    @Override
    public byte[] table() {
        return lies.table(ply, inner.table());
    }

    @Override
    public TableRebuild startTableRebuild() {
        return lies.tableRebuild(ply, inner.startTableRebuild());
    }

    @Override
    public int peerTableQueries(byte[] announcement) {
        return inner.peerTableQueries(announcement);
    }

    @Override
    public DarkChessSide tableAnswered(byte[] entries) {
        return wrap(inner.tableAnswered(entries), ply);
    }

    @Override
    public SlottedRebuild startSlottedRebuild() {
        return lies.slottedRebuild(ply, inner.startSlottedRebuild());
    }

    @Override
    public int[][] peerSlotCandidates(byte[] announcement) {
        return inner.peerSlotCandidates(announcement);
    }

    @Override
    public DarkChessSide slottedTableAnswered(byte[] entries) {
        return wrap(inner.slottedTableAnswered(entries), ply);
    }

    @Override
    public DarkChessSide rebuiltAgainstPublicBoard() {
        DarkChessSide rebuilt = inner.rebuiltAgainstPublicBoard();
        return rebuilt == null ? null : wrap(rebuilt, ply);
    }

    @Override
    public byte[] record() {
        return lies.record(inner.record());
    }


    /** The honest side's state; the lies belong to the test and are not state. */
    @Override
    public byte[] toBytes() {
        return inner.toBytes();
    }
}
