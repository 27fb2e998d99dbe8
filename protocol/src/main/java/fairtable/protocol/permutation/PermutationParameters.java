package fairtable.protocol.permutation;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;

/**
 * What every player agrees on before the deal: the number of cards n (positions 0..n-1). The number of
 * players is the hello's. Cards are numbered 0..n-1; what a number means is up to the game.
 */
public record PermutationParameters(int cards) {
    public static final String PROTOCOL = "permutation-deal/v2";
    public static final int MAX_CARDS = 4096;
    public static final int MIN_PLAYERS = 3;

    public PermutationParameters {
        if (cards < 2 || cards > MAX_CARDS) {
            throw new IllegalArgumentException("n must be between 2 and " + MAX_CARDS + ", not " + cards);
        }
    }

    public byte[] toBytes() {
        return new WireWriter().u32(cards).toBytes();
    }

    public static PermutationParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        long n = r.u32();
        r.end();
        if (n < 2 || n > MAX_CARDS) {
            throw new MalformedMessageException("n must be between 2 and " + MAX_CARDS + ", not " + n);
        }
        return new PermutationParameters((int) n);
    }

    @Override
    public String toString() {
        return "n=" + cards;
    }
}
