package fairtable.protocol.audit;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.Decoder;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Verifies what a transcript's messages mean, for one protocol; the chain and signatures are checked already. */
public interface ProtocolAudit {
    /** The protocol name found in the hellos. */
    String protocol();

    AuditVerdict audit(Transcript transcript, List<Envelope> refused);

    /** The parameters the first hello proposes, as {@code reader} reads them; unreadable, they convict that seat. */
    static <P> P parameters(Transcript transcript, Decoder<P> reader) throws ProtocolViolation {
        try {
            return reader.decode(transcript.hellos().get(0).parameters());
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "unreadable parameters: " + e.getMessage());
        }
    }

    /** Refuses a transcript of a two-player protocol in which another number of seats said hello. */
    static void requireTwoPlayers(Transcript transcript) throws ProtocolViolation {
        if (transcript.hellos().size() != 2) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "this protocol has two players");
        }
    }

    /** One message's turn in an audit: judging a refused message, or applying an accepted one. */
    @FunctionalInterface
    interface MessageStep {
        void accept(Envelope e) throws ProtocolViolation;
    }

    /**
     * The one evidence rule of every audit (docs/evidence.md). Walks the messages after the hellos in order; at each
     * place (before message {@code i}, and after the last) every refused message that fits there
     * ({@link #attributableAt}) goes to {@code judge}, then message {@code i} goes to {@code apply}. A violation the
     * judge finds convicts the refused message's signer, whoever the judge named: nobody else could have put it
     * there. A refused message that does not fit is never judged: the audit then rests on the transcript alone.
     */
    static void walk(Transcript transcript, List<Envelope> refused, MessageStep judge, MessageStep apply)
            throws ProtocolViolation {
        List<Envelope> messages = transcript.envelopes();
        // Built once, and only if something was refused: hashing every body again at each place made the walk
        // quadratic in the transcript's bytes.
        Set<Envelope> accepted = refused.isEmpty() ? Set.of() : new HashSet<>(messages);
        for (int i = transcript.hellos().size(); i <= messages.size(); i++) {
            for (Envelope e : attributableAt(transcript, accepted, refused, i)) {
                try {
                    judge.accept(e);
                } catch (ProtocolViolation v) {
                    String signer = transcript.nameOf(e.sender());
                    throw v.party().equals(signer) ? v : new ProtocolViolation(v.step(), signer, v.reason());
                }
            }
            if (i < messages.size()) {
                apply.accept(messages.get(i));
            }
        }
    }

    /**
     * The refused messages offered as message number {@code index} that can convict their author there: signed
     * by the seat they name, for this session, numbered {@code index} right after message {@code index - 1}
     * ({@link Transcript#misfitAt}), and not in the transcript. A forgery, a replay from another session or a
     * message off the chain proves nothing and is left out. {@code accepted} holds the transcript's messages.
     */
    static List<Envelope> attributableAt(Transcript transcript, Set<Envelope> accepted, List<Envelope> refused,
            int index) {
        return refused.stream().filter(e -> !accepted.contains(e) && transcript.misfitAt(e, index) == null).toList();
    }
}
