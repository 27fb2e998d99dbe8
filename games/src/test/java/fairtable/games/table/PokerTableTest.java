package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.poker.Action;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HoldemRules;
import fairtable.games.poker.PokerHand;
import fairtable.protocol.audit.AuditVerdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PokerTableTest {
    private static final List<String> NAMES = List.of("alice", "bob", "carol", "dave", "erin", "frank");

    static List<PokerSeat> holdemTable(int players, int hands, long seed, int stack) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> names = NAMES.subList(0, players);
        int[] stacks = new int[players];
        Arrays.fill(stacks, stack);
        List<PokerSeat> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            seats.add(PokerSeat.holdem(s, names, key(random), random.split(),
                    new HoldemRules(5, 10), stacks, hands, PokerPlayer.bot(random.split(), 200)));
        }
        return seats;
    }

    static List<PokerSeat> drawTable(int players, int hands, long seed, int stack) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> names = NAMES.subList(0, players);
        int[] stacks = new int[players];
        Arrays.fill(stacks, stack);
        List<PokerSeat> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            seats.add(PokerSeat.draw(s, names, key(random), random.split(),
                    DrawRules.withBlinds(5, 10), stacks, hands, PokerPlayer.bot(random.split(), 200)));
        }
        return seats;
    }

    @Test
    void holdemBotsPlaySeveralHandsThatEverySeatAgreesOnAndEveryTranscriptAudits() throws Exception {
        List<PokerSeat> seats = holdemTable(3, 3, 11, 500);
        LocalTable table = new LocalTable(seats);
        table.play();
        assertAgreedAndConserved(seats, 1500);
        assertThat(seats.get(0).reports()).hasSize(3);
        List<AuditVerdict> verdicts = table.audit();
        assertThat(verdicts).hasSize(9).allSatisfy(v -> assertThat(v.line()).startsWith("VERIFIED"));
    }

    @Test
    void drawPokerBotsDrawFromTheDeckAndEveryTranscriptAudits() throws Exception {
        List<PokerSeat> seats = drawTable(3, 3, 12, 500);
        LocalTable table = new LocalTable(seats);
        table.play();
        assertAgreedAndConserved(seats, 1500);
        assertThat(table.audit()).allSatisfy(v -> assertThat(v.line()).startsWith("VERIFIED"));
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23})
    void chipsAreConservedOverSeededRandomGames(long seed) throws Exception {
        SplittableRandom pick = new SplittableRandom(seed);
        int players = 2 + pick.nextInt(3);
        int stack = 40 + pick.nextInt(200); // short stacks: all-ins and busted players happen
        List<PokerSeat> seats = seed % 2 == 0 ? holdemTable(players, 4, seed, stack) : drawTable(players, 4, seed, stack);
        new LocalTable(seats).play();
        assertAgreedAndConserved(seats, players * stack);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void noSeatEverSeesAnotherSeatsHiddenCardsBeforeTheyAreShown(boolean holdem) throws Exception {
        List<PokerSeat> seats = holdem ? holdemTable(4, 2, 31, 300) : drawTable(3, 2, 32, 300);
        int[] checks = {0};
        new LocalTable(seats).play(message -> {
            for (PokerSeat seat : seats) {
                PokerHand view = seat.view();
                for (int other = 0; other < seats.size(); other++) {
                    if (other != seat.seat() && !view.shownHands().containsKey(other)) {
                        assertThat(view.privateCards(other)).as("%s sees seat %d", seat.nameOf(seat.seat()), other)
                                .isEmpty();
                        checks[0]++;
                    }
                }
            }
        });
        assertThat(checks[0]).isGreaterThan(100);
    }

    /** A bot that puts every decision off once, as a person by mail does, and decides when asked again. */
    private static final class Hesitant implements PokerPlayer {
        private final PokerPlayer bot;
        boolean ready;
        int putOff;

        Hesitant(PokerPlayer bot) {
            this.bot = bot;
        }

        @Override
        public Action decide(PokerHand view) {
            if (!ready) {
                putOff++;
                return null;
            }
            ready = false;
            return bot.decide(view);
        }
    }

    @Test
    void aSeatWhosePlayerPutsItsDecisionsOffGoesOnThroughResume() throws Exception {
        SplittableRandom random = new SplittableRandom(41);
        List<String> names = NAMES.subList(0, 3);
        int[] stacks = {300, 300, 300};
        Hesitant hesitant = new Hesitant(PokerPlayer.bot(random.split(), 200));
        List<PokerSeat> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(PokerSeat.holdem(s, names, key(random), random.split(), new HoldemRules(5, 10), stacks, 2,
                    s == 0 ? hesitant : PokerPlayer.bot(random.split(), 200)));
        }
        java.util.Deque<TableMessage> queue = new java.util.ArrayDeque<>();
        seats.forEach(seat -> queue.addAll(seat.start()));
        int resumed = 0;
        while (!queue.isEmpty() || !seats.get(0).isFinished()) {
            if (queue.isEmpty()) {
                // Everything sent is delivered: the table can only be waiting for the hesitant seat's decision.
                assertThat(seats.get(1).awaiting()).isEqualTo("alice's decision (fold, check, call, raise, draw or "
                        + "show, as the hand allows)");
                assertThat(seats.get(0).awaiting()).startsWith("your decision");
                hesitant.ready = true;
                List<TableMessage> decided = seats.get(0).resume();
                assertThat(decided).isNotEmpty();
                queue.addAll(decided);
                resumed++;
                continue;
            }
            TableMessage m = queue.poll();
            for (PokerSeat to : seats) {
                if (to.seat() != m.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(m));
                }
            }
        }
        assertAgreedAndConserved(seats, 900);
        assertThat(resumed).isEqualTo(hesitant.putOff).isPositive();
        assertThat(seats.get(1).resume()).isEmpty(); // a seat not waiting for its player has nothing to do
        assertThat(new LocalTable(seats).audit()).allSatisfy(v -> assertThat(v.line()).startsWith("VERIFIED"));
    }

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static void assertAgreedAndConserved(List<PokerSeat> seats, int chips) {
        for (PokerSeat seat : seats) {
            assertThat(seat.isFinished()).isTrue();
            assertThat(seat.failure()).isEmpty();
            assertThat(seat.reports()).isEqualTo(seats.get(0).reports());
            for (RoundReport report : seat.reports()) {
                assertThat(report.standings().stream().mapToInt(Integer::intValue).sum()).isEqualTo(chips);
            }
        }
    }
}
