package fairtable.protocol.darkchess;

import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One seat's game knowledge, supplied by the rules layer (games) so that this protocol layer stays free of chess:
 * what it commits to, what it offers through oblivious transfer, how it chooses queries and what it concludes from
 * answers. Immutable: every change returns a new side, so a refused message leaves the party unchanged.
 * Methods that judge the peer throw {@link IllegalArgumentException} for anything an honest peer cannot send.
 */
public interface DarkChessSide {
    /** The three query phases, in order: general, pawn-ahead, en passant. */
    int PHASES = 3;

    /** One round of a rebuild: a batch of {@code size} queries against the offer of {@code phase}. */
    record Round(int phase, int size) {
        public Round {
            if (phase < 0 || phase >= PHASES || size < 1) {
                throw new IllegalArgumentException("bad round " + phase + "/" + size);
            }
        }
    }

    /** The side after a move, the public announcement of the move, and the result if it ended the game. */
    record Moved(DarkChessSide side, byte[] announcement, Optional<String> gameOver) {}

    /** The side with a rebuild begun, its public announcement (the pieces that query) and its rounds. */
    record Rebuild(DarkChessSide side, byte[] announcement, List<Round> rounds) {}

    /**
     * Chooses and plays this seat's move (or announces it has none); or returns null when the move is not chosen
     * yet (a person who types it later), and the party waits for {@link DarkChessParty#move}.
     */
    Moved move(RandomGenerator random);

    /**
     * Takes the peer's announcement of its move.
     *
     * @throws ContradictsOwnPieces if the announcement contradicts this side's own pieces (a capture where it has none)
     */
    Moved opponentMoved(byte[] announcement);

    /**
     * An announcement no honest peer makes, refused for what this side's own (secret) pieces are: whether it is
     * refused tells the peer something of them, so the party stops the game rather than wait for another.
     */
    final class ContradictsOwnPieces extends IllegalArgumentException {
        public ContradictsOwnPieces(String message) {
            super(message);
        }
    }

    /** This seat's 64 square codes now: what it commits to after every ply. */
    byte[] board();

    /** The 64 one-byte items this seat offers in {@code phase} of the peer's rebuild now. */
    byte[] offer(int phase);

    /** Begins this seat's vision rebuild. */
    Rebuild startRebuild();

    /** The rounds the peer's rebuild announcement implies, checked against what this seat knows of the peer. */
    List<Round> peerRounds(byte[] announcement);

    /** The choices (squares 0..63) of the next round of this seat's rebuild. */
    int[] nextChoices();

    /** Takes the answers to the last round of choices. */
    DarkChessSide answered(int[] codes);

    // ---- the one-round-trip rebuild (oprf-table). The cryptography (sealing, blinding, proofs) is the party's, in
    // VisionOprf; the side says only what the rules decide: which entries a table holds, which a querier asks, and
    // what the opened entries mean. A side that plays only the rounds protocol refuses these.

    /**
     * This seat's table rebuild, begun: the public announcement (as {@link Rebuild}'s), the padded inputs it asks, where
     * each sits in the peer's table (-1 for padding, which no table holds) and the size of that table.
     */
    record TableRebuild(byte[] announcement, List<byte[]> inputs, int[] indexes, int tableSize) {}

    /** The public inputs of the table this seat offers the peer, in the table's order. */
    default List<byte[]> tableInputs() {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** The entries of the table this seat offers the peer now, aligned with {@link #tableInputs()}. */
    default byte[] table() {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** Begins this seat's table rebuild; the side itself does not change until {@link #tableAnswered}. */
    default TableRebuild startTableRebuild() {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** The number of inputs the peer's rebuild announcement implies, checked against what this seat knows of the peer. */
    default int peerTableQueries(byte[] announcement) {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** Takes the opened entries of this seat's table rebuild (aligned with its inputs) and rebuilds its view. */
    default DarkChessSide tableAnswered(byte[] entries) {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    // ---- the slotted rebuild (ote-table): the same table, each of the querier's instances sealed over its own
    // candidates by the KKRT OT-extension OPRF (VisionKkrt); the side says which entries each instance may ask.

    /**
     * This seat's slotted rebuild, begun: the public announcement, the padded inputs (8 per piece, by slot), each
     * instance's index into the peer's {@link #table()} (-1 for padding), where its entry sits in the peer's sealed
     * table (-1 for padding) and that sealed table's length.
     */
    record SlottedRebuild(byte[] announcement, List<byte[]> inputs, int[] indexes, int[] offsets, int tableSize) {}

    /** Begins this seat's slotted rebuild; the side itself does not change until {@link #slottedTableAnswered}. */
    default SlottedRebuild startSlottedRebuild() {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /**
     * For each of the peer's instances (8 per announced piece, in the announcement's order) the indexes into
     * {@link #table()} it may ask, ascending: what a slotted table seals for it. Checked as {@link #peerTableQueries}.
     */
    default int[][] peerSlotCandidates(byte[] announcement) {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** Takes the opened entries of this seat's slotted rebuild (aligned with its inputs) and rebuilds its view. */
    default DarkChessSide slottedTableAnswered(byte[] entries) {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /**
     * This seat's slotted rebuild made without the peer when the peer's board is public (White after its first move:
     * Black's pieces stand where they started), so that ply 1 needs no query from White; null when it is not.
     */
    default DarkChessSide rebuiltAgainstPublicBoard() {
        throw new UnsupportedOperationException("this side plays only the rounds protocol");
    }

    /** What this seat reveals at the end for the audit: its moves. */
    byte[] record();

    /**
     * The canonical encoding of this side's whole state, a rebuild in progress included, for party snapshots;
     * it is private knowledge, keep it as secret as the snapshot.
     */
    byte[] toBytes();

    /** Turns {@link #toBytes()} back into a side; supplied by the rules layer, which alone can build one. */
    @FunctionalInterface
    interface Decoder {
        /** @throws MalformedMessageException if the bytes are not a side's encoding */
        DarkChessSide decode(byte[] bytes) throws MalformedMessageException;
    }
}
