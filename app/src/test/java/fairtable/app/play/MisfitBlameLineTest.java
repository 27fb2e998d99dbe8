package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.table.HostCheats;
import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.ProtocolViolation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The line that blames a host for placing a guest's message after positions the guest had not seen, when what the
 * guest's message carries is refused as a message that proves nothing (docs/evidence.md): it must quote that refusal
 * as it is, not as "(: ...", the form of a refusal naming a party with an empty name.
 */
class MisfitBlameLineTest {
    private static SigningKey key(long seed) {
        byte[] b = new byte[32];
        new SplittableRandom(seed).nextBytes(b);
        return SigningKey.fromSeed(b);
    }

    /** Ann's first deck message of the round, from what she has said. */
    private static TableMessage.DeckStep firstDeckStep(NetworkTable.Guest ann) throws Exception {
        for (byte[] frame : ann.said) {
            if (TableMessage.fromBytes(RelayChain.Said.fromBytes(frame).payload()) instanceof TableMessage.DeckStep d) {
                return d;
            }
        }
        throw new AssertionError("ann said no deck message");
    }

    @Test
    void aRefusalThatNamesNobodyIsQuotedAsItIs() throws Exception {
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
        Envelope replayed = null;
        ProtocolViolation atBen = null;
        for (int step = 0; step < 100_000 && atBen == null; step++) {
            for (int s = 2; s > 0 && atBen == null; s--) { // ben first: ann would refuse an echo she did not say
                while (delivered[s] < chain.size()) {
                    byte[] frame = chain.placed().get(delivered[s]++).toBytes();
                    try {
                        for (byte[] f : guests[s].take(frame, verifying)) {
                            toHost.add(new Object[] {s, f});
                        }
                    } catch (ProtocolViolation v) {
                        assertThat(s).as("only ben is shown the replay: " + v.getMessage()).isEqualTo(2);
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
            if (replayed == null && from == 1
                    && TableMessage.fromBytes(said.payload()) instanceof TableMessage.Declaration) {
                // In place of ann's declaration, after a deck operation of its own, the host places ann's first deck
                // message again, as if she had sent it now (signed with her key: the test plays her part).
                for (TableMessage mine : HostCheats.open(host, 1)) {
                    chain.place(0, mine.toBytes(), new byte[0], keys[0]);
                }
                TableMessage.DeckStep first = firstDeckStep(guests[1]);
                replayed = first.envelope();
                byte[] payload = first.toBytes();
                int saidBefore = RelayChain.Ack.fromBytes(said.ack()).said();
                chain.place(1, payload, guests[1].chain.ack(keys[1], saidBefore, payload), keys[0]);
                continue;
            }
            NetworkTable.consume(host, chain, verifying, keys[0], from, frame);
        }
        assertThat(replayed).isNotNull();
        assertThat(atBen).isNotNull();
        assertThat(atBen.party()).isEqualTo("host");
        // Ann's first deck message is her hello of the round, signed before the deck's session existed.
        assertThat(atBen).hasMessage("step 0, party host: placed ann's message at position " + (chain.size() - 1)
                + ", after positions " + (chain.size() - 3) + " to " + (chain.size() - 2) + " it had not seen, where it"
                + " is refused (step " + replayed.step() + ": a message signed by ann in another session was refused;"
                + " it proves nothing against ann)");
    }
}
