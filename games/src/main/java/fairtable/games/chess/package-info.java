/**
 * Chess rules engines, pure and immutable: a {@link fairtable.games.chess.Position} value (FEN in and
 * out) shared by two variants. {@link fairtable.games.chess.StandardChess} gives standard legal moves
 * and perft. {@link fairtable.games.chess.DarkChessGame} is dark chess (fog of war) after Ou Yang,
 * "Cryptographic Dark Chess" (McGill, 2024): no check, king capture wins; with its vision
 * ({@link fairtable.games.chess.DarkChessVision}, {@link fairtable.games.chess.FogView}), the padded
 * query schedule of the vision protocol ({@link fairtable.games.chess.DarkChessQueries},
 * {@link fairtable.games.chess.QueryWalk}), a bot and a terminal renderer.
 */
package fairtable.games.chess;
