package fairtable.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessAudit;
import fairtable.protocol.darkchess.DarkChessRecord;
import fairtable.protocol.darkchess.DarkChessVerifier;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The one evidence rule of docs/evidence.md, as every protocol's cheat tests check it: the messages a cheater (or
 * a framer) offers in place of a genuine one, and what a party and the audit of its evidence file must say of them.
 */
public final class EvidenceRule {
    /** A body no protocol reads as any of its messages. */
    /**
     * The audits above this layer as the protocol tests give them: dark chess's rules half for scripted games,
     * which takes every move as legal (the chess rules live in games and are tested there).
     */
    public static final List<ProtocolAudit> SCRIPTED_RULES = List.of(new DarkChessAudit(new DarkChessVerifier() {
        @Override
        public Optional<Blame> verify(DarkChessRecord record) {
            return Optional.empty();
        }

        @Override
        public String summary(DarkChessRecord record) {
            return "scripted game";
        }
    }));

    private static final byte[] GARBLE = {(byte) 0xff, (byte) 0xff, (byte) 0xff};

    private EvidenceRule() {}

    /** {@code genuine}'s place, signed again by {@code key} over a body that breaks every protocol: it fits, and convicts. */
    public static Envelope garbled(SigningKey key, Envelope genuine) {
        return Envelope.sign(key, genuine.session(), genuine.seq(), genuine.prev(), genuine.sender(), genuine.step(),
                genuine.type(), GARBLE);
    }

    /** The same garbled message, for this session and number, but following another message (a wrong prev hash). */
    public static Envelope garbledAfterAnotherMessage(SigningKey key, Envelope genuine) {
        byte[] prev = genuine.prev().clone();
        prev[0] ^= 1;
        return Envelope.sign(key, genuine.session(), genuine.seq(), prev, genuine.sender(), genuine.step(),
                genuine.type(), GARBLE);
    }

    /** The same garbled message, after the right message, but numbered one further on (a wrong seq). */
    public static Envelope garbledOneNumberOn(SigningKey key, Envelope genuine) {
        return Envelope.sign(key, genuine.session(), genuine.seq() + 1, genuine.prev(), genuine.sender(),
                genuine.step(), genuine.type(), GARBLE);
    }

    /** The live line of a refused message that does not follow message {@code index - 1}. */
    public static String notFollowing(Envelope genuine, String signer) {
        return "step " + genuine.step() + ": a message signed by " + signer + " that does not follow message "
                + (genuine.seq() - 1) + " was refused; it proves nothing against " + signer;
    }

    /** The live line of a refused message numbered one past {@code genuine}'s place. */
    public static String numberedOneOn(Envelope genuine, String signer) {
        return "step " + genuine.step() + ": a message signed by " + signer + " as number " + (genuine.seq() + 1)
                + " (number " + genuine.seq() + " was due) was refused; it proves nothing against " + signer;
    }

    /** The live line of a refused message from another session. */
    public static String fromAnotherSession(int step, String signer) {
        return "step " + step + ": a message signed by " + signer
                + " in another session was refused; it proves nothing against " + signer;
    }

    /**
     * Offers {@code fake} to {@code to}, which must refuse it with exactly {@code line}, keep it as evidence and
     * change nothing (it goes on waiting for the genuine message).
     */
    public static ProtocolViolation refusedAndKept(Party to, Envelope fake, String line) {
        int accepted = to.transcript().size();
        int kept = to.rejected().size();
        String awaiting = to.awaiting();
        ProtocolViolation[] refusal = new ProtocolViolation[1];
        assertThatThrownBy(() -> to.receive(fake)).isInstanceOfSatisfying(ProtocolViolation.class, v -> refusal[0] = v)
                .hasMessage(line);
        assertThat(to.transcript().size()).isEqualTo(accepted);
        assertThat(to.awaiting()).isEqualTo(awaiting);
        assertThat(to.rejected()).hasSize(kept + 1);
        assertThat(to.rejected().get(kept).envelope()).isEqualTo(fake);
        return refusal[0];
    }

    /** What is offered in place of a genuine message: garbage signed by its author, at its place or elsewhere. */
    public enum Offer {
        /** At the genuine message's place: it fits, so it convicts its signer. */
        FITTING,
        /** Following another message (a wrong prev hash): it proves nothing. */
        AFTER_ANOTHER_MESSAGE,
        /** Numbered one further on (a wrong seq): it proves nothing. */
        ONE_NUMBER_ON
    }

    /**
     * Offers to {@code to}, in place of {@code genuine}, garbage that {@code key} (its author's) signed as {@code offer}
     * says, and checks the refusal: for a fitting one, exactly {@code fittingLine}, which names its signer; otherwise the line that says it proves nothing. Either way it is kept and changes nothing.
     */
    public static ProtocolViolation offer(Party to, SigningKey key, Envelope genuine, String signer, Offer offer,
            String fittingLine) {
        return switch (offer) {
            case FITTING -> {
                Envelope fake = garbled(key, genuine);
                ProtocolViolation[] refusal = new ProtocolViolation[1];
                int kept = to.rejected().size();
                assertThatThrownBy(() -> to.receive(fake)).isInstanceOfSatisfying(ProtocolViolation.class,
                        v -> refusal[0] = v).hasMessage(fittingLine);
                assertThat(refusal[0].party()).isEqualTo(signer);
                assertThat(to.rejected()).hasSize(kept + 1);
                yield refusal[0];
            }
            case AFTER_ANOTHER_MESSAGE -> refusedAndKept(to, garbledAfterAnotherMessage(key, genuine),
                    notFollowing(genuine, signer));
            case ONE_NUMBER_ON -> refusedAndKept(to, garbledOneNumberOn(key, genuine), numberedOneOn(genuine, signer));
        };
    }

    /**
     * Plays two parties against each other from {@code first}'s start until one of them sends a message that
     * {@code which} picks, and returns it: a message of an earlier game, to replay in a later one.
     */
    public static Envelope firstSent(Party first, Party second, Predicate<Envelope> which) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(first.start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (which.test(e)) {
                return e;
            }
            queue.addAll((e.sender() == first.seat() ? second : first).receive(e));
        }
        throw new AssertionError("no such message was sent");
    }

    /** The audit of {@code p}'s evidence file: its transcript, then every message it refused. */
    public static AuditVerdict auditOfEvidence(Party p) {
        List<Envelope> refused = p.rejected().stream().map(Party.Rejected::envelope).toList();
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), refused), SCRIPTED_RULES);
    }

    /** The audit of {@code p}'s transcript with no refused message. */
    public static AuditVerdict auditOfTranscriptAlone(Party p) {
        return Auditor.audit(new TranscriptFile.Contents(p.transcript().envelopes(), List.of()), SCRIPTED_RULES);
    }

    /** The evidence file convicts nobody: its audit says exactly what the transcript alone says. */
    public static void convictsNobody(Party keeper) {
        assertThat(keeper.rejected()).isNotEmpty();
        assertThat(auditOfEvidence(keeper).line()).isEqualTo(auditOfTranscriptAlone(keeper).line());
    }

    /** The evidence file's audit convicts exactly what {@code live} said, though the transcript alone verifies. */
    public static void convictsAsLive(Party keeper, ProtocolViolation live) {
        assertThat(auditOfTranscriptAlone(keeper).verified()).as(auditOfTranscriptAlone(keeper).line()).isTrue();
        assertThat(auditOfEvidence(keeper).line()).isEqualTo("FAILED: " + live.getMessage());
    }
}
