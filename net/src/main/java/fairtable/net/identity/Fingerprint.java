package fairtable.net.identity;

import fairtable.crypto.sign.VerifyingKey;

/**
 * The short name of an identity key that people read aloud, paste into invitations and pin: the 80-bit
 * {@link VerifyingKey#fingerprint()} written as five dash-separated groups of four hex digits.
 *
 * <p>Parsing is lenient about case, dashes and spaces (people type it), strict about the 20 hex digits.
 * Two fingerprints are equal when their digits are.
 */
public final class Fingerprint {
    private static final int HEX_DIGITS = 20;

    private final String canonical;

    private Fingerprint(String canonical) {
        this.canonical = canonical;
    }

    public static Fingerprint of(VerifyingKey key) {
        return new Fingerprint(key.fingerprint());
    }

    /** Reads a fingerprint as typed or pasted, e.g. {@code 1A2B 3C4D-5e6f7a8b-9c0d}. */
    public static Fingerprint parse(String text) {
        StringBuilder digits = new StringBuilder(HEX_DIGITS);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '-' || c == ' ') {
                continue;
            }
            if (!isHexDigit(c)) {
                throw new IllegalArgumentException("a fingerprint has only hex digits, dashes and spaces; found '"
                        + printable(c) + "' in \"" + printable(text) + "\"");
            }
            digits.append(Character.toLowerCase(c));
        }
        if (digits.length() != HEX_DIGITS) {
            throw new IllegalArgumentException("a fingerprint has " + HEX_DIGITS + " hex digits (like "
                    + "1a2b-3c4d-5e6f-7a8b-9c0d); \"" + printable(text) + "\" has " + digits.length());
        }
        StringBuilder grouped = new StringBuilder(HEX_DIGITS + 4);
        for (int i = 0; i < HEX_DIGITS; i += 4) {
            if (i > 0) {
                grouped.append('-');
            }
            grouped.append(digits, i, i + 4);
        }
        return new Fingerprint(grouped.toString());
    }

    /** Whether {@code key} has this fingerprint. */
    public boolean matches(VerifyingKey key) {
        return canonical.equals(key.fingerprint());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Fingerprint f && f.canonical.equals(canonical);
    }

    @Override
    public int hashCode() {
        return canonical.hashCode();
    }

    /** The canonical form, e.g. {@code 1a2b-3c4d-5e6f-7a8b-9c0d}. */
    @Override
    public String toString() {
        return canonical;
    }

    private static boolean isHexDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Keeps control characters out of error messages shown in a terminal. */
    static String printable(CharSequence text) {
        StringBuilder out = new StringBuilder();
        int limit = Math.min(text.length(), 80);
        for (int i = 0; i < limit; i++) {
            out.append(printable(text.charAt(i)));
        }
        if (text.length() > limit) {
            out.append("...");
        }
        return out.toString();
    }

    private static String printable(char c) {
        return Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }
}
