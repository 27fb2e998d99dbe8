/**
 * Dark chess played through the dark-chess/v1 protocol: the chess side of a party
 * ({@link fairtable.games.chess.play.ChessSide}), vision rebuilds in rounds, the referee that replays a finished
 * game for the audit ({@link fairtable.games.chess.play.DarkChessReferee}), the bot and an in-memory table.
 */
package fairtable.games.chess.play;
