package fairtable.protocol.patent;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.protocol.PartyCore;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;

/**
 * The messages of the FR 2823580 protocol. Letters follow the patent: T is the pile, JA and JB the groups
 * that become A's and B's hands. Decoding checks exact counts, validity and distinctness of every value.
 */
public sealed interface PatentMessage extends PartyCore.Message {
    String type();

    byte[] toBytes();

    /** Step 1, A: the whole deck under A's key a1, shuffled. */
    record Deal1(List<Element> t) implements PatentMessage {
        public static final String TYPE = "deal.1";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(t).toBytes();
        }
    }

    /** Step 2, B: the K-X cards left under b2, and B's X picks under b1. */
    record Deal2(List<Element> t, List<Element> jb) implements PatentMessage {
        public static final String TYPE = "deal.2";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(t).elements(jb).toBytes();
        }
    }

    /** Step 3, A: the pile under b2·a3, B's cards with a1 removed, A's picks under b2·a2. */
    record Deal3(List<Element> t, List<Element> jb, List<Element> ja) implements PatentMessage {
        public static final String TYPE = "deal.3";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(t).elements(jb).elements(ja).toBytes();
        }
    }

    /** Step 4, B: the pile reshuffled, and A's cards with b2 removed. */
    record Deal4(List<Element> t, List<Element> ja) implements PatentMessage {
        public static final String TYPE = "deal.4";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(t).elements(ja).toBytes();
        }
    }

    /** A draw from the pile: the chosen positions, and those pile values under a fresh key of the drawer. */
    record Draw(List<Integer> positions, List<Element> values) implements PatentMessage {
        public static final String TYPE = "draw";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().ints(positions).elements(values).toBytes();
        }
    }

    /** The other party strips its pile key from the drawn values and shuffles them. */
    record DrawAnswer(List<Element> values) implements PatentMessage {
        public static final String TYPE = "draw.answer";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(values).toBytes();
        }
    }

    /** Cards returned to the pile, under the returner's pile key. */
    record Return(List<Element> values) implements PatentMessage {
        public static final String TYPE = "return";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(values).toBytes();
        }
    }

    /** The other party adds the returned cards under its pile key, re-keys the whole pile and shuffles it. */
    record Rekey(List<Element> pile) implements PatentMessage {
        public static final String TYPE = "return.rekey";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(pile).toBytes();
        }
    }

    /** The returner re-keys and shuffles the pile in turn, so that neither party can follow any card. */
    record Remix(List<Element> pile) implements PatentMessage {
        public static final String TYPE = "return.remix";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().elements(pile).toBytes();
        }
    }

    /** The end of the game: every exponent this party used, in the order it used them. */
    record Reveal(List<BigInteger> exponents) implements PatentMessage {
        public static final String TYPE = "reveal";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().naturals(exponents).toBytes();
        }
    }

    /** Decoding of each type with its expected sizes; sizes come from the public state of the game. */
    final class Codec {
        private Codec() {}

        static Deal1 deal1(byte[] body, Group g, int k) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Deal1 m = new Deal1(r.distinctElements(g, k, "T"));
            r.end();
            return m;
        }

        static Deal2 deal2(byte[] body, Group g, int k, int x) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Deal2 m = new Deal2(r.distinctElements(g, k - x, "T"), r.distinctElements(g, x, "JB"));
            r.end();
            requireDisjoint(m.t, m.jb, "T", "JB");
            return m;
        }

        static Deal3 deal3(byte[] body, Group g, int k, int x) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Deal3 m = new Deal3(r.distinctElements(g, k - 2 * x, "T"), r.distinctElements(g, x, "JB"),
                    r.distinctElements(g, x, "JA"));
            r.end();
            requireDisjoint(m.t, m.ja, "T", "JA");
            return m;
        }

        static Deal4 deal4(byte[] body, Group g, int k, int x) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Deal4 m = new Deal4(r.distinctElements(g, k - 2 * x, "T"), r.distinctElements(g, x, "JA"));
            r.end();
            return m;
        }

        static Draw draw(byte[] body, Group g, int pileSize) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            List<Integer> positions = r.ints(pileSize, "the positions");
            if (positions.isEmpty()) {
                throw new MalformedMessageException("a draw takes at least one card");
            }
            int previous = -1;
            for (int p : positions) {
                if (p >= pileSize) {
                    throw new MalformedMessageException("position " + p + " is outside the pile of " + pileSize);
                }
                if (p <= previous) {
                    throw new MalformedMessageException("positions must be distinct and increasing");
                }
                previous = p;
            }
            Draw m = new Draw(positions, r.distinctElements(g, positions.size(), "the drawn values"));
            r.end();
            return m;
        }

        static DrawAnswer drawAnswer(byte[] body, Group g, int n) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            DrawAnswer m = new DrawAnswer(r.distinctElements(g, n, "the answered values"));
            r.end();
            return m;
        }

        static Return giveBack(byte[] body, Group g, int maxCards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int n = r.count(maxCards, "the number of returned cards");
            if (n == 0) {
                throw new MalformedMessageException("a return takes at least one card");
            }
            // Re-read with the exact count now known.
            WireReader exact = new WireReader(body);
            Return m = new Return(exact.distinctElements(g, n, "the returned values"));
            exact.end();
            return m;
        }

        static Rekey rekey(byte[] body, Group g, int size) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Rekey m = new Rekey(r.distinctElements(g, size, "the re-keyed pile"));
            r.end();
            return m;
        }

        static Remix remix(byte[] body, Group g, int size) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Remix m = new Remix(r.distinctElements(g, size, "the remixed pile"));
            r.end();
            return m;
        }

        static Reveal reveal(byte[] body, Group g, int count) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int maxBytes = (g.exponentModulus().bitLength() + 7) / 8;
            List<BigInteger> exponents = r.naturals(count, maxBytes, "the revealed exponents");
            r.end();
            if (exponents.size() != count) {
                throw new MalformedMessageException("revealed " + exponents.size() + " exponents, expected " + count);
            }
            for (int i = 0; i < count; i++) {
                BigInteger e = exponents.get(i);
                if (e.compareTo(g.exponentModulus()) >= 0 || !g.isInvertible(e)) {
                    throw new MalformedMessageException("revealed exponent " + (i + 1) + " is not a valid key");
                }
            }
            return new Reveal(exponents);
        }

        private static void requireDisjoint(List<Element> a, List<Element> b, String an, String bn)
                throws MalformedMessageException {
            HashSet<Element> seen = new HashSet<>(a);
            for (Element e : b) {
                if (seen.contains(e)) {
                    throw new MalformedMessageException("a value appears in both " + an + " and " + bn);
                }
            }
        }
    }
}
