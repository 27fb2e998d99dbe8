/**
 * Gin rummy for two players: exact meld search and lay-offs ({@link fairtable.games.gin.Melds}), an immutable
 * engine for one deal ({@link fairtable.games.gin.GinHand}) whose cards are all inputs, a game to a target score
 * ({@link fairtable.games.gin.GinMatch}), typed decisions ({@link fairtable.games.gin.GinMove}) and a
 * deterministic {@link fairtable.games.gin.GinBot}.
 *
 * <p>The rules are the common published game (Bicycle, pagat.com). Cards count ace 1, two to ten their face,
 * J Q K 10; melds are sets of 3 or 4 of a rank and runs of 3 or more of a suit with the ace low only. Ten cards
 * each, the non-dealer first, then an upcard: the non-dealer may take it, else the dealer may, else the
 * non-dealer draws from the stock. A turn draws from the stock or the discard pile and discards (not the card
 * just taken from the pile), or knocks with at most 10 deadwood, or goes gin with none. A discard without a
 * knock that leaves 2 cards in the stock draws the hand (no score, same dealer).
 *
 * <p>Scoring ({@link fairtable.games.gin.GinResult}): after a knock the defender lays off onto the knocker's
 * melds; the knocker scores the difference in deadwood, or, when the defender's deadwood is equal or lower
 * (an undercut), the defender scores the difference plus 25. Gin scores 25 plus the defender's deadwood, with no
 * lay-offs. The melds are found by exhaustive search: the least deadwood for each hand, the defender's best
 * lay-offs, and among the knocker's least-deadwood layouts the one that leaves the defender the most. Not
 * played: big gin (gin with eleven cards), Oklahoma (knock limit from the upcard) and Hollywood scoring.
 *
 * <p>A game ({@link fairtable.games.gin.GinMatch}) runs to 100. The loser of a hand deals the next. At the end
 * the winner adds a game bonus of 100, each seat a box bonus of 25 per hand won, and if the loser never scored
 * (a shutout) the winner's total is doubled.
 */
package fairtable.games.gin;
