package fairtable.app.net;

/** A HOST:PORT typed by a person (an IPv6 host in brackets), read once so every command words its refusal alike. */
public record HostPort(String host, int port) {

    /**
     * Reads {@code text} given to {@code option}.
     *
     * @throws IllegalArgumentException naming the option, the text and what is allowed
     */
    public static HostPort parse(String option, String text) {
        int colon = text.lastIndexOf(':');
        String portText = colon < 0 ? "" : text.substring(colon + 1);
        int port = -1;
        if (colon > 0 && portText.matches("\\d{1,5}")) {
            port = Integer.parseInt(portText);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(option + " takes HOST:PORT with a port from 1 to 65535, or the host's"
                    + " invitation (fairtable://HOST:PORT/FINGERPRINT), not '" + text + "'");
        }
        return new HostPort(text.substring(0, colon).replaceAll("^\\[|\\]$", ""), port);
    }
}
