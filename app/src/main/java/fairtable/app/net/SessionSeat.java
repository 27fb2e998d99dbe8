package fairtable.app.net;

import fairtable.app.Audits;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Actor;
import fairtable.net.Connector;
import fairtable.net.identity.Fingerprint;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionClient;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionMember;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One seat at a table through a relaying host, played to its end: a {@link SessionMember} around the party,
 * joined again with the backlog after a lost connection, every step journaled before it is sent if there is a
 * journal. Then what every seat reports: who was present, and the audit of what it kept.
 */
public final class SessionSeat {
    private SessionSeat() {}

    /**
     * Thrown by an actor (or a party's chooser) whose player stops taking part (a person's input ended): the run ends
     * there, with nothing more sent, and with a journal the seat can be taken up again later.
     */
    public static class Leaving extends RuntimeException {
        public Leaving(String reason) {
            super(reason);
        }
    }

    /** How the seat's session ended, and who the host last said was present. */
    public record Result(SessionClient.Outcome outcome, List<Member> presence) {}

    /**
     * Plays {@code party} as {@code name}: {@code silence} bounds how long a placed message may take to arrive,
     * {@code patience} how long the table may be silent at the party's next step.
     */
    public static Result play(Party party, SigningKey identity, String name, Actor actor, Journal journal,
            Connector connector, Function<Party, Duration> patience, Duration silence) {
        return play(party, identity, name, actor, journal, connector, patience, silence, null);
    }

    /**
     * As above, telling {@code status} (when not null) whom the table awaits while it is silent, and at once when
     * a player's connection drops or returns ({@link TableWatch}).
     */
    public static Result play(Party party, SigningKey identity, String name, Actor actor, Journal journal,
            Connector connector, Function<Party, Duration> patience, Duration silence,
            java.io.PrintWriter status) {
        return play(party, identity, name, actor, journal, connector, patience, silence, status, line -> { });
    }

    /**
     * As above, telling {@code notices} whenever the connection to the host is lost and the seat waits for it to be
     * back (a relay restarted from its log).
     */
    public static Result play(Party party, SigningKey identity, String name, Actor actor, Journal journal,
            Connector connector, Function<Party, Duration> patience, Duration silence,
            java.io.PrintWriter status, java.util.function.Consumer<String> notices) {
        SessionMember[] member = {null};
        TableWatch watch = status == null ? null : new TableWatch(party::awaiting,
                () -> member[0] == null ? List.of() : member[0].presence(), name, status, WAIT_FIRST, WAIT_AGAIN);
        try {
            SessionClient.Outcome outcome = SessionClient.run(
                    () -> member[0] = new SessionMember(party, identity, name, actor, silence, journal),
                    connector, patience, Duration.ofMillis(50), Clock.systemUTC(), notices);
            return new Result(outcome, member[0] == null ? List.of() : member[0].presence());
        } finally {
            if (watch != null) {
                watch.close();
            }
        }
    }

    /** The silence after which a person is told whom the table awaits, and how often again while it lasts. */
    private static final Duration WAIT_FIRST = Duration.ofSeconds(5);
    private static final Duration WAIT_AGAIN = Duration.ofSeconds(10);

    /** The players present, as "name (fingerprint)", in seat order (the hellos'), not in the order they came. */
    public static String present(Party party, List<Member> presence) {
        List<VerifyingKey> seats = party.transcript().hellos().stream().map(h -> h.key()).toList();
        return presence.stream()
                .sorted(Comparator.comparingInt(m -> seats.contains(m.key()) ? seats.indexOf(m.key()) : Integer.MAX_VALUE))
                .map(m -> m.name() + " (" + Fingerprint.of(m.key()) + ")").collect(Collectors.joining(", "));
    }

    /** The third-party audit of what the seat kept: its transcript and the messages it refused. */
    public static AuditVerdict audit(Party party) {
        return Audits.audit(party);
    }
}
