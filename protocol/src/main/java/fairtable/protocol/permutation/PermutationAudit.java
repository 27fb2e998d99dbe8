package fairtable.protocol.permutation;

import fairtable.crypto.proof.ProofBatch;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.permutation.PermutationMessage.Factor;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.SealedMessage;
import fairtable.protocol.permutation.PermutationObserver.Event;
import fairtable.protocol.permutation.PermutationObserver.Hop;
import fairtable.protocol.permutation.PermutationObserver.Kind;
import fairtable.protocol.permutation.PermutationObserver.Operation;
import fairtable.protocol.permutation.PermutationObserver.Slot;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The end-of-game audit of a permutation deal. It replays the public checks (every sealing key proven, the
 * proofs as one batch, every commitment opened by its opening, every revealed sealing key the one announced),
 * opens every sealed
 * message with its recipient's revealed key (a box that does not open, or holds something malformed, names
 * its sender), then uses the opened permutations to check that the last player's halves compose to its
 * permutation, that every seat opened exactly the halves it was handed, and that every forwarded value is
 * the sender's committed permutation applied to the value it received. The first deviation names its
 * author and step. It cannot tell that permutations were random, nor make a seat open: a transcript that
 * ends early names who still owes a message.
 */
public final class PermutationAudit implements ProtocolAudit {
    @Override
    public String protocol() {
        return PermutationParameters.PROTOCOL;
    }

    /**
     * Audits with every sealing-key proof kept for one batch at the end; if the batch fails (or the unchecked proofs
     * led the audit astray), audits again checking each proof in its message, so the verdict names the same message
     * and party as checking one by one always would.
     */
    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        ProofBatch<Integer> pending = new ProofBatch<>();
        try {
            AuditVerdict batched = audit(transcript, refused, pending);
            if (pending.verifies()) {
                return batched;
            }
        } catch (RuntimeException astray) {
            // a bad proof accepted for now can lead the audit where no honest transcript goes: audit one by one
        }
        return audit(transcript, refused, null);
    }

    /** The audit, with the sealing-key proofs kept in {@code pending}, or checked in each message when it is null. */
    static AuditVerdict audit(Transcript transcript, List<Envelope> refused, ProofBatch<Integer> pending) {
        PermutationParameters params;
        try {
            params = PermutationParameters.fromBytes(transcript.hellos().get(0).parameters());
        } catch (MalformedMessageException e) {
            return AuditVerdict.failed(new ProtocolViolation(0, transcript.nameOf(0), "unreadable parameters: " + e.getMessage()));
        }
        int players = transcript.hellos().size();
        if (players < PermutationParameters.MIN_PLAYERS || players >= PermutationMessage.EVERYONE) {
            return AuditVerdict.failed(new ProtocolViolation(0, transcript.nameOf(0),
                    "this protocol needs 3 to " + (PermutationMessage.EVERYONE - 1) + " players, not " + players));
        }
        List<String> names = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            names.add(transcript.nameOf(s));
        }
        PermutationObserver observer = new PermutationObserver(params, names, transcript.sessionId());
        if (pending != null) {
            observer.deferProofsTo(pending);
        }
        try {
            ProtocolAudit.walk(transcript, refused, observer::parse, e -> observer.apply(observer.parse(e)));
            if (observer.conviction().isPresent()) {
                return AuditVerdict.failed(observer.conviction().get());
            }
            requireComplete(observer);
            return verify(observer);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    private static void requireComplete(PermutationObserver observer) throws ProtocolViolation {
        if (observer.isDone()) {
            return;
        }
        if (observer.commitments(observer.players() - 1) == null) {
            throw new ProtocolViolation(observer.nextStep(), observer.nameOf(observer.seatToSpeak()),
                    "the transcript ends before the deal was set up, so the game cannot be verified");
        }
        if (observer.isRevealing()) {
            // Nobody may open during a reveal, so the one who stalled it is the one who owes the next hop.
            throw new ProtocolViolation(observer.nextStep(), observer.nameOf(observer.seatToSpeak()),
                    "the transcript ends during the reveal of position " + observer.currentOperation().position()
                            + ", so the game cannot be verified");
        }
        List<String> owing = new ArrayList<>();
        for (int s = 0; s < observer.players(); s++) {
            if (!observer.hasOpened(s)) {
                owing.add(observer.nameOf(s));
            }
        }
        throw new ProtocolViolation(observer.nextStep(), String.join(" and ", owing),
                "the transcript ends before every player opened its commitments, so the game cannot be verified");
    }

    /**
     * Every event, with each sealed message replaced by its content, opened with the recipient's revealed
     * sealing key. The first box that fails names its sender at its step: the recipient's key is the one it
     * announced and proved, and the sender signed the box.
     */
    private static List<Event> opened(PermutationObserver observer) throws ProtocolViolation {
        List<Event> out = new ArrayList<>();
        for (Event ev : observer.events()) {
            if (ev.message() instanceof SealedMessage m) {
                out.add(ev.withMessage(observer.openPrivate(ev, observer.revealedSealingKey(m.to()))));
            } else {
                out.add(ev);
            }
        }
        return out;
    }

    private static AuditVerdict verify(PermutationObserver observer) throws ProtocolViolation {
        List<Event> events = opened(observer);
        int players = observer.players();
        int last = observer.last();
        List<Map<Slot, Permutation>> opened = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            List<Slot> slots = observer.slots(s);
            Map<Slot, Permutation> map = new LinkedHashMap<>();
            for (int i = 0; i < slots.size(); i++) {
                map.put(slots.get(i), observer.openings(s).get(i));
            }
            opened.add(map);
        }
        Map<Integer, Integer> openingStep = new LinkedHashMap<>();
        for (Event ev : events) {
            if (ev.message() instanceof PermutationMessage.Opening) {
                openingStep.put(ev.seat(), ev.step());
            }
        }
        Permutation lastOwn = opened.get(last).get(new Slot(Kind.OWN, 0));

        // The halves: handed as the last player's opened permutation allows, and opened as handed.
        Map<Integer, Permutation[]> halves = new LinkedHashMap<>();
        Map<Integer, List<Integer>> handoutSteps = new LinkedHashMap<>();
        for (Event ev : events) {
            if (ev.message() instanceof Handout h) {
                for (Factor f : h.factors()) {
                    halves.computeIfAbsent(f.target(), t -> new Permutation[2])[f.half() == Half.OUTER ? 0 : 1] = f.permutation();
                    handoutSteps.computeIfAbsent(f.target(), t -> new ArrayList<>()).add(ev.step());
                    Slot slot = new Slot(f.half() == Half.OUTER ? Kind.OUTER : Kind.INNER, f.target());
                    if (!opened.get(h.to()).get(slot).equals(f.permutation())) {
                        throw new ProtocolViolation(openingStep.get(h.to()), observer.nameOf(h.to()),
                                "opened " + slot.describe(observer) + " different from the one handed at step " + ev.step());
                    }
                }
            }
        }
        for (Map.Entry<Integer, Permutation[]> split : halves.entrySet()) {
            Permutation[] pair = split.getValue();
            if (!pair[0].after(pair[1]).equals(lastOwn)) {
                // Which half is wrong cannot be told; the split is complete, and wrong, at the later step.
                List<Integer> steps = handoutSteps.get(split.getKey());
                throw new ProtocolViolation(steps.get(steps.size() - 1), observer.nameOf(last),
                        "the halves handed for reveals to " + observer.nameOf(split.getKey()) + " (steps "
                                + steps.get(0) + " and " + steps.get(steps.size() - 1)
                                + ") do not compose to its committed permutation");
            }
        }

        // Every hop of every reveal, against the sender's committed permutations.
        List<TreeSet<Integer>> shown = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            shown.add(new TreeSet<>());
        }
        TreeSet<Integer> publicCards = new TreeSet<>();
        List<Operation> operations = observer.operations();
        int[] previous = new int[operations.size()];
        for (int i = 0; i < operations.size(); i++) {
            previous[i] = operations.get(i).position();
        }
        for (Event ev : events) {
            if (!(ev.message() instanceof Forward f)) {
                continue;
            }
            Operation op = operations.get(ev.operation());
            Hop hop = op.hops().get(ev.hop());
            Map<Slot, Permutation> mine = opened.get(ev.seat());
            int in = previous[ev.operation()];
            int expected = switch (hop.transform()) {
                case OWN -> mine.get(new Slot(Kind.OWN, 0)).apply(in);
                case OWN_THEN_INNER -> mine.get(new Slot(Kind.INNER, op.audience()))
                        .apply(mine.get(new Slot(Kind.OWN, 0)).apply(in));
                case INNER -> mine.get(new Slot(Kind.INNER, op.audience())).apply(in);
            };
            if (f.value() != expected) {
                throw new ProtocolViolation(ev.step(), observer.nameOf(ev.seat()), "sent " + f.value()
                        + " for position " + op.position() + ", but its committed permutations map the value it "
                        + (ev.hop() == 0 ? "started from" : "received") + " (" + in + ") to " + expected);
            }
            previous[ev.operation()] = f.value();
            if (ev.hop() == op.hops().size() - 1) {
                if (op.isPublic()) {
                    publicCards.add(f.value());
                } else {
                    shown.get(op.audience()).add(opened.get(op.audience()).get(observer.finalSlot(op.audience())).apply(f.value()));
                }
            }
        }
        Map<String, List<Integer>> holdings = new LinkedHashMap<>();
        StringBuilder summary = new StringBuilder(PermutationParameters.PROTOCOL + " " + observer.parameters()
                + ", " + players + " players (semi-honest: assumes no two players collude); ");
        for (int s = 0; s < players; s++) {
            holdings.put(observer.nameOf(s), List.copyOf(shown.get(s)));
            summary.append(observer.nameOf(s)).append(" was shown ").append(numbers(shown.get(s))).append("; ");
        }
        holdings.put("public", List.copyOf(publicCards));
        summary.append("public: ").append(numbers(publicCards));
        return AuditVerdict.verified(summary.toString(), holdings);
    }

    private static String numbers(Set<Integer> cards) {
        return cards.isEmpty() ? "nothing" : cards.stream().map(c -> Integer.toString(c)).collect(Collectors.joining(" "));
    }
}
