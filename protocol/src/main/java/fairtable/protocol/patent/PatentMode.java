package fairtable.protocol.patent;

import fairtable.crypto.group.Group;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.Ristretto255;
import fairtable.crypto.group.SafePrimeGroup;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The arithmetic the FR 2823580 protocol runs in, selectable by name. */
public enum PatentMode {
    /** INSECURE: modulo a prime with small-integer cards, exactly as the patent says. */
    LITERAL("patent-literal", PatentLiteralGroup.standard()),
    /** The fix: the prime-order subgroup of RFC 3526 group 14, cards hashed into it. */
    SAFE_PRIME("patent-safe-prime", SafePrimeGroup.modp2048()),
    SAFE_PRIME_FFDHE2048("patent-safe-prime-ffdhe2048", SafePrimeGroup.ffdhe2048()),
    SAFE_PRIME_FFDHE3072("patent-safe-prime-ffdhe3072", SafePrimeGroup.ffdhe3072()),
    /** The default: the same protocol over ristretto255, secure and much faster. */
    RISTRETTO("patent-ristretto", Ristretto255.group());

    public static final PatentMode DEFAULT = RISTRETTO;

    private final String modeName;
    private final Group group;

    PatentMode(String modeName, Group group) {
        this.modeName = modeName;
        this.group = group;
    }

    public String modeName() {
        return modeName;
    }

    public Group group() {
        return group;
    }

    public static PatentMode byName(String name) {
        for (PatentMode mode : values()) {
            if (mode.modeName.equals(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + name + "'; choose one of " + names());
    }

    public static String names() {
        return Arrays.stream(values()).map(PatentMode::modeName).collect(Collectors.joining(", "));
    }
}
