package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A move the public judge allows but a seat's own view refuses (a game whose rules wrongly read the viewer's own
 * cards) is refused by that seat; the refusal must change nothing, neither the public state nor the view, as every
 * refusal. The table used to replace the public state before asking the view.
 */
class TableViewRefusalTest {

    /** High card, except that a view that reads alice's card refuses every fold but hers. */
    private static final TableGame<HighCard.State, HighCard.Move> VIEW_STRICT = new HighCard() {
        @Override
        public HighCard.State play(HighCard.State s, int seat, HighCard.Move move) throws IllegalMove {
            if (move == HighCard.Move.FOLD && seat != 0 && s.mine().get(0) >= 0) {
                throw new IllegalMove("alice's view refuses it");
            }
            return super.play(s, seat, move);
        }
    };

    @Test
    void aMoveOnlyTheSeatsOwnViewRefusesLeavesTheSeatsStateAsItWas() throws Exception {
        TableParameters params = new TableParameters(HighCard.GAME.name(), 2, new byte[] {1});
        SplittableRandom seeds = new SplittableRandom(41);
        List<SigningKey> keys = new ArrayList<>();
        List<TableParty<HighCard.State, HighCard.Move>> seats = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
        }
        for (int s = 0; s < 2; s++) {
            seats.add(TableParty.create(VIEW_STRICT, params, s, TableSeats.NAMES[s], keys.get(s), seeds.split(),
                    (view, seat, legal) -> seat == 0 ? HighCard.Move.SHOW : HighCard.Move.FOLD));
        }
        TableParty<HighCard.State, HighCard.Move> alice = seats.get(0);
        Deque<Envelope> queue = new ArrayDeque<>(alice.start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (e.sender() == 1 && e.type().equals(TableObserver.MOVE)) {
                HighCard.State state = alice.state();
                HighCard.State view = alice.view();
                int step = alice.nextStep();
                assertThatThrownBy(() -> alice.receive(e)).isInstanceOf(ProtocolViolation.class)
                        .hasMessageContaining("party bob");
                assertThat(alice.nextStep()).isEqualTo(step);
                assertThat(alice.view()).isEqualTo(view);
                assertThat(alice.state()).as("the public state unchanged by the refusal").isEqualTo(state);
                return;
            }
            TableParty<HighCard.State, HighCard.Move> to = seats.get(1 - e.sender());
            queue.addAll(to.receive(e));
        }
        throw new AssertionError("bob never folded");
    }
}
