package fairtable.net.identity;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The local player's profile directory ({@code $FAIRTABLE_HOME}, by default {@code ~/.fairtable}): the
 * Ed25519 identity key, the display name, and the {@link KnownPeers} pins.
 *
 * <p>The identity key is created from {@link SecureRandom} the first time the profile is opened and kept as
 * its 32-byte seed in {@code identity.key}, readable only by its owner where the file system has POSIX
 * permissions; a key file that others can read is refused, as SSH does, because whoever copies it can play
 * as this user. Losing the file means a new identity: peers who pinned the old key will refuse the new one
 * until they choose to forget the old pin.
 */
public final class Profile {
    public static final String HOME_VARIABLE = "FAIRTABLE_HOME";
    static final String KEY_FILE = "identity.key";
    static final String NAME_FILE = "name";
    static final String KNOWN_PEERS_FILE = "known_peers";
    static final String KEY_HEADER = "fairtable-ed25519-seed-v1";

    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private final Path directory;
    private final SigningKey identity;
    private final KnownPeers knownPeers;
    private String displayName;

    private Profile(Path directory, SigningKey identity, String displayName, KnownPeers knownPeers) {
        this.directory = directory;
        this.identity = identity;
        this.displayName = displayName;
        this.knownPeers = knownPeers;
    }

    /** {@code $FAIRTABLE_HOME} if set, else {@code .fairtable} in the user's home directory. */
    public static Path defaultDirectory() {
        return defaultDirectory(System.getenv(), System.getProperty("user.home"));
    }

    static Path defaultDirectory(Map<String, String> environment, String userHome) {
        String home = environment.get(HOME_VARIABLE);
        if (home != null && !home.isBlank()) {
            return Path.of(home);
        }
        return Path.of(userHome, ".fairtable");
    }

    /** Opens the profile in {@link #defaultDirectory()}, creating it on first use. */
    public static Profile openDefault() throws IOException {
        return open(defaultDirectory(), new SecureRandom());
    }

    /**
     * Opens the profile in {@code directory}, creating the directory and a new identity key from
     * {@code random} if there is none yet.
     *
     * @throws ProfileException if a file is corrupt or the key file is readable by others
     */
    public static Profile open(Path directory, SecureRandom random) throws IOException {
        createPrivateDirectory(directory);
        Path keyFile = directory.resolve(KEY_FILE);
        if (!Files.exists(keyFile, LinkOption.NOFOLLOW_LINKS)) {
            createKeyFile(keyFile, SigningKey.generate(random));
        }
        SigningKey identity = readKeyFile(keyFile);
        String name = readDisplayName(directory.resolve(NAME_FILE), identity);
        KnownPeers peers = KnownPeers.load(directory.resolve(KNOWN_PEERS_FILE));
        return new Profile(directory, identity, name, peers);
    }

    public Path directory() {
        return directory;
    }

    /** This user's identity key; it signs everything this user says in a game and authenticates channels. */
    public SigningKey identity() {
        return identity;
    }

    public Fingerprint fingerprint() {
        return Fingerprint.of(identity.verifyingKey());
    }

    public synchronized String displayName() {
        return displayName;
    }

    /** Changes the name other players see; it is a label only, never proof of identity. */
    public synchronized void setDisplayName(String name) throws IOException {
        KnownPeers.checkName(name);
        writeAtomically(directory.resolve(NAME_FILE), name + "\n");
        displayName = name;
    }

    public KnownPeers knownPeers() {
        return knownPeers;
    }

    private static void createPrivateDirectory(Path directory) throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        if (OwnerOnlyFiles.posix(directory.toAbsolutePath().getParent())) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
        } else {
            Files.createDirectories(directory);
        }
    }

    /**
     * Writes the seed to an owner-only temporary file, then links it into place: the link fails if another
     * process created a key meanwhile, so two processes never end up with different keys.
     */
    private static void createKeyFile(Path keyFile, SigningKey key) throws IOException {
        Path directory = keyFile.getParent();
        FileAttribute<?>[] ownerOnly = OwnerOnlyFiles.posix(directory)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE)}
                : new FileAttribute<?>[0];
        Path temporary = Files.createTempFile(directory, "identity", ".tmp", ownerOnly);
        try {
            Files.writeString(temporary, KEY_HEADER + "\n" + HexFormat.of().formatHex(key.seed()) + "\n",
                    StandardCharsets.US_ASCII);
            try {
                Files.createLink(keyFile, temporary);
            } catch (FileAlreadyExistsException raced) {
                // Another process made the key first; everyone uses that one.
            } catch (UnsupportedOperationException | IOException noHardLinks) {
                // Some file systems have no hard links; a rename is atomic too, only not exclusive.
                if (!Files.exists(keyFile, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(temporary, keyFile, StandardCopyOption.ATOMIC_MOVE);
                }
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static SigningKey readKeyFile(Path keyFile) throws IOException {
        if (OwnerOnlyFiles.posix(keyFile.getParent())) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(keyFile);
            if (!OWNER_ONLY_FILE.containsAll(permissions)) {
                throw new ProfileException(keyFile, "the identity key is accessible to other users ("
                        + PosixFilePermissions.toString(permissions) + "); anyone who copied it can play as you."
                        + " Run: chmod 600 " + keyFile);
            }
        }
        String corrupt = "the identity key file is corrupt: ";
        String advice = ". Restore it from a backup, or move it away to create a new identity (players who"
                + " pinned your old key will then refuse you until they accept the new one).";
        byte[] raw = Files.readAllBytes(keyFile);
        if (raw.length > 1024) {
            throw new ProfileException(keyFile, corrupt + "it is " + raw.length + " bytes long" + advice);
        }
        List<String> lines = new String(raw, StandardCharsets.US_ASCII).lines().toList();
        if (lines.isEmpty() || !lines.get(0).equals(KEY_HEADER)) {
            throw new ProfileException(keyFile, corrupt + "it does not start with \"" + KEY_HEADER + "\"" + advice);
        }
        if (lines.size() != 2) {
            throw new ProfileException(keyFile, corrupt + "expected 2 lines, found " + lines.size() + advice);
        }
        String hex = lines.get(1).strip();
        if (hex.length() != 64 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128)) {
            throw new ProfileException(keyFile, corrupt + "the second line should be 64 hex digits" + advice);
        }
        return SigningKey.fromSeed(HexFormat.of().parseHex(hex));
    }

    private static String readDisplayName(Path nameFile, SigningKey identity) throws IOException {
        if (!Files.exists(nameFile)) {
            return "player-" + Fingerprint.of(identity.verifyingKey()).toString().substring(0, 4);
        }
        String name = Files.readString(nameFile, StandardCharsets.UTF_8).strip();
        try {
            return KnownPeers.checkName(name);
        } catch (IllegalArgumentException e) {
            throw new ProfileException(nameFile, "the display name is not valid: " + e.getMessage());
        }
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path temporary = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
