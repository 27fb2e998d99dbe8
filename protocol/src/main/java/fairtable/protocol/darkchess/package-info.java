/**
 * dark-chess/v1: fog-of-war chess between two players with no referee (Ou Yang & Crépeau, 2024). Each ply the
 * mover announces only what the rules make public, both commit to their 64-square boards, and each rebuilds its
 * vision by 1-out-of-64 oblivious transfer with padded query counts; at the end every commitment and OT secret is
 * opened and {@link fairtable.protocol.darkchess.DarkChessAudit} checks them. The chess itself is supplied by the
 * games layer through {@link fairtable.protocol.darkchess.DarkChessSide} and
 * {@link fairtable.protocol.darkchess.DarkChessVerifier}. See docs/dark-chess.md.
 */
package fairtable.protocol.darkchess;
