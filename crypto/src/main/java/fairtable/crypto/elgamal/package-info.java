/**
 * ElGamal over ristretto255 for the verifiable N-player deck (Barnett–Smart): key pairs with proofs of
 * knowledge, the joint key, masking and re-randomising cards, and decryption shares with Chaum–Pedersen
 * proofs.
 */
package fairtable.crypto.elgamal;
