package fairtable.crypto.ot;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Scalar;
import java.util.Arrays;

/**
 * The after-game checks of the KKRT oblivious PRF ({@link KkrtQuerier}, Kolesnikov–Kumaresan–Rosulek–Trieu 2016
 * with the Orrù–Orsini–Scholl check, 2017), from the transcript and the revealed secrets: the sealer's s and b_i
 * (revealed first, since r would let it reopen a PK_i to the other choice), then the querier's r and inputs. Every
 * check is static and deterministic; a failed check throws {@link InvalidOtMessageException} whose one line names
 * the party and what it lied about.
 */
public final class KkrtAudit {
    private KkrtAudit() {}

    /** Checks that the revealed r is behind R: R = r·G. Returns r. */
    public static Scalar checkQuerierSecret(byte[] baseSetup, byte[] revealedSecret) {
        byte[] encodedR = KkrtSealer.readBaseSetup(baseSetup);
        WireReader in = new WireReader(revealedSecret, "KKRT audit: the querier's revealed r");
        Scalar secret = KkrtQuerier.readSecret(in, "r");
        in.expectEnd();
        if (!Arrays.equals(FixedBaseTable.GENERATOR.multiply(secret).encode(), encodedR)) {
            throw in.fail("r·G is not the R the querier sent");
        }
        return secret;
    }

    /**
     * Checks every PK_i against the sealer's revealed choices (PK_{s_i, i} = b_i·G, with PK_{1, i} = C_i − PK_i) and
     * returns the sealer they define, its seeds derived from the querier's R, so that the audit can replay each
     * query ({@link KkrtSealer#receiveQuery}) and recompute every sealed value ({@link KkrtSealer#evaluate}).
     */
    public static KkrtSealer replaySealer(byte[] gameContext, byte[] baseKeys, byte[] baseSetup,
            byte[] revealedChoices) {
        KkrtQuerier.readBaseKeys(gameContext, baseKeys);
        WireReader in = new WireReader(revealedChoices, "KKRT audit: the sealer's revealed choices");
        long[] choices = new long[KkrtCode.WORDS];
        Scalar[] blinds = KkrtSealer.readChoices(in, choices);
        in.expectEnd();
        for (int i = 0; i < KkrtCode.WIDTH; i++) {
            byte[] expected = KkrtSealer.baseKey(gameContext, i, KkrtSealer.choiceBit(choices, i), blinds[i])
                    .encode();
            if (!Arrays.equals(expected, Arrays.copyOfRange(baseKeys, 1 + 32 * i, 33 + 32 * i))) {
                throw in.fail("PK_" + i + " is not the key s_" + i + " and b_" + i + " make");
            }
        }
        KkrtSealer sealer = KkrtSealer.withSecrets(gameContext.clone(), choices, blinds, baseKeys.clone());
        sealer.receiveBaseSetup(baseSetup);
        return sealer;
    }

    /**
     * Checks that {@code query} is exactly the query the querier's revealed r and the claimed inputs make: the seeds
     * follow from r and the PK_i, each mask input from its check row (x~_r minus the claimed inputs it combines), and
     * the whole message is rebuilt and compared byte for byte.
     */
    public static void checkQuery(byte[] gameContext, byte[] baseKeys, byte[] baseSetup, byte[] revealedSecret,
            byte[] batchContext, int[] claimedInputs, byte[] query) {
        Scalar secret = checkQuerierSecret(baseSetup, revealedSecret);
        KkrtQuerier querier = KkrtQuerier.fromSecret(gameContext, secret, baseKeys);
        checkQuery(querier, gameContext, batchContext, claimedInputs, query);
    }

    /**
     * The same against a querier already rebuilt from r and the base keys ({@link #replayQuerier}), so that an
     * audit of many batches derives the seeds once.
     */
    public static void checkQuery(KkrtQuerier querier, byte[] gameContext, byte[] batchContext, int[] claimedInputs,
            byte[] query) {
        WireReader in = new WireReader(query, "KKRT audit: the querier's query");
        in.expectTag(KkrtQuerier.QUERY_TAG);
        long number = in.u32();
        int m = in.u16();
        if (m != claimedInputs.length) {
            throw in.fail("batch " + number + " holds " + m + " instances, the querier claims "
                    + claimedInputs.length + " inputs");
        }
        for (int input : claimedInputs) {
            KkrtCode.checkInput(input);
        }
        int n = m + KkrtQuerier.CHECKS;
        int columnsEnd = 7 + KkrtCode.WIDTH * ((n + 7) / 8);
        if (query.length != columnsEnd + KkrtQuerier.CHECKS * KkrtQuerier.CHECK_BYTES) {
            throw in.fail("batch " + number + " has " + query.length + " bytes, not a query of " + m + " instances");
        }
        long[] challenge = KkrtBits.challenge(gameContext, number, batchContext, Arrays.copyOf(query, columnsEnd),
                KkrtQuerier.CHECKS, m);
        int mWords = KkrtBits.words(m);
        int[] masks = new int[KkrtQuerier.CHECKS];
        for (int r = 0; r < KkrtQuerier.CHECKS; r++) {
            int offset = columnsEnd + r * KkrtQuerier.CHECK_BYTES;
            int mask = ((query[offset] & 0xff) << 8 | (query[offset + 1] & 0xff)) % KkrtCode.INPUTS;
            for (int j = 0; j < m; j++) {
                if (((challenge[r * mWords + j / 64] >>> (j % 64)) & 1) != 0) {
                    mask ^= claimedInputs[j];
                }
            }
            masks[r] = mask;
        }
        byte[] rebuilt = querier.build(number, batchContext.clone(), claimedInputs.clone(), masks).message();
        if (!Arrays.equals(rebuilt, query)) {
            throw in.fail("batch " + number + " is not made from the revealed r and the claimed inputs");
        }
    }

    /** The querier behind the revealed r (checked against R) and the base keys: its seeds, for {@link #checkQuery}. */
    public static KkrtQuerier replayQuerier(byte[] gameContext, byte[] baseKeys, byte[] baseSetup,
            byte[] revealedSecret) {
        return KkrtQuerier.fromSecret(gameContext, checkQuerierSecret(baseSetup, revealedSecret), baseKeys);
    }
}
