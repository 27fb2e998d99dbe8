package fairtable.app.play;

import fairtable.games.cards.Card;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.Tile;
import fairtable.games.poker.Action;
import fairtable.games.poker.LegalActions;
import fairtable.games.poker.PokerHand;
import fairtable.games.table.DominoPlayer;
import fairtable.games.table.PokerPlayer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A person at the terminal playing one seat. The prompt shows only what the seat may see (its own cards,
 * the board, the pot and the stacks) and offers only legal actions; input is read with a per-action timer,
 * and when it runs out the seat checks (or stands pat, or shows) if it may, and folds otherwise.
 */
public final class TerminalPlayer implements PokerPlayer, DominoPlayer {
    private static final String END_OF_INPUT = "\u0000eof";

    private final int seat;
    private final List<String> names;
    private final PrintWriter out;
    private final long actionSeconds;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    /** Reads {@code in} on a daemon thread, so that a prompt can stop waiting when its timer runs out. */
    public TerminalPlayer(int seat, List<String> names, BufferedReader in, PrintWriter out, long actionSeconds) {
        if (actionSeconds < 1) {
            throw new IllegalArgumentException("--action-seconds must be at least 1");
        }
        this.seat = seat;
        this.names = List.copyOf(names);
        this.out = out;
        this.actionSeconds = actionSeconds;
        Thread reader = new Thread(() -> {
            try {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the terminal is gone: treated as the end of input
            }
            lines.add(END_OF_INPUT);
        }, "terminal-input");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public Action decide(PokerHand view) {
        LegalActions legal = view.legalActions();
        out.println();
        out.println(scene(view, seat, names));
        String options = options(view, legal);
        while (true) {
            String line = prompt(options);
            if (line == null) {
                Action fallback = timeoutAction(view, legal);
                out.println("time is up: " + fallback);
                return fallback;
            }
            try {
                return parse(line, view);
            } catch (IllegalArgumentException e) {
                out.println(e.getMessage());
            }
        }
    }

    /** What a seat sees of a hand, in one line: the pot, the stacks, the board and its own cards. */
    static String scene(PokerHand view, int seat, List<String> names) {
        List<String> parts = new ArrayList<>();
        int[] stacks = view.stacks();
        for (int s = 0; s < stacks.length; s++) {
            parts.add(names.get(s) + (s == seat ? " (you)" : "") + " " + stacks[s]
                    + (view.hasFolded(s) ? " out" : ""));
        }
        return "pot " + view.pot() + " | stacks " + String.join(", ", parts)
                + (view.board().isEmpty() ? "" : " | board " + Card.format(view.board()))
                + " | your cards " + Card.format(view.privateCards(seat));
    }

    /**
     * A typed action ("call", "raise 60", "all-in", "draw 7c 2s") if it is legal now. "call 20", as the options
     * show it, is a call when 20 is what calling costs.
     */
    static Action parse(String line, PokerHand view) {
        LegalActions legal = view.legalActions();
        String typed = line.strip().replaceAll("\\s+", " ");
        if (typed.toLowerCase(Locale.ROOT).startsWith("call ")) {
            int toCall = Math.min(view.currentBet() - view.committedThisRound(legal.seat()), view.stacks()[legal.seat()]);
            if (!typed.substring(5).equals(Integer.toString(toCall))) {
                throw new IllegalArgumentException("calling costs " + toCall + " now, not " + typed.substring(5));
            }
            typed = "call";
        }
        Action action = typed.equalsIgnoreCase("all-in") && legal.canRaise()
                ? Action.raiseTo(legal.maxRaiseTo()) : Action.parse(typed);
        if (!legal.allows(action)) {
            throw new IllegalArgumentException("not allowed now: " + line.strip());
        }
        return action;
    }

    /** The legal actions in words, e.g. "fold | call 20 | raise 40..980 | all-in". */
    static String options(PokerHand view, LegalActions legal) {
        List<String> parts = new ArrayList<>();
        for (Action a : legal.choices()) {
            if (a instanceof Action.Call) {
                int toCall = Math.min(view.currentBet() - view.committedThisRound(legal.seat()), view.stacks()[legal.seat()]);
                parts.add("call " + toCall);
            } else if (a instanceof Action.Draw) {
                if (parts.isEmpty()) {
                    parts.add("draw CARDS (0 to 3 of yours to throw, e.g. \"draw 7c 2s\"; \"draw\" stands pat)");
                }
            } else {
                parts.add(a.toString());
            }
        }
        if (legal.canRaise()) {
            String verb = view.currentBet() == 0 ? "bet " : "raise ";
            parts.add(legal.minRaiseTo() == legal.maxRaiseTo() ? verb + legal.maxRaiseTo()
                    : verb + legal.minRaiseTo() + ".." + legal.maxRaiseTo());
            parts.add("all-in");
        }
        return String.join(" | ", parts);
    }

    static Action timeoutAction(PokerHand view, LegalActions legal) {
        for (Action a : List.of(Action.check(), Action.show(), Action.draw(List.of()))) {
            if (legal.allows(a)) {
                return a;
            }
        }
        return Action.fold();
    }

    @Override
    public DominoMove decide(DominoRound view) {
        out.println();
        out.println(scene(view, seat, names));
        List<DominoMove> legal = view.legalMoves();
        String options = options(legal);
        while (true) {
            String line = prompt(options);
            if (line == null) {
                DominoMove fallback = legal.get(0);
                out.println("time is up: " + words(fallback));
                return fallback;
            }
            DominoMove move = parseMove(line, legal);
            if (move != null) {
                return move;
            }
            out.println("not a legal move: " + line.strip());
        }
    }

    /** What a seat sees of a dominoes round, in one line: the line of tiles, the boneyard, the hands' sizes, its tiles. */
    static String scene(DominoRound view, int seat, List<String> names) {
        String ends = view.line().isEmpty() ? "empty table" // the whole line, left to right, as it lies
                : view.line().stream().map(t -> "[" + t.left() + "|" + t.right() + "]").collect(Collectors.joining());
        List<String> counts = new ArrayList<>();
        for (int p = 0; p < names.size(); p++) {
            if (p != seat) {
                counts.add(names.get(p) + " " + view.hand(p).size() + " tiles");
            }
        }
        return "line " + ends + " | boneyard " + view.boneyardSize() + " | " + String.join(", ", counts)
                + " | your tiles " + view.hand(seat).knownTiles().stream().map(Tile::toString)
                        .collect(Collectors.joining(" "));
    }

    /** The legal moves in words, e.g. "play 6-4 left | draw". */
    static String options(List<DominoMove> legal) {
        return legal.stream().map(TerminalPlayer::words).collect(Collectors.joining(" | "));
    }

    static String words(DominoMove move) {
        if (move instanceof DominoMove.Play play) {
            return "play " + play.tile() + " " + play.end().name().toLowerCase(Locale.ROOT);
        }
        return move instanceof DominoMove.Draw ? "draw" : "pass";
    }

    /** A typed move among the legal ones; "play 6-4" is enough when only one end fits. */
    static DominoMove parseMove(String line, List<DominoMove> legal) {
        String typed = line.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        List<DominoMove> matches = new ArrayList<>();
        for (DominoMove move : legal) {
            String w = words(move);
            if (w.equals(typed)) {
                return move;
            }
            if (move instanceof DominoMove.Play play) {
                String reversed = "play " + play.tile().low() + "-" + play.tile().high();
                if (typed.equals("play " + play.tile()) || typed.equals(reversed)
                        || typed.equals(reversed + " " + play.end().name().toLowerCase(Locale.ROOT))) {
                    matches.add(move);
                }
            }
        }
        return matches.size() == 1 ? matches.get(0) : null;
    }

    /** One line of input, or null when the action timer runs out (or input ends). */
    private String prompt(String options) {
        out.println(options + "   (" + actionSeconds + " s)");
        out.print("> ");
        out.flush();
        try {
            String line = lines.poll(actionSeconds, TimeUnit.SECONDS);
            if (line == null || line.equals(END_OF_INPUT)) {
                if (line != null) {
                    lines.add(END_OF_INPUT);
                }
                return null;
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

}
