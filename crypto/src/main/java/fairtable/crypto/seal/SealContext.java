package fairtable.crypto.seal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where a sealed box belongs: the session and a label saying what the box is (protocol, step, message
 * type). A box opens only under the context it was sealed with, so it cannot be replayed in another game or
 * passed off as another message.
 */
public final class SealContext {
    public static final int MAX_FIELD_LENGTH = 256;

    private final byte[] session;
    private final byte[] label;

    private SealContext(byte[] session, byte[] label) {
        this.session = session;
        this.label = label;
    }

    /** @param session 1..256 bytes; @param label 1..256 bytes */
    public static SealContext of(byte[] session, byte[] label) {
        check(session, "session id");
        check(label, "label");
        return new SealContext(session.clone(), label.clone());
    }

    public static SealContext of(byte[] session, String label) {
        return of(session, label.getBytes(StandardCharsets.UTF_8));
    }

    private static void check(byte[] field, String name) {
        if (field.length == 0 || field.length > MAX_FIELD_LENGTH) {
            throw new IllegalArgumentException("a seal's " + name + " is 1.." + MAX_FIELD_LENGTH + " bytes, got " + field.length);
        }
    }

    public byte[] session() {
        return session.clone();
    }

    public byte[] label() {
        return label.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealContext other && Arrays.equals(session, other.session) && Arrays.equals(label, other.label);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(session) + Arrays.hashCode(label);
    }
}
