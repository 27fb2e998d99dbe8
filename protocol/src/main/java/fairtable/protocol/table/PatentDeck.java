package fairtable.protocol.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentAudit;
import fairtable.protocol.patent.PatentMessage;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * A round of a two-seat table dealt by the FR 2823580 blind draw (docs/fr2823580.md), run as the patent says:
 * its messages travel whole, wrapped in the table's chain, and nothing is added to them. What the rules call
 * for maps onto the patent's operations:
 *
 * <ul>
 *   <li>the first deal (X cards to each seat) is the patent's deal, which A (seat 0) starts with step 1;</li>
 *   <li>a deal to one seat is that seat's {@code draw} from the pile;</li>
 *   <li>a face-down discard sends nothing: the holder's move named it, and the card is set aside (the patent
 *       has no muck) until the round closes;</li>
 *   <li>a show, and the end of the round, close the deck: each seat returns its set-aside cards to the pile
 *       ({@code return}, the shower's first), then the shower (at the end of a round, seat 0) reveals its keys
 *       and the other answers with its own. After that every card is public, checked by {@link PatentAudit};
 *       a later show sends nothing.</li>
 * </ul>
 *
 * <p>Positions: the cards an operation delivers take the next free positions, in increasing card order. The
 * holder reads them at once; everyone else reads a seat's held positions, in increasing order, as its revealed
 * hand in increasing order. While the deck is idle the table accepts a patent message only if it starts exactly
 * the operation above for what the rules await, from the seat named there; a reveal in the middle of an
 * operation is refused. So an honest seat never reveals its keys before the rules close the round.
 *
 * <p>The patent's own limits stay: nothing proves a pick or a shuffle random, and the reveal shows both hands,
 * folded or not. A cheat that only a seat's keys can see (its cards do not decrypt to cards) stops that seat's
 * table naming the cheater, and that seat keeps its keys: revealing them out of the rules' order would be
 * refused by everyone else's table, so the audit of the file cannot see that cheat.
 */
final class PatentDeck implements RoundDeck {
    private static final int A = PatentObserver.A;

    private final PatentParameters params;
    private final PatentParty party; // null for the public deck
    private final Transcript publicTranscript;
    private PatentObserver observer;
    private int nextPosition;
    private final List<List<Integer>> held = List.of(new ArrayList<>(), new ArrayList<>());
    private final List<List<Integer>> aside = List.of(new ArrayList<>(), new ArrayList<>());
    private final Map<Integer, Integer> mine = new HashMap<>();
    private Map<Integer, Integer> revealed = Map.of();
    private Operation current;
    private final List<DeckEvent> events = new ArrayList<>();
    private ProtocolViolation failure;
    private Next lastNext; // what the rules awaited when this seat's own messages were made

    /** An operation under way: its first message's type, its starter, what the rules awaited then, its cards. */
    private record Operation(String type, int seat, Next next, int count) {}

    /** The patent message that must start what the rules await now. */
    private record Start(int seat, String type, int count) {}

    private PatentDeck(PatentParameters params, PatentParty party) {
        this.params = params;
        this.party = party;
        this.publicTranscript = party == null ? new Transcript() : null;
    }

    static PatentDeck publicDeck(PatentParameters params) {
        return new PatentDeck(params, null);
    }

    static PatentDeck own(PatentParameters params, int seat, String name, SigningKey key, RandomGenerator random) {
        return new PatentDeck(params, PatentParty.create(params, seat, name, key, random));
    }

    /**
     * This seat's deck back from {@link #snapshot()}: its party with its keys, and the public bookkeeping of
     * {@code replayed}, the same round replayed from the table's messages.
     */
    static PatentDeck restore(byte[] snapshot, RoundDeck replayed, SigningKey key, RandomGenerator random)
            throws MalformedMessageException {
        if (!(replayed instanceof PatentDeck from)) {
            throw new MalformedMessageException("a patent deck snapshot for a table of another deck");
        }
        WireReader r = new WireReader(snapshot);
        PatentParty party = PatentParty.restore(r.blob(64 << 20, "the patent party"), key, random);
        List<Integer> positions = r.ints(PatentParameters.MAX_CARDS, "the positions held");
        List<Integer> cards = r.ints(PatentParameters.MAX_CARDS, "the cards held");
        r.end();
        if (positions.size() != cards.size()) {
            throw new MalformedMessageException("as many held cards as positions");
        }
        PatentDeck p = new PatentDeck(from.params, party);
        p.observer = from.observer;
        p.nextPosition = from.nextPosition;
        for (int s = 0; s < 2; s++) {
            p.held.get(s).addAll(from.held.get(s));
            p.aside.get(s).addAll(from.aside.get(s));
        }
        for (int i = 0; i < positions.size(); i++) {
            p.mine.put(positions.get(i), cards.get(i));
        }
        p.revealed = from.revealed;
        p.current = from.current;
        p.events.addAll(from.events);
        p.failure = from.failure;
        return p;
    }

    /** This seat, for its own deck. */
    int seat() {
        return party.seat();
    }

    @Override
    public Transcript transcript() {
        return party == null ? publicTranscript : party.transcript();
    }

    @Override
    public boolean isIdle() {
        return observer != null && failure == null
                && (observer.isIdle() || observer.isDone() || !observer.isDealt() && observer.nextStep() == 1);
    }

    @Override
    public int awaitedSeat() {
        return observer.seatToSpeak();
    }

    @Override
    public String awaiting() {
        return observer.awaiting();
    }

    @Override
    public void check(Envelope inner) throws ProtocolViolation {
        Transcript t = transcript();
        if (!t.established()) {
            RoundDeck.checkHello(t, inner, PatentParameters.PROTOCOL, params.toBytes(), 2);
            return;
        }
        t.requireFit(inner);
        t.check(inner);
        observer.parse(inner);
    }

    @Override
    public String refusal(Envelope inner, Next next) throws ProtocolViolation {
        PatentObserver.Event event = observer.parse(inner);
        boolean reveal = PatentMessage.Reveal.TYPE.equals(inner.type());
        if (!isIdle()) {
            boolean lastReveal = observer.hasRevealed(0) != observer.hasRevealed(1);
            return reveal && !lastReveal ? "reveals its keys in the middle of a deck operation" : null;
        }
        Start due = due(next);
        if (due == null || due.seat() != inner.sender() || !due.type().equals(inner.type())
                || due.count() != count(event.message())) {
            return "starts a deck " + inner.type() + " the rules did not call for";
        }
        return null;
    }

    private static int count(PatentMessage m) {
        if (m instanceof PatentMessage.Draw d) {
            return d.positions().size();
        }
        return m instanceof PatentMessage.Return r ? r.values().size() : 0;
    }

    /** The patent message that starts what the rules await now, or null if none does. */
    private Start due(Next next) {
        if (observer == null || observer.isDone() || failure != null) {
            return null;
        }
        if (next instanceof Next.Deck d) {
            if (d.call() instanceof DeckCall.Deal deal) {
                if (!observer.isDealt()) {
                    return isTheDeal(deal) ? new Start(A, PatentMessage.Deal1.TYPE, 0) : null;
                }
                return deal.recipients().size() == 1
                        ? new Start(deal.recipients().get(0), PatentMessage.Draw.TYPE, deal.count()) : null;
            }
            return d.call() instanceof DeckCall.Show && observer.isDealt() ? close(d.seat()) : null;
        }
        return next instanceof Next.RoundOver || next instanceof Next.GameOver ? close(A) : null;
    }

    private boolean isTheDeal(DeckCall.Deal deal) {
        return deal.count() == params.each() && deal.recipients().size() == 2
                && Set.copyOf(deal.recipients()).equals(Set.of(0, 1));
    }

    /** The next step of closing the deck, started by {@code first}: returns of the set-aside cards, then a reveal. */
    private Start close(int first) {
        if (!aside.get(first).isEmpty()) {
            return new Start(first, PatentMessage.Return.TYPE, aside.get(first).size());
        }
        if (!aside.get(1 - first).isEmpty()) {
            return new Start(1 - first, PatentMessage.Return.TYPE, aside.get(1 - first).size());
        }
        return new Start(first, PatentMessage.Reveal.TYPE, 0);
    }

    @Override
    public int starter(Next next) {
        Start due = due(next);
        return due == null ? -1 : due.seat();
    }

    @Override
    public boolean silent(Next next) {
        if (!(next instanceof Next.Deck d) || observer == null || failure != null) {
            return false;
        }
        return d.call() instanceof DeckCall.Discard discard && !discard.faceUp() && observer.isDealt()
                && !observer.isDone() && held.get(d.seat()).contains(discard.position())
                || d.call() instanceof DeckCall.Show && observer.isDone();
    }

    @Override
    public void performSilently(Next next) {
        Next.Deck d = (Next.Deck) next;
        if (d.call() instanceof DeckCall.Discard discard) {
            held.get(d.seat()).remove(Integer.valueOf(discard.position()));
            aside.get(d.seat()).add(discard.position());
            events.add(new DeckEvent.Discarded(d.seat(), discard.position(), false));
        } else {
            events.add(new DeckEvent.Shown(d.seat(), ((DeckCall.Show) d.call()).positions()));
        }
    }

    @Override
    public String cannot(Next next) {
        if (!(next instanceof Next.Deck d) || silent(next) || due(next) != null || observer == null
                || !isIdle()) {
            return null;
        }
        DeckCall call = d.call();
        String what;
        if (call instanceof DeckCall.Open) {
            what = "open cards face-up";
        } else if (call instanceof DeckCall.Discard x) {
            what = x.faceUp() ? "discard face-up" : "discard a card its holder does not hold";
        } else if (call instanceof DeckCall.Show) {
            what = "show cards before the deal";
        } else {
            what = "deal that: it deals " + params.each() + " to each of the two seats first, then to one seat at a"
                    + " time by its draw, until the round closes";
        }
        return "the FR 2823580 draw cannot " + what;
    }

    @Override
    public boolean closed() {
        return observer != null && observer.isDone();
    }

    @Override
    public List<Envelope> receive(Envelope inner, Next next) throws ProtocolViolation {
        if (party == null) {
            check(inner);
            publicTranscript.append(inner);
            record(inner, next);
            return List.of();
        }
        List<Envelope> answers = party.receive(inner);
        record(inner, next);
        if (party.failure().isPresent()) {
            failure = party.failure().get();
            return List.of(); // its keys stay with it: see the class comment
        }
        lastNext = next;
        return answers;
    }

    /** Follows one accepted message (received or this seat's own) in the public bookkeeping and this seat's cards. */
    private void record(Envelope e, Next next) {
        if (Hello.TYPE.equals(e.type())) {
            if (observer == null && transcript().established()) {
                observer = new PatentObserver(params, List.of(transcript().nameOf(0), transcript().nameOf(1)));
            }
            return;
        }
        PatentObserver.Event event;
        try {
            event = observer.parse(e);
        } catch (ProtocolViolation v) {
            throw new IllegalStateException("the deck recorded a message its observer refuses: " + v.getMessage());
        }
        observer.apply(event);
        PatentMessage m = event.message();
        if (current == null) {
            current = new Operation(e.type(), e.sender(), next, count(m));
        }
        if (m instanceof PatentMessage.Deal4) {
            List<Integer> recipients = ((DeckCall.Deal) ((Next.Deck) current.next()).call()).recipients();
            List<List<Integer>> positions = new ArrayList<>();
            for (int to : recipients) {
                positions.add(deliver(to, params.each()));
            }
            events.add(new DeckEvent.Dealt(recipients, positions));
            current = null;
        } else if (m instanceof PatentMessage.DrawAnswer) {
            int drawer = current.seat();
            events.add(new DeckEvent.Dealt(List.of(drawer), List.of(deliver(drawer, current.count()))));
            current = null;
        } else if (m instanceof PatentMessage.Remix) {
            aside.get(current.seat()).clear();
            current = null;
        } else if (m instanceof PatentMessage.Reveal && observer.isDone()) {
            current = null;
            readRevealed();
        }
    }

    /** The next {@code count} positions to {@code to}; its own deck reads them as the cards it does not know yet. */
    private List<Integer> deliver(int to, int count) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            positions.add(nextPosition++);
        }
        held.get(to).addAll(positions);
        if (party != null && to == party.seat()) {
            TreeSet<Integer> fresh = new TreeSet<>(party.hand());
            fresh.removeAll(mine.values());
            List<Integer> cards = List.copyOf(fresh);
            for (int i = 0; i < positions.size() && i < cards.size(); i++) {
                mine.put(positions.get(i), cards.get(i));
            }
        }
        return positions;
    }

    /** Both keys are out: the audit of the round's draw checks every message and gives both hands to everyone. */
    private void readRevealed() {
        AuditVerdict verdict = new PatentAudit().audit(transcript(), List.of());
        if (!verdict.verified()) {
            failure = verdict.failure();
            return;
        }
        Map<Integer, Integer> cards = new HashMap<>();
        for (int s = 0; s < 2; s++) {
            List<Integer> hand = verdict.holdings().get(transcript().nameOf(s)).stream().sorted().toList();
            List<Integer> positions = held.get(s).stream().sorted().toList();
            if (hand.size() != positions.size()) {
                failure = new ProtocolViolation(observer.nextStep() - 1, transcript().nameOf(s), "holds "
                        + hand.size() + " cards in the draw but " + positions.size() + " at the table");
                return;
            }
            for (int i = 0; i < hand.size(); i++) {
                cards.put(positions.get(i), hand.get(i));
            }
        }
        revealed = cards;
    }

    @Override
    public List<DeckEvent> drain() {
        List<DeckEvent> out = List.copyOf(events);
        events.clear();
        return out;
    }

    @Override
    public ProtocolViolation failure() {
        return failure;
    }

    @Override
    public Cards publicCards() {
        return position -> revealed.getOrDefault(position, -1);
    }

    @Override
    public Cards ownCards() {
        return position -> mine.getOrDefault(position, revealed.getOrDefault(position, -1));
    }

    @Override
    public List<Envelope> start() {
        lastNext = null;
        return party.start();
    }

    @Override
    public List<Envelope> perform(Next next) {
        Start due = due(next);
        List<Envelope> out = switch (due.type()) {
            case PatentMessage.Draw.TYPE -> party.draw(due.count());
            case PatentMessage.Return.TYPE -> party.giveBack(aside.get(party.seat()).stream().map(mine::get).toList());
            case PatentMessage.Reveal.TYPE -> party.reveal();
            default -> List.of(); // A's step 1 went out with its answer to B's hello
        };
        lastNext = next;
        return out;
    }

    /**
     * One of this seat's own messages, as it goes into the table's chain: followed only then, so that the table
     * sees the deck move on in the chain's order (an answer that closes the round belongs to that round).
     */
    @Override
    public void sent(Envelope inner) {
        record(inner, lastNext);
    }

    /** Patent messages of this seat's choosing, rules or not: for the adversarial tests' dishonest seats. */
    List<Envelope> cheat(Function<PatentParty, List<Envelope>> operation) {
        lastNext = null;
        return operation.apply(party);
    }

    @Override
    public byte[] snapshot() {
        List<Integer> positions = List.copyOf(mine.keySet());
        return new WireWriter().blob(party.snapshot()).ints(positions)
                .ints(positions.stream().map(mine::get).toList()).toBytes();
    }
}
