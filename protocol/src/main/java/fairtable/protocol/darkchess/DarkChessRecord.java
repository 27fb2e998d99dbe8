package fairtable.protocol.darkchess;

import fairtable.crypto.ot.KkrtSealer;
import java.util.List;

/**
 * What the audit established from the cryptography of a finished game, handed to the {@link DarkChessVerifier}
 * for the rules: per ply the mover, its announcement, each seat's opened board and, for each rebuild, what the
 * answerer really offered and what the querier really asked: in the rounds protocol the OT items (recovered from the
 * revealed OT secrets) and the squares asked; in the table mode the sealed table with its revealed key and the
 * revealed inputs. Seat-indexed arrays hold null where a seat did nothing in that ply (after the final move).
 */
public record DarkChessRecord(List<String> names, List<Ply> plies, List<byte[]> moveRecords, boolean cappedDraw) {

    /**
     * @param boards per seat, its opened 64 codes after this ply
     * @param announcements per querier seat, its rebuild announcement
     * @param offers per answerer seat and phase, the 64 items it offered (rounds protocol; null in the table mode)
     * @param choices per querier seat and phase, the squares asked in order (rounds protocol; null in the table mode)
     * @param tables the table rebuild's evidence (oprf-table; null otherwise)
     * @param slotted the slotted table rebuild's evidence (ote-table; null otherwise)
     */
    public record Ply(int mover, byte[] announcement, byte[][] boards, byte[][] announcements, byte[][][] offers,
            int[][][] choices, Tables tables, Slotted slotted) {
        /** A ply of the rounds protocol or of oprf-table. */
        public Ply(int mover, byte[] announcement, byte[][] boards, byte[][] announcements, byte[][][] offers,
                int[][][] choices, Tables tables) {
            this(mover, announcement, boards, announcements, offers, choices, tables, null);
        }

        /** A ply of the rounds protocol. */
        public Ply(int mover, byte[] announcement, byte[][] boards, byte[][] announcements, byte[][][] offers,
                int[][][] choices) {
            this(mover, announcement, boards, announcements, offers, choices, null);
        }
    }

    /**
     * The table rebuilds of one ply, checked against the transcript by the cryptographic audit: every K is k·G for
     * the revealed k, every answer is k·α, every α the blinding of the revealed input. What is left is the rules': is
     * each sealed entry the truth under k, and is each querier's input list its entitlement.
     *
     * @param sealed per answerer seat, the sealed table it sent
     * @param keys per answerer seat, its revealed table key k (32 bytes)
     * @param inputs per querier seat, the inputs it asked, in order
     */
    public record Tables(byte[][] sealed, byte[][] keys, List<List<byte[]>> inputs) {}

    /**
     * The slotted (ote-table) rebuilds of one ply, checked against the transcript by the cryptographic audit: every
     * PK_i follows from the sealer's revealed s and b_i, every R from the querier's r, and every query is made from
     * the revealed inputs. What is left is the rules': is each sealed entry the truth ({@link
     * VisionKkrt#firstFalseEntry} under the replayed sealer), and is each querier's input list its entitlement.
     *
     * @param sealed per sealer seat, the sealed table it sent (null if none)
     * @param sealers per sealer seat, the sealer replayed from its revealed secrets right after the query it sealed for
     * @param inputs per querier seat, its PRF inputs (table indexes, {@link VisionKkrt#PAD_INPUT} for padding)
     */
    public record Slotted(byte[][] sealed, KkrtSealer[] sealers, int[][] inputs) {}
}
