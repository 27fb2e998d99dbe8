package fairtable.protocol.patent;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.patent.PatentMessage.Codec;
import fairtable.protocol.patent.PatentMessage.Deal1;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.patent.PatentMessage.Deal3;
import fairtable.protocol.patent.PatentMessage.Deal4;
import fairtable.protocol.patent.PatentMessage.Draw;
import fairtable.protocol.patent.PatentMessage.DrawAnswer;
import fairtable.protocol.patent.PatentMessage.Rekey;
import fairtable.protocol.patent.PatentMessage.Remix;
import fairtable.protocol.patent.PatentMessage.Return;
import fairtable.protocol.patent.PatentMessage.Reveal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;

/**
 * The public state of a two-party FR 2823580 game: what anyone who sees the messages knows and can check
 * without any key. Both parties and the auditor run it, so all three agree on whose turn it is, which step
 * comes next, how big each value list must be, and what the pile looks like.
 *
 * <p>Seat 0 is the patent's A, seat 1 is B. Steps 1 to 4 are the patent's; its step 5 is A's private
 * decryption and sends nothing, so the messages after the deal are numbered from 6.
 */
public final class PatentObserver {
    public static final int A = 0;
    public static final int B = 1;

    enum Phase { DEAL_1, DEAL_2, DEAL_3, DEAL_4, IDLE, DRAW_ANSWER, RETURN_REKEY, RETURN_REMIX, LAST_REVEAL, DONE }

    /** A message accepted at a step from a seat. */
    public record Event(int step, int seat, PatentMessage message) {}

    private final PatentParameters params;
    private final Group group;
    private final List<String> names;
    private final List<Event> events = new ArrayList<>();
    private Phase phase = Phase.DEAL_1;
    private int nextStep = 1;
    private List<Element> pile = List.of();
    private final int[] handSize = new int[2];
    private final int[] exponentsUsed = new int[2];
    private final boolean[] revealed = new boolean[2];
    private int initiator = -1;
    private int pendingCount;
    private List<Element> lastDealT = List.of();

    public PatentObserver(PatentParameters params, List<String> names) {
        this.params = params;
        this.group = params.group();
        this.names = List.copyOf(names);
    }

    /** Checks that {@code e} is the message the game expects now and decodes it. Changes nothing. */
    public Event parse(Envelope e) throws ProtocolViolation {
        int seat = e.sender();
        String who = seat < names.size() ? names.get(seat) : "at seat " + seat;
        if (seat > B) {
            throw new ProtocolViolation(e.step(), who, "there are only two seats");
        }
        if (e.step() != nextStep) {
            throw new ProtocolViolation(e.step(), who, "claims step " + e.step() + " but step " + nextStep + " is due");
        }
        try {
            return new Event(e.step(), seat, decode(e, seat, who));
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), who, m.getMessage());
        }
    }

    private PatentMessage decode(Envelope e, int seat, String who) throws MalformedMessageException, ProtocolViolation {
        byte[] body = e.body();
        int k = params.cards();
        int x = params.each();
        String type = e.type();
        if (type.equals(Reveal.TYPE)) {
            if (phase == Phase.DONE || revealed[seat]) {
                throw new ProtocolViolation(e.step(), who, "has already revealed");
            }
            return Codec.reveal(body, group, exponentsUsed[seat]);
        }
        switch (phase) {
            case DEAL_1:
                expect(e, who, A, Deal1.TYPE);
                return Codec.deal1(body, group, k);
            case DEAL_2:
                expect(e, who, B, Deal2.TYPE);
                return Codec.deal2(body, group, k, x);
            case DEAL_3:
                expect(e, who, A, Deal3.TYPE);
                return Codec.deal3(body, group, k, x);
            case DEAL_4:
                expect(e, who, B, Deal4.TYPE);
                Deal4 d4 = Codec.deal4(body, group, k, x);
                if (!new HashSet<>(d4.t()).equals(new HashSet<>(lastDealT))) {
                    throw new MalformedMessageException("the pile T is not the pile A sent at step 3");
                }
                return d4;
            case IDLE:
                if (type.equals(Draw.TYPE)) {
                    if (pile.isEmpty()) {
                        throw new MalformedMessageException("the pile is empty");
                    }
                    return Codec.draw(body, group, pile.size());
                }
                if (type.equals(Return.TYPE)) {
                    if (handSize[seat] == 0) {
                        throw new MalformedMessageException("has no card to return");
                    }
                    return Codec.giveBack(body, group, handSize[seat]);
                }
                throw new ProtocolViolation(e.step(), who, "sent '" + type + "'; expected a draw, a return or a reveal");
            case DRAW_ANSWER:
                expect(e, who, 1 - initiator, DrawAnswer.TYPE);
                return Codec.drawAnswer(body, group, pendingCount);
            case RETURN_REKEY:
                expect(e, who, 1 - initiator, Rekey.TYPE);
                return Codec.rekey(body, group, pile.size() + pendingCount);
            case RETURN_REMIX:
                expect(e, who, initiator, Remix.TYPE);
                return Codec.remix(body, group, pile.size());
            case LAST_REVEAL:
                throw new ProtocolViolation(e.step(), who, "sent '" + type + "' after the game ended; only a reveal is due");
            default:
                throw new ProtocolViolation(e.step(), who, "sent '" + type + "' after the game is over");
        }
    }

    private void expect(Envelope e, String who, int seat, String type) throws ProtocolViolation {
        if (e.sender() != seat) {
            throw new ProtocolViolation(e.step(), who, "spoke out of turn: " + nameOf(seat) + " must send " + type);
        }
        if (!e.type().equals(type)) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' where '" + type + "' is due");
        }
    }

    /** Records an event returned by {@link #parse}. */
    public void apply(Event event) {
        int seat = event.seat();
        PatentMessage m = event.message();
        if (m instanceof Deal1) {
            exponentsUsed[A] += 1;
            phase = Phase.DEAL_2;
        } else if (m instanceof Deal2) {
            exponentsUsed[B] += 2;
            phase = Phase.DEAL_3;
        } else if (m instanceof Deal3 d) {
            exponentsUsed[A] += 2;
            lastDealT = d.t();
            phase = Phase.DEAL_4;
        } else if (m instanceof Deal4 d) {
            pile = List.copyOf(d.t());
            handSize[A] = params.each();
            handSize[B] = params.each();
            phase = Phase.IDLE;
        } else if (m instanceof Draw d) {
            exponentsUsed[seat] += 1;
            initiator = seat;
            pendingCount = d.positions().size();
            pile = withoutPositions(pile, d.positions());
            phase = Phase.DRAW_ANSWER;
        } else if (m instanceof DrawAnswer) {
            handSize[initiator] += pendingCount;
            phase = Phase.IDLE;
        } else if (m instanceof Return r) {
            initiator = seat;
            pendingCount = r.values().size();
            handSize[seat] -= pendingCount;
            phase = Phase.RETURN_REKEY;
        } else if (m instanceof Rekey r) {
            exponentsUsed[seat] += 1;
            pile = List.copyOf(r.pile());
            phase = Phase.RETURN_REMIX;
        } else if (m instanceof Remix r) {
            exponentsUsed[seat] += 1;
            pile = List.copyOf(r.pile());
            phase = Phase.IDLE;
        } else if (m instanceof Reveal) {
            revealed[seat] = true;
            phase = revealed[1 - seat] ? Phase.DONE : Phase.LAST_REVEAL;
        }
        events.add(event);
        nextStep = event.step() == 4 ? 6 : event.step() + 1;
    }

    /** {@code values} without the entries at the given increasing positions. */
    static <T> List<T> withoutPositions(List<T> values, List<Integer> positions) {
        List<T> rest = new ArrayList<>(values);
        for (int i = positions.size() - 1; i >= 0; i--) {
            rest.remove((int) positions.get(i));
        }
        return List.copyOf(rest);
    }

    public int nextStep() {
        return nextStep;
    }

    /** Whether no operation is under way, so either seat may draw, return or reveal. */
    public boolean isIdle() {
        return phase == Phase.IDLE;
    }

    public boolean isDealt() {
        return phase.ordinal() >= Phase.IDLE.ordinal();
    }

    public boolean isDone() {
        return phase == Phase.DONE;
    }

    public boolean hasRevealed(int seat) {
        return revealed[seat];
    }

    /** The pile as everyone sees it: encrypted values under both parties' pile keys. */
    public List<Element> pile() {
        return pile;
    }

    public int handSize(int seat) {
        return handSize[seat];
    }

    /** How many exponents {@code seat} has used so far, which is how many its reveal must contain. */
    public int exponentsUsed(int seat) {
        return exponentsUsed[seat];
    }

    public List<Event> events() {
        return Collections.unmodifiableList(events);
    }

    public PatentParameters parameters() {
        return params;
    }

    public String nameOf(int seat) {
        return seat < names.size() ? names.get(seat) : "seat " + seat;
    }

    /** Who must speak next, and what: for people waiting on a slow game. */
    public String awaiting() {
        return switch (phase) {
            case DEAL_1 -> nameOf(A) + " to send step 1 (the encrypted deck)";
            case DEAL_2 -> nameOf(B) + " to send step 2 (pick and re-encrypt)";
            case DEAL_3 -> nameOf(A) + " to send step 3";
            case DEAL_4 -> nameOf(B) + " to send step 4";
            case IDLE -> "either player to draw, return cards or reveal";
            case DRAW_ANSWER -> nameOf(1 - initiator) + " to answer the draw";
            case RETURN_REKEY -> nameOf(1 - initiator) + " to re-key the pile";
            case RETURN_REMIX -> nameOf(initiator) + " to remix the pile";
            case LAST_REVEAL -> nameOf(revealed[A] ? B : A) + " to reveal their keys";
            case DONE -> "nobody: the game is over";
        };
    }

    /** The seat that must send the next message, or -1 when either may (or nobody). */
    public int seatToSpeak() {
        return switch (phase) {
            case DEAL_1, DEAL_3 -> A;
            case DEAL_2, DEAL_4 -> B;
            case DRAW_ANSWER, RETURN_REKEY -> 1 - initiator;
            case RETURN_REMIX -> initiator;
            case LAST_REVEAL -> revealed[A] ? B : A;
            case IDLE, DONE -> -1;
        };
    }

    /** Exponents are revealed as naturals below the exponent modulus; this is the modulus. */
    BigInteger exponentModulus() {
        return group.exponentModulus();
    }
}
