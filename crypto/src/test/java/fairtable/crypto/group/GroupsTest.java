package fairtable.crypto.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every {@link Group} makes (canonical encodings, validation on decode, card elements), and
 * the membership facts of the modular groups checked against Euler's criterion.
 */
class GroupsTest {
    private static final int DECK_SIZE = 1024;
    private static final byte[] DECK = "deck-a".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_DECK = "deck-b".getBytes(StandardCharsets.UTF_8);

    static Stream<Group> allGroups() {
        return Stream.of(Ristretto255.group(), SafePrimeGroup.modp2048(), SafePrimeGroup.ffdhe2048(),
                SafePrimeGroup.ffdhe3072(), PatentLiteralGroup.standard());
    }

    static Stream<ModularGroup> modularGroups() {
        return Stream.of(SafePrimeGroup.modp2048(), SafePrimeGroup.ffdhe2048(), SafePrimeGroup.ffdhe3072(),
                PatentLiteralGroup.standard());
    }

    static Stream<SafePrimeGroup> safePrimeGroups() {
        return Stream.of(SafePrimeGroup.modp2048(), SafePrimeGroup.ffdhe2048(), SafePrimeGroup.ffdhe3072());
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void cardElementsAreDistinctValidAndSurviveDecoding(Group group) throws InvalidElementException {
        Set<Element> seen = new HashSet<>();
        for (int index = 0; index < DECK_SIZE; index++) {
            Element card = group.cardElement(DECK, index);
            assertThat(card.group()).isSameAs(group);
            assertThat(card.encoded()).hasSize(group.elementLength());
            assertThat(group.decode(card.encoded())).as("card %d decodes to itself", index).isEqualTo(card);
            assertThat(seen.add(card)).as("card %d is new", index).isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void cardElementsAreDeterministic(Group group) {
        for (int index : new int[] {0, 1, 51, 1023}) {
            assertThat(group.cardElement(DECK.clone(), index)).isEqualTo(group.cardElement(DECK, index));
            assertThat(group.cardElement(DECK, index).encoded()).isEqualTo(group.cardElement(DECK, index).encoded());
        }
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void hashedCardElementsDependOnTheDeck(Group group) {
        List<Element> first = new ArrayList<>();
        List<Element> second = new ArrayList<>();
        for (int index = 0; index < 64; index++) {
            first.add(group.cardElement(DECK, index));
            second.add(group.cardElement(OTHER_DECK, index));
        }
        if (group instanceof PatentLiteralGroup) {
            // The patent's cards are fixed small integers: the deck name cannot change them.
            assertThat(second).isEqualTo(first);
        } else {
            assertThat(second).doesNotContainAnyElementsOf(first);
        }
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void randomElementsRoundTripThroughTheirEncoding(Group group) throws InvalidElementException {
        SplittableRandom random = new SplittableRandom(20);
        for (int i = 0; i < 8; i++) {
            Element element = group.cardElement(DECK, i).exp(group.randomInvertibleExponent(random));
            Element decoded = group.decode(element.encoded());
            assertThat(decoded).isEqualTo(element);
            assertThat(decoded.hashCode()).isEqualTo(element.hashCode());
            assertThat(decoded.encoded()).isEqualTo(element.encoded());
        }
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void decodeRejectsWrongLengths(Group group) {
        byte[] valid = group.cardElement(DECK, 0).encoded();
        for (int length : new int[] {0, 1, group.elementLength() - 1, group.elementLength() + 1, 2 * group.elementLength()}) {
            byte[] encoding = Arrays.copyOf(valid, length);
            assertThatThrownBy(() -> group.decode(encoding)).as("length %d", length)
                    .isInstanceOf(InvalidElementException.class);
        }
        // A valid encoding with a leading zero byte is the same integer but not the canonical length.
        byte[] padded = new byte[valid.length + 1];
        System.arraycopy(valid, 0, padded, 1, valid.length);
        assertThatThrownBy(() -> group.decode(padded)).isInstanceOf(InvalidElementException.class);
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void decodeRejectsAllZeroBytes(Group group) {
        assertThatThrownBy(() -> group.decode(new byte[group.elementLength()]))
                .isInstanceOf(InvalidElementException.class);
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void decodeDoesNotAliasItsInput(Group group) throws InvalidElementException {
        byte[] encoding = group.cardElement(DECK, 3).encoded();
        Element decoded = group.decode(encoding);
        encoding[encoding.length - 1] ^= 1;
        assertThat(decoded).isEqualTo(group.cardElement(DECK, 3));
        byte[] out = decoded.encoded();
        out[0] ^= 1;
        assertThat(decoded).isEqualTo(group.cardElement(DECK, 3));
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void onlyTheLiteralGroupIsInsecure(Group group) {
        assertThat(group.isSecure()).isEqualTo(!(group instanceof PatentLiteralGroup));
    }

    @ParameterizedTest
    @MethodSource("allGroups")
    void zeroAndTheExponentModulusAreNotInvertible(Group group) {
        assertThat(group.isInvertible(BigInteger.ZERO)).isFalse();
        assertThat(group.isInvertible(group.exponentModulus())).isFalse();
        assertThat(group.isInvertible(BigInteger.ONE)).isTrue();
        assertThat(group.isInvertible(group.exponentModulus().subtract(BigInteger.ONE))).isTrue();
    }

    @ParameterizedTest
    @MethodSource("modularGroups")
    void modularDecodeRejectsTheIdentityAndValuesOutsideOneToP(ModularGroup group) {
        BigInteger p = group.modulus();
        for (BigInteger v : new BigInteger[] {
            BigInteger.ONE, p, p.add(BigInteger.ONE), p.add(BigInteger.TWO),
            BigInteger.ONE.shiftLeft(8 * group.elementLength()).subtract(BigInteger.ONE)
        }) {
            assertThatThrownBy(() -> group.decode(fixedLength(v, group.elementLength())))
                    .as("value %s", v.toString(16))
                    .isInstanceOf(InvalidElementException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("modularGroups")
    void modularEncodingIsFixedLengthBigEndian(ModularGroup group) throws InvalidElementException {
        Element four = group.decode(fixedLength(BigInteger.valueOf(4), group.elementLength()));
        assertThat(group.valueOf(four)).isEqualTo(BigInteger.valueOf(4));
        byte[] encoded = four.encoded();
        assertThat(encoded).hasSize(group.elementLength());
        assertThat(encoded[encoded.length - 1]).isEqualTo((byte) 4);
        assertThat(Arrays.copyOf(encoded, encoded.length - 1)).containsOnly(0);
    }

    @ParameterizedTest
    @MethodSource("safePrimeGroups")
    void minusOneIsANonResidueAndRejected(SafePrimeGroup group) {
        BigInteger p = group.modulus();
        BigInteger minusOne = p.subtract(BigInteger.ONE);
        // p = 3 mod 4 for a safe prime, so -1 is not a square (Euler: (-1)^q = -1 as q is odd).
        assertThat(euler(minusOne, p)).isEqualTo(-1);
        assertThatThrownBy(() -> group.decode(fixedLength(minusOne, group.elementLength())))
                .isInstanceOf(InvalidElementException.class);
    }

    @ParameterizedTest
    @MethodSource("safePrimeGroups")
    void twoIsAResidueForTheseRfcPrimesAndAccepted(SafePrimeGroup group) throws InvalidElementException {
        // Both RFCs chose p = 7 mod 8, where 2 is a square: the generator 2 lies in the prime-order subgroup.
        BigInteger p = group.modulus();
        assertThat(p.mod(BigInteger.valueOf(8))).isEqualTo(BigInteger.valueOf(7));
        assertThat(euler(BigInteger.TWO, p)).isEqualTo(1);
        assertThat(group.valueOf(group.decode(fixedLength(BigInteger.TWO, group.elementLength()))))
                .isEqualTo(BigInteger.TWO);
        // -2 = (-1)(2) is then a non-square, outside the subgroup.
        BigInteger minusTwo = p.subtract(BigInteger.TWO);
        assertThat(euler(minusTwo, p)).isEqualTo(-1);
        assertThatThrownBy(() -> group.decode(fixedLength(minusTwo, group.elementLength())))
                .isInstanceOf(InvalidElementException.class);
    }

    @ParameterizedTest
    @MethodSource("safePrimeGroups")
    void decodeAcceptsExactlyTheQuadraticResidues(SafePrimeGroup group) {
        BigInteger p = group.modulus();
        SplittableRandom random = new SplittableRandom(7);
        int residues = 0;
        int nonResidues = 0;
        for (int i = 0; i < 24; i++) {
            byte[] bytes = new byte[group.elementLength()];
            random.nextBytes(bytes);
            BigInteger v = new BigInteger(1, bytes).mod(p.subtract(BigInteger.TWO)).add(BigInteger.TWO);
            byte[] encoding = fixedLength(v, group.elementLength());
            if (euler(v, p) == 1) {
                residues++;
                try {
                    assertThat(group.valueOf(group.decode(encoding))).isEqualTo(v);
                } catch (InvalidElementException e) {
                    throw new AssertionError("a quadratic residue was rejected", e);
                }
            } else {
                nonResidues++;
                assertThatThrownBy(() -> group.decode(encoding)).isInstanceOf(InvalidElementException.class);
            }
        }
        assertThat(residues).isPositive();
        assertThat(nonResidues).isPositive();
    }

    @ParameterizedTest
    @MethodSource("safePrimeGroups")
    void cardElementsLieInThePrimeOrderSubgroup(SafePrimeGroup group) {
        BigInteger p = group.modulus();
        BigInteger q = group.exponentModulus();
        for (int index = 0; index < 16; index++) {
            BigInteger v = group.valueOf(group.cardElement(DECK, index));
            assertThat(v.modPow(q, p)).as("card %d to the power q", index).isEqualTo(BigInteger.ONE);
            assertThat(v.compareTo(BigInteger.ONE)).isPositive();
        }
    }

    @Test
    void literalCardsAreTheIntegersFromTwo() {
        PatentLiteralGroup group = PatentLiteralGroup.standard();
        for (int index = 0; index < DECK_SIZE; index++) {
            assertThat(group.valueOf(group.cardElement(DECK, index))).isEqualTo(BigInteger.valueOf(index + 2L));
        }
    }

    @Test
    void literalGroupAcceptsEveryUnitButOne() throws InvalidElementException {
        PatentLiteralGroup group = PatentLiteralGroup.standard();
        BigInteger p = group.modulus();
        // No subgroup check: the non-residues p-2 and p-1 are accepted.
        assertThat(euler(p.subtract(BigInteger.TWO), p)).isEqualTo(-1);
        assertThat(euler(p.subtract(BigInteger.ONE), p)).isEqualTo(-1);
        for (BigInteger v : new BigInteger[] {BigInteger.TWO, p.subtract(BigInteger.TWO), p.subtract(BigInteger.ONE)}) {
            assertThat(group.valueOf(group.decode(fixedLength(v, group.elementLength())))).isEqualTo(v);
        }
        assertThat(group.exponentModulus()).isEqualTo(p.subtract(BigInteger.ONE));
    }

    @Test
    void literalGroupWithASmallPrimeRunsOutOfCards() {
        PatentLiteralGroup group = PatentLiteralGroup.withPrime(BigInteger.valueOf(257));
        assertThat(group.valueOf(group.cardElement(DECK, 254))).isEqualTo(BigInteger.valueOf(256));
        assertThatThrownBy(() -> group.cardElement(DECK, 255)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void literalGroupHasNoCardBelowIndexZero() {
        // Index -1 would be the integer 1, the identity, which every key maps to itself; -2 would be 0.
        PatentLiteralGroup group = PatentLiteralGroup.standard();
        for (int index : new int[] {-1, -2, -3, Integer.MIN_VALUE}) {
            assertThatThrownBy(() -> group.cardElement(DECK, index)).as("index %d", index)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void literalGroupRequiresAPrime() {
        assertThatThrownBy(() -> PatentLiteralGroup.withPrime(BigInteger.valueOf(255)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PatentLiteralGroup.withPrime(BigInteger.valueOf(65_537L * 65_539L)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PatentLiteralGroup.withPrime(BigInteger.valueOf(127)))
                .as("too small to hold a deck")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void elementsOfDifferentGroupsAreNotEqual() {
        Element inSafeGroup = SafePrimeGroup.modp2048().cardElement(DECK, 0);
        BigInteger sameValue = SafePrimeGroup.modp2048().valueOf(inSafeGroup);
        Element inLiteralGroup = PatentLiteralGroup.standard().cardElement(DECK, 0).exp(BigInteger.ONE);
        assertThat(inSafeGroup.encoded()).hasSameSizeAs(inLiteralGroup.encoded());
        try {
            Element sameBytes = PatentLiteralGroup.standard().decode(fixedLength(sameValue, 256));
            assertThat(sameBytes.encoded()).isEqualTo(inSafeGroup.encoded());
            assertThat(sameBytes).isNotEqualTo(inSafeGroup);
        } catch (InvalidElementException e) {
            throw new AssertionError(e);
        }
        assertThatThrownBy(() -> PatentLiteralGroup.standard().valueOf(inSafeGroup))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static byte[] fixedLength(BigInteger v, int length) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[length];
        int copy = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copy, out, length - copy, copy);
        return out;
    }

    /** Euler's criterion: 1 for a non-zero square modulo the prime p, -1 for a non-square. */
    static int euler(BigInteger v, BigInteger p) {
        BigInteger r = v.modPow(p.subtract(BigInteger.ONE).shiftRight(1), p);
        return r.equals(BigInteger.ONE) ? 1 : r.signum() == 0 ? 0 : -1;
    }
}
