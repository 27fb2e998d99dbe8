package fairtable.protocol.transcript;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;

/**
 * One signed protocol message. The signature covers the session id, the sequence number, the hash of the
 * previous message, the sender's seat, the step, the message type and the body, so a message cannot be
 * moved to another session, another position or another author without breaking it.
 */
public final class Envelope {
    public static final int HASH_LENGTH = 32;
    public static final int MAX_BODY = 16 << 20;
    private static final String SIGNATURE_DOMAIN = "fairtable/envelope/v1";
    private static final byte[] SIGNATURE_PREFIX = SIGNATURE_DOMAIN.getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final byte[] session;
    private final long seq;
    private final byte[] prev;
    private final int sender;
    private final int step;
    private final String type;
    private final byte[] body;
    private final byte[] signature;

    private Envelope(byte[] session, long seq, byte[] prev, int sender, int step, String type, byte[] body,
            byte[] signature) {
        if (session.length != HASH_LENGTH || prev.length != HASH_LENGTH) {
            throw new IllegalArgumentException("session and prev are 32 bytes");
        }
        if (sender < 0 || sender > 255 || step < 0 || seq < 0) {
            throw new IllegalArgumentException("sender, step and seq are non-negative");
        }
        this.session = session.clone();
        this.seq = seq;
        this.prev = prev.clone();
        this.sender = sender;
        this.step = step;
        this.type = type;
        this.body = body.clone();
        this.signature = signature.clone();
    }

    /** Builds and signs a message. */
    public static Envelope sign(SigningKey key, byte[] session, long seq, byte[] prev, int sender, int step,
            String type, byte[] body) {
        Envelope unsigned = new Envelope(session, seq, prev, sender, step, type, body, new byte[0]);
        return new Envelope(session, seq, prev, sender, step, type, body, key.sign(unsigned.signedBytes()));
    }

    /** Rebuilds a message from its fields, e.g. read from a file; nothing is verified yet. */
    public static Envelope of(byte[] session, long seq, byte[] prev, int sender, int step, String type, byte[] body,
            byte[] signature) {
        return new Envelope(session, seq, prev, sender, step, type, body, signature);
    }

    public boolean isSignedBy(VerifyingKey key) {
        return key.verify(signedBytes(), signature);
    }

    /** The bytes the signature covers. */
    public byte[] signedBytes() {
        return new WireWriter().fixed(SIGNATURE_PREFIX).fixed(session).u32(seq).fixed(prev).u8(sender).u32(step)
                .string(type).blob(body).toBytes();
    }

    /** The wire form: the signed bytes (without the domain prefix) followed by the signature. */
    public byte[] toBytes() {
        return new WireWriter().fixed(session).u32(seq).fixed(prev).u8(sender).u32(step).string(type).blob(body)
                .blob(signature).toBytes();
    }

    public static Envelope fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        byte[] session = r.fixed(HASH_LENGTH, "the session id");
        long seq = r.u32();
        byte[] prev = r.fixed(HASH_LENGTH, "the previous hash");
        int sender = r.u8();
        int step = r.count(Integer.MAX_VALUE, "the step");
        String type = r.string(64, "the message type");
        byte[] body = r.blob(MAX_BODY, "the body");
        byte[] signature = r.blob(64, "the signature");
        r.end();
        return new Envelope(session, seq, prev, sender, step, type, body, signature);
    }

    /** The chain link: what the next message must name as its {@code prev}. */
    public byte[] hash() {
        return Hashes.sha256("fairtable/envelope-hash/v1", toBytes());
    }

    public byte[] session() {
        return session.clone();
    }

    public long seq() {
        return seq;
    }

    public byte[] prev() {
        return prev.clone();
    }

    public int sender() {
        return sender;
    }

    public int step() {
        return step;
    }

    public String type() {
        return type;
    }

    public byte[] body() {
        return body.clone();
    }

    public byte[] signature() {
        return signature.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Envelope e && Arrays.equals(e.toBytes(), toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "Envelope[seq=" + seq + ", step=" + step + ", sender=" + sender + ", type=" + type + "]";
    }
}
