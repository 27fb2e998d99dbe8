package fairtable.app.play;

import fairtable.games.definitions.GameDefinition;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TablePlayer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A person at the terminal playing one seat of any registered game: before each decision it prints what the
 * game's definition renders of the seat's own view and the legal moves, then reads a line and has the definition
 * parse it; a line the game refuses is answered with the game's reason and asked again. The end of the input
 * leaves the decision open for good, so the game stays unfinished.
 */
public final class TerminalTablePlayer<S, M> implements TablePlayer<S, M> {
    private final GameDefinition<S, M> game;
    private final List<String> names;
    private final BufferedReader in;
    private final PrintWriter out;
    private boolean ended;

    public TerminalTablePlayer(GameDefinition<S, M> game, List<String> names, BufferedReader in, PrintWriter out) {
        this.game = game;
        this.names = List.copyOf(names);
        this.in = in;
        this.out = out;
    }

    @Override
    public M choose(S view, int seat, List<M> legal) {
        if (ended) {
            return null;
        }
        out.println();
        game.render(view, seat, names).forEach(out::println);
        out.println("Your moves: " + moves(legal));
        while (true) {
            out.print(names.get(seat) + "> ");
            out.flush();
            String line = readLine();
            if (line == null) {
                ended = true;
                out.println();
                out.println("End of input: the game is left unfinished.");
                out.flush();
                return null;
            }
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.equalsIgnoreCase("help") || line.equals("?")) {
                help(legal);
                continue;
            }
            try {
                M move = game.parse(line, view, seat);
                game.play(view, seat, move); // what the table would refuse is refused here, with its reason
                return move;
            } catch (IllegalArgumentException e) {
                out.println(e.getMessage());
            } catch (IllegalMove e) {
                out.println("Not allowed: " + e.getMessage());
            }
        }
    }

    /** Whether the input ended, leaving a decision open. */
    public boolean ended() {
        return ended;
    }

    private void help(List<M> legal) {
        out.println(game.name() + ": " + game.summary());
        out.println("Type one of your moves in words, as listed: " + moves(legal) + ".");
        out.println("'help' shows this again; the end of the input (Ctrl-D) leaves the game unfinished.");
    }

    private String moves(List<M> legal) {
        return legal.isEmpty() ? "(none)" : legal.stream().map(game::describe).collect(Collectors.joining(", "));
    }

    private String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            return null; // the terminal is gone: as the end of input
        }
    }
}
