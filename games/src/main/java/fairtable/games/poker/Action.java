package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/** A player's decision in a poker hand. Which ones are legal is said by the state's {@code legalActions()}. */
public sealed interface Action {

    /** Give up the hand. Only legal when facing a bet (checking is free, so folding then is refused). */
    record Fold() implements Action {
        @Override
        public String toString() {
            return "fold";
        }
    }

    /** Pass without betting when no bet is faced. */
    record Check() implements Action {
        @Override
        public String toString() {
            return "check";
        }
    }

    /** Match the current bet, or put in the whole stack when it is smaller. */
    record Call() implements Action {
        @Override
        public String toString() {
            return "call";
        }
    }

    /**
     * Bet or raise so that the player's total for this betting round becomes {@code amount}
     * (a bet when nobody has bet yet). Putting in the whole stack is an all-in.
     */
    record RaiseTo(int amount) implements Action {
        @Override
        public String toString() {
            return "raise to " + amount;
        }
    }

    /**
     * Five-card draw: throw away these cards (zero to three of the player's own) and receive as many.
     * The discards are kept in card order, so two draws of the same cards are equal.
     */
    record Draw(List<Card> discards) implements Action {
        public Draw {
            Card.requireDistinct(discards);
            discards = discards.stream().sorted().toList();
        }

        @Override
        public String toString() {
            return discards.isEmpty() ? "stand pat" : "draw, discarding " + Card.format(discards);
        }
    }

    /**
     * Five-card draw as seen by an engine that cannot see this player's cards: the player drew
     * {@code count} (0 to 3) cards without saying which it threw away.
     */
    record DrawUnseen(int count) implements Action {
        public DrawUnseen {
            if (count < 0) {
                throw new IllegalArgumentException("a player draws no fewer than 0 cards, not " + count);
            }
        }

        @Override
        public String toString() {
            return "draw " + count + " unseen";
        }
    }

    /**
     * Showdown: turn the hand face up. {@code cards} may be empty when the engine already knows the
     * seat's private cards; an observer that was dealt them hidden needs them named here.
     */
    record Show(List<Card> cards) implements Action {
        public Show {
            Card.requireDistinct(cards);
            cards = cards.stream().sorted().toList();
        }

        @Override
        public String toString() {
            return cards.isEmpty() ? "show" : "show " + Card.format(cards);
        }
    }

    /** Showdown: throw the hand away unseen, giving up every pot. Legal only for a hand already beaten. */
    record Muck() implements Action {
        @Override
        public String toString() {
            return "muck";
        }
    }

    /**
     * Parses what a player types: "fold", "check", "call", "bet 20" or "raise 20" (to a total of 20
     * this round), "show" (or "show As Kd"), "muck", "draw" (stand pat) or "draw 7c 2s" (discard those).
     */
    static Action parse(String text) {
        String[] words = text.strip().split("\\s+", 2);
        String verb = words[0].toLowerCase(java.util.Locale.ROOT);
        String rest = words.length > 1 ? words[1].strip() : "";
        Action action = switch (verb) {
            case "fold" -> fold();
            case "check" -> check();
            case "call" -> call();
            case "show" -> show(rest.isEmpty() ? List.of() : Card.parseAll(rest));
            case "muck" -> muck();
            case "draw" -> draw(rest.isEmpty() ? List.of() : Card.parseAll(rest));
            case "bet", "raise" -> raiseTo(parseAmount(rest, text));
            default -> throw new IllegalArgumentException("unknown action \"" + text.strip()
                    + "\" (expected fold, check, call, bet N, raise N, show, muck or draw [cards])");
        };
        if (!rest.isEmpty() && !(action instanceof Draw) && !(action instanceof RaiseTo) && !(action instanceof Show)) {
            throw new IllegalArgumentException("\"" + verb + "\" takes no argument, got \"" + text.strip() + "\"");
        }
        return action;
    }

    private static int parseAmount(String amount, String text) {
        try {
            int value = Integer.parseInt(amount);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("\"" + text.strip() + "\" needs a positive whole amount, like raise 20");
    }

    static Action fold() {
        return new Fold();
    }

    static Action check() {
        return new Check();
    }

    static Action call() {
        return new Call();
    }

    static Action raiseTo(int amount) {
        return new RaiseTo(amount);
    }

    static Action draw(List<Card> discards) {
        return new Draw(discards);
    }

    static Action drawUnseen(int count) {
        return new DrawUnseen(count);
    }

    static Action show() {
        return new Show(List.of());
    }

    /** Shows the named private cards (needed when this engine was dealt them hidden). */
    static Action show(List<Card> cards) {
        return new Show(cards);
    }

    static Action muck() {
        return new Muck();
    }
}
