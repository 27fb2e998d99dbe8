package fairtable.crypto.shuffle;

import fairtable.crypto.elgamal.Ciphertext;
import java.util.List;

/** The output of one player's shuffle: the permuted, re-randomised deck and the proof that it is one. */
public record ShuffledDeck(List<Ciphertext> deck, ShuffleProof proof) {
    public ShuffledDeck {
        deck = List.copyOf(deck);
        if (deck.size() != proof.size()) {
            throw new IllegalArgumentException("proof for " + proof.size() + " ciphertexts, deck of " + deck.size());
        }
    }
}
