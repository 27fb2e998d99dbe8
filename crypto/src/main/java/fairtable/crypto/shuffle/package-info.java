/**
 * Verifiable shuffles of ElGamal decks: {@link fairtable.crypto.shuffle.VerifiableShuffle} permutes and
 * re-randomises a deck with a Terelius–Wikström proof (CHVote, ePrint 2017/325), and
 * {@link fairtable.crypto.shuffle.Permutation} is the permutation it applies.
 */
package fairtable.crypto.shuffle;
