package fairtable.games.gin;

import fairtable.games.cards.Card;
import java.util.List;

/**
 * A hand laid out as melds (no card in two) and the deadwood left over, with the deadwood's points
 * ({@link Melds#value}: ace 1, 2 to 10 their face, J Q K 10).
 */
public record Arrangement(List<Meld> melds, List<Card> deadwood) {

    public Arrangement {
        melds = List.copyOf(melds);
        deadwood = List.copyOf(deadwood);
    }

    /** The points of the deadwood. */
    public int deadwoodPoints() {
        return deadwood.stream().mapToInt(Melds::value).sum();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Meld meld : melds) {
            text.append('[').append(meld).append("] ");
        }
        return text.append("deadwood ").append(deadwood.isEmpty() ? "none" : Card.format(deadwood))
                .append(" (").append(deadwoodPoints()).append(')').toString();
    }
}
