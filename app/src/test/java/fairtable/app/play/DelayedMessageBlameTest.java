package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.table.HostCheats;
import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.protocol.ProtocolViolation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A dishonest host cannot make the table blame an honest guest by delaying its message: at a Hold'em table of
 * three, when ann declares "call" the host first places a deck operation of its own, valid for the deck but not
 * what the hand awaits, and then ann's genuine, signed declaration. Ben refuses the declaration where it lands,
 * and since ann had not seen the position the host put before it, ben names the host, not ann.
 */
class DelayedMessageBlameTest {
    private static SigningKey key(long seed) {
        byte[] b = new byte[32];
        new SplittableRandom(seed).nextBytes(b);
        return SigningKey.fromSeed(b);
    }

    @Test
    void aGuestsMessagePlacedAfterPositionsItHadNotSeenIsTheHostsToAnswerFor() throws Exception {
        List<String> names = List.of("host", "ann", "ben");
        SigningKey[] keys = {key(1), key(2), key(3)};
        List<VerifyingKey> verifying = List.of(keys[0].verifyingKey(), keys[1].verifyingKey(), keys[2].verifyingKey());
        NetworkTable.Terms terms = new NetworkTable.Terms("00112233445566778899aabbccddeeff", GameKind.HOLDEM, 1,
                1000, false, 0, names, verifying);
        TableConfig config = new TableConfig(GameKind.HOLDEM, names, 1, 1000, false, 7L);
        TableNode host = config.pokerSeat(0, config.pokerBot(0), keys[0], new SplittableRandom(10));
        RelayChain chain = new RelayChain(terms);
        NetworkTable.Guest[] guests = new NetworkTable.Guest[3];
        for (int s = 1; s < 3; s++) {
            TableNode node = config.pokerSeat(s, config.pokerBot(s), keys[s], new SplittableRandom(10 + s));
            guests[s] = new NetworkTable.Guest(node, terms.withSeat(s), keys[s], null);
        }
        for (TableMessage m : host.start()) {
            chain.place(0, m.toBytes(), new byte[0], keys[0]);
        }
        Deque<Object[]> toHost = new ArrayDeque<>();
        for (int s = 1; s < 3; s++) {
            for (byte[] f : guests[s].say(guests[s].node.start())) {
                toHost.add(new Object[] {s, f});
            }
        }
        int[] delivered = new int[3];
        boolean delayed = false;
        ProtocolViolation atBen = null;
        for (int step = 0; step < 100_000 && atBen == null; step++) {
            for (int s = 1; s < 3 && atBen == null; s++) {
                while (delivered[s] < chain.size()) {
                    byte[] frame = chain.placed().get(delivered[s]++).toBytes();
                    try {
                        for (byte[] f : guests[s].take(frame, verifying)) {
                            toHost.add(new Object[] {s, f});
                        }
                    } catch (ProtocolViolation v) {
                        assertThat(s).as("only ben is shown the delayed message: " + v.getMessage()).isEqualTo(2);
                        atBen = v;
                        break;
                    }
                }
            }
            if (atBen != null || toHost.isEmpty()) {
                break;
            }
            Object[] next = toHost.poll();
            int from = (int) next[0];
            byte[] frame = (byte[]) next[1];
            RelayChain.Said said = RelayChain.Said.fromBytes(frame);
            if (!delayed && from == 1 && TableMessage.fromBytes(said.payload()) instanceof TableMessage.Declaration) {
                delayed = true;
                for (TableMessage mine : HostCheats.open(host, 1)) {
                    chain.place(0, mine.toBytes(), new byte[0], keys[0]);
                }
                chain.place(1, said.payload(), said.ack(), keys[0]); // ann's genuine message, moved back
                continue;
            }
            NetworkTable.consume(host, chain, verifying, keys[0], from, frame);
        }
        assertThat(delayed).isTrue();
        assertThat(atBen).isNotNull();
        assertThat(atBen.party()).isEqualTo("host");
        assertThat(atBen.getMessage()).contains("placed ann's message at position", "it had not seen");
    }
}
