package fairtable.protocol.allocation;

import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * An ethics board's key card: the board's name and Ed25519 identity (what its fingerprint names), the
 * ristretto255 key B that allocations are escrowed to, a Schnorr proof that the board knows B's secret, and
 * the identity's signature over all of it. So a card is self-certifying: whoever has checked the board's
 * fingerprint can take the card from any channel, and a card whose key the board does not hold, or that
 * another identity signed, does not decode.
 *
 * <p>B's secret is derived from the identity's seed ({@link #escrowKeyPair}), so the board keeps nothing but
 * its profile: losing the profile loses the power to unblind, and whoever copies it gains it.
 */
public final class BoardKey {
    private static final String DOMAIN = "fairtable/allocation/board-key/v1";
    private static final int MAX_NAME = 64;

    private final String name;
    private final VerifyingKey identity;
    private final PublicKey escrowKey;
    private final SchnorrProof proof;
    private final byte[] signature;

    private BoardKey(String name, VerifyingKey identity, PublicKey escrowKey, SchnorrProof proof, byte[] signature) {
        this.name = name;
        this.identity = identity;
        this.escrowKey = escrowKey;
        this.proof = proof;
        this.signature = signature;
    }

    /** The board's escrow key pair, derived from its identity: the same identity always gives the same key. */
    public static KeyPair escrowKeyPair(SigningKey identity) {
        return KeyPair.derive(identity.seed(), DOMAIN + "/escrow-key");
    }

    /** The card of the board whose identity is {@code identity}, named {@code name}. */
    public static BoardKey of(String name, SigningKey identity, RandomGenerator random) {
        if (name.isEmpty() || name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
            throw new IllegalArgumentException("a board's name has 1 to " + MAX_NAME + " bytes");
        }
        KeyPair escrow = escrowKeyPair(identity);
        SchnorrProof proof = escrow.proveKnowledge(context(identity.verifyingKey()), random);
        VerifyingKey id = identity.verifyingKey();
        byte[] signature = identity.sign(signedBytes(name, id, escrow.publicKey(), proof));
        return new BoardKey(name, id, escrow.publicKey(), proof, signature);
    }

    private static ProofContext context(VerifyingKey identity) {
        return ProofContext.of(DOMAIN.getBytes(StandardCharsets.UTF_8), new byte[0], identity.toBytes());
    }

    private static byte[] signedBytes(String name, VerifyingKey identity, PublicKey escrowKey, SchnorrProof proof) {
        return new WireWriter().string(DOMAIN).string(name).fixed(identity.toBytes()).fixed(escrowKey.encode())
                .fixed(proof.encode()).toBytes();
    }

    public String name() {
        return name;
    }

    /** The board's identity key, whose fingerprint people compare. */
    public VerifyingKey identity() {
        return identity;
    }

    /** The key the institutions escrow their shares to. */
    public PublicKey escrowKey() {
        return escrowKey;
    }

    /** Whether {@code board} is this card's board, i.e. can open what is escrowed to this card. */
    public boolean belongsTo(SigningKey board) {
        return board.verifyingKey().equals(identity) && escrowKeyPair(board).publicKey().equals(escrowKey);
    }

    public byte[] toBytes() {
        return new WireWriter().string(name).fixed(identity.toBytes()).fixed(escrowKey.encode()).fixed(proof.encode())
                .fixed(signature).toBytes();
    }

    /** Reads a card and checks it: the signature by the identity it names, and the proof of knowledge of B's secret. */
    public static BoardKey fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String name = r.string(MAX_NAME, "the board's name");
        byte[] identityBytes = r.fixed(32, "the board's identity key");
        byte[] escrowBytes = r.fixed(32, "the board's escrow key");
        byte[] proofBytes = r.fixed(SchnorrProof.ENCODED_LENGTH, "the proof of knowledge");
        byte[] signature = r.fixed(64, "the signature");
        r.end();
        if (name.isEmpty()) {
            throw new MalformedMessageException("the board has no name");
        }
        VerifyingKey identity;
        PublicKey escrowKey;
        SchnorrProof proof;
        try {
            identity = VerifyingKey.fromBytes(identityBytes);
            escrowKey = PublicKey.decode(escrowBytes);
            proof = SchnorrProof.decode(proofBytes);
        } catch (IllegalArgumentException | MalformedEncodingException e) {
            throw new MalformedMessageException("the board's key card: " + e.getMessage());
        }
        if (!identity.verify(signedBytes(name, identity, escrowKey, proof), signature)) {
            throw new MalformedMessageException("the board's key card is not signed by the identity it names");
        }
        if (!escrowKey.verifyKnowledge(proof, context(identity))) {
            throw new MalformedMessageException("the board's key card does not prove that the board holds its escrow key");
        }
        return new BoardKey(name, identity, escrowKey, proof, signature);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BoardKey other && Arrays.equals(toBytes(), other.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return name + " (" + identity.fingerprint() + ")";
    }
}
