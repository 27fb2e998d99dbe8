package fairtable.games.dominoes;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/** Test harness: a shuffled physical set of tiles, dealt into hands with the remainder as the boneyard. */
final class DominoTable {

    final List<Set<Tile>> hands = new ArrayList<>();
    final List<Tile> boneyard = new ArrayList<>();

    DominoTable(DominoRules rules, SplittableRandom random) {
        List<Tile> deck = new ArrayList<>(Tile.all());
        for (int i = deck.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Tile t = deck.get(i);
            deck.set(i, deck.get(j));
            deck.set(j, t);
        }
        int next = 0;
        for (int p = 0; p < rules.players(); p++) {
            Set<Tile> hand = new LinkedHashSet<>();
            for (int k = 0; k < rules.handSize(); k++) {
                hand.add(deck.get(next++));
            }
            hands.add(hand);
        }
        boneyard.addAll(deck.subList(next, deck.size()));
    }

    Tile drawTop() {
        return boneyard.remove(boneyard.size() - 1);
    }
}
