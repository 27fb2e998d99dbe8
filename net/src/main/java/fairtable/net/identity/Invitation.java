package fairtable.net.identity;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An invitation to a table, to send to a guest by any channel the guest trusts to come from the host:
 * {@code fairtable://HOST:PORT/FINGERPRINT} with an optional {@code /SESSION} (one table of a relay that serves
 * several) and an optional {@code ?game=NAME}, which may be followed by the table's settings,
 * {@code &players=2&stack=1000}, so that a guest needs nothing but the invitation.
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
 * @param settings the table's settings, in the host's order: names of a-z 0-9 and '-', values of letters, digits
 *     and {@code . _ / : , + -}; only with a game. Like the address, they are only what the host says: every seat's signed
 *     hello carries the table, and a seat refuses a hello for another table.
 */
public record Invitation(String host, int port, Fingerprint fingerprint, Optional<String> game,
        Optional<String> session, Map<String, String> settings) {
    public static final String SCHEME = "fairtable://";

    private static final Pattern DNS_LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
    private static final Pattern GAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,31}");
    private static final Pattern SETTING = Pattern.compile("[a-z][a-z0-9-]{0,31}");
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9._/:,+-]{1,64}");
    private static final Pattern SESSION = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final int MAX_SETTINGS = 24;
    private static final int MAX_LENGTH = 1024;

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
        if (!settings.isEmpty() && game.isEmpty()) {
            throw new IllegalArgumentException("settings come after ?game=NAME");
        }
        if (settings.size() > MAX_SETTINGS) {
            throw new IllegalArgumentException("at most " + MAX_SETTINGS + " settings, not " + settings.size());
        }
        settings.forEach((name, value) -> {
            if (name.equals("game") || !SETTING.matcher(name).matches()) {
                throw new IllegalArgumentException("a setting's name is 1 to 32 of a-z 0-9 - starting with a letter,"
                        + " and not game, not \"" + Fingerprint.printable(name) + "\"");
            }
            if (value == null || !VALUE.matcher(value).matches()) {
                throw new IllegalArgumentException("the setting " + name + " is 1 to 64 of letters, digits . _ / : , + -, not \""
                        + Fingerprint.printable(String.valueOf(value)) + "\"");
            }
        });
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    public Invitation(String host, int port, Fingerprint fingerprint, Optional<String> game) {
        this(host, port, fingerprint, game, Optional.empty(), Map.of());
    }

    public Invitation(String host, int port, Fingerprint fingerprint) {
        this(host, port, fingerprint, Optional.empty());
    }

    /** The same invitation for {@code game}, carrying {@code settings}. */
    public Invitation forTable(String game, Map<String, String> settings) {
        return new Invitation(host, port, fingerprint, Optional.of(game), session, settings);
    }

    /** Whether {@code name} may name one of a relay's tables: 1 to 32 of a-z 0-9 -, starting with a letter or digit. */
    public static boolean isSessionName(String name) {
        return SESSION.matcher(name).matches();
    }

    /** This invitation for the table {@code name} of the same relay. */
    public Invitation forSession(String name) {
        return new Invitation(host, port, fingerprint, game, Optional.of(name), settings);
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
        Map<String, String> settings = new LinkedHashMap<>();
        if (query != null) {
            String[] pairs = query.split("&", -1);
            if (!pairs[0].startsWith("game=")) {
                throw invalid(text, "its parameters start with ?game=NAME");
            }
            game = Optional.of(pairs[0].substring("game=".length()));
            for (int i = 1; i < pairs.length; i++) {
                int equals = pairs[i].indexOf('=');
                if (equals < 0) {
                    throw invalid(text, "a setting is NAME=VALUE, not \"" + pairs[i] + "\"");
                }
                if (settings.put(pairs[i].substring(0, equals), pairs[i].substring(equals + 1)) != null) {
                    throw invalid(text, "the setting " + pairs[i].substring(0, equals) + " is given twice");
                }
            }
        }
        try {
            return new Invitation(host, port, fingerprint, game, session, settings);
        } catch (IllegalArgumentException e) {
            throw invalid(text, e.getMessage());
        }
    }

    /**
     * The invitation as text, e.g.
     * {@code fairtable://table.example.org:7777/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&players=2&stack=1000}.
     */
    public String format() {
        String authority = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        StringBuilder query = new StringBuilder(game.map(g -> "?game=" + g).orElse(""));
        settings.forEach((name, value) -> query.append('&').append(name).append('=').append(value));
        return SCHEME + authority + ":" + port + "/" + fingerprint + session.map(t -> "/" + t).orElse("") + query;
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
