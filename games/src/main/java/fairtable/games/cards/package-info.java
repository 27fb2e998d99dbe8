/**
 * The standard 52-card deck: {@link fairtable.games.cards.Card} with its {@link fairtable.games.cards.Rank}
 * and {@link fairtable.games.cards.Suit}, written "As", "Td", "7h", each with a stable index 0..51 so a
 * deck protocol dealing card numbers can map them to cards.
 */
package fairtable.games.cards;
