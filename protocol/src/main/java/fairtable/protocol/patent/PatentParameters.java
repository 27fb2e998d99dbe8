package fairtable.protocol.patent;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What both parties agree on before the deal: the mode, K cards and X cards each. Cards are numbered
 * 0..K-1 here; what a number means (a playing card, an experiment) is up to the caller.
 */
public final class PatentParameters {
    public static final String PROTOCOL = "fr2823580/v1";
    public static final int MAX_CARDS = 4096;

    private final PatentMode mode;
    private final int cards;
    private final int each;
    private volatile Deck deck;

    public PatentParameters(PatentMode mode, int cards, int each) {
        if (cards < 2 || cards > MAX_CARDS) {
            throw new IllegalArgumentException("K must be between 2 and " + MAX_CARDS + ", not " + cards);
        }
        if (each < 1 || 2L * each > cards) {
            throw new IllegalArgumentException("X must be at least 1 with 2X <= K; got X=" + each + ", K=" + cards);
        }
        this.mode = mode;
        this.cards = cards;
        this.each = each;
    }

    public PatentMode mode() {
        return mode;
    }

    public Group group() {
        return mode.group();
    }

    /** K: the number of cards in the deck. */
    public int cards() {
        return cards;
    }

    /** X: the number of cards each party is dealt. */
    public int each() {
        return each;
    }

    /** The card elements and the reverse lookup, computed once. */
    public Deck deck() {
        Deck d = deck;
        if (d == null) {
            d = new Deck(this);
            deck = d;
        }
        return d;
    }

    public byte[] toBytes() {
        return new WireWriter().string(mode.modeName()).u32(cards).u32(each).toBytes();
    }

    public static PatentParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String modeName = r.string(64, "the mode");
        int k = r.count(MAX_CARDS, "K");
        int x = r.count(MAX_CARDS, "X");
        r.end();
        try {
            return new PatentParameters(PatentMode.byName(modeName), k, x);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public String toString() {
        return mode.modeName() + ", K=" + cards + ", X=" + each;
    }

    /** The K card elements of this deck and the lookup from element back to card number. */
    public static final class Deck {
        private final List<Element> elements;
        private final Map<Element, Integer> numbers;

        private Deck(PatentParameters p) {
            byte[] deckId = ("fr2823580/deck/" + p.cards).getBytes(StandardCharsets.UTF_8);
            List<Element> list = new ArrayList<>(p.cards);
            Map<Element, Integer> map = new HashMap<>();
            for (int i = 0; i < p.cards; i++) {
                Element e = p.group().cardElement(deckId, i);
                list.add(e);
                map.put(e, i);
            }
            this.elements = Collections.unmodifiableList(list);
            this.numbers = Collections.unmodifiableMap(map);
        }

        public List<Element> elements() {
            return elements;
        }

        public Element element(int card) {
            return elements.get(card);
        }

        /** The card number of a decrypted element, or -1 if it is no card of this deck. */
        public int cardOf(Element e) {
            return numbers.getOrDefault(e, -1);
        }
    }
}
