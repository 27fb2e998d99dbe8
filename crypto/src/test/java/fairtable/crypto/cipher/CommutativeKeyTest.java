package fairtable.crypto.cipher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.Ristretto255;
import fairtable.crypto.group.SafePrimeGroup;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The SRA / Pohlig-Hellman cipher's algebra in every group family, with seeded random keys. */
class CommutativeKeyTest {
    private static final byte[] DECK = "cipher-test-deck".getBytes(StandardCharsets.UTF_8);

    static Stream<Group> groups() {
        return Stream.of(Ristretto255.group(), SafePrimeGroup.modp2048(), SafePrimeGroup.ffdhe2048(),
                SafePrimeGroup.ffdhe3072(), PatentLiteralGroup.standard());
    }

    /** Each group with three seeds. */
    static Stream<Arguments> groupsAndSeeds() {
        return groups().flatMap(g -> Stream.of(1L, 2L, 3L).map(seed -> Arguments.of(g, seed)));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("groupsAndSeeds")
    void encryptionsUnderTwoKeysCommute(Group group, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CommutativeKey a = CommutativeKey.generate(group, random);
        CommutativeKey b = CommutativeKey.generate(group, random);
        Element v = group.cardElement(DECK, (int) seed);
        Element ab = b.encrypt(a.encrypt(v));
        Element ba = a.encrypt(b.encrypt(v));
        assertThat(ab).isEqualTo(ba);
        assertThat(ab).isNotEqualTo(v);
        // Either key can be removed first.
        assertThat(a.decrypt(ab)).isEqualTo(b.encrypt(v));
        assertThat(b.decrypt(a.decrypt(ab))).isEqualTo(v);
        assertThat(a.decrypt(b.decrypt(ab))).isEqualTo(v);
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("groupsAndSeeds")
    void theInverseKeyUndoesEncryption(Group group, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CommutativeKey key = CommutativeKey.generate(group, random);
        Element v = group.cardElement(DECK, 7);
        Element c = key.encrypt(v);
        assertThat(c).isNotEqualTo(v);
        assertThat(key.decrypt(c)).isEqualTo(v);
        assertThat(key.inverse().encrypt(c)).isEqualTo(v);
        assertThat(key.inverse().decrypt(v)).isEqualTo(c);
        assertThat(key.exponent().multiply(key.inverse().exponent()).mod(group.exponentModulus()))
                .isEqualTo(BigInteger.ONE);
        assertThat(key.inverse().inverse().exponent()).isEqualTo(key.exponent());
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("groupsAndSeeds")
    void composedKeysApplyBothInTurn(Group group, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CommutativeKey a = CommutativeKey.generate(group, random);
        CommutativeKey b = CommutativeKey.generate(group, random);
        Element v = group.cardElement(DECK, 11);
        assertThat(a.then(b).encrypt(v)).isEqualTo(b.encrypt(a.encrypt(v)));
        assertThat(a.then(b).decrypt(b.encrypt(a.encrypt(v)))).isEqualTo(v);
        assertThat(a.then(a.inverse()).encrypt(v)).isEqualTo(v);
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("groupsAndSeeds")
    void encryptAllAndDecryptAllKeepOrder(Group group, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CommutativeKey key = CommutativeKey.generate(group, random);
        List<Element> cards = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            cards.add(group.cardElement(DECK, i));
        }
        List<Element> encrypted = key.encryptAll(cards);
        assertThat(encrypted).hasSize(5);
        for (int i = 0; i < 5; i++) {
            assertThat(encrypted.get(i)).isEqualTo(key.encrypt(cards.get(i)));
        }
        assertThat(encrypted).doesNotHaveDuplicates().doesNotContainAnyElementsOf(cards);
        assertThat(key.decryptAll(encrypted)).containsExactlyElementsOf(cards);
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("groupsAndSeeds")
    void generatedKeysAreInvertibleAndReduced(Group group, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 4; i++) {
            CommutativeKey key = CommutativeKey.generate(group, random);
            assertThat(key.group()).isSameAs(group);
            assertThat(key.exponent().signum()).isPositive();
            assertThat(key.exponent()).isLessThan(group.exponentModulus());
            assertThat(key.exponent().gcd(group.exponentModulus())).isEqualTo(BigInteger.ONE);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void ofReducesTheExponent(Group group) {
        BigInteger n = group.exponentModulus();
        BigInteger k = BigInteger.valueOf(65_537);
        assertThat(CommutativeKey.of(group, k.add(n)).exponent()).isEqualTo(k);
        assertThat(CommutativeKey.of(group, k.subtract(n.shiftLeft(1))).exponent()).isEqualTo(k);
        Element v = group.cardElement(DECK, 2);
        assertThat(CommutativeKey.of(group, k.add(n)).encrypt(v)).isEqualTo(CommutativeKey.of(group, k).encrypt(v));
        assertThat(CommutativeKey.of(group, BigInteger.ONE).encrypt(v)).isEqualTo(v);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void ofRejectsNonInvertibleExponents(Group group) {
        BigInteger n = group.exponentModulus();
        for (BigInteger bad : new BigInteger[] {BigInteger.ZERO, n, n.shiftLeft(1), n.negate()}) {
            assertThatThrownBy(() -> CommutativeKey.of(group, bad)).as("exponent %s", bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void keysOfDifferentGroupsDoNotCompose(Group group) {
        Group other = group == Ristretto255.group() ? SafePrimeGroup.modp2048() : Ristretto255.group();
        CommutativeKey mine = CommutativeKey.of(group, BigInteger.valueOf(65_537));
        CommutativeKey theirs = CommutativeKey.of(other, BigInteger.valueOf(65_537));
        assertThatThrownBy(() -> mine.then(theirs)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void evenExponentsHaveNoInverseInTheLiteralGroup() {
        // p - 1 is even, so an even exponent shares the factor 2 with it.
        PatentLiteralGroup group = PatentLiteralGroup.standard();
        for (long even : new long[] {2, 4, 65_536}) {
            assertThatThrownBy(() -> CommutativeKey.of(group, BigInteger.valueOf(even)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        // The prime-order groups accept the same even exponents.
        assertThat(CommutativeKey.of(SafePrimeGroup.modp2048(), BigInteger.TWO).exponent()).isEqualTo(BigInteger.TWO);
        assertThat(CommutativeKey.of(Ristretto255.group(), BigInteger.TWO).exponent()).isEqualTo(BigInteger.TWO);
    }
}
