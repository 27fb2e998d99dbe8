/**
 * allocation/v1: a double-blind allocation of experiment numbers between 2 to 10 institutions on the
 * verifiable deck, which stays blind: each institution reads only its own numbers, the transcript verifies
 * publicly without unblinding, and an ethics board named at draw time can unblind it alone, from shares
 * escrowed to its key with proofs checked during the draw. See docs/allocation.md.
 */
package fairtable.protocol.allocation;
