package fairtable.protocol;

import static fairtable.protocol.LiveFuzz.assertNothingEscaped;
import static fairtable.protocol.LiveFuzz.key;
import static fairtable.protocol.LiveFuzz.play;


import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Nothing a peer sends may throw past {@code receive} (issue 13): every message of a whole game of each protocol,
 * mutated and signed again by its sender at its place ({@link LiveFuzz}), is taken or refused naming its signer, and a
 * refusal leaves the party able to take the genuine message. (Dark chess, ote-table: {@code OteFuzzTest}.)
 */
class ReceiveNeverThrowsTest {
    @Test
    void thePatentDrawRefusesEveryMutationNamingItsSigner() throws Exception {
        // The 2048-bit safe-prime group runs the same code as the literal one, twenty times slower.
        for (PatentMode mode : List.of(PatentMode.LITERAL, PatentMode.RISTRETTO)) {
            SplittableRandom seeds = new SplittableRandom(131);
            PatentParameters params = new PatentParameters(mode, 20, 3);
            List<SigningKey> keys = List.of(key(seeds), key(seeds));
            List<Party> seats = List.of(PatentParty.create(params, 0, "alice", keys.get(0), seeds.split()),
                    PatentParty.create(params, 1, "bob", keys.get(1), seeds.split()));
            PatentParty alice = (PatentParty) seats.get(0);
            PatentParty bob = (PatentParty) seats.get(1);
            assertNothingEscaped(play(seats, keys, PatentParty::restore, List.of(s -> alice.start(), s -> alice.draw(2),
                    s -> bob.giveBack(List.of(bob.hand().get(0))), s -> alice.reveal()), 132));
        }
    }

    @Test
    void theVerifiableDeckRefusesEveryMutationNamingItsSigner() throws Exception {
        SplittableRandom seeds = new SplittableRandom(133);
        DeckParameters params = new DeckParameters(3, 8);
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<Party> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(DeckParty.create(params, s, List.of("alice", "bob", "carol").get(s), keys.get(s), seeds.split()));
        }
        DeckParty dealer = (DeckParty) seats.get(0);
        assertNothingEscaped(play(seats, keys, DeckParty::restore, List.of(s -> dealer.start(), s -> dealer.dealEach(1),
                s -> dealer.open(1), s -> dealer.reveal()), 134));
    }

    @Test
    void thePermutationDealRefusesEveryMutationNamingItsSigner() throws Exception {
        SplittableRandom seeds = new SplittableRandom(135);
        PermutationParameters params = new PermutationParameters(8);
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<Party> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(PermutationParty.create(params, 3, s, List.of("alice", "bob", "carol").get(s), keys.get(s),
                    seeds.split()));
        }
        PermutationParty dealer = (PermutationParty) seats.get(0);
        assertNothingEscaped(play(seats, keys, PermutationParty::restore, List.of(s -> dealer.start(),
                s -> dealer.revealTo(0, 1), s -> dealer.revealTo(1, 0), s -> dealer.revealPublicly(2),
                s -> dealer.finish()), 136));
    }

    @Test
    void theAllocationRefusesEveryMutationNamingItsSigner() throws Exception {
        SplittableRandom seeds = new SplittableRandom(137);
        AllocationParameters params = new AllocationParameters(3, 6, 1, Optional.empty());
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<Party> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(AllocationParty.create(params, s, List.of("alpha", "beta", "gamma").get(s), keys.get(s),
                    seeds.split()));
        }
        assertNothingEscaped(play(seats, keys, AllocationParty::restore, List.of(s -> s.get(0).start()), 138));
    }
}
