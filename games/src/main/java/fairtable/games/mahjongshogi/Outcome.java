package fairtable.games.mahjongshogi;

/** The result of one battle. The loser's tile is removed; a winning attacker moves into the square. */
public enum Outcome {
    ATTACKER_WINS, DEFENDER_WINS, BOTH_REMOVED
}
