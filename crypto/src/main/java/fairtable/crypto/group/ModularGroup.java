package fairtable.crypto.group;

import java.math.BigInteger;

/** Shared arithmetic for groups of integers modulo a prime p, with fixed-length big-endian encodings. */
abstract class ModularGroup implements Group {
    final BigInteger p;
    private final int length;

    ModularGroup(BigInteger p) {
        this.p = p;
        this.length = (p.bitLength() + 7) / 8;
    }

    /** The prime modulus. */
    public final BigInteger modulus() {
        return p;
    }

    @Override
    public final int elementLength() {
        return length;
    }

    @Override
    public final Element decode(byte[] encoding) throws InvalidElementException {
        if (encoding.length != length) {
            throw new InvalidElementException(name() + " elements are " + length + " bytes, not " + encoding.length);
        }
        BigInteger v = new BigInteger(1, encoding);
        if (v.signum() == 0 || v.compareTo(p) >= 0) {
            throw new InvalidElementException("not an integer in [1, p-1]");
        }
        if (v.equals(BigInteger.ONE)) {
            throw new InvalidElementException("the identity element 1 is not allowed");
        }
        checkMembership(v);
        return new Residue(this, v, encoding.clone());
    }

    /** Rejects values outside the subgroup this group works in. */
    abstract void checkMembership(BigInteger value) throws InvalidElementException;

    /** The element with integer value {@code v}, which the caller guarantees is in the group. */
    final Element element(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] fixed = new byte[length];
        int copy = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copy, fixed, length - copy, copy);
        return new Residue(this, v, fixed);
    }

    /** The integer value of an element of this group. */
    public final BigInteger valueOf(Element e) {
        if (e.group() != this) {
            throw new IllegalArgumentException("element of " + e.group().name() + " used in " + name());
        }
        return ((Residue) e).value;
    }

    private static final class Residue extends Element {
        private final ModularGroup group;
        private final BigInteger value;

        Residue(ModularGroup group, BigInteger value, byte[] encoding) {
            super(encoding);
            this.group = group;
            this.value = value;
        }

        @Override
        public Group group() {
            return group;
        }

        @Override
        public Element exp(BigInteger exponent) {
            return group.element(value.modPow(exponent.mod(group.exponentModulus()), group.p));
        }
    }

    /** The RFC 3526 and RFC 7919 safe primes, as published (the tests re-derive them from pi and e). */
    static final class Primes {
        private Primes() {}

        /** RFC 3526 group 14: 2^2048 - 2^1984 - 1 + 2^64 * ([2^1918 pi] + 124476). */
        static final BigInteger RFC3526_GROUP14 = new BigInteger(
            "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
            + "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
            + "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
            + "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
            + "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
            + "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16);

        /** RFC 7919 ffdhe2048: 2^2048 - 2^1984 + ([2^1918 e] + 560316) * 2^64 - 1. */
        static final BigInteger FFDHE2048 = new BigInteger(
            "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF9"
            + "7D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
            + "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FB"
            + "B96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
            + "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA"
            + "886B423861285C97FFFFFFFFFFFFFFFF", 16);

        /** RFC 7919 ffdhe3072: 2^3072 - 2^3008 + ([2^2942 e] + 2625351) * 2^64 - 1. */
        static final BigInteger FFDHE3072 = new BigInteger(
            "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF9"
            + "7D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
            + "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FB"
            + "B96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
            + "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA"
            + "886B4238611FCFDCDE355B3B6519035BBC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C"
            + "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF5CAE82AB9C9DF69EE86D2BC522363A0D"
            + "ABC521979B0DEADA1DBF9A42D5C4484E0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B66C62E37FFFFFFFFFFFFFFFF", 16);
    }
}
