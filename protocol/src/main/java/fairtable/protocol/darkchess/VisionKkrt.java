package fairtable.protocol.darkchess;

import fairtable.crypto.ot.KkrtCode;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The table of the vision rebuild delivered by the KKRT OT-extension OPRF ({@code ote-table}, docs/dark-chess.md):
 * instance j of the querier's batch (one slot of one announced piece) has its own PRF F_j, and the sealer seals,
 * for every j and every candidate x of j in ascending order, the byte value(x) ⊕ F_j(x)[0]. The querier knows F_j at
 * its input only, so it opens exactly one entry per instance. A PRF input is the entry's index in the table
 * ({@link #PAD_INPUT} for padding, which no table holds). The sealed length is the sum of the candidates' counts,
 * a function of the announced material only. Knows no chess: candidates, values and offsets come from the side.
 */
public final class VisionKkrt {
    /** The PRF input of a padding instance: outside every table (the catalogue has 1172 entries). */
    public static final int PAD_INPUT = KkrtCode.INPUTS - 1;

    private VisionKkrt() {}

    /** The PRF inputs of a batch: each instance's table index, {@link #PAD_INPUT} for padding (-1). */
    public static int[] inputs(int[] indexes) {
        int[] inputs = new int[indexes.length];
        for (int j = 0; j < indexes.length; j++) {
            if (indexes[j] >= PAD_INPUT) {
                throw new IllegalArgumentException("table index " + indexes[j] + " is not below " + PAD_INPUT);
            }
            inputs[j] = indexes[j] < 0 ? PAD_INPUT : indexes[j];
        }
        return inputs;
    }

    /** The length of the table sealed over {@code candidates}. */
    public static int sealedLength(int[][] candidates) {
        int length = 0;
        for (int[] c : candidates) {
            length += c.length;
        }
        return length;
    }

    /** An entry of a sealed table: instance j's entry for table index x. */
    public record Entry(int instance, int index) {}

    /**
     * The audit's check of a sealed table: the first entry that is not {@code values} (the truth of the replayed
     * position) sealed under {@code replayed} (the sealer rebuilt from its revealed secrets, after the same query),
     * or empty if every entry is. A table of another length is refused on receipt, so here it is a programming error.
     */
    public static Optional<Entry> firstFalseEntry(KkrtSealer replayed, int[][] candidates, byte[] values,
            byte[] sealed) {
        byte[] truth = seal(replayed, candidates, values);
        if (sealed.length != truth.length) {
            throw new IllegalArgumentException("a table of " + sealed.length + " entries where " + truth.length
                    + " are due");
        }
        int mismatch = Arrays.mismatch(truth, sealed);
        if (mismatch < 0) {
            return Optional.empty();
        }
        int offset = 0;
        for (int j = 0; j < candidates.length; j++) {
            if (mismatch < offset + candidates[j].length) {
                return Optional.of(new Entry(j, candidates[j][mismatch - offset]));
            }
            offset += candidates[j].length;
        }
        throw new IllegalStateException("a mismatch within the table lies in an instance");
    }

    /**
     * Seals {@code values} (indexed by table index) for the sealer's last query, instance j over
     * {@code candidates[j]}.
     */
    public static byte[] seal(KkrtSealer sealer, int[][] candidates, byte[] values) {
        if (sealer.instances() != candidates.length) {
            throw new IllegalArgumentException("a query of " + sealer.instances() + " instances, " + candidates.length
                    + " are due");
        }
        byte[] sealed = new byte[sealedLength(candidates)];
        int offset = 0;
        for (int j = 0; j < candidates.length; j++) {
            for (int x : candidates[j]) {
                sealer.evaluate(j, x, sealed, offset, 1);
                sealed[offset] ^= values[x];
                offset++;
            }
        }
        return sealed;
    }

    /**
     * The querier's entries: instance j's sealed byte at {@code offsets[j]} opened with F_j(x_j) (0 for padding,
     * offset -1).
     */
    public static byte[] open(KkrtQuerier querier, byte[] sealed, int[] offsets) {
        byte[] entries = new byte[offsets.length];
        for (int j = 0; j < offsets.length; j++) {
            if (offsets[j] >= 0) {
                entries[j] = (byte) (sealed[offsets[j]] ^ querier.output(j, 1)[0]);
            }
        }
        return entries;
    }

    /** What a batch is for: the game, the ply and the querier's seat, bound into every PRF value of the batch. */
    public static byte[] batchContext(byte[] gameSession, int ply, int querier) {
        byte[] context = new byte[gameSession.length + 5];
        System.arraycopy(gameSession, 0, context, 0, gameSession.length);
        context[gameSession.length] = (byte) (ply >>> 24);
        context[gameSession.length + 1] = (byte) (ply >>> 16);
        context[gameSession.length + 2] = (byte) (ply >>> 8);
        context[gameSession.length + 3] = (byte) ply;
        context[gameSession.length + 4] = (byte) querier;
        return context;
    }
}
