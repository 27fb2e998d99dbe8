/**
 * verifiable-deck/v1: the hardened default deck for 2 to 10 players (Barnett–Smart over ristretto255), as
 * sans-I/O parties ({@link fairtable.protocol.deck.DeckParty}), the public state they and the auditor share
 * ({@link fairtable.protocol.deck.DeckObserver}) and the audit ({@link fairtable.protocol.deck.DeckAudit}).
 * See docs/verifiable-deck.md.
 */
package fairtable.protocol.deck;
