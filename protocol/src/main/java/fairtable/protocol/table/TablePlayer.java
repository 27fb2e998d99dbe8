package fairtable.protocol.table;

import java.util.List;

/**
 * Who decides for a seat: a person at a terminal or a browser, or a bot. It sees the seat's own view (its
 * cards and every public one) and the moves the rules allow.
 */
@FunctionalInterface
public interface TablePlayer<S, M> {

    /** One of {@code legal}, or null to decide later (the seat then waits for {@link TableParty#resume}). */
    M choose(S view, int seat, List<M> legal);
}
