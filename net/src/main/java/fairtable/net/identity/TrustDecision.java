package fairtable.net.identity;

/** What to do with a key never seen before under a name. A changed key is refused whatever the decision. */
public enum TrustDecision {
    /** Refuse a key that is not already pinned for the name. The default. */
    REQUIRE_KNOWN_KEY,
    /**
     * The user has explicitly accepted a new key (after comparing its fingerprint over another channel, or
     * knowingly without doing so): pin it for the name. The caller shows the fingerprint as a warning.
     */
    ACCEPT_NEW_KEY_WITH_WARNING
}
