/**
 * Every game defined once, for the table protocol (protocol.table): {@link fairtable.games.definitions.Games}
 * registers each {@link fairtable.games.definitions.GameDefinition}, and every front end, bot, the audit and
 * replay find it there. A definition wraps a pure rules engine of its own package (poker, dominoes, gin): it
 * says which deck operations the rules call for and when, and what each seat may see.
 */
package fairtable.games.definitions;
