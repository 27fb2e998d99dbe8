package fairtable.protocol.mahjong;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.group.Element;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The battle of seed 003 §3.3 as pure functions: the attacker A encrypts its table row, the defender B picks the
 * column of its own kind and adds its key, A strips its key, B strips its key and reads the result. Each battle
 * uses fresh keys for both players, so that no message of one battle can be fed back in another.
 */
public final class ObliviousLookup {
    private final MahjongParameters params;
    private final EntryEncoding encoding;
    private final EntryEncoding.Context context;

    public ObliviousLookup(MahjongParameters params, byte[] sessionId, int battle) {
        this.params = params;
        this.encoding = params.encoding();
        this.context = new EntryEncoding.Context(sessionId.clone(), battle);
    }

    /** A's row: the 13 plain entries t(x, k) (with padding) and their encryptions under A's battle key. */
    public record Row(List<Element> plain, List<Element> encrypted) {
        public Row {
            plain = List.copyOf(plain);
            encrypted = List.copyOf(encrypted);
        }
    }

    /** Step A(1): the encrypted row for an attacker of kind {@code attackerKind}. */
    public Row row(int attackerKind, CommutativeKey alpha, RandomGenerator random) {
        List<Element> plain = new ArrayList<>(MahjongTable.KINDS);
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            plain.add(encoding.encode(context, k, MahjongTable.t(attackerKind, k), random));
        }
        return new Row(plain, alpha.encryptAll(plain));
    }

    /** Step B(1): the column of B's own kind, under B's battle key. */
    public Element pick(List<Element> encryptedRow, int defenderKind, CommutativeKey beta) {
        return beta.encrypt(encryptedRow.get(defenderKind - 1));
    }

    /** Step A(2): A removes its key. */
    public Element strip(Element picked, CommutativeKey alpha) {
        return alpha.decrypt(picked);
    }

    /** Step B(2): the result 0, 1 or 2 of the battle, or -1 if what A sent is no entry of B's column. */
    public int read(Element stripped, int defenderKind, CommutativeKey beta) {
        return decodeEntry(defenderKind, beta.decrypt(stripped));
    }

    /** The result a plain entry of column {@code kind} stands for, or -1. */
    public int decodeEntry(int kind, Element plain) {
        return encoding.decode(context, kind, plain);
    }

    public MahjongParameters parameters() {
        return params;
    }
}
