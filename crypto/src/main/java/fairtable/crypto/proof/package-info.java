/**
 * Non-interactive zero-knowledge proofs on ristretto255 with one Fiat–Shamir discipline: every challenge
 * comes from a {@link fairtable.crypto.proof.Transcript} holding a domain tag, the
 * {@link fairtable.crypto.proof.ProofContext} (session, transcript hash, prover) and the whole statement.
 */
package fairtable.crypto.proof;
