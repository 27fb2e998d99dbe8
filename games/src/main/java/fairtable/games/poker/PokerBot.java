package fairtable.games.poker;

import fairtable.games.cards.Card;
import fairtable.games.cards.Rank;
import fairtable.games.cards.Suit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.EnumMap;
import java.util.random.RandomGenerator;

/**
 * A simple poker player: it estimates its hand's equity by Monte-Carlo against random opponent hands
 * and compares it with the pot odds. It looks only at what its seat may see (its own cards, the board,
 * the bets), and its choices depend only on those and its injected random generator, so a seeded
 * generator makes it reproducible.
 *
 * <p>Betting: raise with a strong equity (bigger and more often the stronger, at most the pot, and more than
 * 40% of its chips only with a very strong hand), call when the equity beats the pot odds by a margin that grows
 * with the share of its chips the call costs (a big bet is seldom a random hand), otherwise check or fold. Five-card draw: keep made hands, draw to
 * four-card flushes, otherwise keep pairs or the two highest cards; its equity there is against random
 * five-card hands, ignoring the draw. Showdown: muck whenever allowed (the hand is beaten), else show.
 */
public final class PokerBot {
    public static final int MAX_SAMPLES = 100_000;

    private static final double CALL_MARGIN = 0.05;
    /** The share of its chips the bot puts in on a raise of its own without a very strong hand. */
    private static final double COMMIT_FREELY = 0.4;
    /** The extra equity a call needs per share of the bot's chips it costs (a call of everything: 0.3 more). */
    private static final double RISK_PREMIUM = 0.3;

    private final RandomGenerator random;
    private final int samples;

    /** {@code samples} Monte-Carlo deals per decision, 1 to {@link #MAX_SAMPLES}. */
    public PokerBot(RandomGenerator random, int samples) {
        this.random = Objects.requireNonNull(random, "random");
        if (samples < 1 || samples > MAX_SAMPLES) {
            throw new IllegalArgumentException("samples must be in 1.." + MAX_SAMPLES + ", got " + samples);
        }
        this.samples = samples;
    }

    /** A legal action for the seat to act in {@code hand}. */
    public Action choose(PokerHand hand) {
        LegalActions legal = hand.legalActions();
        List<Action> choices = legal.choices();
        if (choices.contains(Action.muck())) {
            return Action.muck();
        }
        if (choices.contains(Action.show())) {
            return Action.show();
        }
        if (!choices.isEmpty() && choices.get(0) instanceof Action.Draw) {
            return Action.draw(discardsFor(hand.privateCards(legal.seat())));
        }
        int seat = legal.seat();
        int opponents = -1;
        for (int s = 0; s < hand.seats(); s++) {
            if (!hand.hasFolded(s)) {
                opponents++;
            }
        }
        if (hand.isHidden(seat)) {
            throw new IllegalArgumentException("the bot cannot play seat " + seat + ": its cards are hidden here");
        }
        List<Card> mine = hand.privateCards(seat);
        double equity = hand instanceof HoldemHand
                ? holdemEquity(mine, hand.board(), opponents, samples, random)
                : drawEquity(mine, opponents, samples, random);
        return decide(hand, legal, equity);
    }

    private Action decide(PokerHand hand, LegalActions legal, double equity) {
        int seat = legal.seat();
        int toCall = Math.min(hand.currentBet() - hand.committedThisRound(seat), hand.stacks()[seat]);
        int pot = hand.pot();
        // What this seat brought to the hand: the share of it a bet risks decides how sure the bot must be.
        double wealth = Math.max(1, hand.stacks()[seat] + hand.committed(seat));
        if (legal.canRaise() && equity > 0.6 && random.nextDouble() < (equity - 0.5) * 2) {
            // Size with strength, at most the pot: a bot that shoves four pots goes broke on the first cooler.
            double fraction = equity > 0.9 ? 1.0 : equity > 0.75 ? 0.75 : 0.5;
            long target = hand.currentBet() + (long) Math.ceil(fraction * (pot + toCall));
            int amount = (int) Math.max(legal.minRaiseTo(), Math.min(legal.maxRaiseTo(), target));
            double risked = (amount - hand.committedThisRound(seat)) / wealth;
            if (risked <= COMMIT_FREELY || equity > 0.95) {
                return Action.raiseTo(amount);
            }
        }
        if (toCall <= 0) {
            return Action.check();
        }
        // A bet against a random hand is not a random hand: the bigger it is against the stack, the more is needed.
        double potOdds = (double) toCall / (pot + toCall);
        double needed = potOdds + CALL_MARGIN + RISK_PREMIUM * (toCall / wealth);
        return equity >= needed ? Action.call() : Action.fold();
    }

    /**
     * The share of pots {@code hole} wins with {@code board} (0 to 5 cards) against {@code opponents}
     * random hands, the board completed at random: ties count as fractions.
     */
    public static double holdemEquity(Collection<Card> hole, Collection<Card> board, int opponents, int samples,
            RandomGenerator random) {
        long known = HandEvaluator.maskOf(concat(hole, board));
        if (hole.size() != 2 || board.size() > 5) {
            throw new IllegalArgumentException("need two hole cards and at most five board cards");
        }
        long boardMask = HandEvaluator.maskOf(board);
        int missingBoard = 5 - board.size();
        return simulate(known, opponents, samples, random, (deck, used) -> {
            long fullBoard = boardMask;
            for (int i = 0; i < missingBoard; i++) {
                fullBoard |= 1L << deck[used + i];
            }
            return fullBoard;
        }, missingBoard, 2, HandEvaluator.maskOf(hole));
    }

    /** The share of pots a five-card {@code hand} wins against {@code opponents} random five-card hands. */
    public static double drawEquity(Collection<Card> hand, int opponents, int samples, RandomGenerator random) {
        if (hand.size() != 5) {
            throw new IllegalArgumentException("a draw hand has five cards, got " + hand.size());
        }
        long mine = HandEvaluator.maskOf(hand);
        return simulate(mine, opponents, samples, random, (deck, used) -> 0L, 0, 5, mine);
    }

    private interface BoardCompleter {
        long complete(int[] deck, int used);
    }

    private static double simulate(long known, int opponents, int samples, RandomGenerator random,
            BoardCompleter boardCompleter, int boardCards, int cardsPerOpponent, long myCards) {
        if (opponents < 1 || opponents > 8) {
            throw new IllegalArgumentException("opponents must be 1 to 8, got " + opponents);
        }
        int[] deck = new int[Card.DECK_SIZE - Long.bitCount(known)];
        int size = 0;
        for (int index = 0; index < Card.DECK_SIZE; index++) {
            if ((known >>> index & 1) == 0) {
                deck[size++] = index;
            }
        }
        int needed = boardCards + opponents * cardsPerOpponent;
        double won = 0;
        for (int sample = 0; sample < samples; sample++) {
            for (int i = 0; i < needed; i++) { // partial Fisher-Yates: only the cards this deal uses
                int j = i + random.nextInt(size - i);
                int swap = deck[i];
                deck[i] = deck[j];
                deck[j] = swap;
            }
            long board = boardCompleter.complete(deck, 0);
            int mine = HandEvaluator.strengthOfMask(myCards | board);
            int ties = 0;
            boolean beaten = false;
            for (int o = 0; o < opponents && !beaten; o++) {
                long theirs = board;
                for (int c = 0; c < cardsPerOpponent; c++) {
                    theirs |= 1L << deck[boardCards + o * cardsPerOpponent + c];
                }
                int strength = HandEvaluator.strengthOfMask(theirs);
                if (strength > mine) {
                    beaten = true;
                } else if (strength == mine) {
                    ties++;
                }
            }
            if (!beaten) {
                won += 1.0 / (ties + 1);
            }
        }
        return won / samples;
    }

    /** Cards to throw in five-card draw. */
    static List<Card> discardsFor(List<Card> hand) {
        HandCategory category = HandEvaluator.evaluate(hand).category();
        if (category == HandCategory.STRAIGHT || category.compareTo(HandCategory.FLUSH) >= 0) {
            return List.of();
        }
        Map<Suit, List<Card>> bySuit = new EnumMap<>(Suit.class);
        Map<Rank, List<Card>> byRank = new EnumMap<>(Rank.class);
        for (Card card : hand) {
            bySuit.computeIfAbsent(card.suit(), k -> new ArrayList<>()).add(card);
            byRank.computeIfAbsent(card.rank(), k -> new ArrayList<>()).add(card);
        }
        List<Card> discards = new ArrayList<>();
        boolean madeHand = category != HandCategory.HIGH_CARD;
        if (!madeHand) {
            for (List<Card> suited : bySuit.values()) {
                if (suited.size() == 4) {
                    for (Card card : hand) {
                        if (!suited.contains(card)) {
                            discards.add(card);
                        }
                    }
                    return discards;
                }
            }
            List<Card> sorted = new ArrayList<>(hand);
            sorted.sort((a, b) -> a.rank().compareTo(b.rank()));
            return List.copyOf(sorted.subList(0, 3)); // keep the two highest
        }
        for (Card card : hand) {
            if (byRank.get(card.rank()).size() == 1) {
                discards.add(card);
            }
        }
        return discards; // a pair leaves three singles, two pair one, trips two, quads one
    }

    private static List<Card> concat(Collection<Card> first, Collection<Card> second) {
        List<Card> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
