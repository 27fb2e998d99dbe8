package fairtable.games.gin;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How a hand ended, and what it scored.
 *
 * <p>Scoring (standard): the knocker lays out its melds; the defender lays off what it can onto them (not after
 * gin) and melds the rest. If the knocker's deadwood is lower, it scores the difference ({@link Outcome#KNOCK});
 * otherwise (a tie included) the defender has undercut and scores the difference plus the undercut bonus
 * ({@link Outcome#UNDERCUT}). Gin scores the gin bonus plus the defender's deadwood, with no lay-offs
 * ({@link Outcome#GIN}). A hand whose stock ran down without a knock scores nothing ({@link Outcome#DRAWN}).
 *
 * <p>The knocker's melds are an arrangement with the least deadwood; among several, the one that leaves the
 * defender the most deadwood after its best lay-offs (what a careful knocker lays out). The defender's lay-offs
 * and melds are the ones that leave it the least deadwood ({@link Melds#layOff}).
 *
 * @param outcome      how the hand ended
 * @param knocker      the seat that knocked or went gin; empty for a drawn hand
 * @param winner       the seat that scores; empty for a drawn hand
 * @param points       what the winner scores (0 for a drawn hand)
 * @param arrangements by seat, the final layout: the knocker's hand, and the defender's cards kept after its
 *                     lay-offs; empty for a drawn hand
 * @param layOffs      the defender's cards laid off onto the knocker's melds
 */
public record GinResult(Outcome outcome, OptionalInt knocker, OptionalInt winner, int points,
                        List<Arrangement> arrangements, List<Card> layOffs) {

    public enum Outcome { KNOCK, UNDERCUT, GIN, DRAWN }

    public GinResult {
        arrangements = List.copyOf(arrangements);
        layOffs = List.copyOf(layOffs);
        if ((outcome == Outcome.DRAWN) != knocker.isEmpty() || knocker.isEmpty() != winner.isEmpty()) {
            throw new IllegalArgumentException("a hand that is not drawn has a knocker and a winner");
        }
        if (!arrangements.isEmpty() && arrangements.size() != GinRules.SEATS) {
            throw new IllegalArgumentException("one arrangement per seat");
        }
    }

    public static GinResult drawn() {
        return new GinResult(Outcome.DRAWN, OptionalInt.empty(), OptionalInt.empty(), 0, List.of(), List.of());
    }

    /** The final deadwood points of the seat (the defender's after lay-offs); empty for a drawn hand. */
    public Optional<Integer> deadwood(int seat) {
        GinRules.checkSeat(seat);
        return arrangements.isEmpty() ? Optional.empty() : Optional.of(arrangements.get(seat).deadwoodPoints());
    }

    /** Scores a knock or gin from both final hands of ten cards. */
    public static GinResult score(GinRules rules, int knocker, boolean gin, List<Card> knockerHand,
                                  List<Card> defenderHand) {
        GinRules.checkSeat(knocker);
        int defender = 1 - knocker;
        Arrangement laidOut;
        Melds.LayOff response;
        if (gin) {
            laidOut = Melds.best(knockerHand);
            response = new Melds.LayOff(List.of(), Melds.best(defenderHand));
        } else {
            laidOut = null;
            response = null;
            for (Arrangement candidate : Melds.minimal(knockerHand)) {
                Melds.LayOff reply = Melds.layOff(candidate.melds(), defenderHand);
                if (response == null || reply.deadwoodPoints() > response.deadwoodPoints()) {
                    laidOut = candidate;
                    response = reply;
                }
            }
        }
        int knockerPoints = laidOut.deadwoodPoints();
        int defenderPoints = response.deadwoodPoints();
        if (gin && knockerPoints != 0) {
            throw new IllegalArgumentException("seat " + knocker + " went gin with " + knockerPoints + " deadwood: "
                    + laidOut);
        }
        if (!gin && (knockerPoints == 0 || knockerPoints > rules.knockLimit())) {
            throw new IllegalArgumentException("seat " + knocker + " knocked with " + knockerPoints
                    + " deadwood, " + (knockerPoints == 0 ? "which is gin" : "more than " + rules.knockLimit())
                    + ": " + laidOut);
        }
        List<Arrangement> bySeat = new ArrayList<>(List.of(laidOut, laidOut));
        bySeat.set(defender, response.kept());
        Outcome outcome;
        int winner;
        int points;
        if (gin) {
            outcome = Outcome.GIN;
            winner = knocker;
            points = rules.ginBonus() + defenderPoints;
        } else if (knockerPoints < defenderPoints) {
            outcome = Outcome.KNOCK;
            winner = knocker;
            points = defenderPoints - knockerPoints;
        } else {
            outcome = Outcome.UNDERCUT;
            winner = defender;
            points = knockerPoints - defenderPoints + rules.undercutBonus();
        }
        return new GinResult(outcome, OptionalInt.of(knocker), OptionalInt.of(winner), points, bySeat,
                response.laidOff());
    }
}
