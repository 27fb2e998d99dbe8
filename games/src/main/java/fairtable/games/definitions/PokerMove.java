package fairtable.games.definitions;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.List;

/**
 * A decision at a poker table ({@link Holdem}, {@link FiveCardDraw}), as it travels: a tag byte, then a raise's
 * total or a draw's positions. A draw names the deck positions it throws away, never their cards, so it
 * reveals nothing; the rules then call for each discard face-down and a deal of as many to the drawer.
 */
public sealed interface PokerMove {
    /** The most cards a player may throw in a five-card draw. */
    int MAX_DRAW = 3;

    /** Give up the hand; only when facing a bet. */
    record Fold() implements PokerMove {
    }

    /** Pass without betting when no bet is faced. */
    record Check() implements PokerMove {
    }

    /** Match the current bet (or go all-in for less). */
    record Call() implements PokerMove {
    }

    /** Bet or raise so that this betting round's total becomes {@code amount}. */
    record RaiseTo(int amount) implements PokerMove {
    }

    /** Five-card draw: discard the held cards at {@code positions} (0 to 3, kept ascending) and draw as many. */
    record Draw(List<Integer> positions) implements PokerMove {
        public Draw {
            positions = positions.stream().sorted().toList();
            if (positions.size() > MAX_DRAW || positions.stream().distinct().count() != positions.size()) {
                throw new IllegalArgumentException("a draw throws 0 to " + MAX_DRAW + " distinct positions, not "
                        + positions);
            }
        }
    }

    /** Showdown: prove the hand to everyone (the rules then call for the deck's show of every held card). */
    record Show() implements PokerMove {
    }

    /** Showdown: throw a beaten hand away unseen. */
    record Muck() implements PokerMove {
    }

    PokerMove FOLD = new Fold();
    PokerMove CHECK = new Check();
    PokerMove CALL = new Call();
    PokerMove SHOW = new Show();
    PokerMove MUCK = new Muck();

    /** The canonical bytes. */
    static byte[] toBytes(PokerMove move) {
        WireWriter w = new WireWriter();
        if (move instanceof Fold) {
            w.u8(0);
        } else if (move instanceof Check) {
            w.u8(1);
        } else if (move instanceof Call) {
            w.u8(2);
        } else if (move instanceof RaiseTo raise) {
            w.u8(3).u32(raise.amount());
        } else if (move instanceof Draw draw) {
            w.u8(4).ints(draw.positions());
        } else if (move instanceof Show) {
            w.u8(5);
        } else {
            w.u8(6);
        }
        return w.toBytes();
    }

    /** The move these bytes encode; anything but a canonical encoding is refused. */
    static PokerMove fromBytes(byte[] bytes, int deckSize) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int tag = r.u8();
        PokerMove move = switch (tag) {
            case 0 -> FOLD;
            case 1 -> CHECK;
            case 2 -> CALL;
            case 3 -> {
                int amount = r.count(Integer.MAX_VALUE, "the raise");
                if (amount < 1) {
                    throw new MalformedMessageException("a raise to 0 chips");
                }
                yield new RaiseTo(amount);
            }
            case 4 -> {
                List<Integer> positions = r.ints(MAX_DRAW, "the draw");
                for (int i = 0; i < positions.size(); i++) {
                    if (positions.get(i) >= deckSize || i > 0 && positions.get(i) <= positions.get(i - 1)) {
                        throw new MalformedMessageException("a draw names ascending positions below " + deckSize
                                + ", not " + positions);
                    }
                }
                yield new Draw(positions);
            }
            case 5 -> SHOW;
            case 6 -> MUCK;
            default -> throw new MalformedMessageException("unknown poker move " + tag);
        };
        r.end();
        return move;
    }

    /** The move in a few words. */
    static String describe(PokerMove move) {
        if (move instanceof RaiseTo raise) {
            return "raise to " + raise.amount();
        }
        if (move instanceof Draw draw) {
            return draw.positions().isEmpty() ? "stand pat" : "draw " + draw.positions().size();
        }
        return move.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }
}
