package fairtable.protocol.allocation;

import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofContext;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;

/**
 * The public state of an allocation/v1 draw, which every institution and the auditor share: the verifiable
 * deck underneath ({@link DeckObserver}, which checks every key, shuffle and decryption share) and the rules
 * of the allocation on top, which let through only the messages the allocation calls for, in this order:
 *
 * <ol>
 *   <li>every institution's key, then its proved shuffle, in seat order (the deck's own script);</li>
 *   <li>with a board: every institution, in seat order, escrows its own decryption shares of the positions it
 *       will be dealt to the board's key, each with its proof ({@link Escrow});</li>
 *   <li>seat 0 deals X to every institution in seat order, and no other deal;</li>
 *   <li>every institution sends its decryption shares of the others' positions (the deck's collection).</li>
 * </ol>
 *
 * Nothing else is ever accepted: no open, reveal, show, discard, cut or leave, which would make an honest
 * institution publish a share that unblinds. So no institution's own share of its own numbers ever enters
 * the transcript, and nobody but the institution (and, with the escrow, the board) can read its numbers.
 * Escrows come before the deal, so nobody learns its numbers before every escrow is in and checked.
 *
 * <p>{@link #parse} checks a message completely without changing anything; {@link #apply} records it.
 */
public final class AllocationObserver {
    /** A message accepted at a step: a deck message or an institution's escrow. */
    public sealed interface Event permits DeckStep, EscrowStep {}

    /** A message of the verifiable deck underneath. */
    public record DeckStep(DeckObserver.Event event) implements Event {}

    /** An institution's escrowed shares. */
    public record EscrowStep(int step, int seat, Escrow escrow) implements Event {}

    private enum Stage { SETUP, ESCROWS, DEAL, SHARES, DONE }

    private final AllocationParameters params;
    private final DeckObserver deck;
    private final EscrowedShare[][] escrows;
    private int escrowed;
    private boolean dealt;
    /** Where an audit keeps every proof, the deck's and the escrows', for one batch; null: each checked in its message. */
    private DeferredProofs deferred;

    /**
     * @param hellos         every institution's hello, in seat order
     * @param verifierRandom weights for batch-verifying shuffle proofs: a SecureRandom in production
     */
    public AllocationObserver(AllocationParameters params, List<Hello> hellos, byte[] sessionId,
            RandomGenerator verifierRandom) {
        this.params = params;
        this.deck = new DeckObserver(params.deck(), hellos, sessionId, verifierRandom);
        this.escrows = new EscrowedShare[params.institutions()][];
    }

    /**
     * The public state after every message of {@code transcript}, each checked again.
     *
     * @throws ProtocolViolation naming the first message that breaks the allocation, or the first hello's sender
     *                           if the parameters are unreadable or the number of hellos is wrong
     */
    public static AllocationObserver replay(Transcript transcript) throws ProtocolViolation {
        AllocationObserver observer = afterHellos(transcript);
        List<Envelope> messages = transcript.envelopes();
        for (int i = transcript.hellos().size(); i < messages.size(); i++) {
            observer.apply(observer.parse(messages.get(i)));
        }
        return observer;
    }

    /** The public state once the hellos of {@code transcript} are in, before any other message. */
    public static AllocationObserver afterHellos(Transcript transcript) throws ProtocolViolation {
        AllocationParameters params = ProtocolAudit.parameters(transcript, AllocationParameters::fromBytes);
        if (transcript.hellos().size() != params.institutions()) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "the parameters say " + params.institutions()
                    + " institutions, but " + transcript.hellos().size() + " said hello");
        }
        return new AllocationObserver(params, transcript.hellos(), transcript.sessionId(), new SecureRandom());
    }

    /**
     * Keeps every proof (the deck's and the escrowed shares') in {@code pending} from now on instead of checking it:
     * for an audit, whose verdict stands only if {@code pending} then verifies.
     */
    public void deferProofsTo(DeferredProofs pending) {
        this.deferred = pending;
        deck.deferProofsTo(pending);
    }

    private Stage stage() {
        if (!deck.isShuffled()) {
            return Stage.SETUP;
        }
        if (params.board().isPresent() && escrowed < params.institutions()) {
            return Stage.ESCROWS;
        }
        if (!dealt) {
            return Stage.DEAL;
        }
        return deck.isIdle() ? Stage.DONE : Stage.SHARES;
    }

    /** The Fiat–Shamir context of a proof by {@code seat} in the message that follows {@code previousHash}. */
    public ProofContext context(byte[] previousHash, int seat) {
        return deck.context(previousHash, seat);
    }

    /** Checks that {@code e} is the message the allocation calls for now, every proof in it included. Changes nothing. */
    public Event parse(Envelope e) throws ProtocolViolation {
        int seat = e.sender();
        String who = deck.nameOf(seat);
        if (seat >= params.institutions()) {
            throw new ProtocolViolation(e.step(), who, "there is no seat " + seat);
        }
        if (e.step() != deck.nextStep()) {
            throw new ProtocolViolation(e.step(), who, "claims step " + e.step() + " but step " + deck.nextStep() + " is due");
        }
        return switch (stage()) {
            case DONE -> throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' after the allocation is over");
            case ESCROWS -> new EscrowStep(e.step(), seat, escrow(e, seat, who));
            case DEAL -> new DeckStep(deal(e, who));
            case SETUP, SHARES -> new DeckStep(deck.parse(e)); // the deck's script names the one message due
        };
    }

    private Escrow escrow(Envelope e, int seat, String who) throws ProtocolViolation {
        expect(e, who, escrowed, Escrow.TYPE);
        Escrow escrow;
        try {
            escrow = Escrow.decode(e.body(), params.each());
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), who, m.getMessage());
        }
        ProofContext context = deck.context(e.prev(), seat);
        List<Integer> positions = params.positionsOf(seat);
        PublicKey board = params.board().orElseThrow().escrowKey();
        for (int i = 0; i < positions.size(); i++) {
            int p = positions.get(i);
            EscrowedShare share = escrow.shares().get(i);
            if (deferred != null) {
                deferred.addEscrowedShare("step " + e.step() + ", " + who + ", position " + p, share,
                        deck.publicKey(seat), deck.deck().get(p), board, context);
            } else if (!share.verify(deck.publicKey(seat), deck.deck().get(p), board, context)) {
                throw new ProtocolViolation(e.step(), who, "the escrowed share for position " + p + " does not verify: "
                        + "it is not its own decryption share of that card encrypted to the board's key");
            }
        }
        return escrow;
    }

    private DeckObserver.Event deal(Envelope e, String who) throws ProtocolViolation {
        expect(e, who, 0, Deal.TYPE);
        DeckObserver.Event event = deck.parse(e);
        Deal d = (Deal) event.message();
        if (!d.recipients().equals(params.recipients()) || d.count() != params.each()) {
            throw new ProtocolViolation(e.step(), who, "deals " + d.count() + " each to seats " + d.recipients()
                    + "; the allocation deals " + params.each() + " to each institution in seat order");
        }
        return event;
    }

    private void expect(Envelope e, String who, int seat, String type) throws ProtocolViolation {
        if (e.sender() != seat) {
            throw new ProtocolViolation(e.step(), who, "spoke out of turn: " + deck.nameOf(seat) + " must send '" + type + "'");
        }
        if (!e.type().equals(type)) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' where '" + type + "' is due");
        }
    }

    /** Records an event returned by {@link #parse}. */
    public void apply(Event event) {
        if (event instanceof DeckStep d) {
            deck.apply(d.event());
            dealt |= d.event().message() instanceof Deal;
        } else if (event instanceof EscrowStep s) {
            escrows[s.seat()] = s.escrow().shares().toArray(new EscrowedShare[0]);
            escrowed++;
            deck.stepTakenByGame();
        }
    }

    // ---- Queries. ----

    public AllocationParameters parameters() {
        return params;
    }

    /** The verifiable deck underneath, as everyone sees it. */
    public DeckObserver deck() {
        return deck;
    }

    public int nextStep() {
        return deck.nextStep();
    }

    public String nameOf(int seat) {
        return deck.nameOf(seat);
    }

    /** Whether every message of the allocation is in. */
    public boolean isDone() {
        return stage() == Stage.DONE;
    }

    /** The seat that must send the next message; empty once the allocation is over. */
    public OptionalInt awaitedSeat() {
        return switch (stage()) {
            case SETUP, SHARES -> deck.awaitedSeat();
            case ESCROWS -> OptionalInt.of(escrowed);
            case DEAL -> OptionalInt.of(0);
            case DONE -> OptionalInt.empty();
        };
    }

    /** Whether the next message is {@code seat}'s escrow. */
    public boolean awaitsEscrowFrom(int seat) {
        return stage() == Stage.ESCROWS && escrowed == seat;
    }

    /** Whether the next message is seat 0's deal. */
    public boolean awaitsDeal() {
        return stage() == Stage.DEAL;
    }

    /** Who must speak next, and what, in words: the institution to blame if nothing comes. */
    public String awaiting() {
        return switch (stage()) {
            case SETUP, SHARES -> deck.awaiting();
            case ESCROWS -> deck.nameOf(escrowed) + " to escrow its shares to the board (step " + deck.nextStep() + ")";
            case DEAL -> deck.nameOf(0) + " to deal the numbers (step " + deck.nextStep() + ")";
            case DONE -> "nobody: the allocation is over";
        };
    }

    /** How many escrowed shares have been verified. */
    public int escrowsVerified() {
        int n = 0;
        for (EscrowedShare[] e : escrows) {
            n += e == null ? 0 : e.length;
        }
        return n;
    }

    /** How many deck positions anyone can read from the public shares alone: none, in an allocation. */
    public int publiclyReadable() {
        int n = 0;
        for (int p = 0; p < params.items(); p++) {
            n += deck.publicCard(p) >= 0 ? 1 : 0;
        }
        return n;
    }

    /**
     * The whole allocation, read by the board from the escrows: for each seat, its numbers (1..K) in the order
     * of the deal. Every escrow and share was verified on its way into this state, so these are the numbers
     * each institution read.
     *
     * @throws IllegalStateException    before the allocation is over
     * @throws IllegalArgumentException if {@code board} is not the key the allocation was escrowed to
     */
    public List<List<Integer>> unblind(KeyPair board) {
        if (!isDone()) {
            throw new IllegalStateException("the allocation is not over: awaiting " + awaiting());
        }
        BoardKey escrowedTo = params.board()
                .orElseThrow(() -> new IllegalArgumentException("the allocation was escrowed to no board"));
        if (!escrowedTo.escrowKey().equals(board.publicKey())) {
            throw new IllegalArgumentException("the allocation was escrowed to the board " + escrowedTo + ", not to this key");
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int seat = 0; seat < params.institutions(); seat++) {
            List<Integer> positions = params.positionsOf(seat);
            List<Integer> numbers = new ArrayList<>();
            for (int i = 0; i < positions.size(); i++) {
                int p = positions.get(i);
                int card = deck.parameters().cardOf(board.openEscrowed(deck.deck().get(p), escrows[seat][i],
                        othersShares(p, seat)));
                if (card < 0) {
                    throw new IllegalStateException("position " + p + " opens to no number: the escrow was not checked");
                }
                numbers.add(card + 1);
            }
            out.add(List.copyOf(numbers));
        }
        return out;
    }

    /** Every seat's public share of position {@code p} except {@code holder}'s. */
    List<DecryptionShare> othersShares(int p, int holder) {
        List<DecryptionShare> out = new ArrayList<>();
        for (int s = 0; s < params.institutions(); s++) {
            if (s != holder) {
                out.add(deck.shareOf(p, s));
            }
        }
        return out;
    }
}
