package fairtable.net.identity;

import fairtable.crypto.sign.VerifyingKey;
import java.io.Console;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The one rule by which every command that talks to another player decides whom to let in. A player is their
 * profile key and their profile's name, as their signed hello carries them; the key is pinned under the name by
 * fingerprint in the user's {@link KnownPeers}, so a friend pinned by one command is known to every other.
 *
 * <ul>
 *   <li>A key already pinned under the name is let in.</li>
 *   <li>A key pinned under the name to another key is refused, always (possible impersonation).</li>
 *   <li>A new key is pinned and let in if the user named its fingerprint (an invitation, {@code --peer}), or took
 *       new players ({@code --accept-new}), or, asked at the terminal ("accept bob, fingerprint ...? y/N"),
 *       answered yes. Otherwise it is refused with a line that says what to type to accept it.</li>
 * </ul>
 * Apply it only to a key whose possession the peer has proven (after the TLS handshake, or to a signed hello), and
 * before anything in the game depends on who the peer is.
 */
public final class TrustRule {
    /** The person at the terminal, asked whether to accept a new player. */
    @FunctionalInterface
    public interface Asker {
        /** Asks {@code question}; true only for an explicit yes. */
        boolean confirm(String question);

        /** The console's person, if this process has a terminal for both input and output; else nobody. */
        static Optional<Asker> terminal() {
            Console console = System.console();
            if (console == null || !isTerminal(console)) {
                return Optional.empty();
            }
            return Optional.of(question -> {
                String answer;
                synchronized (console) {
                    answer = console.readLine("%s ", question);
                }
                return answer != null && answer.strip().toLowerCase(Locale.ROOT).matches("y|yes");
            });
        }
    }

    /** From Java 22 a console exists even with redirected streams; only a real terminal has someone to ask. */
    private static boolean isTerminal(Console console) {
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException olderJava) {
            return true; // before Java 22 there is a console only on a terminal
        }
    }

    private final KnownPeers pins;
    private final Set<Fingerprint> named;
    private final boolean acceptNew;
    private final Optional<Asker> asker;
    private final Consumer<String> warn;

    /**
     * @param named the fingerprints the user gave (an invitation's, {@code --peer}): pinned without a warning
     * @param acceptNew whether {@code --accept-new} was given
     * @param asker whom to ask about a new key, if anyone
     * @param warn where the warning about a newly pinned key goes
     */
    public TrustRule(KnownPeers pins, Set<Fingerprint> named, boolean acceptNew, Optional<Asker> asker,
            Consumer<String> warn) {
        this.pins = pins;
        this.named = Set.copyOf(named);
        this.acceptNew = acceptNew;
        this.asker = asker;
        this.warn = warn;
    }

    public KnownPeers pins() {
        return pins;
    }

    /** Whether the user named {@code key}'s fingerprint (an invitation, {@code --peer}). */
    public boolean names(VerifyingKey key) {
        return named.contains(Fingerprint.of(key));
    }

    /**
     * Lets {@code key} in as {@code name} by the rule, pinning it if it is new and accepted.
     *
     * @param alsoNamed whether the caller knows the key from elsewhere the user trusts (the invitation's host)
     * @throws UntrustedPeerException if the rule refuses it: the message names the player, the fingerprint, and
     *     (for a new key) what to type to accept it
     * @throws IOException if a new pin could not be saved (then it is not pinned)
     */
    public KnownPeers.Admission admit(String name, VerifyingKey key, boolean alsoNamed) throws IOException {
        try {
            pins.check(name, key);
            return KnownPeers.Admission.ALREADY_PINNED;
        } catch (UntrustedPeerException e) {
            if (e.reason() != UntrustedPeerException.Reason.UNKNOWN_KEY) {
                throw e;
            }
            Fingerprint fingerprint = Fingerprint.of(key);
            boolean byName = alsoNamed || named.contains(fingerprint);
            boolean asked = !byName && !acceptNew && asker.isPresent()
                    && asker.get().confirm("accept " + Fingerprint.printable(name) + ", fingerprint " + fingerprint + "? y/N");
            if (!byName && !acceptNew && !asked) {
                throw e;
            }
            KnownPeers.Admission admission = pins.admit(name, key, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
            if (!byName && !asked) {
                warn.accept("WARNING: " + name + " is new: their key " + fingerprint + " is now pinned. "
                        + "Compare it with theirs by another channel (read it aloud).");
            }
            return admission;
        }
    }

    /**
     * Whether a host should even finish a handshake with {@code key}, before it knows the player's name: a key
     * pinned under some name or named by the user, or any key when new players may be accepted (then the name's
     * check decides). A stranger is turned away at the door when nobody may accept it.
     */
    public boolean mayBeAdmitted(VerifyingKey key) {
        return acceptNew || asker.isPresent() || knows(key);
    }

    /** Whether the user pinned {@code key} under some name or named it: let in without --accept-new or a question. */
    public boolean knows(VerifyingKey key) {
        Fingerprint fingerprint = Fingerprint.of(key);
        return named.contains(fingerprint) || pins.all().containsValue(fingerprint);
    }
}
