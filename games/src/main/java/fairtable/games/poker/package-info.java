/**
 * Poker: the hand evaluator, pure and immutable rules engines for no-limit Texas Hold'em
 * ({@link fairtable.games.poker.HoldemHand}, {@link fairtable.games.poker.HoldemGame}) and no-limit
 * five-card draw ({@link fairtable.games.poker.DrawHand}), and a Monte-Carlo
 * {@link fairtable.games.poker.PokerBot}.
 *
 * <p>An engine never shuffles or deals: its {@link fairtable.games.poker.Pending} value says whether it
 * waits for a player's {@link fairtable.games.poker.Action} (see {@code legalActions()}) or for cards
 * (hole cards for a seat, board cards, draw replacements), which the caller supplies with
 * {@code deal(cards)}, or {@code dealHidden()} when the caller is a player who may not see them.
 * Every step returns a new state; an illegal step throws with a message naming the rule.
 */
package fairtable.games.poker;
