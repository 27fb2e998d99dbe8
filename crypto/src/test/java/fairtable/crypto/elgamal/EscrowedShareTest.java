package fairtable.crypto.elgamal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A player escrows its share of a card to an agent: the agent alone reads the card, and anyone can check the escrow. */
class EscrowedShareTest {
    private static final ProofContext CTX = ElGamalTest.context("s", "player-2");

    private static RistrettoPoint card(int j) {
        return Points.hashToGroup("fairtable/test/card", new byte[] {(byte) j});
    }

    /** Three players, a card dealt privately to player 2: the shares of players 0 and 1. */
    private record Deal(List<KeyPair> players, Ciphertext card, List<DecryptionShare> othersShares) {
        static Deal of(SplittableRandom rng) {
            List<KeyPair> players = List.of(KeyPair.generate(rng), KeyPair.generate(rng), KeyPair.generate(rng));
            JointKey joint = JointKey.of(players.stream().map(KeyPair::publicKey).toList());
            Ciphertext c = Ciphertext.mask(joint, EscrowedShareTest.card(5), rng).rerandomize(joint, rng);
            List<DecryptionShare> others = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                others.add(players.get(i).decryptionShare(c, ElGamalTest.context("s", "player-" + i), rng));
            }
            return new Deal(players, c, others);
        }
    }

    @Test
    void theAgentReadsTheCardFromTheEscrowAndTheOtherShares() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(1);
        Deal deal = Deal.of(rng);
        KeyPair agent = KeyPair.generate(rng);
        EscrowedShare escrowed = deal.players().get(2).escrowShare(deal.card(), agent.publicKey(), CTX, rng);
        EscrowedShare decoded = EscrowedShare.decode(escrowed.encode());
        assertThat(decoded.verify(deal.players().get(2).publicKey(), deal.card(), agent.publicKey(), CTX)).isTrue();
        assertThat(agent.openEscrowed(deal.card(), decoded, deal.othersShares())).isEqualTo(card(5));
        // Anyone else's key opens it to something else: the escrow is sealed to the agent.
        KeyPair stranger = KeyPair.generate(rng);
        assertThat(stranger.openEscrowed(deal.card(), decoded, deal.othersShares())).isNotEqualTo(card(5));
        assertThat(deal.players().get(0).openEscrowed(deal.card(), decoded, deal.othersShares())).isNotEqualTo(card(5));
    }

    @Test
    void theEscrowIsBoundToItsOwnerItsCardTheAgentAndTheContext() {
        SplittableRandom rng = new SplittableRandom(2);
        Deal deal = Deal.of(rng);
        KeyPair agent = KeyPair.generate(rng);
        EscrowedShare escrowed = deal.players().get(2).escrowShare(deal.card(), agent.publicKey(), CTX, rng);
        PublicKey owner = deal.players().get(2).publicKey();
        assertThat(escrowed.verify(deal.players().get(1).publicKey(), deal.card(), agent.publicKey(), CTX)).isFalse();
        JointKey joint = JointKey.of(deal.players().stream().map(KeyPair::publicKey).toList());
        assertThat(escrowed.verify(owner, deal.card().rerandomize(joint, rng), agent.publicKey(), CTX)).isFalse();
        assertThat(escrowed.verify(owner, deal.card(), KeyPair.generate(rng).publicKey(), CTX)).isFalse();
        assertThat(escrowed.verify(owner, deal.card(), agent.publicKey(), ElGamalTest.context("s", "player-1"))).isFalse();
        assertThat(escrowed.verify(owner, deal.card(), agent.publicKey(), ElGamalTest.context("t", "player-2"))).isFalse();
    }

    /** In either form, alone and (commitment form) in a batch: the untouched bytes verify, every one-bit change does not. */
    @Test
    void everyTamperedByteIsRefused() {
        SplittableRandom rng = new SplittableRandom(3);
        Deal deal = Deal.of(rng);
        KeyPair agent = KeyPair.generate(rng);
        PublicKey owner = deal.players().get(2).publicKey();
        EscrowedShare made = deal.players().get(2).escrowShare(deal.card(), agent.publicKey(), CTX, rng);
        for (boolean committed : new boolean[] {false, true}) {
            byte[] bytes = committed ? made.encodeCommitted() : made.encode();
            for (int pos = -1; pos < bytes.length; pos++) {
                byte[] tampered = bytes.clone();
                if (pos >= 0) {
                    tampered[pos] ^= (byte) (1 << (pos % 8));
                }
                boolean alone;
                boolean batched;
                try {
                    EscrowedShare share = committed ? EscrowedShare.decodeCommitted(tampered) : EscrowedShare.decode(tampered);
                    alone = share.verify(owner, deal.card(), agent.publicKey(), CTX);
                    ProofBatch<String> batch = new ProofBatch<>();
                    share.addTo(batch, "player-2", owner, deal.card(), agent.publicKey(), CTX);
                    batched = batch.verifies();
                } catch (MalformedEncodingException e) {
                    alone = false;
                    batched = false;
                }
                assertThat(alone).as("committed %s, byte %d alone", committed, pos).isEqualTo(pos < 0);
                assertThat(batched).as("committed %s, byte %d in a batch", committed, pos).isEqualTo(pos < 0);
            }
        }
    }

    /** Thirty escrows by three players of ten cards; one of them is checked against a card it was not made for. */
    @Test
    void aBatchOfEscrowsWithOneBadNamesItsAuthor() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(5);
        Deal deal = Deal.of(rng);
        KeyPair agent = KeyPair.generate(rng);
        JointKey joint = JointKey.of(deal.players().stream().map(KeyPair::publicKey).toList());
        ProofBatch<String> honest = new ProofBatch<>();
        ProofBatch<String> oneBad = new ProofBatch<>();
        for (int c = 0; c < 10; c++) {
            Ciphertext card = Ciphertext.mask(joint, card(c), rng);
            for (int p = 0; p < 3; p++) {
                ProofContext context = ElGamalTest.context("s", "player-" + p);
                KeyPair player = deal.players().get(p);
                EscrowedShare share = EscrowedShare.decodeCommitted(
                        player.escrowShare(card, agent.publicKey(), context, rng).encodeCommitted());
                String label = "player-" + p + " card " + c;
                share.addTo(honest, label, player.publicKey(), card, agent.publicKey(), context);
                Ciphertext claimed = c == 6 && p == 1 ? card.rerandomize(joint, rng) : card;
                share.addTo(oneBad, label, player.publicKey(), claimed, agent.publicKey(), context);
            }
        }
        assertThat(honest.size()).isEqualTo(30);
        assertThat(honest.verifies()).isTrue();
        assertThat(oneBad.firstInvalid()).contains("player-1 card 6");
    }

    @Test
    void aShareInTheClearIsNoEscrow() {
        byte[] bytes = new byte[EscrowedShare.ENCODED_LENGTH];
        assertThatThrownBy(() -> EscrowedShare.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessageContaining("encrypted");
        assertThatThrownBy(() -> EscrowedShare.decode(new byte[159])).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void aDerivedKeyDependsOnTheSeedAndTheDomainOnly() {
        byte[] seed = "a secret seed of thirty-two bytes".getBytes(StandardCharsets.UTF_8);
        byte[] other = seed.clone();
        other[0] ^= 1;
        PublicKey key = KeyPair.derive(seed, "fairtable/test/a").publicKey();
        assertThat(KeyPair.derive(seed, "fairtable/test/a").publicKey()).isEqualTo(key);
        assertThat(KeyPair.derive(seed, "fairtable/test/b").publicKey()).isNotEqualTo(key);
        assertThat(KeyPair.derive(other, "fairtable/test/a").publicKey()).isNotEqualTo(key);
        assertThatThrownBy(() -> KeyPair.derive(new byte[31], "fairtable/test/a")).isInstanceOf(IllegalArgumentException.class);
    }
}
