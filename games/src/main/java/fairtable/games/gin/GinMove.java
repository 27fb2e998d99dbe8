package fairtable.games.gin;

import fairtable.games.cards.Card;
import java.util.Objects;

/**
 * A decision of the seat to act. In the upcard phase a seat {@link TakeUpcard takes the upcard} or
 * {@link Pass passes}; in a turn it draws ({@link DrawStock} or {@link TakeDiscard}) and then ends the turn
 * with a {@link Discard}, a {@link Knock} or {@link Gin} (each discarding one card). A stock card itself is not
 * part of the move: it arrives as an input ({@link GinHand#draw} or {@link GinHand#drawHidden}).
 *
 * <p>{@link #toString()} gives a stable text ("take-upcard", "pass", "draw-stock", "take-discard",
 * "discard 7h", "knock 7h", "gin 7h") that {@link #parse} reads back.
 */
public sealed interface GinMove {

    TakeUpcard TAKE_UPCARD = new TakeUpcard();
    Pass PASS = new Pass();
    DrawStock DRAW_STOCK = new DrawStock();
    TakeDiscard TAKE_DISCARD = new TakeDiscard();

    static Discard discard(Card card) {
        return new Discard(card);
    }

    static Knock knock(Card card) {
        return new Knock(card);
    }

    static Gin gin(Card card) {
        return new Gin(card);
    }

    /** Reads the text of {@link #toString()} back. */
    static GinMove parse(String text) {
        String move = Objects.requireNonNull(text, "move text").strip();
        switch (move) {
            case "take-upcard": return TAKE_UPCARD;
            case "pass": return PASS;
            case "draw-stock": return DRAW_STOCK;
            case "take-discard": return TAKE_DISCARD;
            default: break;
        }
        String[] words = move.split("\\s+");
        if (words.length == 2) {
            Card card = Card.parse(words[1]);
            switch (words[0]) {
                case "discard": return discard(card);
                case "knock": return knock(card);
                case "gin": return gin(card);
                default: break;
            }
        }
        throw new IllegalArgumentException("not a gin move: \"" + text + "\"");
    }

    /** In the upcard phase: take the upcard into the hand (then discard another card). */
    record TakeUpcard() implements GinMove {
        @Override
        public String toString() {
            return "take-upcard";
        }
    }

    /** In the upcard phase: refuse the upcard. */
    record Pass() implements GinMove {
        @Override
        public String toString() {
            return "pass";
        }
    }

    /** Draw the top card of the stock. */
    record DrawStock() implements GinMove {
        @Override
        public String toString() {
            return "draw-stock";
        }
    }

    /** Take the top card of the discard pile (then discard another card). */
    record TakeDiscard() implements GinMove {
        @Override
        public String toString() {
            return "take-discard";
        }
    }

    /** A move that ends the turn by putting {@link #card()} on the discard pile. */
    sealed interface EndsTurn extends GinMove permits Discard, Knock, Gin {
        Card card();
    }

    /** Discard a card and play on. */
    record Discard(Card card) implements EndsTurn {
        public Discard {
            Objects.requireNonNull(card, "card");
        }

        @Override
        public String toString() {
            return "discard " + card;
        }
    }

    /** Discard a card and knock: the deadwood left must be 1 to 10 points. */
    record Knock(Card card) implements EndsTurn {
        public Knock {
            Objects.requireNonNull(card, "card");
        }

        @Override
        public String toString() {
            return "knock " + card;
        }
    }

    /** Discard a card and go gin: every card left must be melded. */
    record Gin(Card card) implements EndsTurn {
        public Gin {
            Objects.requireNonNull(card, "card");
        }

        @Override
        public String toString() {
            return "gin " + card;
        }
    }
}
