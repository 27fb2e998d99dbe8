package fairtable.crypto.proof;

/**
 * What every Fiat–Shamir challenge is bound to besides the statement itself: the session, the hash of
 * the signed transcript so far, and the prover. A proof made under one context fails under any other,
 * so it cannot be replayed in another game, at another step, or by another player.
 */
public final class ProofContext {
    public static final int MAX_FIELD_LENGTH = 256;

    private final byte[] sessionId;
    private final byte[] transcriptHash;
    private final byte[] proverId;

    private ProofContext(byte[] sessionId, byte[] transcriptHash, byte[] proverId) {
        this.sessionId = sessionId;
        this.transcriptHash = transcriptHash;
        this.proverId = proverId;
    }

    /**
     * @param sessionId      non-empty, at most 256 bytes
     * @param transcriptHash hash of the transcript before this proof, at most 256 bytes (may be empty at
     *                       the very start of a session)
     * @param proverId       non-empty identity of the prover, at most 256 bytes
     */
    public static ProofContext of(byte[] sessionId, byte[] transcriptHash, byte[] proverId) {
        check(sessionId, "session id", false);
        check(transcriptHash, "transcript hash", true);
        check(proverId, "prover id", false);
        return new ProofContext(sessionId.clone(), transcriptHash.clone(), proverId.clone());
    }

    private static void check(byte[] field, String name, boolean mayBeEmpty) {
        if (field == null) {
            throw new NullPointerException(name);
        }
        if ((!mayBeEmpty && field.length == 0) || field.length > MAX_FIELD_LENGTH) {
            throw new IllegalArgumentException(name + " must be " + (mayBeEmpty ? "0" : "1") + ".."
                    + MAX_FIELD_LENGTH + " bytes, got " + field.length);
        }
    }

    public byte[] sessionId() {
        return sessionId.clone();
    }

    public byte[] transcriptHash() {
        return transcriptHash.clone();
    }

    public byte[] proverId() {
        return proverId.clone();
    }

    void appendTo(Transcript t) {
        t.appendBytes("session-id", sessionId);
        t.appendBytes("transcript-hash", transcriptHash);
        t.appendBytes("prover-id", proverId);
    }
}
