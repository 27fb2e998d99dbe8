package fairtable.games.table;

import fairtable.games.cards.Card;
import fairtable.games.poker.Action;
import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HoldemGame;
import fairtable.games.poker.HoldemRules;
import fairtable.games.poker.Pending;
import fairtable.games.poker.PokerHand;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.DeckEvents;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Recomputes a poker game from what a third party holds: each hand's deck transcript and its signed
 * decisions, with no player's secret. Every hand is replayed through the rules engine with every private
 * hand hidden: the decisions must be signed by their senders at the moment they claim, come in the order the
 * engine asks for them and be legal; the board comes from the cards the deck opened; every shown hand must
 * be the cards the deck proved. The result is the stacks after the last hand.
 */
public final class PokerReplay {
    private PokerReplay() {
    }

    /** A hand's deck transcript and its signed decisions, in order. */
    public record Hand(List<Envelope> messages, List<TableMessage.Declaration> decisions) {
        public Hand {
            messages = List.copyOf(messages);
            decisions = List.copyOf(decisions);
        }
    }

    /** The stacks after replaying Hold'em hands that started from {@code stacks} with the button on seat 0. */
    public static int[] holdem(HoldemRules rules, int[] stacks, List<Hand> hands) throws ProtocolViolation {
        return replay(new PokerSeat.Holdem(HoldemGame.start(rules, stacks, 0)), hands);
    }

    /** The stacks after replaying five-card draw hands over the verifiable deck. */
    public static int[] draw(DrawRules rules, int[] stacks, List<Hand> hands) throws ProtocolViolation {
        return replay(new PokerSeat.Draw(DrawGame.start(rules, stacks, 0)), hands);
    }

    private static int[] replay(PokerSeat.Engine engine, List<Hand> hands) throws ProtocolViolation {
        for (int h = 0; h < hands.size(); h++) {
            if (h > 0) {
                if (engine.isOver()) {
                    throw new ProtocolViolation(0, "the table", "hand " + (h + 1) + " after the game was over");
                }
                engine = engine.nextHand();
            }
            engine = replayHand(engine, hands.get(h), h + 1);
        }
        return engine.hand().stacks();
    }

    private static PokerSeat.Engine replayHand(PokerSeat.Engine engine, Hand hand, int round) throws ProtocolViolation {
        Transcript transcript = new Transcript();
        DeckObserver observer = null;
        for (Envelope e : hand.messages()) {
            if (observer == null) {
                transcript.append(e);
                if (transcript.established()) {
                    DeckParameters params;
                    try {
                        params = DeckParameters.fromBytes(transcript.hellos().get(0).parameters());
                    } catch (MalformedMessageException m) {
                        throw new ProtocolViolation(0, transcript.nameOf(0), "unreadable deck parameters");
                    }
                    observer = new DeckObserver(params, transcript.hellos(), transcript.sessionId(), new SecureRandom());
                }
            } else {
                transcript.check(e);
                DeckObserver.Event event = observer.parse(e);
                transcript.append(e);
                observer.apply(event);
            }
        }
        if (observer == null) {
            throw new ProtocolViolation(0, "hand " + round, "the transcript ends before every hello");
        }
        Deque<DeckEvent> ops = new ArrayDeque<>(new DeckEvents(observer.parameters().cards()).drain(observer));
        Deque<TableMessage.Declaration> decisions = new ArrayDeque<>(hand.decisions());
        int seq = 0;
        while (!engine.hand().isComplete()) {
            PokerHand view = engine.hand();
            Pending pending = view.pending();
            if (pending instanceof Pending.ActionFrom from) {
                TableMessage.Declaration d = decisions.poll();
                String who = transcript.nameOf(from.seat());
                if (d == null || d.sender() != from.seat() || d.seq() != seq++ || d.round() != round) {
                    throw new ProtocolViolation(0, who, "the decisions do not give " + who + "'s decision next");
                }
                Decisions.verify(transcript, d);
                Action action = parse(d, who);
                if (action instanceof Action.Show show) {
                    if (!(ops.poll() instanceof DeckEvent.Shown shown) || shown.seat() != from.seat()
                            || !readable(observer, shown.positions()).stream().sorted().toList().equals(show.cards())) {
                        throw new ProtocolViolation(0, who, "shows " + Card.format(show.cards()) + " without the deck's proof of them");
                    }
                }
                try {
                    engine = engine.apply(action);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    throw new ProtocolViolation(0, who, e.getMessage());
                }
            } else if (pending instanceof Pending.BoardCards board) {
                if (!(ops.poll() instanceof DeckEvent.Opened opened) || opened.positions().size() != board.count()) {
                    throw new ProtocolViolation(0, "the dealer", "no open of " + board.count() + " cards where the board is due");
                }
                engine = engine.deal(readable(observer, opened.positions()));
            } else {
                int discards = 0;
                while (ops.peek() instanceof DeckEvent.Discarded) {
                    ops.poll();
                    discards++;
                }
                if (!(ops.poll() instanceof DeckEvent.Dealt dealt)) {
                    throw new ProtocolViolation(0, "the dealer", "no deal where " + pending + " is due");
                }
                for (int i = 0; i < dealt.recipients().size(); i++) {
                    Pending now = engine.hand().pending();
                    int to = dealt.recipients().get(i);
                    int count = dealt.positions().get(i).size();
                    boolean asked = now instanceof Pending.HoleCards hc && hc.seat() == to && hc.count() == count
                            || now instanceof Pending.ReplacementCards rc && rc.seat() == to && rc.count() == count
                                    && discards == count;
                    if (!asked) {
                        throw new ProtocolViolation(0, transcript.nameOf(to), "dealt " + count + " where " + now + " is due");
                    }
                    engine = engine.dealHidden();
                }
            }
        }
        if (!decisions.isEmpty() || !ops.isEmpty()) {
            throw new ProtocolViolation(0, "hand " + round, "decisions or deck operations after the end of the hand");
        }
        return engine;
    }

    private static Action parse(TableMessage.Declaration d, String who) throws ProtocolViolation {
        try {
            if (d.words().startsWith("draw ")) {
                return Action.drawUnseen(Integer.parseInt(d.words().substring(5).strip()));
            }
            Action action = Action.parse(d.words());
            if (action instanceof Action.Draw) {
                throw new IllegalArgumentException("discards are never named");
            }
            return action;
        } catch (IllegalArgumentException e) {
            throw new ProtocolViolation(0, who, "unreadable decision \"" + d.words() + "\": " + e.getMessage());
        }
    }

    private static List<Card> readable(DeckObserver observer, List<Integer> positions) throws ProtocolViolation {
        List<Card> cards = new ArrayList<>();
        for (int p : positions) {
            int card = observer.publicCard(p);
            if (card < 0) {
                throw new ProtocolViolation(0, "the deck", "position " + p + " is not publicly readable");
            }
            cards.add(Card.ofIndex(card));
        }
        return cards;
    }
}
