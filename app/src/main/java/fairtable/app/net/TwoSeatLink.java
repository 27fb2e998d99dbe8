package fairtable.app.net;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.session.SessionFrame;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.transcript.Hello;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How one side of a two-party game reaches the other, through the session layer as a table does: the listening side
 * runs a relaying {@link TableLink} for the two seats and plays seat 0 through it, the connecting side joins it as
 * seat 1, over TLS 1.3 bound to the profile's identity key (the default), or plain TCP with {@code --insecure}.
 *
 * <p>The other player is judged by the one {@link TrustRule} on their signed hello, before the game takes anything
 * from it: named up front (an invitation or {@code --peer}, and then the only key let through the door), already
 * pinned under the name the hello signs, or new and accepted ({@code --accept-new}, or the person at the terminal).
 * The host's seat must be signed by the key that opened the channel, so the pin on the channel is the pin on the game.
 *
 * <p>Both players may also join a relay that plays no seat ({@code fairtable relay}), each at the seat agreed: the
 * relay is pinned by its invitation, and each player judges the other's hello by the trust rule alone.
 */
public final class TwoSeatLink implements AutoCloseable {
    private final SigningKey identity;
    private final boolean insecure;
    /** The other player's key named up front: --peer, or the invitation's fingerprint. */
    private final Optional<Fingerprint> expected;
    private final TrustRule rule;
    /** The relay this side hosts, or null when it joins one. */
    private final TableLink host;
    private final String target;
    /** The seat this side plays at a relay that plays none, or -1 when one side hosts. */
    private final int relaySeat;
    /** The seat the hosting side plays (0, or 1 when it chose the second side); the joiner plays the other. */
    private final int hostSeat;
    /** What the invitation carries besides the address and key: the game and its settings, if any. */
    private volatile Invitation carried;
    /** The key the joined host proved on its first TLS channel: every later channel, and its seat, must be it. */
    private volatile VerifyingKey hostKey;

    private TwoSeatLink(SigningKey identity, boolean insecure, Optional<Fingerprint> expected, TrustRule rule,
            TableLink host, String target, int relaySeat, int hostSeat) {
        this.identity = identity;
        this.insecure = insecure;
        this.expected = expected;
        this.rule = rule;
        this.host = host;
        this.target = target;
        this.relaySeat = relaySeat;
        this.hostSeat = hostSeat;
    }

    /** The invitation's setting that names the seat the host plays, when it is not seat 0. */
    public static final String HOST_SEAT = "host-seat";

    /**
     * Hosts the game's relay on {@code bind:port} (0 picks a free port), journaled in {@code relayLog} if it is not
     * null (and taken up again from it after a crash). Over TLS the door lets through only the key {@code --peer}
     * named, if it did; otherwise only a key the trust rule may admit. Each key is then judged under the name it joins
     * with before it may place its hello, so a stranger the rule refuses never takes the seat. Every connection
     * turned away, refused or failed is reported to {@code refused}, and the relay keeps listening until its timeout.
     */
    public static TwoSeatLink listen(String bind, int port, SigningKey identity, boolean insecure,
            Optional<Fingerprint> expected, TrustRule rule, Duration patience, Path relayLog, Consumer<String> refused)
            throws IOException {
        return listen(bind, port, identity, insecure, expected, rule, patience, relayLog, refused, 0);
    }

    /**
     * As above, this side playing {@code hostSeat} (0 or 1: the side the host chose); the invitation then carries it
     * ({@link #HOST_SEAT}), so the joiner takes the other seat with nothing more to type.
     */
    public static TwoSeatLink listen(String bind, int port, SigningKey identity, boolean insecure,
            Optional<Fingerprint> expected, TrustRule rule, Duration patience, Path relayLog, Consumer<String> refused,
            int hostSeat) throws IOException {
        if (hostSeat != 0 && hostSeat != 1) {
            throw new IllegalArgumentException("the host plays seat 0 or 1 of a two-player game, not " + hostSeat);
        }
        TableLink relay = TableLink.open(identity, bind, port, relayLog, hostSeat);
        PeerCheck door = expected.map(PeerCheck::expect).orElse(TableLink.admissible(rule));
        if (!insecure) {
            relay.judgeJoinsBy(rule, refused);
        }
        relay.acceptAll(identity, insecure, patience, door, refused);
        return new TwoSeatLink(identity, insecure, expected, rule, relay, null, -1, hostSeat);
    }

    /** Joins the host of an invitation ({@code fairtable://HOST:PORT/FINGERPRINT}), or of {@code HOST:PORT}. */
    public static TwoSeatLink connect(String target, SigningKey identity, boolean insecure, Optional<Fingerprint> expected,
            TrustRule rule) {
        Optional<Fingerprint> named = target.startsWith(Invitation.SCHEME)
                ? Optional.of(Invitation.parse(target).fingerprint()) : expected;
        if (!target.startsWith(Invitation.SCHEME)) {
            HostPort.parse("--connect", target); // refused here, in plain words, before anything is opened
        }
        return new TwoSeatLink(identity, insecure, named, rule, null, target, -1, hostSeatOf(target));
    }

    /** The seat an invitation says its host plays: 0 unless it carries {@link #HOST_SEAT}{@code =1}. */
    public static int hostSeatOf(String target) {
        if (!target.startsWith(Invitation.SCHEME)) {
            return 0;
        }
        String said = Invitation.parse(target).settings().getOrDefault(HOST_SEAT, "0");
        if (!said.equals("0") && !said.equals("1")) {
            throw new IllegalArgumentException("the invitation's " + HOST_SEAT + " is 0 or 1, not '" + said + "'");
        }
        return Integer.parseInt(said);
    }

    /**
     * Joins, at {@code seat} (0 or 1, as the two players agreed), a relay that plays no seat: by its invitation, which
     * pins the relay's key, or HOST:PORT with {@code insecure}. The other player is the one {@code expected} (--peer)
     * names, or one the trust rule lets in by name.
     */
    public static TwoSeatLink atRelay(String target, int seat, SigningKey identity, boolean insecure,
            Optional<Fingerprint> expected, TrustRule rule) {
        if (seat != 0 && seat != 1) {
            throw new IllegalArgumentException("--seat is 0 or 1 at a relay for two players, not " + seat);
        }
        if (!target.startsWith(Invitation.SCHEME) && !insecure) {
            throw new IllegalArgumentException("join a relay by its invitation, or use HOST:PORT with --insecure");
        }
        if (!target.startsWith(Invitation.SCHEME)) {
            HostPort.parse("--connect", target);
        }
        return new TwoSeatLink(identity, insecure, expected, rule, null, target, seat, 0);
    }

    /** Whether this side joins a relay that plays no seat. */
    public boolean atRelay() {
        return relaySeat >= 0;
    }

    public boolean listening() {
        return host != null;
    }

    /** The seat this side plays: the host's (0 unless it chose 1), the joiner's the other, or the one agreed at a relay. */
    public int seat() {
        return atRelay() ? relaySeat : listening() ? hostSeat : 1 - hostSeat;
    }

    /**
     * Makes the invitation carry {@code game} and {@code settings} (the host's seat too, when it is not 0), so that
     * the joiner types only the invitation. Hosting only.
     */
    public TwoSeatLink carrying(String game, java.util.Map<String, String> settings) {
        java.util.Map<String, String> all = new java.util.LinkedHashMap<>(settings);
        if (hostSeat != 0) {
            all.put(HOST_SEAT, Integer.toString(hostSeat));
        }
        this.carried = Invitation.parse(host.invitation()).forTable(game, all);
        return this;
    }

    /** The port the relay listens on (hosting only). */
    public int port() {
        return host.port();
    }

    /** What to send the other player so they can join: host, port and this player's fingerprint. */
    public String invitation() {
        Invitation table = carried;
        if (table == null && hostSeat != 0) {
            throw new IllegalStateException("a host of seat " + hostSeat + " names its game: see carrying");
        }
        return table != null ? table.format() : host.invitation();
    }

    /** Whom the host lets take the other seat, in words: the key --peer named, or a key the trust rule lets in. */
    public String awaited() {
        if (insecure) {
            return "any player (--insecure)";
        }
        return expected.map(key -> "the player whose key is " + key + " (--peer)")
                .orElse("a player whose key is pinned here, or one --accept-new or your answer lets in");
    }

    /**
     * After a restart from a journal that already holds the host's hello: only that key may open the channel again.
     */
    public void expectHost(VerifyingKey key) {
        if (hostKey == null) {
            hostKey = key;
        }
    }

    /** Opens, and after a drop opens again, this side's connection to the relay. */
    public Connector connector() {
        if (listening()) {
            return host.seat();
        }
        if (atRelay()) {
            return TableLink.join(target, identity, insecure); // TLS to the invitation's key: the relay's
        }
        if (insecure || target.startsWith(Invitation.SCHEME)) {
            Connector join = TableLink.join(target, identity, insecure);
            return insecure ? join : patience -> {
                Transport t = join.connect(patience);
                hostKey = ((TlsTransport) t).peerKey(); // the invitation's key: TlsTransport checked it
                return t;
            };
        }
        // HOST:PORT over TLS: the key --peer names, else any key the first time and the same key ever after.
        HostPort address = HostPort.parse("--connect", target);
        byte[] open = SessionFrame.encode(new SessionFrame.Open(""));
        return patience -> {
            VerifyingKey known = hostKey;
            PeerCheck check = known != null ? PeerCheck.expect(Fingerprint.of(known))
                    : expected.map(PeerCheck::expect).orElse(PeerCheck.anyKey());
            TlsTransport tls = TlsTransport.connect(address.host(), address.port(), TlsIdentity.of(identity), check,
                    patience);
            hostKey = tls.peerKey();
            try {
                tls.send(open);
            } catch (IOException e) {
                tls.close();
                throw e;
            }
            return tls;
        };
    }

    /**
     * Judges the other player's hello before the game takes anything from it: the host's seat must be signed by the
     * key its channel proved, and the key must pass the {@link TrustRule} under the name it signs (a key the
     * invitation or --peer named counts as named). With {@code --insecure} nothing is proven, and nothing is judged.
     */
    public void judge(Hello hello) throws IOException {
        if (insecure) {
            return;
        }
        if (!listening() && !atRelay()) {
            VerifyingKey channel = hostKey;
            if (channel == null || !channel.equals(hello.key())) {
                // The channel's key and the game's key must be one identity, or the pin means nothing.
                throw UntrustedPeerException.fingerprintMismatch(Fingerprint.of(hello.key()),
                        channel == null ? Fingerprint.of(hello.key()) : Fingerprint.of(channel));
            }
        }
        rule.admit(hello.name(), hello.key(), expected.isPresent()
                && expected.get().equals(Fingerprint.of(hello.key())));
    }

    /** Closes the relay once the other player has taken its last deliveries and left (hosting only). */
    @Override
    public void close() {
        if (host != null) {
            host.close();
        }
    }
}
