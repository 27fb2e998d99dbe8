package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationObserver.Event;
import fairtable.protocol.permutation.PermutationObserver.Hop;
import fairtable.protocol.permutation.PermutationObserver.Kind;
import fairtable.protocol.permutation.PermutationObserver.Operation;
import fairtable.protocol.permutation.PermutationObserver.Slot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * (a) The seed excludes collusion, and rightly: what two colluding players learn by pooling their secrets
 * and the values sent to them. Worked out exactly:
 * <ul>
 *   <li>the last player's permutation is known to a pair that holds both halves of one split (for N = 3,
 *       alice and bob: C∘D = Y∘X = A3), and to any pair containing the last player;</li>
 *   <li>the whole layout, untouched positions included, needs every A_i: only alice and bob for N = 3,
 *       from the handouts alone, before any card is played; no pair for N ≥ 4;</li>
 *   <li>every card that passes through a reveal (other players' private cards included) is read by every
 *       pair for N = 3, and for N = 5 by P4 with any partner (every reveal reaches P4).</li>
 * </ul>
 * For pairs that cannot know untouched cards, the tests show why: an honest player's permutation changed at
 * two inputs it never used gives a different layout and exactly the same messages.
 */
class PermutationCollusionTest {
    private static final int CARDS = 16;

    /** Plays one reveal of each kind, at positions 0..N, and returns the table (not finished). */
    private static Table played(int players, long seed) throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        for (int audience = 0; audience < players; audience++) {
            table.revealTo(audience, audience);
        }
        table.revealPublicly(players);
        return table;
    }

    /** The last player's permutation as a coalition knows it, or null. */
    private static Permutation lastKnownTo(Table table, Set<Integer> coalition) {
        int last = table.seats.size() - 1;
        if (coalition.contains(last)) {
            return table.last().ownPermutation();
        }
        for (int target = 0; target < last; target++) {
            Permutation outer = null;
            Permutation inner = null;
            for (int s : coalition) {
                Map<Slot, Permutation> halves = table.seat(s).heldHalves();
                outer = halves.getOrDefault(new Slot(Kind.OUTER, target), outer);
                inner = halves.getOrDefault(new Slot(Kind.INNER, target), inner);
            }
            if (outer != null && inner != null) {
                return outer.after(inner);
            }
        }
        return null;
    }

    private static List<Set<Integer>> pairs(int players) {
        List<Set<Integer>> out = new ArrayList<>();
        for (int a = 0; a < players; a++) {
            for (int b = a + 1; b < players; b++) {
                out.add(Set.of(a, b));
            }
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"3, 1", "3, 2", "5, 3", "4, 4"})
    void onlyAliceAndBobOfThreeRecoverTheWholeLayoutBeforeAnyCardIsPlayed(int players, long seed) throws Exception {
        Table table = new Table(players, CARDS, seed).setUp();
        List<Set<Integer>> recovering = new ArrayList<>();
        for (Set<Integer> pair : pairs(players)) {
            Permutation last = lastKnownTo(table, pair);
            boolean allOthers = true;
            for (int s = 0; s < players - 1; s++) {
                allOthers &= pair.contains(s);
            }
            if (last == null || !allOthers) {
                continue;
            }
            Permutation layout = Permutation.identity(CARDS);
            for (int s = 0; s < players - 1; s++) {
                layout = table.seat(s).ownPermutation().after(layout);
            }
            layout = last.after(layout);
            assertThat(layout).as("the layout pooled by %s", pair).isEqualTo(table.layout());
            recovering.add(pair);
        }
        assertThat(recovering).isEqualTo(players == 3 ? List.of(Set.of(0, 1)) : List.of());
        if (players == 3) {
            // Both of carol's splits give her permutation away to alice and bob: C∘D and Y∘X.
            Map<Slot, Permutation> alice = table.seat(0).heldHalves();
            Map<Slot, Permutation> bob = table.seat(1).heldHalves();
            Permutation a3 = table.last().ownPermutation();
            assertThat(alice.get(new Slot(Kind.OUTER, 0)).after(bob.get(new Slot(Kind.INNER, 0)))).isEqualTo(a3);
            assertThat(bob.get(new Slot(Kind.OUTER, 1)).after(alice.get(new Slot(Kind.INNER, 1)))).isEqualTo(a3);
        }
    }

    /**
     * For N = 3 every pair reads every card that passes: bob and carol from the first hop of each reveal
     * (A1(i), sent to bob), alice and carol from the second (A2A1(i) or D3A2A1(i), sent to alice or carol),
     * alice and bob from the layout they already hold.
     */
    @ParameterizedTest
    @ValueSource(longs = {5, 6, 7})
    void everyPairOfThreeReadsEveryCardThatPasses(long seed) throws Exception {
        Table table = played(3, seed);
        PermutationObserver seen = Table.replay(table.seat(0));
        List<Event> events = table.inClear(seen);
        Permutation a1 = table.seat(0).ownPermutation();
        Permutation a2 = table.seat(1).ownPermutation();
        Permutation a3 = table.seat(2).ownPermutation();
        Map<Slot, Permutation> alice = table.seat(0).heldHalves();
        for (Set<Integer> pair : pairs(3)) {
            for (int op = 0; op < seen.operations().size(); op++) {
                Operation o = seen.operations().get(op);
                int card;
                if (pair.equals(Set.of(1, 2))) {
                    Forward first = forward(events, op, 0, pair);
                    card = a3.apply(a2.apply(first.value()));
                } else if (pair.equals(Set.of(0, 2))) {
                    Forward second = forward(events, op, 1, pair);
                    Hop hop = o.hops().get(1);
                    card = hop.transform() == PermutationObserver.Transform.OWN_THEN_INNER
                            ? alice.get(new Slot(Kind.OUTER, 0)).apply(second.value())
                            : a3.apply(second.value());
                } else {
                    card = lastKnownTo(table, pair).after(a2).after(a1).apply(o.position());
                }
                assertThat(card).as("%s read position %d (shown to %s)", pair, o.position(), seen.nameOf(o.audience()))
                        .isEqualTo(table.layout().apply(o.position()));
            }
        }
    }

    /**
     * For N = 5 dave (P4) with any partner reads every card at the hop that reaches him, whoever it is meant
     * for: every partner completes A5, either as erin or with the other half of one of dave's splits.
     */
    @ParameterizedTest
    @CsvSource({"8, 0", "8, 1", "8, 2", "8, 4", "9, 4", "9, 0"})
    void daveAndAnyPartnerOfFiveReadEveryCardThatPasses(long seed, int partner) throws Exception {
        Table table = played(5, seed);
        PermutationObserver seen = Table.replay(table.seat(0));
        List<Event> events = table.inClear(seen);
        Set<Integer> pair = Set.of(3, partner);
        Permutation a4 = table.seat(3).ownPermutation();
        Permutation a5 = lastKnownTo(table, pair);
        assertThat(a5).isEqualTo(table.last().ownPermutation());
        for (int op = 0; op < seen.operations().size(); op++) {
            Forward toDave = forward(events, op, 2, pair);
            int position = seen.operations().get(op).position();
            assertThat(a5.apply(a4.apply(toDave.value()))).isEqualTo(table.layout().apply(position));
        }
    }

    /** The value of hop {@code hop} of reveal {@code op}, which must be addressed to the coalition. */
    private static Forward forward(List<Event> events, int op, int hop, Set<Integer> coalition) {
        for (Event e : events) {
            if (e.operation() == op && e.hop() == hop) {
                Forward f = (Forward) e.message();
                assertThat(coalition).as("hop %d of reveal %d is seen by the coalition", hop, op).contains(f.to());
                return f;
            }
        }
        throw new AssertionError("no hop " + hop + " in reveal " + op);
    }

    /**
     * Every pair but alice and bob of three, and every pair of five, cannot know the cards nobody touched:
     * change an outsider's permutation at two inputs it never used, and every message of the game stays
     * the same while the layout differs at two untouched positions.
     */
    @ParameterizedTest
    @CsvSource({"3, 11", "5, 12"})
    void otherPairsCannotTellTheUntouchedCards(int players, long seed) throws Exception {
        Table table = played(players, seed);
        PermutationObserver seen = Table.replay(table.seat(0));
        List<Event> events = table.inClear(seen);
        Set<Integer> touched = new HashSet<>();
        seen.operations().forEach(o -> touched.add(o.position()));
        for (Set<Integer> pair : pairs(players)) {
            if (players == 3 && pair.equals(Set.of(0, 1))) {
                continue;
            }
            int outsider = 0;
            while (pair.contains(outsider)) {
                outsider++;
            }
            Set<Integer> used = inputsUsed(table, seen, events, outsider);
            List<Integer> unused = new ArrayList<>();
            for (int v = 0; v < CARDS && unused.size() < 2; v++) {
                if (!used.contains(v)) {
                    unused.add(v);
                }
            }
            Permutation[] own = new Permutation[players];
            for (int s = 0; s < players; s++) {
                own[s] = table.seat(s).ownPermutation();
            }
            List<Integer> real = hopValues(table, seen, events, own);
            own[outsider] = own[outsider].withImagesSwapped(unused.get(0), unused.get(1));
            assertThat(hopValues(table, seen, events, own)).as("every message with %s's permutation changed", seen.nameOf(outsider))
                    .isEqualTo(real).isEqualTo(recorded(events));
            Permutation alternative = Permutation.identity(CARDS);
            for (Permutation p : own) {
                alternative = p.after(alternative);
            }
            List<Integer> differ = new ArrayList<>();
            for (int i = 0; i < CARDS; i++) {
                if (alternative.apply(i) != table.layout().apply(i)) {
                    differ.add(i);
                }
            }
            assertThat(differ).as("pair %s", pair).hasSize(2).doesNotContainAnyElementsOf(touched);
        }
    }

    /** The values {@code seat} applied its own permutation to, in every hop it sent. */
    private static Set<Integer> inputsUsed(Table table, PermutationObserver seen, List<Event> events, int seat) {
        Permutation[] own = new Permutation[table.seats.size()];
        for (int s = 0; s < own.length; s++) {
            own[s] = table.seat(s).ownPermutation();
        }
        Set<Integer> used = new HashSet<>();
        int[] previous = new int[seen.operations().size()];
        for (int i = 0; i < previous.length; i++) {
            previous[i] = seen.operations().get(i).position();
        }
        for (Event e : events) {
            if (e.message() instanceof Forward f) {
                Hop hop = seen.operations().get(e.operation()).hops().get(e.hop());
                if (e.seat() == seat && hop.transform() != PermutationObserver.Transform.INNER) {
                    used.add(previous[e.operation()]);
                }
                previous[e.operation()] = f.value();
            }
        }
        return used;
    }

    /** Every hop value of the game recomputed from the given own permutations and the real halves. */
    private static List<Integer> hopValues(Table table, PermutationObserver seen, List<Event> events, Permutation[] own) {
        List<Integer> out = new ArrayList<>();
        int[] previous = new int[seen.operations().size()];
        for (int i = 0; i < previous.length; i++) {
            previous[i] = seen.operations().get(i).position();
        }
        for (Event e : events) {
            if (e.message() instanceof Forward) {
                Operation op = seen.operations().get(e.operation());
                Hop hop = op.hops().get(e.hop());
                Permutation inner = table.seat(e.seat()).heldHalves().get(new Slot(Kind.INNER, op.audience()));
                int in = previous[e.operation()];
                int v = switch (hop.transform()) {
                    case OWN -> own[e.seat()].apply(in);
                    case OWN_THEN_INNER -> inner.apply(own[e.seat()].apply(in));
                    case INNER -> inner.apply(in);
                };
                out.add(v);
                previous[e.operation()] = v;
            }
        }
        return out;
    }

    private static List<Integer> recorded(List<Event> events) {
        return events.stream().filter(e -> e.message() instanceof Forward)
                .map(e -> ((Forward) e.message()).value()).toList();
    }
}
