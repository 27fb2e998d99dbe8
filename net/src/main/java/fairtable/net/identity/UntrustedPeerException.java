package fairtable.net.identity;

import java.io.IOException;
import java.util.Optional;

/**
 * A peer's identity key was refused. The message is meant for the user as is; {@link #reason()} tells the
 * program what happened.
 */
public final class UntrustedPeerException extends IOException {
    public enum Reason {
        /** No key is pinned for the name and the user did not accept a new one. */
        UNKNOWN_KEY,
        /** The name is pinned to a different key: possible impersonation. Always refused. */
        KEY_CHANGED,
        /** A specific fingerprint was expected (from an invitation or a pin) and another key came. */
        FINGERPRINT_MISMATCH,
        /** The peer presented something that is not a single certificate for an Ed25519 key. */
        NOT_AN_IDENTITY_KEY
    }

    private final Reason reason;
    private final transient Fingerprint presented;
    private final transient Fingerprint expected;

    UntrustedPeerException(Reason reason, Fingerprint presented, Fingerprint expected, String message) {
        super(message);
        this.reason = reason;
        this.presented = presented;
        this.expected = expected;
    }

    public static UntrustedPeerException unknownKey(String name, Fingerprint presented) {
        return new UntrustedPeerException(Reason.UNKNOWN_KEY, presented, null,
                "refused " + name + ": key " + presented + " is not pinned for this name. Compare this fingerprint"
                        + " with " + name + " over another channel, then accept it: run the same command again with"
                        + " --accept-new, or answer y when asked at a terminal.");
    }

    /** A key pinned under no name came to a host that takes only pinned players. */
    public static UntrustedPeerException stranger(Fingerprint presented) {
        return new UntrustedPeerException(Reason.UNKNOWN_KEY, presented, null,
                "refused a player with key " + presented + ": it is pinned under no name. If they are expected, compare"
                        + " this fingerprint with theirs over another channel, then run the same command again with"
                        + " --accept-new (or --peer " + presented + ").");
    }

    public static UntrustedPeerException keyChanged(String name, Fingerprint presented, Fingerprint pinned) {
        return new UntrustedPeerException(Reason.KEY_CHANGED, presented, pinned,
                "WARNING: POSSIBLE IMPERSONATION. " + name + " is pinned to key " + pinned + " but presented key "
                        + presented + ". Refused. If " + name + " really has a new key, confirm it with them over"
                        + " another channel and remove the old pin first.");
    }

    public static UntrustedPeerException fingerprintMismatch(Fingerprint presented, Fingerprint expected) {
        return new UntrustedPeerException(Reason.FINGERPRINT_MISMATCH, presented, expected,
                "WARNING: the peer presented key " + presented + " but " + expected + " was expected. Refused:"
                        + " someone may be in the middle, or the invitation is wrong.");
    }

    public static UntrustedPeerException notAnIdentityKey(String why) {
        return new UntrustedPeerException(Reason.NOT_AN_IDENTITY_KEY, null, null,
                "refused the peer: it did not present a fairtable identity key (" + why + ")");
    }

    public Reason reason() {
        return reason;
    }

    /** The fingerprint of the key the peer presented, if it presented an Ed25519 key at all. */
    public Optional<Fingerprint> presented() {
        return Optional.ofNullable(presented);
    }

    /** The fingerprint that was expected or pinned, if there was one. */
    public Optional<Fingerprint> expected() {
        return Optional.ofNullable(expected);
    }
}
