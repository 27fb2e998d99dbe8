package fairtable.protocol.deck;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeckObserver.Place;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The third-party audit of a verifiable-deck/v1 transcript or evidence file. It replays every message
 * through a fresh {@link DeckObserver}, which re-verifies every key proof, every shuffle proof and every
 * decryption share, and it judges each refused message at the place in the chain where it was offered: a
 * refused message convicts its author if the author signed it for this session at that place and it breaks
 * the protocol there. No secret is needed: the verdict names the cheater from public data alone.
 *
 * <p>A verified transcript proves that the deck was the n distinct cards, that every seat's shuffle was a
 * permutation and re-randomisation of the deck it received, and that every card read from public shares
 * (opened, shown, discarded face-up, or revealed at the end) is the card at that position. It does not
 * prove that a seat's permutation was random: one honest shuffler suffices for that, and nobody can check
 * it from outside.
 */
public final class DeckAudit implements ProtocolAudit {
    @Override
    public String protocol() {
        return DeckParameters.PROTOCOL;
    }

    /**
     * Audits with every proof of the transcript kept for one batch at the end; if the batch fails (or the unchecked
     * proofs led the replay astray), audits again checking each proof in its message, so the verdict names the
     * same message and party as checking one by one always would.
     */
    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        return DeferredProofs.batchedOrOneByOne(pending -> audit(transcript, refused, pending));
    }

    /** The audit, with the proofs kept in {@code pending}, or checked in each message when it is null. */
    static AuditVerdict audit(Transcript transcript, List<Envelope> refused, DeferredProofs pending) {
        List<Hello> hellos = transcript.hellos();
        try {
            DeckParameters params = ProtocolAudit.parameters(transcript, DeckParameters::fromBytes);
            if (hellos.size() != params.players()) {
                throw new ProtocolViolation(0, transcript.nameOf(0),
                        "the parameters say " + params.players() + " players, but " + hellos.size() + " said hello");
            }
            DeckObserver observer = new DeckObserver(params, hellos, transcript.sessionId(), new SecureRandom());
            if (pending != null) {
                observer.deferProofsTo(pending);
            }
            ProtocolAudit.walk(transcript, refused, observer::parse, e -> observer.apply(observer.parse(e)));
            return verdict(params, observer);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    private static AuditVerdict verdict(DeckParameters params, DeckObserver observer) throws ProtocolViolation {
        int players = params.players();
        Set<Integer> seen = new HashSet<>();
        int readable = 0;
        for (int p = 0; p < params.cards(); p++) {
            int card = observer.publicCard(p);
            boolean allShares = true;
            for (int s = 0; s < players; s++) {
                allShares &= observer.shareOf(p, s) != null;
            }
            if (allShares) {
                readable++;
                if (card < 0 || !seen.add(card)) {
                    throw new ProtocolViolation(observer.nextStep() - 1, "the shufflers",
                            "position " + p + " decrypts to " + (card < 0 ? "no card of the deck" : "a repeated card"));
                }
            }
        }
        Map<String, List<Integer>> holdings = new LinkedHashMap<>();
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            List<Integer> held = observer.heldBy(s);
            List<Integer> readableHeld = cardsAt(observer, held);
            holdings.put(observer.nameOf(s), readableHeld);
            parts.add(observer.nameOf(s) + (observer.hasLeft(s) ? " (left)" : "") + " holds " + held.size()
                    + (readableHeld.isEmpty() ? "" : ", readable " + numbers(readableHeld)));
        }
        List<Integer> table = cardsAt(observer, observer.positionsIn(Place.TABLE));
        List<Integer> discarded = new ArrayList<>(cardsAt(observer, observer.positionsIn(Place.DISCARDED_FACE_UP)));
        discarded.addAll(cardsAt(observer, observer.positionsIn(Place.DISCARDED)));
        List<Integer> stock = cardsAt(observer, observer.stock());
        holdings.put("table", table);
        holdings.put("discarded", discarded);
        holdings.put("stock", stock);
        String state = observer.isDone() ? "game over"
                : observer.isIdle() ? "the table is idle (no final reveal)" : "unfinished, awaiting " + observer.awaiting();
        String summary = DeckParameters.PROTOCOL + " " + params + ": " + observer.sharesVerified()
                + " decryption shares verified; " + String.join("; ", parts) + "; table " + numbers(table)
                + "; " + readable + " of " + params.cards() + " cards publicly readable; " + state;
        return AuditVerdict.verified(summary, holdings);
    }

    /** The publicly readable cards at the positions, in position order. */
    private static List<Integer> cardsAt(DeckObserver observer, List<Integer> positions) {
        List<Integer> out = new ArrayList<>();
        for (int p : positions) {
            int card = observer.publicCard(p);
            if (card >= 0) {
                out.add(card);
            }
        }
        return out;
    }

    private static String numbers(List<Integer> cards) {
        return cards.isEmpty() ? "nothing" : cards.stream().map(String::valueOf).collect(Collectors.joining(" "));
    }
}
