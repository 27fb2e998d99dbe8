/**
 * The double-six draw game for 2 to 4 players: tiles numbered 0..27 ({@link fairtable.games.dominoes.Tile}), an
 * immutable round engine ({@link fairtable.games.dominoes.DominoRound}) whose dealt and drawn tiles are inputs,
 * matches to a target score ({@link fairtable.games.dominoes.DominoMatch}) and a heuristic
 * {@link fairtable.games.dominoes.DominoBot}. Conventions (hand sizes, opening lead, blocked rounds, scoring) are
 * documented on {@link fairtable.games.dominoes.DominoRules}, {@link fairtable.games.dominoes.Lead} and
 * {@link fairtable.games.dominoes.RoundResult}.
 */
package fairtable.games.dominoes;
