/**
 * mahjong-shogi/v1: seed 003's P2P Mahjong Shogi. Each player commits to the kind of every tile it places; the
 * squares are public. A battle is an oblivious table lookup with the SRA commutative cipher: the attacker sends
 * its encrypted row of the battle table, the defender re-encrypts the column of its own kind, the attacker
 * strips its key and the defender reads the result. At the end both reveal keys and openings and
 * {@link fairtable.protocol.mahjong.MahjongAudit} replays everything. Modes: faithful (the paper's arithmetic and
 * RSA "hash"), fixed (safe-prime subgroup, residue encoding, SHA-256 commitments), ristretto (default).
 * See docs/mahjong-shogi.md.
 */
package fairtable.protocol.mahjong;
