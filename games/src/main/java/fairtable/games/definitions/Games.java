package fairtable.games.definitions;

import fairtable.protocol.table.GameCatalog;
import fairtable.protocol.table.TableGame;
import java.util.List;
import java.util.Optional;

/** Every game fairtable plays on the table protocol, registered once: the front ends and the audit find them here. */
public final class Games implements GameCatalog {
    /** The registry. Adding a game is one line here. */
    public static final Games ALL = new Games(List.of(
            new Holdem(),
            new FiveCardDraw(),
            Dominoes.GAME,
            GinRummy.GAME));

    private final List<GameDefinition<?, ?>> definitions;

    private Games(List<GameDefinition<?, ?>> definitions) {
        this.definitions = List.copyOf(definitions);
    }

    /**
     * A catalog of these definitions: what a front end is given in place of {@link #ALL} where it must run a game
     * that is not registered (a test's own game).
     */
    public static Games of(List<? extends GameDefinition<?, ?>> definitions) {
        return new Games(List.copyOf(definitions));
    }

    /** The definition registered under {@code name}. */
    public Optional<GameDefinition<?, ?>> definition(String name) {
        return definitions.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    @Override
    public Optional<TableGame<?, ?>> find(String name) {
        return definition(name).map(d -> d);
    }

    @Override
    public List<TableGame<?, ?>> games() {
        return List.copyOf(definitions);
    }

    /** Every definition, in the order a menu lists them. */
    public List<GameDefinition<?, ?>> definitions() {
        return definitions;
    }

    /** The registered names, for help and error messages. */
    public List<String> names() {
        return definitions.stream().map(GameDefinition::name).toList();
    }
}
