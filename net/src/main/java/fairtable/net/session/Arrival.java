package fairtable.net.session;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.Arrays;

/**
 * Where a message handed to a player stands against the player's transcript: the one check of position, author,
 * session and chain that a player makes of every message before its party takes it, whether a host delivered it
 * ({@link SessionMember}) or it came by mail ({@code correspondence.CorrespondenceGame}). What the message says, and
 * whether its step is due, is for the party's observer. Each caller decides whom a verdict blames: at a table the host
 * placed the message under its receipt, by mail nobody placed it.
 */
public sealed interface Arrival {
    /** The same message is already held at its position. */
    record Copy() implements Arrival {}

    /** Another message, {@code held}, is already at its position. */
    record Conflict(Envelope held) implements Arrival {}

    /** It is beyond the next position, {@code due}. */
    record Ahead(long due) implements Arrival {}

    /**
     * At the next position, for this session, but not signed by the key its seat gave in its hello (for a hello, the key
     * inside it).
     */
    record Unsigned() implements Arrival {}

    /** At the next position, but for another session (whoever signed it: another game's seats are not this one's). */
    record OtherSession() implements Arrival {}

    /** At the next position, but it does not fit the chain there: {@code misfit} says why and whom it cannot blame. */
    record Misfit(Transcript.Misfit misfit) implements Arrival {}

    /** It fits at the next position: the party judges what it says. */
    record Next() implements Arrival {}

    /** Where {@code e} stands against {@code t}. */
    static Arrival of(Transcript t, Envelope e) {
        if (e.seq() < t.size()) {
            Envelope held = t.envelopes().get((int) e.seq());
            return held.equals(e) ? new Copy() : new Conflict(held);
        }
        if (e.seq() > t.size()) {
            return new Ahead(t.size());
        }
        if (t.established() && !Arrays.equals(e.session(), t.sessionId())) {
            return new OtherSession();
        }
        if (!signedByItsSeat(t, e)) {
            return new Unsigned();
        }
        Transcript.Misfit misfit = t.established() ? t.misfitAt(e, t.size()) : t.helloMisfit(e);
        return misfit == null ? new Next() : new Misfit(misfit);
    }

    /**
     * Whether {@code e} is signed by the key of the seat it names; true when it names no seat yet (a message that is
     * not a hello before the session exists, a seat beyond the table), which then does not fit the chain.
     */
    private static boolean signedByItsSeat(Transcript t, Envelope e) {
        if (!t.established()) {
            if (!Hello.TYPE.equals(e.type())) {
                return true;
            }
            try {
                return e.isSignedBy(Hello.fromBytes(e.body()).key());
            } catch (MalformedMessageException unreadable) {
                return false;
            }
        }
        return e.sender() < 0 || e.sender() >= t.hellos().size() || e.isSignedBy(t.hellos().get(e.sender()).key());
    }
}
