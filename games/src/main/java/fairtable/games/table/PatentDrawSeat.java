package fairtable.games.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.games.poker.Action;
import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HandValue;
import fairtable.games.poker.Pending;
import fairtable.games.poker.PokerHand;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Heads-up five-card draw over the two-party FR 2823580 blind draw ({@link PatentParty}), one session per
 * hand: the deal gives each player five of the 52 cards; a drawing player declares how many cards it
 * changes, returns its discards to the pile with {@code giveBack} (the patent's own example of trading
 * cards back) and then {@code draw}s as many. The protocol has no way to prove one card without the others,
 * so every hand ends with both players revealing their keys: the showdown claims are then checked against
 * the audited hands, and folded hands are exposed too (a limit of this protocol, not of the table). Seat 0
 * is the patent's A.
 */
public final class PatentDrawSeat implements TableNode {
    private final int seat;
    private final List<String> names;
    private final SigningKey signingKey;
    private final RandomGenerator random;
    private final int maxRounds;
    private final PokerPlayer player;
    private final PatentMode mode;

    private int round;
    private DrawGame engine;
    private PatentParty party;
    private boolean dealt;
    private List<Card> myDiscards = List.of();
    private Decisions decisions = new Decisions();
    private boolean drawing;
    /** How many cards each seat changed this hand (to return to the pile at its end). */
    private final int[] discarded = new int[2];
    private int scanned;
    private final Card[][] claimed = new Card[2][];
    private final List<Seat.Session> sessions = new ArrayList<>();
    private final List<RoundReport> reports = new ArrayList<>();
    private boolean finished;

    public PatentDrawSeat(int seat, List<String> names, SigningKey signingKey, RandomGenerator random, PatentMode mode,
            DrawRules rules, int[] stacks, int hands, PokerPlayer player) {
        if (names.size() != 2 || stacks.length != 2) {
            throw new IllegalArgumentException("the FR 2823580 draw is for exactly two players");
        }
        if (hands < 1) {
            throw new IllegalArgumentException("play at least one hand");
        }
        this.seat = seat;
        this.names = List.copyOf(names);
        this.signingKey = Objects.requireNonNull(signingKey);
        this.random = Objects.requireNonNull(random);
        this.mode = Objects.requireNonNull(mode);
        this.maxRounds = hands;
        this.player = Objects.requireNonNull(player);
        this.engine = DrawGame.start(rules, stacks, 0);
    }

    /** This seat's own engine; the other hand is hidden until the end-of-hand reveal. */
    public PokerHand view() {
        return engine.hand();
    }

    @Override
    public List<TableMessage> start() {
        List<TableMessage> out = new ArrayList<>();
        newRound(out);
        return out;
    }

    private void newRound(List<TableMessage> out) {
        round++;
        if (round > 1) {
            engine = engine.nextHand();
        }
        party = PatentParty.create(new PatentParameters(mode, Card.DECK_SIZE, DrawRules.HAND_SIZE), seat,
                names.get(seat), signingKey, random);
        // The peer's keys are due only once the hand is over and every discard is back: earlier, its reveal is
        // refused naming it, and this seat does not answer with its own keys (they would show its hand).
        party.acceptRevealOnlyWhen(this::revealDue, "the hand is over and every discard is back in the pile");
        dealt = false;
        drawing = false;
        discarded[0] = 0;
        discarded[1] = 0;
        scanned = 0;
        claimed[0] = null;
        claimed[1] = null;
        myDiscards = List.of();
        decisions = new Decisions();
        wrap(party.start(), out);
    }

    @Override
    public List<TableMessage> receive(TableMessage m) throws ProtocolViolation {
        if (finished || m.sender() != 1 - seat) {
            throw new ProtocolViolation(0, nameOf(m.sender()), "no message is expected from it now");
        }
        if (m.round() != round) {
            throw new ProtocolViolation(0, nameOf(m.sender()), "a message for hand " + m.round() + " in hand " + round);
        }
        List<TableMessage> out = new ArrayList<>();
        if (m instanceof TableMessage.DeckStep step) {
            wrap(party.receive(step.envelope()), out);
            if (party.failure().isPresent()) {
                finished = true;
                sessions.add(session());
                throw party.failure().get();
            }
        } else {
            TableMessage.Declaration d = (TableMessage.Declaration) m;
            decisions.check(party.transcript(), d);
            onDeclaration(d.sender(), d.words());
            decisions.accept(d);
        }
        progress(out);
        return out;
    }

    @Override
    public List<TableMessage> resume() throws ProtocolViolation {
        List<TableMessage> out = new ArrayList<>();
        if (party != null && !finished) {
            progress(out);
        }
        return out;
    }

    private void progress(List<TableMessage> out) throws ProtocolViolation {
        while (!finished) {
            List<TableMessage> mine = step();
            if (mine == null) {
                return;
            }
            out.addAll(mine);
        }
    }

    /** One move of this seat if there is one (possibly sending nothing), else null. */
    private List<TableMessage> step() throws ProtocolViolation {
        if (party.isFinished()) {
            finishRound();
            if (finished) {
                return null;
            }
            List<TableMessage> out = new ArrayList<>();
            newRound(out);
            return out;
        }
        if (!party.isIdle()) {
            return null;
        }
        PokerHand hand = engine.hand();
        Pending pending = hand.pending();
        if (!dealt) {
            if (!party.isDealt()) {
                return null;
            }
            dealt = true;
            while (engine.pending() instanceof Pending.HoleCards h) {
                if (h.seat() == seat) {
                    engine = engine.deal(party.hand().stream().map(Card::ofIndex).toList());
                } else {
                    engine = engine.dealHidden();
                }
            }
            return List.of();
        }
        if (pending instanceof Pending.ReplacementCards r) {
            return replace(r);
        }
        if (pending instanceof Pending.HandOver) {
            return endOfHand();
        }
        if (pending instanceof Pending.ActionFrom from && from.seat() == seat) {
            Action action = player.decide(hand);
            if (action == null) {
                return null; // decided later: resume() asks again
            }
            if (!hand.legalActions().allows(action)) {
                throw new IllegalArgumentException(nameOf(seat) + " chose an illegal action: " + action);
            }
            String words;
            if (action instanceof Action.Show) {
                List<Card> cards = hand.privateCards(seat).stream().sorted().toList();
                action = Action.show(cards);
                words = "show " + Card.format(cards);
            } else if (action instanceof Action.Draw draw) {
                myDiscards = draw.discards();
                discarded[seat] = draw.discards().size();
                words = "draw " + draw.discards().size();
            } else if (action instanceof Action.RaiseTo raise) {
                words = "raise " + raise.amount();
            } else {
                words = action.toString();
            }
            engine = engine.apply(action);
            return List.of(decisions.sign(party.transcript(), signingKey, round, seat, words));
        }
        return null;
    }

    /** The replacement draw, as the drawer runs it and as the other side follows it. */
    private List<TableMessage> replace(Pending.ReplacementCards r) {
        boolean answered = false;
        List<Envelope> all = party.transcript().envelopes();
        for (; scanned < all.size(); scanned++) {
            answered |= all.get(scanned).type().equals("draw.answer");
        }
        if (r.seat() == seat) {
            if (!drawing) {
                drawing = true;
                return wrap(party.draw(r.count()));
            }
            if (answered) {
                List<Card> kept = engine.hand().privateCards(seat);
                List<Card> fresh = party.hand().stream().map(Card::ofIndex)
                        .filter(c -> !kept.contains(c) && !myDiscards.contains(c)).toList();
                engine = engine.deal(fresh);
                drawing = false;
                return List.of();
            }
            return null;
        }
        if (answered) {
            engine = engine.dealHidden();
            return List.of();
        }
        return null;
    }

    /**
     * At the end of a hand the discards go back to the pile (seat 0's first), then seat 0 reveals its keys
     * and seat 1 answers with its own. Discards are returned only once every draw is done: the rules never
     * deal a discarded card again in the same hand.
     */
    private List<TableMessage> endOfHand() {
        if (discarded[seat] > 0 && !returned(seat) && (seat == 0 || discarded[0] == 0 || returned(0))) {
            return wrap(party.giveBack(myDiscards.stream().map(Card::index).toList()));
        }
        boolean allReturned = (discarded[0] == 0 || returned(0)) && (discarded[1] == 0 || returned(1));
        return seat == 0 && allReturned && !revealedBy(seat) ? wrap(party.reveal()) : null;
    }

    /** Whether the hand has reached the end-of-hand reveal: dealt, played out, every discard returned. */
    private boolean revealDue() {
        return dealt && engine.hand().pending() instanceof Pending.HandOver
                && (discarded[0] == 0 || returned(0)) && (discarded[1] == 0 || returned(1));
    }

    private boolean returned(int s) {
        return party.transcript().envelopes().stream().anyMatch(e -> e.sender() == s && e.type().equals("return"));
    }

    private boolean revealedBy(int s) {
        return party.transcript().envelopes().stream().anyMatch(e -> e.sender() == s && e.type().equals("reveal"));
    }

    private void onDeclaration(int from, String words) throws ProtocolViolation {
        PokerHand hand = engine.hand();
        if (!party.isIdle() || !(hand.pending() instanceof Pending.ActionFrom a) || a.seat() != from) {
            throw new ProtocolViolation(0, nameOf(from), "declared \"" + words + "\" out of turn");
        }
        Action action;
        try {
            action = words.startsWith("draw ") ? Action.drawUnseen(Integer.parseInt(words.substring(5).strip()))
                    : Action.parse(words);
            if (action instanceof Action.Draw) {
                throw new IllegalArgumentException("discards are not named in public");
            }
            engine = engine.apply(action);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ProtocolViolation(0, nameOf(from), "refused decision \"" + words + "\": " + e.getMessage());
        }
        if (action instanceof Action.DrawUnseen unseen) {
            discarded[from] = unseen.count();
        }
        if (action instanceof Action.Show show) {
            claimed[from] = show.cards().toArray(Card[]::new); // checked against the audited hands after the reveal
        }
    }

    /** After both reveals: audits the hand, checks every shown hand against the audited holdings, reports. */
    private void finishRound() throws ProtocolViolation {
        Seat.Session session = session();
        sessions.add(session);
        AuditVerdict verdict = LocalTable.audit(session);
        if (!verdict.verified()) {
            finished = true;
            throw verdict.failure();
        }
        for (int s = 0; s < 2; s++) {
            if (claimed[s] != null) {
                List<Integer> held = verdict.holdings().get(names.get(s));
                List<Integer> named = Arrays.stream(claimed[s]).map(Card::index).sorted().toList();
                if (!named.equals(held.stream().sorted().toList())) {
                    finished = true;
                    throw new ProtocolViolation(0, names.get(s), "showed " + Card.format(Arrays.asList(claimed[s]))
                            + " but held " + Card.format(held.stream().map(Card::ofIndex).toList()));
                }
            }
        }
        PokerHand hand = engine.hand();
        int[] won = hand.payouts();
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            if (won[s] > 0) {
                HandValue value = hand.shownHands().get(s);
                parts.add(nameOf(s) + " wins " + won[s] + (value == null ? "" : " with " + value.describe()));
            }
        }
        for (Map.Entry<Integer, HandValue> e : hand.shownHands().entrySet()) {
            parts.add(nameOf(e.getKey()) + " showed " + Card.format(hand.privateCards(e.getKey()).stream().sorted().toList()));
        }
        for (int s = 0; s < 2; s++) {
            if (hand.mucked(s)) {
                parts.add(nameOf(s) + " mucked");
            }
        }
        reports.add(new RoundReport(round, "hand " + round + ": pot " + Arrays.stream(won).sum() + "; "
                + String.join(", ", parts) + "; both hands revealed by the keys", Arrays.stream(hand.stacks()).boxed().toList()));
        if (round >= maxRounds || engine.isOver()) {
            finished = true;
        }
    }

    /** This seat's keys revealed now, whatever the hand says: for the tests' dishonest players only. */
    List<TableMessage> revealNow() {
        return wrap(party.reveal());
    }

    /** The same decision with other words, signed again by this seat: for the tests' dishonest players only. */
    TableMessage.Declaration reword(TableMessage.Declaration original, String words) {
        return Decisions.reword(party.transcript(), signingKey, original, words);
    }

    private Seat.Session session() {
        return new Seat.Session(round, party.transcript().envelopes(), party.rejected(), decisions.list());
    }

    private void wrap(List<Envelope> envelopes, List<TableMessage> out) {
        envelopes.forEach(e -> out.add(new TableMessage.DeckStep(round, e)));
    }

    private List<TableMessage> wrap(List<Envelope> envelopes) {
        List<TableMessage> out = new ArrayList<>();
        wrap(envelopes, out);
        return out;
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public String nameOf(int s) {
        return s == 0 || s == 1 ? names.get(s) : "seat " + s;
    }

    @Override
    public boolean isFinished() {
        return finished;
    }

    @Override
    public String awaiting() {
        return party == null ? "the start" : party.awaiting();
    }

    @Override
    public List<Seat.Session> sessions() {
        return Collections.unmodifiableList(sessions);
    }

    @Override
    public List<Seat.Session> evidence() {
        List<Seat.Session> out = new ArrayList<>(sessions);
        if (party != null && (sessions.isEmpty() || sessions.get(sessions.size() - 1).round() != round)) {
            out.add(session());
        }
        return out;
    }

    @Override
    public List<RoundReport> reports() {
        return Collections.unmodifiableList(reports);
    }
}
