package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HoldemRules;
import fairtable.protocol.ProtocolViolation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A third party recomputes the chips from the transcripts and the signed decisions alone. */
class PokerReplayTest {

    private static List<PokerReplay.Hand> hands(PokerSeat seat) {
        return seat.sessions().stream().map(s -> new PokerReplay.Hand(s.messages(), s.decisions())).toList();
    }

    private static int[] last(PokerSeat seat) {
        List<Integer> standings = seat.reports().get(seat.reports().size() - 1).standings();
        return standings.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void holdemChipsAreRecomputedFromTheFilesAlone() throws Exception {
        List<PokerSeat> seats = PokerTableTest.holdemTable(3, 4, 91, 400);
        new LocalTable(seats).play();
        assertThat(PokerReplay.holdem(new HoldemRules(5, 10), new int[] {400, 400, 400}, hands(seats.get(2))))
                .containsExactly(last(seats.get(0)));
    }

    @Test
    void drawChipsAreRecomputedFromTheFilesAlone() throws Exception {
        List<PokerSeat> seats = PokerTableTest.drawTable(3, 3, 92, 400);
        new LocalTable(seats).play();
        assertThat(PokerReplay.draw(DrawRules.withBlinds(5, 10), new int[] {400, 400, 400}, hands(seats.get(1))))
                .containsExactly(last(seats.get(0)));
    }

    @Test
    void aDroppedOrAlteredDecisionIsCaught() throws Exception {
        List<PokerSeat> seats = PokerTableTest.holdemTable(2, 2, 93, 400);
        new LocalTable(seats).play();
        List<PokerReplay.Hand> honest = hands(seats.get(0));
        PokerReplay.Hand first = honest.get(0);

        List<TableMessage.Declaration> dropped = new ArrayList<>(first.decisions());
        dropped.remove(0);
        assertThatThrownBy(() -> PokerReplay.holdem(new HoldemRules(5, 10), new int[] {400, 400},
                List.of(new PokerReplay.Hand(first.messages(), dropped), honest.get(1))))
                .isInstanceOf(ProtocolViolation.class).hasMessageContaining("decision");

        List<TableMessage.Declaration> altered = new ArrayList<>(first.decisions());
        TableMessage.Declaration d = altered.get(0);
        altered.set(0, new TableMessage.Declaration(d.round(), d.sender(), d.seq(), d.after(),
                d.words().equals("fold") ? "call" : "fold", d.signature()));
        assertThatThrownBy(() -> PokerReplay.holdem(new HoldemRules(5, 10), new int[] {400, 400},
                List.of(new PokerReplay.Hand(first.messages(), altered), honest.get(1))))
                .isInstanceOf(ProtocolViolation.class).hasMessageContaining("not signed by its sender's key");

        // The untouched files replay to the recorded stacks.
        assertThat(PokerReplay.holdem(new HoldemRules(5, 10), new int[] {400, 400}, honest))
                .containsExactly(last(seats.get(0)));
    }
}
