package fairtable.games.definitions;

import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawRules;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;

/**
 * No-limit five-card draw with blinds on the table protocol: five cards to each player dealt by the button, a
 * betting round, a draw in which each player names 0 to 3 held positions, discards them face-down and is dealt
 * as many, a second betting round and a showdown in which a player proves all five. Settings: players, hands
 * (the match also ends when one player holds every chip), stack, blinds ("10/20").
 */
public final class FiveCardDraw extends PokerDefinition<DrawGame> {
    public static final String NAME = "draw-poker";

    /**
     * The FR 2823580 draw that deals a heads-up table of this game, when its parameters ask for it: the 52 cards,
     * five to each seat.
     */
    public static PatentParameters patentDraw(PatentMode mode) {
        return new PatentParameters(mode, DECK, DrawRules.HAND_SIZE);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "no-limit five-card draw, " + minSeats() + " to " + maxSeats() + " players";
    }

    @Override
    public int minSeats() {
        return DrawRules.MIN_PLAYERS;
    }

    @Override
    public int maxSeats() {
        return DrawRules.MAX_PLAYERS;
    }

    @Override
    int defaultPlayers() {
        return 2;
    }

    @Override
    DrawGame start(int[] stacks, int smallBlind, int bigBlind) {
        return DrawGame.start(DrawRules.withBlinds(smallBlind, bigBlind), stacks, 0);
    }
}
