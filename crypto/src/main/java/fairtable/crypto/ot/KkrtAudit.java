package fairtable.crypto.ot;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.util.Arrays;

/**
 * The after-game checks of the KKRT oblivious PRF ({@link KkrtQuerier}, Kolesnikov–Kumaresan–Rosulek–Trieu 2016
 * with the Orrù–Orsini–Scholl check, 2017), from the transcript and the revealed secrets: the sealer's s and b_i
 * (revealed first, since a would let it reopen a B_i to the other choice), then the querier's a and inputs. Every
 * check is static and deterministic; a failed check throws {@link InvalidOtMessageException} whose one line names
 * the party and what it lied about.
 */
public final class KkrtAudit {
    private KkrtAudit() {}

    /** Checks that the revealed a is behind A: A = a·G. Returns a. */
    public static Scalar checkQuerierSecret(byte[] baseSetup, byte[] revealedSecret) {
        byte[] encodedA = KkrtSealer.readBaseSetup(baseSetup);
        WireReader in = new WireReader(revealedSecret, "KKRT audit: the querier's revealed a");
        Scalar secret = KkrtQuerier.readSecret(in, "a");
        in.expectEnd();
        if (!Arrays.equals(FixedBaseTable.GENERATOR.multiply(secret).encode(), encodedA)) {
            throw in.fail("a·G is not the A the querier sent");
        }
        return secret;
    }

    /**
     * Checks every B_i = s_i·A + b_i·G against the sealer's revealed choices and returns the sealer they define, so
     * that the audit can replay each query ({@link KkrtSealer#receiveQuery}) and recompute every sealed value
     * ({@link KkrtSealer#evaluate}).
     */
    public static KkrtSealer replaySealer(byte[] gameContext, byte[] baseSetup, byte[] baseChoices,
            byte[] revealedChoices) {
        byte[] encodedA = KkrtSealer.readBaseSetup(baseSetup);
        byte[][] points = KkrtQuerier.readBaseChoices(baseChoices, encodedA);
        WireReader in = new WireReader(revealedChoices, "KKRT audit: the sealer's revealed choices");
        long[] choices = new long[KkrtCode.WORDS];
        Scalar[] blinds = KkrtSealer.readChoices(in, choices);
        in.expectEnd();
        RistrettoPoint pointA = ChouOrlandiTransfer.decodePoint(encodedA, in, "point A");
        for (int i = 0; i < KkrtCode.WIDTH; i++) {
            byte[] expected = KkrtSealer.choicePoint(pointA, KkrtSealer.choiceBit(choices, i), blinds[i]).encode();
            if (!Arrays.equals(expected, points[i])) {
                throw in.fail("B_" + i + " is not s_" + i + "·A + b_" + i + "·G");
            }
        }
        return KkrtSealer.withSecrets(gameContext.clone(), encodedA, choices, blinds, baseChoices.clone());
    }

    /**
     * Checks that {@code query} is exactly the query the querier's revealed a and the claimed inputs make: the seeds
     * follow from a and the B_i, each mask input from its check row (x~_r minus the claimed inputs it combines), and
     * the whole message is rebuilt and compared byte for byte.
     */
    public static void checkQuery(byte[] gameContext, byte[] baseSetup, byte[] baseChoices, byte[] revealedSecret,
            byte[] batchContext, int[] claimedInputs, byte[] query) {
        Scalar secret = checkQuerierSecret(baseSetup, revealedSecret);
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
        KkrtQuerier querier = KkrtQuerier.fromSecret(gameContext, secret, baseChoices);
        byte[] rebuilt = querier.build(number, batchContext.clone(), claimedInputs.clone(), masks).message();
        if (!Arrays.equals(rebuilt, query)) {
            throw in.fail("batch " + number + " is not made from the revealed a and the claimed inputs");
        }
    }
}
