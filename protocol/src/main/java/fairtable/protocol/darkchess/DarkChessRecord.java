package fairtable.protocol.darkchess;

import java.util.List;

/**
 * What the audit established from the cryptography of a finished game, handed to the {@link DarkChessVerifier}
 * for the rules: per ply the mover, its announcement, each seat's opened board and, for each rebuild, the items
 * the answerer really offered (recovered from its revealed OT secrets) and the squares the querier really asked.
 * Seat-indexed arrays hold null where a seat did nothing in that ply (after the final move).
 */
public record DarkChessRecord(List<String> names, List<Ply> plies, List<byte[]> moveRecords, boolean cappedDraw) {

    /**
     * @param boards per seat, its opened 64 codes after this ply
     * @param announcements per querier seat, its rebuild announcement
     * @param offers per answerer seat and phase, the 64 items it offered
     * @param choices per querier seat and phase, the squares asked in order
     */
    public record Ply(int mover, byte[] announcement, byte[][] boards, byte[][] announcements, byte[][][] offers,
            int[][][] choices) {}
}
