package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Hands worked out by hand: the least deadwood, the melds that reach it, and the defender's lay-offs. */
class MeldsTest {

    private static List<Card> cards(String text) {
        return Card.parseAll(text);
    }

    private static List<String> melds(Arrangement arrangement) {
        return arrangement.melds().stream().map(Meld::toString).toList();
    }

    @Test
    void cardValuesCountAceOneFacesTenAndTheRestTheirFace() {
        assertThat(cards("Ac 2d 5h Ts Jc Qd Kh").stream().map(Melds::value).toList())
                .containsExactly(1, 2, 5, 10, 10, 10, 10);
    }

    /** pagat's example: 4-5-6 of hearts, 8-9-10 of clubs, three queens, and 5s As left over. */
    @Test
    void publishedKnockingHandLeavesTheFiveAndAceOfSpades() {
        Arrangement best = Melds.best(cards("4h 5h 6h 8c 9c Tc Qc Qd Qh 5s As"));
        assertThat(best.deadwood()).containsExactlyInAnyOrder(Card.parse("5s"), Card.parse("As"));
        assertThat(best.deadwoodPoints()).isEqualTo(6);
        assertThat(melds(best)).containsExactlyInAnyOrder("8c 9c Tc", "Qc Qd Qh", "4h 5h 6h");
    }

    /**
     * Four fives and two short runs: taking the set of four leaves 46, a set of three and a run 33, but both runs
     * 5-6-7 (spades and hearts) leave only 5c 5d Kc Kd, 30. A search that grabs sets first misses it.
     */
    @Test
    void fourOfAKindIsBrokenUpWhenTwoRunsLeaveLess() {
        Arrangement best = Melds.best(cards("5c 5d 5h 5s 6s 7s 6h 7h Kc Kd"));
        assertThat(best.deadwoodPoints()).isEqualTo(30);
        assertThat(melds(best)).containsExactlyInAnyOrder("5h 6h 7h", "5s 6s 7s");
    }

    /** 7c 7d 7h 8h 9h: the 7h goes either to the sevens or to the run; the run leaves 7c 7d (14) not 8h 9h (17). */
    @Test
    void aCardSharedBySetAndRunGoesWhereItLeavesLeast() {
        Arrangement best = Melds.best(cards("7c 7d 7h 8h 9h As 2s 3s Kc Qd"));
        assertThat(best.deadwoodPoints()).isEqualTo(34);
        assertThat(melds(best)).containsExactlyInAnyOrder("7h 8h 9h", "As 2s 3s");
    }

    /** A gin only reachable by splitting four sixes between a run, a set of three and another run. */
    @Test
    void ginNeedsTheRightSplitOfOverlappingMelds() {
        List<Card> hand = cards("3d 4d 5d 6d 6c 6h 6s 7s 8s 9s");
        assertThat(Melds.deadwood(hand)).isZero();
        assertThat(Melds.minimal(hand)).allSatisfy(a -> assertThat(a.deadwood()).isEmpty()).hasSizeGreaterThan(1);
    }

    @Test
    void theAceIsLowOnly() {
        assertThat(Melds.best(cards("Qh Kh Ah")).deadwoodPoints()).isEqualTo(21);
        assertThat(melds(Melds.best(cards("Ah 2h 3h Kh")))).containsExactly("Ah 2h 3h");
        assertThatThrownBy(() -> Meld.parse("Qh Kh Ah")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a run is a sequence, ace low: Ah Qh Kh");
    }

    @Test
    void meldsAreSetsOfThreeOrFourAndRunsOfThreeOrMoreOfOneSuit() {
        assertThat(Meld.parse("9s 9c 9h").kind()).isEqualTo(Meld.Kind.SET);
        assertThat(Meld.parse("9s 9c 9h").toString()).isEqualTo("9c 9h 9s");
        assertThat(Meld.parse("Td Jd Qd Kd 9d").toString()).isEqualTo("9d Td Jd Qd Kd");
        assertThatThrownBy(() -> Meld.parse("9s 9c")).hasMessage("a set has 3 or 4 cards, not 2: 9c 9s");
        assertThatThrownBy(() -> Meld.parse("4h 5h 6d")).hasMessage("a run has cards of one suit: 6d 4h 5h");
        assertThatThrownBy(() -> Meld.parse("4h 5h 7h")).hasMessage("a run is a sequence, ace low: 4h 5h 7h");
    }

    /**
     * The exhaustive search agrees with brute force over every way to pick disjoint melds, on seeded random
     * eleven-card hands drawn from a few ranks (so that sets and runs overlap often).
     */
    @Test
    void searchAgreesWithBruteForceOnCrowdedRandomHands() {
        SplittableRandom random = new SplittableRandom(13);
        for (int trial = 0; trial < 150; trial++) {
            List<Card> pool = new ArrayList<>();
            int low = random.nextInt(9);
            for (Card card : Card.deck()) {
                if (Meld.position(card) >= low && Meld.position(card) < low + 5) {
                    pool.add(card);
                }
            }
            List<Card> hand = new ArrayList<>();
            for (int i = 0; i < 11; i++) {
                hand.add(pool.remove(random.nextInt(pool.size())));
            }
            assertThat(Melds.deadwood(hand)).as("hand %s", Card.format(hand)).isEqualTo(bruteForce(hand));
        }
    }

    /**
     * Least deadwood found independently of the search's meld list: every subset of the hand that {@link Meld#of}
     * accepts is a meld, and the best disjoint packing of those melds (memoised by cards used) covers the most.
     */
    private static int bruteForce(List<Card> hand) {
        List<Integer> melds = new ArrayList<>();
        for (int subset = 0; subset < 1 << hand.size(); subset++) {
            if (Integer.bitCount(subset) >= 3 && isMeld(subsetOf(hand, subset))) {
                melds.add(subset);
            }
        }
        int total = hand.stream().mapToInt(Melds::value).sum();
        return total - mostCovered(hand, melds, 0, 0, new java.util.HashMap<>());
    }

    private static int mostCovered(List<Card> hand, List<Integer> melds, int next, int used,
                                   java.util.Map<Long, Integer> memo) {
        if (next == melds.size()) {
            return 0;
        }
        long key = (long) next << 32 | used;
        Integer known = memo.get(key);
        if (known != null) {
            return known;
        }
        int best = mostCovered(hand, melds, next + 1, used, memo);
        int meld = melds.get(next);
        if ((meld & used) == 0) {
            int covered = subsetOf(hand, meld).stream().mapToInt(Melds::value).sum();
            best = Math.max(best, covered + mostCovered(hand, melds, next + 1, used | meld, memo));
        }
        memo.put(key, best);
        return best;
    }

    private static List<Card> subsetOf(List<Card> hand, int subset) {
        List<Card> cards = new ArrayList<>();
        for (int i = 0; i < hand.size(); i++) {
            if ((subset >>> i & 1) != 0) {
                cards.add(hand.get(i));
            }
        }
        return cards;
    }

    private static boolean isMeld(List<Card> cards) {
        try {
            Meld.of(cards);
            return true;
        } catch (IllegalArgumentException notAMeld) {
            return false;
        }
    }

    // ---- lay-offs ----

    private static final List<Meld> KNOCKER = List.of(Meld.parse("4h 5h 6h"), Meld.parse("Qc Qd Qh"),
            Meld.parse("8c 9c Tc Jc"));

    /** The fourth queen goes on the set, 3h below the hearts run, 7h and then 8h above it, 7c below the clubs. */
    @Test
    void defenderLaysOffOnSetsAndBothEndsOfRunsThroughLaidCards() {
        Melds.LayOff layOff = Melds.layOff(KNOCKER, cards("Qs 3h 7h 8h 7c 2d 9s Kd 5c Ac"));
        assertThat(layOff.laidOff()).containsExactlyInAnyOrder(cards("Qs 3h 7h 8h 7c").toArray(Card[]::new));
        assertThat(layOff.deadwoodPoints()).isEqualTo(2 + 9 + 10 + 5 + 1);
    }

    /** 8h and 9h cannot hang on 4-5-6h without the 7h between them; a set of four takes nothing. */
    @Test
    void aCardLaysOffOnlyWhereItTouchesTheMeldOrALaidCard() {
        List<Meld> knocker = List.of(Meld.parse("4h 5h 6h"), Meld.parse("Kc Kd Kh Ks"));
        Melds.LayOff layOff = Melds.layOff(knocker, cards("9h 8h 2c"));
        assertThat(layOff.laidOff()).isEmpty();
        assertThat(layOff.deadwoodPoints()).isEqualTo(19);
    }

    /**
     * Holding 7c 7d 7h 8h against 4-5-6h: the 8h lays off only through the 7h. Keeping the sevens leaves 8h (8);
     * laying off 7h and 8h leaves 7c 7d (14). Laying off the 8h while the 7h stays in the set is not allowed.
     */
    @Test
    void aRunTakesACardOnlyThroughTheCardsBetween() {
        Melds.LayOff layOff = Melds.layOff(List.of(Meld.parse("4h 5h 6h")), cards("7c 7d 7h 8h"));
        assertThat(layOff.laidOff()).isEmpty();
        assertThat(layOff.deadwoodPoints()).isEqualTo(8);
    }

    /**
     * Holding 7c 7d 7s 7h 8h against 4-5-6 of hearts: the defender melds the other three sevens and lays off 7h
     * and 8h (no deadwood), rather than keeping 7h in its set and leaving 8h (8).
     */
    @Test
    void defenderSplitsItsOwnMeldWhenLayingOffLeavesLess() {
        Melds.LayOff layOff = Melds.layOff(List.of(Meld.parse("4h 5h 6h")), cards("7c 7d 7s 7h 8h Kd"));
        assertThat(layOff.laidOff()).containsExactlyInAnyOrder(Card.parse("7h"), Card.parse("8h"));
        assertThat(melds(layOff.kept())).containsExactly("7c 7d 7s");
        assertThat(layOff.deadwoodPoints()).isEqualTo(10);
    }

    /** Holding 7c 7d 7h: laying off 7h would leave 14; keeping the set of sevens leaves none. */
    @Test
    void defenderKeepsItsOwnMeldWhenLayingOffBreaksIt() {
        Melds.LayOff layOff = Melds.layOff(List.of(Meld.parse("4h 5h 6h")), cards("7c 7d 7h 2s"));
        assertThat(layOff.laidOff()).isEmpty();
        assertThat(layOff.deadwoodPoints()).isEqualTo(2);
    }
}
