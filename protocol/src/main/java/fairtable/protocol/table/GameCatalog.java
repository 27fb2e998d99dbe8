package fairtable.protocol.table;

import java.util.List;
import java.util.Optional;

/** Where the table protocol and its audit find a game by the name its hellos announce. */
public interface GameCatalog {

    Optional<TableGame<?, ?>> find(String name);

    /** Every game, in the order a menu lists them. */
    List<TableGame<?, ?>> games();
}
