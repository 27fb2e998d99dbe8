package fairtable.protocol.transcript;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The signed, hash-chained record of one session, identical at every seat. Checks each message's place
 * (sequence number, previous hash, session id), author (seat and signature) and, for hellos, that every
 * seat agreed to the same game. What a message means is for the protocol to check.
 */
public final class Transcript {
    private static final byte[] ZERO = new byte[Envelope.HASH_LENGTH];

    private final List<Envelope> envelopes = new ArrayList<>();
    private final List<Hello> hellos = new ArrayList<>();
    private byte[] sessionId;
    // The last message that passed check() against the current head: append() need not verify it again.
    private Envelope checked;
    private Hello checkedHello;

    /** Checks that {@code e} may come next, without recording it. Returns its hello if it is one. */
    public Hello check(Envelope e) throws ProtocolViolation {
        Hello hello = verify(e);
        checked = e;
        checkedHello = hello;
        return hello;
    }

    private Hello verify(Envelope e) throws ProtocolViolation {
        if (established()) {
            requireFit(e);
            return null;
        }
        String who = "at seat " + e.sender();
        if (e.seq() != envelopes.size()) {
            throw new ProtocolViolation(e.step(), who, "message number " + e.seq() + " arrived where number "
                    + envelopes.size() + " was due (duplicate, replayed or out of order)");
        }
        if (!Arrays.equals(e.prev(), head())) {
            throw new ProtocolViolation(e.step(), who, "the message does not follow the previous one (hash chain broken)");
        }
        return checkHello(e, who);
    }

    private Hello checkHello(Envelope e, String who) throws ProtocolViolation {
        if (!Hello.TYPE.equals(e.type()) || e.step() != 0) {
            throw new ProtocolViolation(e.step(), who, "expected a hello, got " + e.type());
        }
        if (!Arrays.equals(e.session(), ZERO)) {
            throw new ProtocolViolation(0, who, "a hello carries no session id");
        }
        Hello hello;
        try {
            hello = Hello.fromBytes(e.body());
        } catch (MalformedMessageException ex) {
            throw new ProtocolViolation(0, who, "malformed hello: " + ex.getMessage());
        }
        who = hello.name();
        if (hello.seat() != envelopes.size() || e.sender() != hello.seat()) {
            throw new ProtocolViolation(0, who, "hello for seat " + hello.seat() + " arrived as message " + e.seq());
        }
        if (!hellos.isEmpty() && !hellos.get(0).sameGameAs(hello)) {
            throw new ProtocolViolation(0, who, "proposes a different game than " + hellos.get(0).name());
        }
        for (Hello earlier : hellos) {
            if (earlier.key().equals(hello.key()) || earlier.name().equals(hello.name())) {
                throw new ProtocolViolation(0, who, "uses the same name or key as " + earlier.name());
            }
        }
        if (!e.isSignedBy(hello.key())) {
            throw new ProtocolViolation(0, who, "bad signature");
        }
        return hello;
    }

    /**
     * Why a message cannot stand at a place (docs/evidence.md): {@code what} it is ("a message signed by bob in
     * another session") and {@code against}, the name it proves nothing against ("anyone" for a seat that does not
     * exist).
     */
    public record Misfit(String what, String against) {
        /** The line of a party that refuses it: it blames nobody. */
        public String refusal() {
            return what + " was refused; it proves nothing against " + against;
        }
    }

    /**
     * The evidence rule's test of place and author: why {@code e} cannot stand as message number {@code index} of
     * this established session, or null when it can: signed by the seat it names, for this session, numbered
     * {@code index} and following message {@code index - 1}. Only a message that fits so can convict its signer;
     * anyone may replay, move or forge one that does not.
     */
    public Misfit misfitAt(Envelope e, int index) {
        if (!established() || index < hellos.size() || index > envelopes.size()) {
            throw new IllegalArgumentException("no message number " + index + " to judge in this session");
        }
        if (e.sender() < 0 || e.sender() >= hellos.size()) {
            return new Misfit("a message in the name of seat " + e.sender() + " (there is no such seat)", "anyone");
        }
        String name = hellos.get(e.sender()).name();
        if (!e.isSignedBy(hellos.get(e.sender()).key())) {
            return new Misfit("a message in " + name + "'s name with a bad signature", name);
        }
        String signed = "a message signed by " + name;
        if (!Arrays.equals(e.session(), sessionId)) {
            return new Misfit(signed + " in another session", name);
        }
        if (e.seq() != index) {
            return new Misfit(signed + " as number " + e.seq() + " (number " + index + " was due)", name);
        }
        if (!Arrays.equals(e.prev(), envelopes.get(index - 1).hash())) {
            return new Misfit(signed + " that does not follow message " + (index - 1), name);
        }
        return null;
    }

    /**
     * The same test for the next message before the session exists, where a hello is due: why {@code e} cannot stand
     * there, or null when it can: a readable hello, signed by the key it names, numbered and chained as the next
     * message. Anyone can write a line that is not, so it proves nothing; what else a hello that is may break (its
     * step, seat or game, a name or key used twice) its signer signed there, and {@link #check} names it.
     */
    public Misfit helloMisfit(Envelope e) {
        if (established()) {
            throw new IllegalStateException("the session is established: no hello is due");
        }
        Hello hello;
        try {
            hello = Hello.TYPE.equals(e.type()) ? Hello.fromBytes(e.body()) : null;
        } catch (MalformedMessageException ex) {
            hello = null;
        }
        if (hello == null) {
            return new Misfit("a message from seat " + e.sender() + " that is not a readable hello", "anyone");
        }
        String name = hello.name();
        if (!e.isSignedBy(hello.key())) {
            return new Misfit("a hello in " + name + "'s name with a bad signature", name);
        }
        String signed = "a hello signed by " + name;
        if (e.seq() != envelopes.size()) {
            return new Misfit(signed + " as number " + e.seq() + " (number " + envelopes.size() + " was due)", name);
        }
        if (!Arrays.equals(e.prev(), head())) {
            return new Misfit(signed + (envelopes.isEmpty() ? " that does not open the chain"
                    : " that does not follow message " + (envelopes.size() - 1)), name);
        }
        return null;
    }

    /**
     * Refuses, naming nobody, a message that does not fit the head of this established transcript: signed in another
     * session, for another place in the chain, with a bad signature or by no seat. Such a message proves nothing
     * (docs/evidence.md), so no party reports it as its signer's cheat, and it changes nothing, so the party keeps
     * waiting for the genuine message.
     */
    public void requireFit(Envelope e) throws ProtocolViolation {
        Misfit misfit = misfitAt(e, envelopes.size());
        if (misfit != null) {
            throw ProtocolViolation.provingNothing(e.step(), misfit.refusal());
        }
    }

    /** Checks and records {@code e}. */
    public void append(Envelope e) throws ProtocolViolation {
        Hello hello = e == checked ? checkedHello : verify(e);
        checked = null;
        checkedHello = null;
        envelopes.add(e);
        if (hello != null) {
            hellos.add(hello);
            if (hellos.size() == hello.players()) {
                sessionId = e.hash();
            }
        }
    }

    /**
     * Records {@code e} when a party is restored from a snapshot its owner signed (a journal entry, whose signature the
     * journal checked): a message this party checked in full when it arrived, or signed itself. Its place is checked
     * again (sequence number, previous hash, session, a seat that exists) and every hello in full; the signatures of
     * the later messages are not, since the owner's signature over the snapshot vouches for them, and verifying every
     * message of a long game again was most of the cost of waking a game by mail. Bytes from anyone else go through
     * {@link #append}.
     */
    public void appendVouched(Envelope e) throws ProtocolViolation {
        if (!established()) {
            append(e);
            return;
        }
        if (e.sender() < 0 || e.sender() >= hellos.size() || !Arrays.equals(e.session(), sessionId)
                || e.seq() != envelopes.size() || !Arrays.equals(e.prev(), head())) {
            throw ProtocolViolation.provingNothing(e.step(), "message " + e.seq() + " of the saved transcript does not "
                    + "follow message " + (envelopes.size() - 1) + " in this session");
        }
        checked = null;
        checkedHello = null;
        envelopes.add(e);
    }

    /** Signs the next message as {@code seat} and records it. */
    public Envelope seal(SigningKey key, int seat, int step, String type, byte[] body) {
        Envelope e = Envelope.sign(key, established() ? sessionId : ZERO, envelopes.size(), head(), seat, step,
                type, body);
        if (Hello.TYPE.equals(type)) {
            try {
                append(e); // a hello is parsed to learn the seat's key and the session
            } catch (ProtocolViolation v) {
                throw new IllegalStateException("own hello rejected: " + v.getMessage(), v);
            }
        } else {
            // Our own message, placed and signed just now: no need to verify our own signature.
            envelopes.add(e);
            checked = null;
        }
        return e;
    }

    /** The hash the next message must name as {@code prev}. */
    public byte[] head() {
        return envelopes.isEmpty() ? ZERO.clone() : envelopes.get(envelopes.size() - 1).hash();
    }

    /** Whether every seat's hello is in, fixing the session id. */
    public boolean established() {
        return sessionId != null;
    }

    public byte[] sessionId() {
        if (sessionId == null) {
            throw new IllegalStateException("the session is not established yet");
        }
        return sessionId.clone();
    }

    public List<Envelope> envelopes() {
        return Collections.unmodifiableList(envelopes);
    }

    public List<Hello> hellos() {
        return Collections.unmodifiableList(hellos);
    }

    public String nameOf(int seat) {
        return seat < hellos.size() ? hellos.get(seat).name() : "at seat " + seat;
    }

    public int size() {
        return envelopes.size();
    }
}
