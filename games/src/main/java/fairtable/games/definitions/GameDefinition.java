package fairtable.games.definitions;

import fairtable.protocol.table.TableGame;
import fairtable.protocol.table.TablePlayer;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A game as every front end finds it: its rules for the table protocol ({@link TableGame}: setup, moves,
 * views, deck calls, end), and what a person or a bot needs to play it. Terminal, browser, mail, network
 * play, bots, the audit and replay all read this one definition, found by name in {@link Games}.
 *
 * @param <S> the game's state, immutable
 * @param <M> the game's moves, typed
 */
public interface GameDefinition<S, M> extends TableGame<S, M> {

    /** One line for menus and help, e.g. "no-limit Texas Hold'em, 2 to 10 players". */
    String summary();

    /** The settings this game reads, each with its default, in the order help lists them. */
    Map<String, String> defaults();

    /**
     * The options for {@link TableGame#setup}, from named settings (the defaults fill in the rest). Refuses an
     * unknown setting or a value the game cannot play with an IllegalArgumentException that says which.
     */
    byte[] options(Map<String, String> settings);

    /** A bot for one seat: it plays a legal move whenever asked, deterministically from {@code random}. */
    TablePlayer<S, M> bot(RandomGenerator random);

    /** What {@code seat} sees, as lines of text: its own cards, every public one, the scores, whose turn it is. */
    List<String> render(S view, int seat, List<String> names);

    /**
     * A move typed in words ("raise 60", "play 6-4 left", "discard 7h"), as {@code seat} may make it now;
     * refuses anything else with an IllegalArgumentException whose message says what is allowed.
     */
    M parse(String words, S view, int seat);
}
