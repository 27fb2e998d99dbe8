/**
 * Mahjong Shogi: two players place 25 face-down tiles of 13 kinds ({@link fairtable.games.mahjongshogi.Kinds},
 * 東 = kind 10 is the king) on their three home ranks of a 9x9 board and step them one square orthogonally; a
 * step onto an opponent's tile is a battle decided by {@link fairtable.games.mahjongshogi.BattleTable}. The engine
 * ({@link fairtable.games.mahjongshogi.MahjongShogiState}) never knows kinds: battle results are inputs, so the same
 * engine serves each player's view; {@link fairtable.games.mahjongshogi.MahjongShogiReplay} recomputes them from both
 * placements for the audit.
 */
package fairtable.games.mahjongshogi;
