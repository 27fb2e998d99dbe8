package fairtable.protocol.deck;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every seat agrees on in its hello: the number of players (2 to 10) and of cards (2 to 1024). Card j
 * is the group element M_j = hash-to-group("fairtable/verifiable-deck/v1/card", j), so nobody knows a
 * discrete-log relation between two cards. What a card number means (a playing card, a tile) is the
 * game's business.
 */
public final class DeckParameters {
    public static final String PROTOCOL = "verifiable-deck/v1";
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 10;
    public static final int MIN_CARDS = 2;
    public static final int MAX_CARDS = 1024;
    private static final String CARD_DOMAIN = "fairtable/verifiable-deck/v1/card";
    private static final Map<Integer, Cards> CARDS = new ConcurrentHashMap<>();

    private final int players;
    private final int cards;

    public DeckParameters(int players, int cards) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("players must be " + MIN_PLAYERS + " to " + MAX_PLAYERS + ", not " + players);
        }
        if (cards < MIN_CARDS || cards > MAX_CARDS) {
            throw new IllegalArgumentException("cards must be " + MIN_CARDS + " to " + MAX_CARDS + ", not " + cards);
        }
        this.players = players;
        this.cards = cards;
    }

    public int players() {
        return players;
    }

    public int cards() {
        return cards;
    }

    /** The group element of card {@code j}. */
    public RistrettoPoint card(int j) {
        return table().elements.get(j);
    }

    /** The card number of a decrypted element, or -1 if it is no card of this deck. */
    public int cardOf(RistrettoPoint element) {
        return table().numbers.getOrDefault(EncodedPoint.of(element), -1);
    }

    private Cards table() {
        return CARDS.computeIfAbsent(cards, Cards::new);
    }

    public byte[] toBytes() {
        return new WireWriter().u8(players).u32(cards).toBytes();
    }

    public static DeckParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int players = r.u8();
        int cards = r.count(MAX_CARDS, "the number of cards");
        r.end();
        try {
            return new DeckParameters(players, cards);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeckParameters p && p.players == players && p.cards == cards;
    }

    @Override
    public int hashCode() {
        return 31 * players + cards;
    }

    @Override
    public String toString() {
        return players + " players, " + cards + " cards";
    }

    /** The card elements of a deck size and the reverse lookup, computed once per size. */
    private static final class Cards {
        final List<RistrettoPoint> elements;
        final Map<EncodedPoint, Integer> numbers;

        Cards(int n) {
            List<RistrettoPoint> list = new ArrayList<>(n);
            Map<EncodedPoint, Integer> map = new HashMap<>();
            for (int j = 0; j < n; j++) {
                RistrettoPoint m = Points.hashToGroup(CARD_DOMAIN, new WireWriter().u32(j).toBytes());
                list.add(m);
                map.put(EncodedPoint.of(m), j);
            }
            elements = Collections.unmodifiableList(list);
            numbers = Collections.unmodifiableMap(map);
        }
    }
}
