/**
 * Game tables: the glue between the pure rules engines and the deck protocols. Each player runs a
 * {@link fairtable.games.table.TableNode} (its own deck party and its own engine, other players' private
 * cards hidden): {@link fairtable.games.table.PokerSeat} (Hold'em, five-card draw) and
 * {@link fairtable.games.table.DominoSeat} over verifiable-deck/v1, {@link fairtable.games.table.PatentDrawSeat}
 * (heads-up draw) over FR 2823580. Cards enter an engine only from completed deck operations; public
 * decisions travel as signed {@link fairtable.games.table.TableMessage.Declaration}s checked by every seat.
 * {@link fairtable.games.table.LocalTable} runs a whole table in one process. See docs/playing.md.
 */
package fairtable.games.table;
