package fairtable.games.mahjongshogi;

/** A resolved battle: the attack {@code move} was the game's move number {@code moveNumber} (counting from 0). */
public record BattleRecord(int moveNumber, TileRef attacker, TileRef defender, Move move, BattleResult result) {
}
