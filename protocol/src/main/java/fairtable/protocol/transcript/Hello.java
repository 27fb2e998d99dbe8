package fairtable.protocol.transcript;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;

/**
 * The first message of every seat: which protocol with which parameters, how many players, who this is
 * (a display name and the Ed25519 key that signs everything else it sends) and a fresh nonce. The session
 * id is the hash of the last hello, which chains all of them, so each player's nonce makes the session new.
 */
public record Hello(String protocol, byte[] parameters, int players, int seat, String name, VerifyingKey key,
        byte[] nonce) {
    public static final String TYPE = "hello";
    public static final int MAX_NAME_BYTES = 64;
    public static final int NONCE_LENGTH = 32;

    public Hello {
        if (players < 2 || players > 255 || seat < 0 || seat >= players) {
            throw new IllegalArgumentException("bad seat " + seat + " of " + players);
        }
        if (!isPlayerName(name)) {
            throw new IllegalArgumentException("a player name is 1 to 64 printable characters");
        }
        if (nonce.length != NONCE_LENGTH) {
            throw new IllegalArgumentException("the nonce is 32 bytes");
        }
        parameters = parameters.clone();
        nonce = nonce.clone();
    }

    /** Whether {@code name} may name a player: 1 to {@link #MAX_NAME_BYTES} characters, not all blank, none a control. */
    public static boolean isPlayerName(String name) {
        return !name.isBlank() && name.length() <= MAX_NAME_BYTES && name.chars().noneMatch(Character::isISOControl);
    }

    public byte[] toBytes() {
        return new WireWriter().string(protocol).blob(parameters).u8(players).u8(seat).string(name)
                .fixed(key.toBytes()).fixed(nonce).toBytes();
    }

    public static Hello fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String protocol = r.string(64, "the protocol name");
        byte[] parameters = r.blob(4096, "the parameters");
        int players = r.u8();
        int seat = r.u8();
        String name = r.string(MAX_NAME_BYTES * 4, "the player name");
        byte[] key = r.fixed(32, "the public key");
        byte[] nonce = r.fixed(NONCE_LENGTH, "the nonce");
        r.end();
        try {
            return new Hello(protocol, parameters, players, seat, name, VerifyingKey.fromBytes(key), nonce);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public byte[] parameters() {
        return parameters.clone();
    }

    @Override
    public byte[] nonce() {
        return nonce.clone();
    }

    /** Whether two hellos describe the same game (protocol, parameters, number of players). */
    public boolean sameGameAs(Hello other) {
        return protocol.equals(other.protocol) && Arrays.equals(parameters, other.parameters)
                && players == other.players;
    }
}
