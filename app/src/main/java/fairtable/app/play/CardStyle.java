package fairtable.app.play;

import fairtable.games.cards.Card;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How cards look on this terminal: {@code A♠ 10♥} with hearts and diamonds in red where the terminal shows
 * colour, the suit signs alone where it shows Unicode but colour is unwanted ({@code NO_COLOR}), and the plain
 * letters everyone can type ({@code As Th}) where the output is not a terminal (a file, a pipe, a test). The
 * style is applied to whole lines as they are printed, so a game's view, its moves, its result and the audit's
 * verdict name every card the same way. {@code FAIRTABLE_CARDS=plain|signs|colour} overrides the guess.
 */
public enum CardStyle {
    PLAIN, SIGNS, COLOUR;

    /** A card as the games print it (rank then suit letter), standing alone. */
    private static final Pattern CARD = Pattern.compile("(?<![\\w?\\[|/.-])([2-9TJQKA])([cdhs])(?![\\w|\\]])");
    private static final String RED = "\u001b[31m";
    private static final String RESET = "\u001b[0m";

    /** The style for this process's standard output. */
    public static CardStyle detect() {
        java.io.Console console = System.console();
        return detect(System.getenv(), console != null, console != null ? console.charset() : Charset.defaultCharset());
    }

    /**
     * The style for a terminal described by its environment, whether the output is a terminal at all, and the
     * output's character set.
     */
    public static CardStyle detect(Map<String, String> env, boolean terminal, Charset charset) {
        String chosen = env.getOrDefault("FAIRTABLE_CARDS", "").strip().toLowerCase(Locale.ROOT);
        switch (chosen) {
            case "plain" -> { return PLAIN; }
            case "signs" -> { return SIGNS; }
            case "colour", "color" -> { return COLOUR; }
            default -> { }
        }
        String term = env.getOrDefault("TERM", "");
        if (!terminal || term.equals("dumb") || !charset.equals(StandardCharsets.UTF_8)) {
            return PLAIN;
        }
        boolean noColour = !env.getOrDefault("NO_COLOR", "").isEmpty(); // https://no-color.org: set and not empty
        return noColour || term.isEmpty() ? SIGNS : COLOUR;
    }

    /** One card in this style. */
    public String card(Card card) {
        if (this == PLAIN) {
            return card.toString();
        }
        String rank = card.rank().symbol() == 'T' ? "10" : String.valueOf(card.rank().symbol());
        String face = rank + card.suit().sign();
        return this == COLOUR && card.suit().red() ? RED + face + RESET : face;
    }

    /** {@code text} with every card in it in this style. */
    public String restyle(String text) {
        if (this == PLAIN) {
            return text;
        }
        Matcher m = CARD.matcher(text);
        StringBuilder styled = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(styled, Matcher.quoteReplacement(card(Card.parse(m.group()))));
        }
        return m.appendTail(styled).toString();
    }

    /** {@code out}, printing every card in this style; {@code out} itself when the style is plain. */
    public PrintWriter wrap(PrintWriter out) {
        if (this == PLAIN) {
            return out;
        }
        return new PrintWriter(new Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] chars, int offset, int length) {
                for (int i = offset; i < offset + length; i++) {
                    line.append(chars[i]);
                    if (chars[i] == '\n') {
                        out.print(restyle(line.toString()));
                        line.setLength(0);
                    }
                }
            }

            @Override
            public void flush() {
                out.print(restyle(line.toString())); // a prompt without its line end
                line.setLength(0);
                out.flush();
            }

            @Override
            public void close() {
                flush();
            }
        }, true);
    }
}
