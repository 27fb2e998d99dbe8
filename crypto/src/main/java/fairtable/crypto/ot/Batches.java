package fairtable.crypto.ot;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/** Checks shared by the schemes: parameters, items, choices, session binding and the query numbering. */
final class Batches {
    static final int MAX_BATCH = 0xffff;
    static final long MAX_QUERY_INDEX = 0xffffffffL;

    private Batches() {}

    static void checkParameters(int itemCount, int itemLength) {
        if (itemCount < 2 || itemCount > 0xffff) {
            throw new IllegalArgumentException("item count must be in [2, 65535], got " + itemCount);
        }
        if (itemLength < 1 || itemLength > 0xffff) {
            throw new IllegalArgumentException("item length must be in [1, 65535], got " + itemLength);
        }
    }

    static List<byte[]> copyItems(List<byte[]> items, int itemCount, int itemLength) {
        if (items.size() != itemCount) {
            throw new IllegalArgumentException("expected " + itemCount + " items, got " + items.size());
        }
        List<byte[]> copy = new ArrayList<>(itemCount);
        for (byte[] item : items) {
            if (item.length != itemLength) {
                throw new IllegalArgumentException("every item must be " + itemLength + " bytes, got " + item.length);
            }
            copy.add(item.clone());
        }
        return List.copyOf(copy);
    }

    static int[] checkChoices(int[] choices, int itemCount, long nextQueryIndex) {
        if (choices.length == 0 || choices.length > MAX_BATCH) {
            throw new IllegalArgumentException("a batch holds 1 to " + MAX_BATCH + " queries, got " + choices.length);
        }
        if (nextQueryIndex + choices.length - 1 > MAX_QUERY_INDEX) {
            throw new IllegalStateException("query numbering exhausted for this setup");
        }
        for (int choice : choices) {
            if (choice < 0 || choice >= itemCount) {
                throw new IllegalArgumentException("choice " + choice + " outside [0, " + itemCount + ")");
            }
        }
        return choices.clone();
    }

    /** Reads and checks a batch header: its first query index must be {@code expectedFirst}. Returns the count. */
    static int readBatchHeader(WireReader in, long expectedFirst) {
        long first = in.u32();
        int count = in.u16();
        if (first != expectedFirst) {
            throw in.fail("batch starts at query " + first + ", expected " + expectedFirst);
        }
        if (count == 0) {
            throw in.fail("empty batch");
        }
        if (first + count - 1 > MAX_QUERY_INDEX) {
            throw in.fail("query numbering overflows");
        }
        return count;
    }

    /** Reads a saved next-query index, at most one past the last index. */
    static long readNextQueryIndex(WireReader in) {
        long next = in.u64();
        if (next < 0 || next > MAX_QUERY_INDEX + 1) {
            throw in.fail("next query index " + next + " out of range");
        }
        return next;
    }

    /** SHA-256 of a domain and the session id; binds a setup message to its session. */
    static byte[] sessionDigest(String domain, byte[] sessionId) {
        MessageDigest sha = sha("SHA-256");
        sha.update(domain.getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) 0);
        sha.update(sessionId);
        return sha.digest();
    }

    static MessageDigest sha(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is required by every Java platform", e);
        }
    }
}
