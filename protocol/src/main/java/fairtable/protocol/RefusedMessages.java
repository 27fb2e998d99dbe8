package fairtable.protocol;

import fairtable.protocol.Party.Rejected;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The refused messages a party keeps as evidence (docs/evidence.md), bounded: a party refuses a message and waits on,
 * so without a bound a stream of refused messages would grow its memory without end. A refusal that can convict (the
 * message fits the head of the established session: its seat signed it there) is kept up to {@link #PER_SEAT} per
 * seat, the first of them being the evidence; only that seat can sign more. Any other refusal (off the chain, a
 * forgery, a hello before the session) anyone can send without end and it convicts nobody: the first
 * {@link #UNATTRIBUTED} are kept, later ones only refused. So a flood of those cannot crowd out a conviction.
 */
public final class RefusedMessages {
    /** How many refusals that can convict a seat are kept, per seat. */
    public static final int PER_SEAT = 64;
    /** How many refusals that convict nobody are kept. */
    public static final int UNATTRIBUTED = 256;

    private final List<Rejected> kept = new ArrayList<>();
    private final Map<Integer, Integer> bySeat = new HashMap<>();
    private int unattributed;

    /** Keeps {@code e}, refused for {@code v} at the head of {@code transcript} (unchanged by it), within bounds. */
    public void keep(Transcript transcript, Envelope e, ProtocolViolation v) {
        boolean attributable = !v.provesNothing() && transcript.established()
                && transcript.misfitAt(e, transcript.size()) == null;
        if (attributable ? bySeat.merge(e.sender(), 1, Integer::sum) <= PER_SEAT : unattributed++ < UNATTRIBUTED) {
            kept.add(new Rejected(e, v));
        }
    }

    /** Refusals restored from a snapshot, kept as they were; they count against the bound of the unattributed. */
    public void restore(List<Rejected> restored) {
        kept.addAll(restored);
        unattributed += restored.size();
    }

    /** The kept refusals, in order, read-only. */
    public List<Rejected> list() {
        return Collections.unmodifiableList(kept);
    }
}
