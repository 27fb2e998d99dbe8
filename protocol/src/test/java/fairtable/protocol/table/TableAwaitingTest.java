package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What a judge replaying a finished table says it awaits, and whom, at every stage of the game. */
class TableAwaitingTest {

    @Test
    void aJudgeReplayingAGameAwaitsEachSeatInTurnAndNobodyOnceItIsOver() throws Exception {
        TableSeats table = new TableSeats(2, 2, 3);
        table.pump(table.seat(0).start());
        Transcript chain = table.seat(1).transcript();
        TableObserver<HighCard.State, HighCard.Move> judge = TableObserver.judge(HighCard.GAME, table.params,
                chain.hellos(), new SplittableRandom(7));
        assertThat(judge.game()).isSameAs(HighCard.GAME);
        assertThat(judge.parameters()).isEqualTo(table.params);
        // a seat past the table (or before it) is named by its number, never read out of the hellos
        assertThat(List.of(judge.nameOf(0), judge.nameOf(1), judge.nameOf(2), judge.nameOf(-1)))
                .containsExactly("alice", "bob", "seat 2", "seat -1");

        List<String> awaited = new ArrayList<>();
        List<Envelope> all = chain.envelopes();
        for (int i = chain.hellos().size(); i < all.size(); i++) {
            awaited.add(judge.awaitedSeat() + ": " + judge.awaiting());
            assertThat(judge.awaitedSeat()).as(judge.awaiting()).isEqualTo(all.get(i).sender());
            judge.accept(all.get(i));
        }
        // Round 1 is alice's deal, round 2 bob's; each seat shows the card dealt to it.
        assertThat(awaited).startsWith("0: the deck hello of alice for round 1", "1: the deck hello of bob for round 1")
                .contains("0: alice to deal 1 to each of seats [1, 0]", "0: alice's move", "1: bob's move",
                        "0: the deck hello of alice for round 2", "1: bob to deal 1 to each of seats [0, 1]");
        assertThat(judge.isOver()).isTrue();
        assertThat(judge.awaitedSeat()).isEqualTo(-1);
        assertThat(judge.awaiting()).isEqualTo("nothing: the game is over");
        // the words for the two ends, which the awaited text never reaches (a round's end moves straight on)
        assertThat(judge.describe(new Next.RoundOver())).isEqualTo("the next round");
        assertThat(judge.describe(new Next.GameOver())).isEqualTo("nothing: the game is over");
    }
}
