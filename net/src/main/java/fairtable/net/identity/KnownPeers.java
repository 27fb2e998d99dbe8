package fairtable.net.identity;

import fairtable.crypto.sign.VerifyingKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The pinned identity keys of the people this user has played with: name to fingerprint, in a text file
 * ({@code known_peers}, one {@code fingerprint name} per line), like SSH's known_hosts.
 *
 * <p>Policy (trust on first use, made explicit): a name with no pin is refused unless the user accepts the
 * new key ({@link TrustDecision#ACCEPT_NEW_KEY_WITH_WARNING}), which pins it; a name pinned to another key is
 * always refused as a possible impersonation, and only {@link #forget} (the user's deliberate act) lets a
 * new key in. Names compare without regard to case, so "Alice" cannot pass for "alice".
 *
 * <p>Pin only keys whose possession has been proven, i.e. after the TLS handshake has completed: before
 * that, a certificate is just bytes anyone can copy or invent.
 */
public final class KnownPeers {
    /** What {@link #admit} did with a key it let in. */
    public enum Admission {
        /** The key was already pinned for the name. */
        ALREADY_PINNED,
        /** The key was new and is now pinned for the name, on the user's explicit acceptance. */
        NEWLY_PINNED
    }

    static final int MAX_NAME_LENGTH = 64;
    private static final String HEADER = "# fairtable known peers: the fingerprint of each player's identity key,"
            + " then the player's name";

    private final Path file;
    /** Keyed by the lower-cased name; the value keeps the name as first written. */
    private final Map<String, Entry> pins;

    private record Entry(String name, Fingerprint fingerprint) {}

    private KnownPeers(Path file, Map<String, Entry> pins) {
        this.file = file;
        this.pins = pins;
    }

    /** Reads the pins in {@code file}; a missing file is an empty list. */
    public static KnownPeers load(Path file) throws IOException {
        Map<String, Entry> pins = new LinkedHashMap<>();
        if (Files.exists(file)) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int space = line.indexOf(' ');
                if (space < 0) {
                    throw new ProfileException(file, "line " + (i + 1) + " should be a fingerprint, a space and a name");
                }
                Fingerprint fingerprint;
                String name;
                try {
                    fingerprint = Fingerprint.parse(line.substring(0, space));
                    name = checkName(line.substring(space + 1).strip());
                } catch (IllegalArgumentException e) {
                    throw new ProfileException(file, "line " + (i + 1) + " is corrupt: " + e.getMessage());
                }
                if (pins.putIfAbsent(key(name), new Entry(name, fingerprint)) != null) {
                    throw new ProfileException(file, "line " + (i + 1) + " pins \"" + name
                            + "\" a second time; keep the right line and delete the other");
                }
            }
        }
        return new KnownPeers(file, pins);
    }

    /** The fingerprint pinned for {@code name}, if any. */
    public synchronized Optional<Fingerprint> pinned(String name) {
        Entry entry = pins.get(key(checkName(name)));
        return entry == null ? Optional.empty() : Optional.of(entry.fingerprint());
    }

    /** All pins, name to fingerprint, in file order. */
    public synchronized Map<String, Fingerprint> all() {
        Map<String, Fingerprint> out = new LinkedHashMap<>();
        pins.values().forEach(e -> out.put(e.name(), e.fingerprint()));
        return Collections.unmodifiableMap(out);
    }

    /**
     * Checks, without changing anything, that {@code presented} is the key pinned for {@code name}.
     *
     * @throws UntrustedPeerException {@code UNKNOWN_KEY} if nothing is pinned, {@code KEY_CHANGED} if another
     *     key is
     */
    public synchronized void check(String name, VerifyingKey presented) throws UntrustedPeerException {
        Entry entry = pins.get(key(checkName(name)));
        Fingerprint fingerprint = Fingerprint.of(presented);
        if (entry == null) {
            throw UntrustedPeerException.unknownKey(name, fingerprint);
        }
        if (!entry.fingerprint().equals(fingerprint)) {
            throw UntrustedPeerException.keyChanged(entry.name(), fingerprint, entry.fingerprint());
        }
    }

    /**
     * Applies the pinning policy to a key whose possession the peer has proven: lets in the pinned key,
     * pins and lets in a new key only on {@link TrustDecision#ACCEPT_NEW_KEY_WITH_WARNING}, refuses a changed
     * key always.
     *
     * @throws UntrustedPeerException if the key is refused
     * @throws IOException if a new pin could not be saved (then it is not pinned)
     */
    public synchronized Admission admit(String name, VerifyingKey presented, TrustDecision decision)
            throws IOException {
        try {
            check(name, presented);
            return Admission.ALREADY_PINNED;
        } catch (UntrustedPeerException e) {
            if (e.reason() != UntrustedPeerException.Reason.UNKNOWN_KEY
                    || decision != TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING) {
                throw e;
            }
        }
        Map<String, Entry> updated = new LinkedHashMap<>(pins);
        updated.put(key(name), new Entry(name, Fingerprint.of(presented)));
        save(updated);
        pins.clear();
        pins.putAll(updated);
        return Admission.NEWLY_PINNED;
    }

    /** Removes the pin for {@code name}: the user's deliberate step before accepting a changed key. */
    public synchronized boolean forget(String name) throws IOException {
        Map<String, Entry> updated = new LinkedHashMap<>(pins);
        if (updated.remove(key(checkName(name))) == null) {
            return false;
        }
        save(updated);
        pins.clear();
        pins.putAll(updated);
        return true;
    }

    /** Writes a sibling file and renames it over the old one, so a crash never leaves half a file. */
    private void save(Map<String, Entry> updated) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (Entry e : updated.values()) {
            text.append(e.fingerprint()).append(' ').append(e.name()).append('\n');
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temporary = Files.createTempFile(parent, "known_peers", ".tmp");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * A player name: 1 to 64 characters, no control characters, no surrounding spaces (they would be
     * invisible in messages and lost in the file).
     */
    static String checkName(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("a player name has 1 to " + MAX_NAME_LENGTH + " characters");
        }
        if (!name.equals(name.strip())) {
            throw new IllegalArgumentException("a player name cannot start or end with a space");
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw new IllegalArgumentException("a player name cannot contain control characters: \""
                        + Fingerprint.printable(name) + "\"");
            }
        }
        return name;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
