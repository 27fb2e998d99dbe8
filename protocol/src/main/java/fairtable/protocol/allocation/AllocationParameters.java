package fairtable.protocol.allocation;

import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What every institution agrees on in its hello: how many institutions (2 to 10), how many numbers there
 * are (K: the numbers 1..K, at most 1024), how many each obtains (X, with institutions·X at most K), and the
 * ethics board the allocation is escrowed to, if any. The numbers are the cards of a verifiable deck of K
 * (card j is number j+1); after the shuffles, the institution at seat s is dealt positions s, s+N, s+2N, ...
 * (the deck's round-robin deal of X each from the top).
 */
public final class AllocationParameters {
    public static final String PROTOCOL = "allocation/v1";

    private final int institutions;
    private final int items;
    private final int each;
    private final BoardKey board;

    public AllocationParameters(int institutions, int items, int each, Optional<BoardKey> board) {
        if (institutions < DeckParameters.MIN_PLAYERS || institutions > DeckParameters.MAX_PLAYERS) {
            throw new IllegalArgumentException("an allocation is between " + DeckParameters.MIN_PLAYERS + " and "
                    + DeckParameters.MAX_PLAYERS + " institutions, not " + institutions);
        }
        if (items < DeckParameters.MIN_CARDS || items > DeckParameters.MAX_CARDS) {
            throw new IllegalArgumentException("the numbers are 1..K with K from " + DeckParameters.MIN_CARDS + " to "
                    + DeckParameters.MAX_CARDS + ", not " + items);
        }
        if (each < 1 || (long) each * institutions > items) {
            throw new IllegalArgumentException(institutions + " institutions cannot each obtain " + each
                    + " distinct numbers out of " + items);
        }
        this.institutions = institutions;
        this.items = items;
        this.each = each;
        this.board = board.orElse(null);
    }

    public int institutions() {
        return institutions;
    }

    public int items() {
        return items;
    }

    public int each() {
        return each;
    }

    public Optional<BoardKey> board() {
        return Optional.ofNullable(board);
    }

    /** The deck the numbers are drawn from: one card per number. */
    public DeckParameters deck() {
        return new DeckParameters(institutions, items);
    }

    /** The deck positions the institution at {@code seat} is dealt, in the order of the deal. */
    public List<Integer> positionsOf(int seat) {
        List<Integer> out = new ArrayList<>(each);
        for (int j = 0; j < each; j++) {
            out.add(seat + institutions * j);
        }
        return out;
    }

    /** The deal that an allocation makes: X to every institution, in seat order. */
    public List<Integer> recipients() {
        List<Integer> out = new ArrayList<>(institutions);
        for (int s = 0; s < institutions; s++) {
            out.add(s);
        }
        return out;
    }

    public byte[] toBytes() {
        WireWriter w = new WireWriter().u8(institutions).u32(items).u32(each).u8(board == null ? 0 : 1);
        if (board != null) {
            w.blob(board.toBytes());
        }
        return w.toBytes();
    }

    public static AllocationParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int institutions = r.u8();
        int items = r.count(DeckParameters.MAX_CARDS, "the number of items");
        int each = r.count(DeckParameters.MAX_CARDS, "the numbers each");
        int sealed = r.u8();
        if (sealed > 1) {
            throw new MalformedMessageException("the board flag is " + sealed + ", not 0 or 1");
        }
        BoardKey board = sealed == 1 ? BoardKey.fromBytes(r.blob(1024, "the board's key card")) : null;
        r.end();
        try {
            return new AllocationParameters(institutions, items, each, Optional.ofNullable(board));
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AllocationParameters p && Arrays.equals(p.toBytes(), toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return institutions + " institutions, " + each + " numbers each out of 1.." + items
                + (board == null ? ", not escrowed to a board" : ", escrowed to the board " + board);
    }
}
