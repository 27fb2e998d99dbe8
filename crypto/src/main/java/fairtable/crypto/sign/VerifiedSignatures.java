package fairtable.crypto.sign;

import fairtable.crypto.hash.Hashes;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The signatures this process has already found valid, each remembered by a collision-resistant digest of its key,
 * its signature and its message. A party restored from a snapshot, the deck and the table observer inside it, and
 * every party of a game played in one process each check the same signed messages again; a digest costs about a
 * microsecond, an Ed25519 verification a hundred times that. Only successes are remembered, so a digest found here
 * stands for a triple the JDK verified (finding another triple with the same SHA-256 is a collision). At most
 * {@link #CAPACITY} are kept, the oldest forgotten first.
 */
final class VerifiedSignatures {
    static final int CAPACITY = 1 << 15;
    private static final String DOMAIN = "fairtable/verified-signature/v1";

    private final Map<ByteBuffer, Boolean> verified = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Boolean> eldest) {
            return size() > CAPACITY;
        }
    };

    static ByteBuffer digest(byte[] key, byte[] message, byte[] signature) {
        return ByteBuffer.wrap(Hashes.sha256(DOMAIN, key, signature, message));
    }

    synchronized boolean contains(ByteBuffer digest) {
        return verified.containsKey(digest);
    }

    synchronized void add(ByteBuffer digest) {
        verified.put(digest, Boolean.TRUE);
    }

    synchronized int size() {
        return verified.size();
    }
}
