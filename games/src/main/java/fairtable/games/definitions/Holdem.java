package fairtable.games.definitions;

import fairtable.games.poker.HoldemGame;
import fairtable.games.poker.HoldemRules;

/**
 * No-limit Texas Hold'em on the table protocol: two hole cards to each player dealt by the button, the flop,
 * turn and river opened by the button, a showdown in which a player proves both hole cards. Settings: players,
 * hands (the match also ends when one player holds every chip), stack, blinds ("10/20").
 */
public final class Holdem extends PokerDefinition<HoldemGame> {
    public static final String NAME = "holdem";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "no-limit Texas Hold'em, " + minSeats() + " to " + maxSeats() + " players";
    }

    @Override
    public int minSeats() {
        return HoldemRules.MIN_PLAYERS;
    }

    @Override
    public int maxSeats() {
        return HoldemRules.MAX_PLAYERS;
    }

    @Override
    int defaultPlayers() {
        return 4;
    }

    @Override
    HoldemGame start(int[] stacks, int smallBlind, int bigBlind) {
        return HoldemGame.start(new HoldemRules(smallBlind, bigBlind), stacks, 0);
    }
}
