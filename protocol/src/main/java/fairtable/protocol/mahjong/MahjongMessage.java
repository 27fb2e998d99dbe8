package fairtable.protocol.mahjong;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.protocol.PartyCore;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of mahjong-shogi/v1. Squares are indices 0..80 (rank * 9 + file; seat 0 sits at rank 0).
 * Decoding checks the encoding, counts, group membership and distinctness; the {@link MahjongObserver} checks
 * the rest against the public state.
 */
public sealed interface MahjongMessage extends PartyCore.Message {
    int MAX_BLOB = 1100;

    String type();

    byte[] toBytes();

    /** A player's setup: its occupied squares in increasing order, one commitment per square, and (faithful) its RSA modulus. */
    record Setup(List<Integer> squares, BigInteger rsaModulus, List<byte[]> commitments) implements MahjongMessage {
        public static final String TYPE = "setup";

        public Setup {
            squares = List.copyOf(squares);
            commitments = commitments.stream().map(byte[]::clone).toList();
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().ints(squares).natural(rsaModulus).u32(commitments.size());
            commitments.forEach(w::blob);
            return w.toBytes();
        }
    }

    /** A step onto an empty square. */
    record Step(int from, int to) implements MahjongMessage {
        public static final String TYPE = "move";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u8(from).u8(to).toBytes();
        }
    }

    /** A step onto an opponent's tile, with the attacker's encrypted table row E_A(t(x, k) + 4 r_k), k = 1..13. */
    record Attack(int from, int to, List<Element> row) implements MahjongMessage {
        public static final String TYPE = "attack";

        public Attack {
            row = List.copyOf(row);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u8(from).u8(to).elements(row).toBytes();
        }
    }

    /** The defender's column, under its battle key: E_B(E_A(entry)). */
    record Pick(Element value) implements MahjongMessage {
        public static final String TYPE = "pick";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().element(value).toBytes();
        }
    }

    /** The attacker's key removed: E_B(entry). */
    record Strip(Element value) implements MahjongMessage {
        public static final String TYPE = "strip";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().element(value).toBytes();
        }
    }

    /** The defender reads the result (0 draw, 1 attacker wins, 2 defender wins) and says whether its king fell. */
    record Result(int result, boolean kingLost) implements MahjongMessage {
        public static final String TYPE = "result";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u8(result).u8(kingLost ? 1 : 0).toBytes();
        }
    }

    /** The attacker accepts the result as possible for its tile and says whether its own king fell. */
    record Confirm(boolean kingLost) implements MahjongMessage {
        public static final String TYPE = "confirm";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u8(kingLost ? 1 : 0).toBytes();
        }
    }

    /** End of game: this player's battle keys (one per battle, in order) and the openings of its setup. */
    record Reveal(List<BigInteger> keys, List<byte[]> openings) implements MahjongMessage {
        public static final String TYPE = "reveal";

        public Reveal {
            keys = List.copyOf(keys);
            openings = openings.stream().map(byte[]::clone).toList();
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().naturals(keys).u32(openings.size());
            openings.forEach(w::blob);
            return w.toBytes();
        }
    }

    /** Decodes a body of the given type; the step and sender are checked by the observer. */
    static MahjongMessage decode(String type, byte[] body, MahjongParameters params) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        Group group = params.group();
        int exponentBytes = (group.exponentModulus().bitLength() + 7) / 8;
        MahjongMessage m = switch (type) {
            case Setup.TYPE -> {
                List<Integer> squares = r.ints(MahjongParameters.BOARD * MahjongParameters.HOME_RANKS, "the squares");
                BigInteger n = r.natural(MAX_BLOB, "the RSA modulus");
                int count = r.count(MahjongParameters.BOARD * MahjongParameters.HOME_RANKS, "the number of commitments");
                List<byte[]> commitments = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    commitments.add(r.blob(MAX_BLOB, "commitment " + (i + 1)));
                }
                yield new Setup(squares, n, commitments);
            }
            case Step.TYPE -> new Step(r.u8(), r.u8());
            case Attack.TYPE -> new Attack(r.u8(), r.u8(), r.distinctElements(group, MahjongTable.KINDS, "the table row"));
            case Pick.TYPE -> new Pick(r.element(group, "the picked entry"));
            case Strip.TYPE -> new Strip(r.element(group, "the stripped entry"));
            case Result.TYPE -> new Result(r.u8(), flag(r.u8()));
            case Confirm.TYPE -> new Confirm(flag(r.u8()));
            case Reveal.TYPE -> {
                List<BigInteger> keys = r.naturals(1 << 20, exponentBytes, "the battle keys");
                int count = r.count(MahjongParameters.BOARD * MahjongParameters.HOME_RANKS, "the number of openings");
                List<byte[]> openings = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    openings.add(r.blob(MAX_BLOB, "opening " + (i + 1)));
                }
                yield new Reveal(keys, openings);
            }
            default -> throw new MalformedMessageException("unknown message type '" + type + "'");
        };
        r.end();
        return m;
    }

    private static boolean flag(int value) throws MalformedMessageException {
        if (value > 1) {
            throw new MalformedMessageException("a flag is 0 or 1, not " + value);
        }
        return value == 1;
    }
}
