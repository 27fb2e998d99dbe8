package fairtable.net.identity;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An invitation to a table, to send to a guest by any channel the guest trusts to come from the host:
 * {@code fairtable://HOST:PORT/FINGERPRINT} with an optional {@code /SESSION} (one table of a relay that serves
 * several) and an optional {@code ?game=NAME}.
 *
 * <p>The fingerprint is the host's identity key: the guest's TLS channel accepts only a host that proves
 * possession of that key, so an invitation is exactly as trustworthy as the channel it arrived by. Host and
 * port only say where to knock; a wrong address fails to connect or reaches someone who cannot prove the key.
 *
 * @param host a DNS name, an IPv4 address, or an IPv6 address (written without brackets here)
 * @param port 1 to 65535
 * @param fingerprint the inviting host's identity key
 * @param game the game to be played, a short lower-case identifier, if the invitation names one
 * @param session which of a relay's tables, a short lower-case identifier, if the invitation names one
 */
public record Invitation(String host, int port, Fingerprint fingerprint, Optional<String> game, Optional<String> session) {
    public static final String SCHEME = "fairtable://";

    private static final Pattern DNS_LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
    private static final Pattern GAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,31}");
    private static final Pattern SESSION = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final int MAX_LENGTH = 512;

    public Invitation {
        checkHost(host);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("invitation port must be 1 to 65535, not " + port);
        }
        if (fingerprint == null) {
            throw new IllegalArgumentException("an invitation needs the host's fingerprint");
        }
        game.ifPresent(g -> {
            if (!GAME.matcher(g).matches()) {
                throw new IllegalArgumentException("a game name is 1 to 32 of a-z 0-9 . _ - starting with a letter"
                        + " or digit, not \"" + Fingerprint.printable(g) + "\"");
            }
        });
        session.ifPresent(t -> {
            if (!isSessionName(t)) {
                throw new IllegalArgumentException("a table's name is 1 to 32 of a-z 0-9 - starting with a letter"
                        + " or digit, not \"" + Fingerprint.printable(t) + "\"");
            }
        });
    }

    public Invitation(String host, int port, Fingerprint fingerprint, Optional<String> game) {
        this(host, port, fingerprint, game, Optional.empty());
    }

    public Invitation(String host, int port, Fingerprint fingerprint) {
        this(host, port, fingerprint, Optional.empty());
    }

    /** Whether {@code name} may name one of a relay's tables: 1 to 32 of a-z 0-9 -, starting with a letter or digit. */
    public static boolean isSessionName(String name) {
        return SESSION.matcher(name).matches();
    }

    /** This invitation for the table {@code name} of the same relay. */
    public Invitation forSession(String name) {
        return new Invitation(host, port, fingerprint, game, Optional.of(name));
    }

    /**
     * Reads an invitation as pasted. Surrounding whitespace is ignored; anything else that is not exactly
     * the format is refused with a message saying what is wrong.
     */
    public static Invitation parse(String text) {
        String s = text.strip();
        if (s.length() > MAX_LENGTH) {
            throw invalid(text, "it is longer than " + MAX_LENGTH + " characters");
        }
        if (!s.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            throw invalid(text, "it must start with " + SCHEME);
        }
        String rest = s.substring(SCHEME.length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            throw invalid(text, "the host's fingerprint is missing after host:port/");
        }
        String authority = rest.substring(0, slash);
        String afterSlash = rest.substring(slash + 1);
        int question = afterSlash.indexOf('?');
        String path = question < 0 ? afterSlash : afterSlash.substring(0, question);
        String query = question < 0 ? null : afterSlash.substring(question + 1);

        String host;
        String portText;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0 || close + 1 >= authority.length() || authority.charAt(close + 1) != ':') {
                throw invalid(text, "an IPv6 host is written [address]:port");
            }
            host = authority.substring(1, close);
            if (host.indexOf(':') < 0) {
                throw invalid(text, "only IPv6 addresses go in brackets");
            }
            portText = authority.substring(close + 2);
        } else {
            int colon = authority.lastIndexOf(':');
            if (colon < 0) {
                throw invalid(text, "the port is missing: write host:port");
            }
            host = authority.substring(0, colon);
            portText = authority.substring(colon + 1);
            if (host.indexOf(':') >= 0) {
                throw invalid(text, "an IPv6 host must be written in brackets, [address]:port");
            }
        }
        if (portText.isEmpty() || portText.length() > 5 || !portText.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw invalid(text, "the port must be a number from 1 to 65535");
        }
        int port = Integer.parseInt(portText);

        if (path.indexOf(' ') >= 0) {
            throw invalid(text, "it contains a space");
        }
        Optional<String> session = Optional.empty();
        int tableSlash = path.indexOf('/');
        if (tableSlash >= 0) {
            session = Optional.of(path.substring(tableSlash + 1));
            path = path.substring(0, tableSlash);
        }
        Fingerprint fingerprint;
        try {
            fingerprint = Fingerprint.parse(path);
        } catch (IllegalArgumentException e) {
            throw invalid(text, e.getMessage());
        }

        Optional<String> game = Optional.empty();
        if (query != null) {
            if (!query.startsWith("game=") || query.indexOf('&') >= 0) {
                throw invalid(text, "the only parameter an invitation has is ?game=NAME");
            }
            game = Optional.of(query.substring("game=".length()));
        }
        try {
            return new Invitation(host, port, fingerprint, game, session);
        } catch (IllegalArgumentException e) {
            throw invalid(text, e.getMessage());
        }
    }

    /** The invitation as text, e.g. {@code fairtable://table.example.org:7777/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem}. */
    public String format() {
        String authority = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return SCHEME + authority + ":" + port + "/" + fingerprint + session.map(t -> "/" + t).orElse("")
                + game.map(g -> "?game=" + g).orElse("");
    }

    @Override
    public String toString() {
        return format();
    }

    private static void checkHost(String host) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("an invitation needs a host");
        }
        if (host.indexOf(':') >= 0) {
            checkIpv6(host);
            return;
        }
        if (host.length() > 253) {
            throw new IllegalArgumentException("a host name is at most 253 characters");
        }
        // A DNS name is labels of letters, digits and inner dashes; all digits, it must be an IPv4 address.
        String[] labels = host.split("\\.", -1);
        boolean numeric = true;
        for (String label : labels) {
            if (!DNS_LABEL.matcher(label).matches()) {
                throw new IllegalArgumentException("\"" + Fingerprint.printable(host) + "\" is not a host name or"
                        + " IP address");
            }
            numeric &= label.chars().allMatch(c -> c >= '0' && c <= '9');
        }
        if (numeric && !isIpv4(labels)) {
            throw new IllegalArgumentException("\"" + host + "\" is not an IPv4 address (four numbers 0 to 255)");
        }
    }

    private static boolean isIpv4(String[] labels) {
        if (labels.length != 4) {
            return false;
        }
        for (String label : labels) {
            if (label.length() > 3 || (label.length() > 1 && label.charAt(0) == '0') || Integer.parseInt(label) > 255) {
                return false;
            }
        }
        return true;
    }

    private static void checkIpv6(String host) {
        if (!host.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0 && c < 128)) {
            throw new IllegalArgumentException("\"" + Fingerprint.printable(host) + "\" is not an IPv6 address");
        }
        try {
            // The brackets make the JDK parse a literal and never look the name up.
            InetAddress.getByName("[" + host + "]");
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("\"" + host + "\" is not an IPv6 address");
        }
    }

    private static IllegalArgumentException invalid(String text, String why) {
        return new IllegalArgumentException("not a fairtable invitation (" + why + "): \""
                + Fingerprint.printable(text.strip()) + "\"");
    }
}
