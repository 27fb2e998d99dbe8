package fairtable.protocol;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party.Rejected;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.Decoder;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The bookkeeping every party shares, held by composition: its seat, name and signing key, the transcript of
 * the messages it accepted or sent, the refused messages it keeps as evidence, and the cheat it stopped on. A
 * party keeps its core private; what the core says about refusing, sealing and snapshots is the same at every
 * seat of every protocol, so it is written once here.
 */
public final class PartyCore {
    /** The largest encoded parameters a snapshot header carries. */
    private static final int MAX_PARAMETER_BYTES = 4096;
    private static final int MAX_NAME = 256;

    private final int seat;
    private final String name;
    private final SigningKey key;
    private final Transcript transcript = new Transcript();
    private final RefusedMessages rejected = new RefusedMessages();
    private ProtocolViolation failure;

    public PartyCore(int seat, String name, SigningKey key) {
        this.seat = seat;
        this.name = name;
        this.key = key;
    }

    /** A protocol message as it goes on the wire: its type and its canonical body. */
    public interface Message {
        String type();

        byte[] toBytes();
    }

    /** Rewrites an outgoing body: the seam through which adversarial tests play a cheating party. */
    @FunctionalInterface
    public interface Tamper<M> {
        byte[] tamper(M message, byte[] body);
    }

    /** One step of receiving: may refuse the message by throwing, and must then have changed nothing. */
    @FunctionalInterface
    public interface Receiver {
        List<Envelope> receive(Envelope e) throws ProtocolViolation;
    }

    /** Records a message as sent (or as replayed from a snapshot), checking it. */
    @FunctionalInterface
    public interface Recorder {
        void record(Envelope e) throws ProtocolViolation;
    }

    public String name() {
        return name;
    }

    public Transcript transcript() {
        return transcript;
    }

    /** The refused messages and why, read-only. */
    public List<Rejected> rejected() {
        return rejected.list();
    }

    public Optional<ProtocolViolation> failure() {
        return Optional.ofNullable(failure);
    }

    public boolean hasStopped() {
        return failure != null;
    }

    /** Stops the game on a cheat only this party's secrets show. */
    public void stop(ProtocolViolation cheat) {
        failure = cheat;
    }

    /** What a stopped party awaits, or {@code otherwise} while it plays on. */
    public String awaitingUnlessStopped(String otherwise) {
        return failure != null ? "nothing: the game was stopped (" + failure.getMessage() + ")" : otherwise;
    }

    // ---- Receiving.

    /**
     * Runs {@code receiver} on {@code e}; a violation it throws is kept with {@code e} as evidence, then thrown on.
     * The receiver changes nothing before it has accepted the message, so a refusal leaves the state unchanged.
     */
    public List<Envelope> keepingRefused(Envelope e, Receiver receiver) throws ProtocolViolation {
        int accepted = transcript.size();
        try {
            return receiver.receive(e);
        } catch (ProtocolViolation v) {
            rejected.keep(transcript, e, v);
            throw v;
        } catch (RuntimeException unexpected) {
            if (transcript.size() != accepted) {
                // The message was checked and recorded: what failed after is this party's own doing (its side choosing
                // a move, say, which a person may abandon), not the peer's message, so it blames nobody.
                throw unexpected;
            }
            ProtocolViolation v = unexpected(transcript, e, unexpected, accepted);
            rejected.keep(transcript, e, v);
            throw v;
        }
    }

    /**
     * What an exception that escaped the handling of {@code e} proves (nothing a peer sends may throw past a party's
     * {@code receive}): if {@code e} fits the head of {@code transcript} (or is the hello due), its signer sent it
     * there, and it is named at the message's step with the reason the exception gives (the message could not be
     * handled, which no honest message causes); otherwise it proves nothing, like any message off the chain.
     */
    public static ProtocolViolation unexpected(Transcript transcript, Envelope e, RuntimeException x) {
        return unexpected(transcript, e, x, transcript.size());
    }

    /** {@link #unexpected(Transcript, Envelope, RuntimeException)} for a message received as number {@code index}. */
    private static ProtocolViolation unexpected(Transcript transcript, Envelope e, RuntimeException x, int index) {
        Transcript.Misfit misfit;
        if (!transcript.established()) {
            misfit = transcript.helloMisfit(e);
        } else if (index >= transcript.hellos().size()) {
            misfit = transcript.misfitAt(e, index);
        } else {
            misfit = null; // the last hello, recorded (so checked) before the failure
        }
        String what = "its '" + e.type() + "' could not be handled" + (x.getMessage() == null ? ""
                : ": " + x.getMessage());
        if (misfit != null) {
            return ProtocolViolation.provingNothing(e.step(), misfit.refusal());
        }
        String signer = transcript.established() ? transcript.nameOf(e.sender()) : helloName(e);
        return new ProtocolViolation(e.step(), signer, what);
    }

    private static String helloName(Envelope e) {
        try {
            return Hello.fromBytes(e.body()).name();
        } catch (MalformedMessageException m) {
            return "seat " + e.sender();
        }
    }

    /**
     * The receive path of a party whose peers' messages an observer judges: refuse, naming nobody, a message that
     * does not fit the chain ({@link Transcript#requireFit}, first, so that a late replay is not called a
     * message after the game), refuse anything else once {@code over}, pass the hellos to
     * {@code hello}, refuse a message in this party's own name, and pass the rest to {@code message}. Every refusal
     * is kept as evidence.
     */
    public List<Envelope> receive(Envelope e, boolean over, Receiver hello, Receiver message) throws ProtocolViolation {
        return keepingRefused(e, m -> {
            if (transcript.established()) {
                transcript.requireFit(m);
            }
            if (over) {
                throw alreadyOver(m);
            }
            if (!transcript.established()) {
                return hello.receive(m);
            }
            transcript.check(m);
            if (m.sender() == seat) {
                throw new ProtocolViolation(m.step(), transcript.nameOf(seat), "a message in my own name that I did not send");
            }
            return message.receive(m);
        });
    }

    /** The refusal of a message that arrives after the game ended. */
    public ProtocolViolation alreadyOver(Envelope e) {
        return new ProtocolViolation(e.step(), transcript.nameOf(e.sender()), "the game is already over");
    }

    /**
     * Checks and records another seat's hello for this game: not in this party's seat, and for {@code protocol}
     * with {@code players} seats and exactly these {@code parameters}. Otherwise refuses it with the reason
     * {@code refusal} gives.
     */
    public Hello acceptHello(Envelope e, String protocol, byte[] parameters, int players, Function<Hello, String> refusal)
            throws ProtocolViolation {
        Hello hello = transcript.check(e);
        if (hello.seat() == seat) {
            throw new ProtocolViolation(0, hello.name(), "claims my seat");
        }
        // Accepted, a hello with this party's name or key would make its own hello, sealed after it, break the chain.
        if (hello.key().equals(key.verifyingKey())) {
            throw ProtocolViolation.provingNothing(0, "a hello with my key that I did not send was refused");
        }
        if (hello.name().equals(name)) {
            throw new ProtocolViolation(0, hello.name(), "takes my name before my hello");
        }
        if (!hello.protocol().equals(protocol) || hello.players() != players
                || !Arrays.equals(hello.parameters(), parameters)) {
            throw new ProtocolViolation(0, hello.name(), refusal.apply(hello));
        }
        transcript.append(e);
        return hello;
    }

    /**
     * The refusal of a hello for another game: "proposes OFFERED, not {@code expected}", where OFFERED is its
     * protocol, {@code joiner} and its parameters as {@code reader} reads them.
     */
    public static String proposes(Hello offered, String joiner, Decoder<?> reader, String expected) {
        String offer;
        try {
            offer = offered.protocol() + joiner + reader.decode(offered.parameters());
        } catch (MalformedMessageException m) {
            offer = offered.protocol() + " with unreadable parameters";
        }
        return "proposes " + offer + ", not " + expected;
    }

    // ---- Sending.

    /** Signs and records this party's hello, with a fresh nonce from {@code random}. */
    public Envelope sendHello(String protocol, byte[] parameters, int players, RandomGenerator random) {
        byte[] nonce = new byte[Hello.NONCE_LENGTH];
        random.nextBytes(nonce);
        Hello hello = new Hello(protocol, parameters, players, seat, name, key.verifyingKey(), nonce);
        return transcript.seal(key, seat, 0, Hello.TYPE, hello.toBytes());
    }

    /** Signs one of this party's messages at {@code step} and appends it to the transcript. */
    public Envelope seal(int step, String type, byte[] body) {
        return transcript.seal(key, seat, step, type, body);
    }

    /**
     * Signs and appends {@code message} at {@code step}. Honest ({@code tamper} null), it is recorded as built by
     * {@code recordBuilt}, without decoding it again. Tampered, the body is rewritten and the message recorded
     * as sent by {@code recordSent}; a cheater's own view may refuse it, and the honest peers will say so.
     */
    public <M extends Message> Envelope send(int step, M message, Tamper<? super M> tamper, Runnable recordBuilt,
            Recorder recordSent) {
        if (tamper == null) {
            Envelope e = seal(step, message.type(), message.toBytes());
            recordBuilt.run();
            return e;
        }
        Envelope e = seal(step, message.type(), tamper.tamper(message, message.toBytes()));
        try {
            recordSent.record(e);
        } catch (ProtocolViolation ignored) {
            // The cheater's own view; the honest peers refuse the message and keep it.
        }
        return e;
    }

    // ---- Snapshots: a header, the party's own secrets, then its history (see PartySnapshots).

    /** What opens every snapshot: its version, the game's parameters, this seat and its name. */
    public record Header(byte[] parameters, int seat, String name) {}

    /** Starts a snapshot with its header; the party appends its secrets, then {@link #writeHistory}. */
    public WireWriter snapshotHeader(int version, byte[] parameters) {
        return new WireWriter().u8(version).blob(parameters).u8(seat).string(name);
    }

    /** Reads what {@link #snapshotHeader} wrote, refusing another version with {@code unknownVersion}. */
    public static Header readHeader(WireReader r, int version, String unknownVersion) throws MalformedMessageException {
        if (r.u8() != version) {
            throw new MalformedMessageException(unknownVersion);
        }
        byte[] parameters = r.blob(MAX_PARAMETER_BYTES, "the parameters");
        int seat = r.u8();
        return new Header(parameters, seat, r.string(MAX_NAME, "the name"));
    }

    /** The cheat this party stopped on, for the parties that can stop. */
    public void writeFailure(WireWriter w) {
        PartySnapshots.writeFailure(w, failure);
    }

    public void readFailure(WireReader r) throws MalformedMessageException {
        failure = PartySnapshots.readFailure(r);
    }

    /** The accepted messages, then the refused ones with their reasons. */
    public void writeHistory(WireWriter w) {
        PartySnapshots.writeMessages(w, transcript.envelopes());
        PartySnapshots.writeRefused(w, rejected.list());
    }

    /**
     * Reads what {@link #writeHistory} wrote into this (new) core: every accepted message goes through
     * {@code replay}, which appends it to the transcript and rebuilds the public state, checking it again; the
     * refused ones are kept as they were.
     */
    public void readHistory(WireReader r, Recorder replay) throws MalformedMessageException {
        List<Envelope> messages = PartySnapshots.readMessages(r);
        List<Rejected> refused = PartySnapshots.readRefused(r);
        try {
            for (Envelope e : messages) {
                replay.record(e);
            }
        } catch (ProtocolViolation v) {
            throw new MalformedMessageException("the snapshot's transcript does not replay: " + v.getMessage());
        }
        rejected.restore(refused);
    }

    /**
     * {@link #readHistory(WireReader, Recorder)} for a party whose public state starts once every hello is in:
     * the transcript appends each message, {@code established} runs when the last hello makes the session, and
     * every later message goes to {@code judge}, which checks it again and records it.
     */
    public void readHistory(WireReader r, Runnable established, Recorder judge) throws MalformedMessageException {
        readHistory(r, e -> {
            boolean before = transcript.established();
            transcript.append(e);
            if (!before && transcript.established()) {
                established.run();
            }
            if (transcript.established() && !Hello.TYPE.equals(e.type())) {
                judge.record(e);
            }
        });
    }
}
