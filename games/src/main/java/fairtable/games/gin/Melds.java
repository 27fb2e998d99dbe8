package fairtable.games.gin;

import fairtable.games.cards.Card;
import fairtable.games.cards.Rank;
import fairtable.games.cards.Suit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Card values, the exact best arrangement of a hand into melds, and the defender's best lay-offs. Every search
 * is exhaustive (a gin hand has at most eleven cards, so the candidate melds are few) and deterministic: among
 * equally good answers the first in a fixed order wins, so every engine that scores a hand gets the same melds.
 */
public final class Melds {

    private Melds() {
    }

    /** A card's deadwood points: ace 1, two to ten their face value, jack, queen and king 10. */
    public static int value(Card card) {
        return Math.min(10, Meld.position(card) + 1);
    }

    /** The least deadwood points these cards can be left with. */
    public static int deadwood(Collection<Card> cards) {
        return best(cards).deadwoodPoints();
    }

    /** An arrangement of the cards with the least deadwood (the first such in the search order). */
    public static Arrangement best(Collection<Card> cards) {
        return arrangement(bestMask(mask(cards)));
    }

    /** Every arrangement of the cards with the least deadwood, in the search order. */
    public static List<Arrangement> minimal(Collection<Card> cards) {
        long hand = mask(cards);
        Search search = new Search(candidates(hand), true);
        search.walk(hand, 0, 0, new ArrayList<>());
        return search.found.stream().map(Melds::arrangement).toList();
    }

    /**
     * What the defender does after a knock: lays off onto the knocker's melds the cards that leave it the least
     * deadwood, melding the rest as well as it can. A card lays off onto a set of three of its rank, or extends a
     * run at either end, also through other laid-off cards (4-5-6 takes 7 and then 8).
     */
    public static LayOff layOff(List<Meld> knockerMelds, Collection<Card> defenderCards) {
        long defender = mask(defenderCards);
        long setSpots = 0;
        List<long[]> chains = new ArrayList<>();
        for (Meld meld : knockerMelds) {
            if ((mask(meld.cards()) & defender) != 0) {
                throw new IllegalArgumentException("the defender cannot hold a card of the knocker's meld " + meld);
            }
            if (meld.kind() == Meld.Kind.SET) {
                if (meld.size() == 3) {
                    for (Suit suit : Suit.values()) {
                        setSpots |= bit(Card.of(meld.cards().get(0).rank(), suit)) & ~mask(meld.cards());
                    }
                }
            } else {
                Suit suit = meld.cards().get(0).suit();
                int low = Meld.position(meld.cards().get(0));
                int high = Meld.position(meld.cards().get(meld.size() - 1));
                chains.add(chain(defender, suit, low - 1, -1));
                chains.add(chain(defender, suit, high + 1, +1));
            }
        }
        long candidates = setSpots & defender;
        for (long[] chain : chains) {
            for (long link : chain) {
                candidates |= link;
            }
        }
        long bestLaid = 0;
        Search best = null;
        // From all candidates down to none, so that among equal results the most cards go off.
        for (long laid = candidates; ; laid = (laid - 1) & candidates) {
            if (attachable(laid, setSpots, chains)) {
                Search search = bestSearch(defender & ~laid);
                if (best == null || search.bestPoints < best.bestPoints) {
                    best = search;
                    bestLaid = laid;
                }
            }
            if (laid == 0) {
                break;
            }
        }
        return new LayOff(cards(bestLaid), arrangement(best.found.get(0)));
    }

    /** The defender's lay-offs and the arrangement of the cards it kept. */
    public record LayOff(List<Card> laidOff, Arrangement kept) {
        public LayOff {
            laidOff = List.copyOf(laidOff);
        }

        public int deadwoodPoints() {
            return kept.deadwoodPoints();
        }
    }

    /** The defender's cards that extend a run from {@code start} on, one step at a time, while it holds them. */
    private static long[] chain(long defender, Suit suit, int start, int step) {
        List<Long> links = new ArrayList<>();
        for (int position = start; position >= 0 && position <= 12; position += step) {
            long link = bit(Meld.atPosition(suit, position));
            if ((defender & link) == 0) {
                break;
            }
            links.add(link);
        }
        return links.stream().mapToLong(Long::longValue).toArray();
    }

    /** Whether every laid card completes a set of three or hangs on a run through laid cards only. */
    private static boolean attachable(long laid, long setSpots, List<long[]> chains) {
        for (long rest = laid; rest != 0; rest &= rest - 1) {
            long card = Long.lowestOneBit(rest);
            if ((card & setSpots) != 0) {
                continue;
            }
            boolean hangs = false;
            for (long[] chain : chains) {
                for (long link : chain) {
                    if (link == card) {
                        hangs = true;
                        break;
                    }
                    if ((link & laid) == 0) {
                        break;
                    }
                }
                if (hangs) {
                    break;
                }
            }
            if (!hangs) {
                return false;
            }
        }
        return true;
    }

    // ---- the search, on card masks (bit i is the card of index i) ----

    /** One arrangement found: the melds chosen and the deadwood left. */
    private record Found(List<Long> melds, long deadwood) {
    }

    private static final class Search {
        private final long[] melds;
        private final boolean keepAllBest;
        private final List<Found> found = new ArrayList<>();
        private int bestPoints = Integer.MAX_VALUE;

        Search(long[] melds, boolean keepAllBest) {
            this.melds = melds;
            this.keepAllBest = keepAllBest;
        }

        /**
         * The lowest card left either joins a meld of cards still left or becomes deadwood; melds are tried
         * first, so the first best arrangement found melds as early as it can.
         */
        void walk(long rest, long dead, int points, List<Long> chosen) {
            if (points > bestPoints || (points == bestPoints && !keepAllBest)) {
                return;
            }
            if (rest == 0) {
                if (points < bestPoints) {
                    bestPoints = points;
                    found.clear();
                }
                found.add(new Found(List.copyOf(chosen), dead));
                return;
            }
            long lowest = Long.lowestOneBit(rest);
            for (long meld : melds) {
                if ((meld & lowest) != 0 && (meld & ~rest) == 0) {
                    chosen.add(meld);
                    walk(rest & ~meld, dead, points, chosen);
                    chosen.remove(chosen.size() - 1);
                }
            }
            walk(rest & ~lowest, dead | lowest, points + value(Card.ofIndex(Long.numberOfTrailingZeros(lowest))),
                    chosen);
        }
    }

    private static Search bestSearch(long hand) {
        Search search = new Search(candidates(hand), false);
        search.walk(hand, 0, 0, new ArrayList<>());
        return search;
    }

    private static Found bestMask(long hand) {
        return bestSearch(hand).found.get(0);
    }

    /** Every set and run these cards contain: sets by rank (fours before their threes), then runs by suit. */
    private static long[] candidates(long hand) {
        List<Long> melds = new ArrayList<>();
        for (Rank rank : Rank.values()) {
            long same = 0;
            for (Suit suit : Suit.values()) {
                same |= bit(Card.of(rank, suit)) & hand;
            }
            int count = Long.bitCount(same);
            if (count == 4) {
                melds.add(same);
                for (long rest = same; rest != 0; rest &= rest - 1) {
                    melds.add(same & ~Long.lowestOneBit(rest));
                }
            } else if (count == 3) {
                melds.add(same);
            }
        }
        for (Suit suit : Suit.values()) {
            for (int start = 0; start <= 10; start++) {
                long run = 0;
                for (int end = start; end <= 12 && (hand & bit(Meld.atPosition(suit, end))) != 0; end++) {
                    run |= bit(Meld.atPosition(suit, end));
                    if (end - start >= 2) {
                        melds.add(run);
                    }
                }
            }
        }
        return melds.stream().mapToLong(Long::longValue).toArray();
    }

    private static Arrangement arrangement(Found found) {
        return new Arrangement(found.melds().stream().map(m -> Meld.of(cards(m))).toList(), cards(found.deadwood()));
    }

    static long bit(Card card) {
        return 1L << card.index();
    }

    static long mask(Collection<Card> cards) {
        long mask = 0;
        for (Card card : cards) {
            long bit = bit(card);
            if ((mask & bit) != 0) {
                throw new IllegalArgumentException("duplicate card " + card);
            }
            mask |= bit;
        }
        return mask;
    }

    /** The cards of a mask in index order. */
    static List<Card> cards(long mask) {
        List<Card> cards = new ArrayList<>(Long.bitCount(mask));
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            cards.add(Card.ofIndex(Long.numberOfTrailingZeros(rest)));
        }
        return cards;
    }
}
