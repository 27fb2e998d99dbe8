package fairtable.games.poker;

import fairtable.games.cards.Card;
import fairtable.games.cards.Rank;
import fairtable.games.cards.Suit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Evaluates the best five-card poker hand among five to seven cards.
 *
 * <p>The evaluator works on a 52-bit card mask (bit {@link Card#index()}), which splits into one
 * 13-bit rank mask per suit. Flushes, quads, trips and pairs then fall out of a handful of AND/OR
 * operations on those four masks, so evaluation needs no table and allocates nothing.
 *
 * <p>A <em>strength</em> is an int that orders hands exactly as poker does: the category ordinal
 * in bits 20..23, then up to five rank ordinals, one per nibble, most significant first (for a
 * pair: the pair rank, then three kickers). Equal strengths tie.
 */
public final class HandEvaluator {
    private static final int RANK_BITS = 0x1FFF;
    private static final int CATEGORY_SHIFT = 20;

    private HandEvaluator() {
    }

    /** Evaluates five to seven distinct cards. */
    public static HandValue evaluate(Card... cards) {
        return evaluate(Arrays.asList(cards));
    }

    /** Evaluates five to seven distinct cards. */
    public static HandValue evaluate(Collection<Card> cards) {
        List<Card> list = List.copyOf(cards);
        int strength = strength(maskOf(list));
        return new HandValue(strength, bestFive(list, strength));
    }

    /** Evaluates cards written like "As Kd 7h 7c 2s 9d Tc" (five to seven of them). */
    public static HandValue evaluate(String cardsText) {
        return evaluate(Card.parseAll(cardsText));
    }

    /**
     * The command-line description of the best hand: "category: five cards", for example
     * {@code describe("As Kd 7h 7c 2s 9d Tc")} is "pair: 7h 7c As Kd Tc".
     */
    public static String describe(String cardsText) {
        return evaluate(cardsText).describe();
    }

    /** The strength of five to seven distinct cards given by their indexes (0..51). */
    public static int strength(int... cardIndexes) {
        long mask = 0;
        for (int index : cardIndexes) {
            if (index < 0 || index >= Card.DECK_SIZE) {
                throw new IllegalArgumentException("card index " + index + " is outside 0..51");
            }
            long bit = 1L << index;
            if ((mask & bit) != 0) {
                throw new IllegalArgumentException("duplicate card " + Card.ofIndex(index));
            }
            mask |= bit;
        }
        return strength(mask);
    }

    /** The strength of seven distinct card indexes, without allocating: the hot path for simulations. */
    public static int strength(int c0, int c1, int c2, int c3, int c4, int c5, int c6) {
        if (((c0 | c1 | c2 | c3 | c4 | c5 | c6) & ~63) != 0) {
            throw new IllegalArgumentException("card index outside 0..51");
        }
        long mask = 1L << c0 | 1L << c1 | 1L << c2 | 1L << c3 | 1L << c4 | 1L << c5 | 1L << c6;
        if (Long.bitCount(mask) != 7 || (mask >>> Card.DECK_SIZE) != 0) {
            throw new IllegalArgumentException("seven distinct card indexes in 0..51 are required");
        }
        return strengthOfMask(mask);
    }

    /** The strength of a card mask (bit i set when card index i is present) holding five to seven cards. */
    public static int strength(long cardMask) {
        int count = Long.bitCount(cardMask);
        if (count < 5 || count > 7) {
            throw new IllegalArgumentException("a poker hand needs five to seven cards, got " + count);
        }
        if ((cardMask >>> Card.DECK_SIZE) != 0) {
            throw new IllegalArgumentException("card mask has bits above index 51");
        }
        return strengthOfMask(cardMask);
    }

    /** The category encoded in a strength. */
    public static HandCategory category(int strength) {
        return HandCategory.ofOrdinal(strength >>> CATEGORY_SHIFT);
    }

    /** The mask of distinct cards. */
    public static long maskOf(Collection<Card> cards) {
        long mask = 0;
        for (Card card : cards) {
            long bit = 1L << card.index();
            if ((mask & bit) != 0) {
                throw new IllegalArgumentException("duplicate card " + card);
            }
            mask |= bit;
        }
        return mask;
    }

    /** Unchecked: the caller guarantees five to seven cards. */
    static int strengthOfMask(long mask) {
        return strengthOfSuits((int) mask & RANK_BITS, (int) (mask >>> 13) & RANK_BITS,
                (int) (mask >>> 26) & RANK_BITS, (int) (mask >>> 39) & RANK_BITS);
    }

    /** Unchecked: each argument is the rank mask of one suit; together five to seven cards. */
    static int strengthOfSuits(int clubs, int diamonds, int hearts, int spades) {
        // At most seven cards: a flush excludes quads and full houses, so it can be decided first.
        int flush = Integer.bitCount(clubs) >= 5 ? clubs
                : Integer.bitCount(diamonds) >= 5 ? diamonds
                : Integer.bitCount(hearts) >= 5 ? hearts
                : Integer.bitCount(spades) >= 5 ? spades : 0;
        if (flush != 0) {
            int top = straightTop(flush);
            if (top >= 0) {
                return pack(HandCategory.STRAIGHT_FLUSH, top << 16);
            }
            return pack(HandCategory.FLUSH, topRanks(flush, 5));
        }
        int any = clubs | diamonds | hearts | spades;
        int clubsAndDiamonds = clubs & diamonds;
        int heartsAndSpades = hearts & spades;
        int quads = clubsAndDiamonds & heartsAndSpades;
        if (quads != 0) {
            int quad = highest(quads);
            return pack(HandCategory.FOUR_OF_A_KIND, quad << 16 | highest(any & ~(1 << quad)) << 12);
        }
        int twoOrMore = clubsAndDiamonds | heartsAndSpades | ((clubs | diamonds) & (hearts | spades));
        int threeOrMore = (clubsAndDiamonds & (hearts | spades)) | (heartsAndSpades & (clubs | diamonds));
        if (threeOrMore != 0) {
            int trips = highest(threeOrMore);
            int pairable = twoOrMore & ~(1 << trips);
            if (pairable != 0) {
                return pack(HandCategory.FULL_HOUSE, trips << 16 | highest(pairable) << 12);
            }
        }
        int straight = straightTop(any);
        if (straight >= 0) {
            return pack(HandCategory.STRAIGHT, straight << 16);
        }
        if (threeOrMore != 0) {
            int trips = highest(threeOrMore);
            return pack(HandCategory.THREE_OF_A_KIND, trips << 16 | topRanks(any & ~(1 << trips), 2) << 8);
        }
        if (twoOrMore != 0) {
            int high = highest(twoOrMore);
            int lowerPairs = twoOrMore & ~(1 << high);
            if (lowerPairs != 0) {
                int low = highest(lowerPairs);
                int kicker = highest(any & ~(1 << high) & ~(1 << low));
                return pack(HandCategory.TWO_PAIR, high << 16 | low << 12 | kicker << 8);
            }
            return pack(HandCategory.PAIR, high << 16 | topRanks(any & ~(1 << high), 3) << 4);
        }
        return pack(HandCategory.HIGH_CARD, topRanks(any, 5));
    }

    private static int pack(HandCategory category, int ranks) {
        return category.ordinal() << CATEGORY_SHIFT | ranks;
    }

    private static int highest(int mask) {
        return 31 - Integer.numberOfLeadingZeros(mask);
    }

    /** The top {@code count} ranks of a mask packed one per nibble, highest first. */
    private static int topRanks(int mask, int count) {
        int packed = 0;
        for (int i = 0; i < count; i++) {
            int rank = highest(mask);
            packed = packed << 4 | rank;
            mask &= ~(1 << rank);
        }
        return packed;
    }

    /** Rank ordinal of the top card of the highest straight in a rank mask (3 for the wheel), or -1. */
    private static int straightTop(int ranks) {
        int withLowAce = ranks << 1 | (ranks >>> 12 & 1); // bit 0: ace playing low
        int runs = withLowAce & withLowAce >>> 1 & withLowAce >>> 2 & withLowAce >>> 3 & withLowAce >>> 4;
        return runs == 0 ? -1 : highest(runs) + 3;
    }

    /**
     * Picks the five cards that make up {@code strength}, most significant first; among cards of one
     * rank the higher suit (spades, hearts, diamonds, clubs) comes first, whatever the input order.
     */
    private static List<Card> bestFive(List<Card> unordered, int strength) {
        List<Card> cards = new ArrayList<>(unordered);
        cards.sort((a, b) -> b.suit().compareTo(a.suit()));
        HandCategory category = category(strength);
        int[] ranks = new int[5];
        int used;
        switch (category) {
            case STRAIGHT, STRAIGHT_FLUSH -> {
                int top = strength >>> 16 & 0xF;
                for (int i = 0; i < 5; i++) {
                    ranks[i] = (top - i + 13) % 13; // the wheel wraps to the ace
                }
                used = 5;
            }
            case FOUR_OF_A_KIND -> used = fill(ranks, strength, 4, 1);
            case FULL_HOUSE -> used = fill(ranks, strength, 3, 2);
            case THREE_OF_A_KIND -> used = fill(ranks, strength, 3, 1, 1);
            case TWO_PAIR -> used = fill(ranks, strength, 2, 2, 1);
            case PAIR -> used = fill(ranks, strength, 2, 1, 1, 1);
            default -> used = fill(ranks, strength, 1, 1, 1, 1, 1);
        }
        Suit flushSuit = null;
        if (category == HandCategory.FLUSH || category == HandCategory.STRAIGHT_FLUSH) {
            int[] perSuit = new int[4];
            for (Card card : cards) {
                if (++perSuit[card.suit().ordinal()] >= 5) {
                    flushSuit = card.suit();
                }
            }
        }
        List<Card> best = new ArrayList<>(5);
        boolean[] taken = new boolean[cards.size()];
        for (int i = 0; i < used; i++) {
            Rank rank = Rank.values()[ranks[i]];
            for (int j = 0; j < cards.size(); j++) {
                Card card = cards.get(j);
                if (!taken[j] && card.rank() == rank && (flushSuit == null || card.suit() == flushSuit)) {
                    taken[j] = true;
                    best.add(card);
                    break;
                }
            }
        }
        return best;
    }

    /** Expands the packed ranks into five slots, repeating each group's rank {@code groupSizes[g]} times. */
    private static int fill(int[] ranks, int strength, int... groupSizes) {
        int slot = 0;
        for (int group = 0; group < groupSizes.length; group++) {
            int rank = strength >>> (16 - 4 * group) & 0xF;
            for (int k = 0; k < groupSizes[group]; k++) {
                ranks[slot++] = rank;
            }
        }
        return slot;
    }
}
