package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What the table awaits at a round's end on an FR 2823580 draw, whose deck must close before the next round. */
class TablePatentAwaitingTest {

    @Test
    void whenBothSeatsFoldEachRoundEndsAwaitingTheDecksCloseByTheFirstSeatThenTheOthersKeys() throws Exception {
        TableParameters params = new TableParameters(HighCard.GAME.name(), 2, new byte[] {2},
                new PatentParameters(PatentMode.SAFE_PRIME, 13, 1));
        SplittableRandom seeds = new SplittableRandom(33);
        List<TableParty<HighCard.State, HighCard.Move>> seats = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            byte[] seed = new byte[32];
            seeds.nextBytes(seed);
            seats.add(TableParty.create(HighCard.GAME, params, s, TableSeats.NAMES[s], SigningKey.fromSeed(seed),
                    seeds.split(), (view, seat, legal) -> HighCard.Move.FOLD));
        }
        Deque<Envelope> queue = new ArrayDeque<>(seats.get(0).start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            queue.addAll(seats.get(1 - e.sender()).receive(e));
        }
        Transcript chain = seats.get(1).transcript();
        assertThat(seats.get(1).failure()).isEmpty();
        TableObserver<HighCard.State, HighCard.Move> judge = TableObserver.judge(HighCard.GAME, params, chain.hellos(),
                new SplittableRandom(7));
        List<String> awaited = new ArrayList<>();
        List<Envelope> all = chain.envelopes();
        for (int i = chain.hellos().size(); i < all.size(); i++) {
            awaited.add(all.get(i).sender() + " sends, awaited " + judge.awaitedSeat() + ": " + judge.awaiting());
            judge.accept(all.get(i));
        }
        String close = "0 sends, awaited 0: alice to close the round's deck (set-aside cards back to the pile, then the"
                + " keys revealed)";
        // round 1 ends (the rules: the next round), then round 2, the last (the rules: the game is over)
        assertThat(awaited).containsSequence("0 sends, awaited 0: alice's move", "1 sends, awaited 1: bob's move", close,
                "1 sends, awaited 1: bob to reveal their keys", "0 sends, awaited 0: the deck hello of alice for round 2");
        assertThat(awaited.subList(awaited.size() - 4, awaited.size())).containsExactly(
                "0 sends, awaited 0: alice's move", "1 sends, awaited 1: bob's move", close,
                "1 sends, awaited 1: bob to reveal their keys");
        assertThat(judge.awaiting()).isEqualTo("nothing: the game is over");
        // The words name the seat awaited: the patent's deal is always started by the first seat, whoever the
        // rules make the dealer of the round.
        for (String line : awaited) {
            int seat = Integer.parseInt(line.substring(line.indexOf("awaited ") + 8, line.indexOf(':')));
            String words = line.substring(line.indexOf(": ") + 2);
            if (words.matches("(alice|bob)( to |'s ).*")) {
                assertThat(words).as(line).startsWith(TableSeats.NAMES[seat]);
            }
        }
        assertThat(awaited).contains("0 sends, awaited 0: alice to deal 1 to each of seats [0, 1]");
    }
}
