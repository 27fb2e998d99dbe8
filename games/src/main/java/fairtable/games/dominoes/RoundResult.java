package fairtable.games.dominoes;

import java.util.List;
import java.util.OptionalInt;

/**
 * How a round ended.
 *
 * <p>Scoring convention: the winning side scores the pips left in the hands of every player not on that side,
 * both when a player dominoes (empties their hand) and when the round is blocked. A blocked round is won by the
 * side with the lowest pip count (a partnership's count is the sum of both hands); if two or more sides share
 * the lowest count the round is tied: nobody scores and the next round opens like a first round.
 *
 * @param blocked        true if the round ended with every player passing in turn on an empty boneyard
 * @param winningSide    the side that won, empty for a tied blocked round
 * @param winningPlayer  who leads next round: the player who dominoed, or on a block the winning side's player
 *                       with fewest pips (lowest seat on a tie); empty for a tie
 * @param points         points scored by the winning side (0 for a tie)
 * @param pipsByPlayer   pips left in each hand
 */
public record RoundResult(boolean blocked, OptionalInt winningSide, OptionalInt winningPlayer, int points,
                          List<Integer> pipsByPlayer) {

    public RoundResult {
        pipsByPlayer = List.copyOf(pipsByPlayer);
        if (winningSide.isPresent() != winningPlayer.isPresent()) {
            throw new IllegalArgumentException("a winning side comes with a winning player");
        }
    }

    static RoundResult score(DominoRules rules, List<Hand> hands, OptionalInt dominoPlayer) {
        List<Integer> pips = hands.stream().map(Hand::pips).toList();
        int[] sidePips = new int[rules.sides()];
        for (int p = 0; p < rules.players(); p++) {
            sidePips[rules.sideOf(p)] += pips.get(p);
        }
        int winnerPlayer;
        if (dominoPlayer.isPresent()) {
            winnerPlayer = dominoPlayer.getAsInt();
        } else {
            int lowest = Integer.MAX_VALUE;
            int lowestSide = -1;
            boolean tie = false;
            for (int s = 0; s < sidePips.length; s++) {
                if (sidePips[s] < lowest) {
                    lowest = sidePips[s];
                    lowestSide = s;
                    tie = false;
                } else if (sidePips[s] == lowest) {
                    tie = true;
                }
            }
            if (tie) {
                return new RoundResult(true, OptionalInt.empty(), OptionalInt.empty(), 0, pips);
            }
            winnerPlayer = -1;
            for (int p = 0; p < rules.players(); p++) {
                if (rules.sideOf(p) == lowestSide && (winnerPlayer < 0 || pips.get(p) < pips.get(winnerPlayer))) {
                    winnerPlayer = p;
                }
            }
        }
        int side = rules.sideOf(winnerPlayer);
        int points = 0;
        for (int p = 0; p < rules.players(); p++) {
            if (rules.sideOf(p) != side) {
                points += pips.get(p);
            }
        }
        return new RoundResult(dominoPlayer.isEmpty(), OptionalInt.of(side), OptionalInt.of(winnerPlayer), points, pips);
    }
}
