package fairtable.net.tls;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.UntrustedPeerException;

/**
 * Decides during the TLS handshake whether the identity key a peer presents is the one wanted. It runs
 * before the peer has proven possession of the key, so it must only decide, never record: pin a new key
 * after the channel is up, with {@link KnownPeers#admit}.
 */
@FunctionalInterface
public interface PeerCheck {
    /** Returns normally to go on with the handshake; throws to abort it. */
    void check(VerifyingKey presented) throws UntrustedPeerException;

    /** Only the key with this fingerprint: from an invitation, or read aloud by the peer. */
    static PeerCheck expect(Fingerprint expected) {
        return presented -> {
            if (!expected.matches(presented)) {
                throw UntrustedPeerException.fingerprintMismatch(Fingerprint.of(presented), expected);
            }
        };
    }

    /**
     * Only the key pinned for {@code name}: reconnecting to someone already known. An unknown name or a
     * changed key is refused ({@link UntrustedPeerException.Reason#UNKNOWN_KEY} or
     * {@link UntrustedPeerException.Reason#KEY_CHANGED}).
     */
    static PeerCheck pinnedAs(KnownPeers peers, String name) {
        return presented -> peers.check(name, presented);
    }

    /**
     * Any Ed25519 key: a host waiting for a guest it cannot name yet. The channel is still encrypted and
     * bound to the key, but who holds the key is undecided: the caller must apply the pinning policy to
     * {@link TlsTransport#peerKey()} (typically with the name from the peer's signed hello) before trusting
     * anything the peer says.
     */
    static PeerCheck anyKey() {
        return presented -> {};
    }
}
