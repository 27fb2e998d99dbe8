package fairtable.crypto.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ristretto255 against the test vectors of RFC 9496, appendix A:
 *
 * <ul>
 *   <li>A.1 "Multiples of the Generator": the encodings of [0]B ... [15]B;
 *   <li>A.2 "Invalid Encodings": 29 byte strings in five classes that decode must reject;
 *   <li>A.3 "Group Elements from Uniform Byte Strings": 11 (I, O) pairs for the element derivation of
 *       section 4.3.4. The first seven inputs I are SHA-512 of the seven "Ristretto is traditionally ..."
 *       label lines; the last four are edge-case inputs that all map to the same element.
 * </ul>
 *
 * The values were copied from the RFC's vectors as carried by independent implementations and compared
 * between them: A.1 in curve25519-elisabeth's RistrettoElementTest, gtank/ristretto255, noble-curves and
 * the sage reference (claucece/sage-ristretto255-decaf448, vectors.txt "from the draft"); A.2 in
 * curve25519-elisabeth, gtank/ristretto255, noble-curves and libsodium's core_ristretto255 test; A.3 in
 * gtank/ristretto255, noble-curves and libsodium (the inputs I), and the four edge cases in crrl, the
 * RFC's sage test script and Odin's core test suite.
 */
class Ristretto255VectorsTest {
    private static final Ristretto255 GROUP = Ristretto255.group();
    private static final HexFormat HEX = HexFormat.of();

    /** RFC 9496 A.1: B[k] for k = 0..15 (B[0] is the identity). */
    private static final String[] MULTIPLES_OF_GENERATOR = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
        "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
        "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
        "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
        "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
        "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
        "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
        "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
        "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
        "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
        "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
        "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
        "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
        "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
        "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
    };

    /** RFC 9496 A.2, in the RFC's five classes. */
    static Stream<Arguments> invalidEncodings() {
        return Stream.of(
                Arguments.of("non-canonical field encoding",
                        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"),
                Arguments.of("non-canonical field encoding",
                        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                Arguments.of("non-canonical field encoding",
                        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                Arguments.of("non-canonical field encoding",
                        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                Arguments.of("negative field element",
                        "0100000000000000000000000000000000000000000000000000000000000000"),
                Arguments.of("negative field element",
                        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                Arguments.of("negative field element",
                        "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20"),
                Arguments.of("negative field element",
                        "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562"),
                Arguments.of("negative field element",
                        "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78"),
                Arguments.of("negative field element",
                        "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24"),
                Arguments.of("negative field element",
                        "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72"),
                Arguments.of("negative field element",
                        "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309"),
                Arguments.of("non-square x^2",
                        "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371"),
                Arguments.of("non-square x^2",
                        "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f"),
                Arguments.of("non-square x^2",
                        "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b"),
                Arguments.of("non-square x^2",
                        "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042"),
                Arguments.of("non-square x^2",
                        "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08"),
                Arguments.of("non-square x^2",
                        "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22"),
                Arguments.of("non-square x^2",
                        "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731"),
                Arguments.of("non-square x^2",
                        "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b"),
                Arguments.of("negative x * y value",
                        "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e"),
                Arguments.of("negative x * y value",
                        "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220"),
                Arguments.of("negative x * y value",
                        "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e"),
                Arguments.of("negative x * y value",
                        "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32"),
                Arguments.of("negative x * y value",
                        "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b"),
                Arguments.of("negative x * y value",
                        "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165"),
                Arguments.of("negative x * y value",
                        "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e"),
                Arguments.of("negative x * y value",
                        "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b"),
                Arguments.of("s = -1, which causes y = 0",
                        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));
    }

    /** RFC 9496 A.3, first seven inputs: the label lines, their SHA-512 (the RFC's I) and the output O. */
    static Stream<Arguments> labelledUniformBytes() {
        return Stream.of(
                Arguments.of("Ristretto is traditionally a short shot of espresso coffee",
                        "5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
                                + "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
                        "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"),
                Arguments.of("made with the normal amount of ground coffee but extracted with",
                        "f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b27"
                                + "0102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
                        "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b"),
                Arguments.of("about half the amount of water in the same amount of time",
                        "8422e1bbdaab52938b81fd602effb6f89110e1e57208ad12d9ad767e2e25510c"
                                + "27140775f9337088b982d83d7fcf0b2fa1edffe51952cbe7365e95c86eaf325c",
                        "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826"),
                Arguments.of("by using a finer grind.",
                        "ac22415129b61427bf464e17baee8db65940c233b98afce8d17c57beeb7876c2"
                                + "150d15af1cb1fb824bbd14955f2b57d08d388aab431a391cfc33d5bafb5dbbaf",
                        "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a"),
                Arguments.of("This produces a concentrated shot of coffee per volume.",
                        "165d697a1ef3d5cf3c38565beefcf88c0f282b8e7dbd28544c483432f1cec767"
                                + "5debea8ebb4e5fe7d6f6e5db15f15587ac4d4d4a1de7191e0c1ca6664abcc413",
                        "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179"),
                Arguments.of("Just pulling a normal shot short will produce a weaker shot",
                        "a836e6c9a9ca9f1e8d486273ad56a78c70cf18f0ce10abb1c7172ddd605d7fd2"
                                + "979854f47ae1ccf204a33102095b4200e5befc0465accc263175485f0e17ea5c",
                        "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628"),
                Arguments.of("and is not a Ristretto as some believe.",
                        "2cdc11eaeb95daf01189417cdddbf95952993aa9cb9c640eb5058d09702c7462"
                                + "2c9965a697a3b345ec24ee56335b556e677b30e6f90ac77d781064f866a3c982",
                        "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065"));
    }

    /**
     * RFC 9496 A.3, last four inputs: each half is a non-canonical or high-bit-set field encoding, so the
     * map must mask bit 255 and reduce modulo p; all four give the same element.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                + "1200000000000000000000000000000000000000000000000000000000000000",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                + "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "0000000000000000000000000000000000000000000000000000000000000080"
                + "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000000"
                + "1200000000000000000000000000000000000000000000000000000000000080",
    })
    void edgeCaseUniformBytesMapToThePublishedElement(String input) {
        assertThat(HEX.formatHex(GROUP.fromUniformBytes(HEX.parseHex(input)).encoded()))
                .isEqualTo("304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f");
    }

    @ParameterizedTest(name = "[{0}]B")
    @MethodSource("multiplesOneToFifteen")
    void generatorMultiplesEncodeAsPublished(int k) {
        assertThat(HEX.formatHex(GROUP.generatorTimes(BigInteger.valueOf(k)).encoded()))
                .isEqualTo(MULTIPLES_OF_GENERATOR[k]);
    }

    @ParameterizedTest(name = "[{0}]B")
    @MethodSource("multiplesOneToFifteen")
    void generatorMultiplesDecodeAndReencode(int k) throws InvalidElementException {
        Element decoded = GROUP.decode(HEX.parseHex(MULTIPLES_OF_GENERATOR[k]));
        assertThat(decoded).isEqualTo(GROUP.generatorTimes(BigInteger.valueOf(k)));
        assertThat(HEX.formatHex(decoded.encoded())).isEqualTo(MULTIPLES_OF_GENERATOR[k]);
    }

    static IntStream multiplesOneToFifteen() {
        return IntStream.rangeClosed(1, 15);
    }

    @Test
    void zeroTimesGeneratorIsTheIdentityWhichDecodeRejects() {
        assertThat(HEX.formatHex(GROUP.generatorTimes(BigInteger.ZERO).encoded()))
                .isEqualTo(MULTIPLES_OF_GENERATOR[0]);
        assertThatThrownBy(() -> GROUP.decode(HEX.parseHex(MULTIPLES_OF_GENERATOR[0])))
                .isInstanceOf(InvalidElementException.class);
    }

    @Test
    void exponentiationOfDecodedMultiplesMatchesThePublishedProducts() throws InvalidElementException {
        // [a]([b]B) = [ab]B for every product that stays within the table.
        for (int a = 1; a <= 15; a++) {
            Element multiple = GROUP.decode(HEX.parseHex(MULTIPLES_OF_GENERATOR[a]));
            for (int b = 1; a * b <= 15; b++) {
                assertThat(HEX.formatHex(multiple.exp(BigInteger.valueOf(b)).encoded()))
                        .as("[%d][%d]B", b, a)
                        .isEqualTo(MULTIPLES_OF_GENERATOR[a * b]);
            }
        }
    }

    @Test
    void exponentsAreReducedModuloTheGroupOrder() {
        Element seven = GROUP.generatorTimes(BigInteger.valueOf(7));
        assertThat(GROUP.generatorTimes(Ristretto255.ORDER.add(BigInteger.valueOf(7)))).isEqualTo(seven);
        assertThat(GROUP.generatorTimes(BigInteger.valueOf(7).subtract(Ristretto255.ORDER))).isEqualTo(seven);
        assertThat(HEX.formatHex(seven.exp(Ristretto255.ORDER).encoded())).isEqualTo(MULTIPLES_OF_GENERATOR[0]);
        // (l-1)^2 = 1 mod l, so applying the exponent l-1 twice gives B back.
        assertThat(GROUP.generatorTimes(BigInteger.ONE).exp(Ristretto255.ORDER.subtract(BigInteger.ONE))
                        .exp(Ristretto255.ORDER.subtract(BigInteger.ONE)))
                .isEqualTo(GROUP.generatorTimes(BigInteger.ONE));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("invalidEncodings")
    void invalidEncodingsAreRejected(String reason, String encoding) {
        assertThatThrownBy(() -> GROUP.decode(HEX.parseHex(encoding))).isInstanceOf(InvalidElementException.class);
    }

    @Test
    void theInvalidEncodingListIsComplete() {
        // The RFC lists 4 + 8 + 8 + 8 + 1 = 29 invalid encodings.
        assertThat(invalidEncodings().count()).isEqualTo(29);
        assertThat(invalidEncodings().map(a -> a.get()[1]).distinct().count()).isEqualTo(29);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 31, 33, 64})
    void wrongLengthsAreRejected(int length) {
        byte[] encoding = new byte[length];
        if (length > 0) {
            // Otherwise a valid point: the generator's encoding, truncated or extended.
            byte[] generator = HEX.parseHex(MULTIPLES_OF_GENERATOR[1]);
            System.arraycopy(generator, 0, encoding, 0, Math.min(length, 32));
        }
        assertThatThrownBy(() -> GROUP.decode(encoding)).isInstanceOf(InvalidElementException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("labelledUniformBytes")
    void hashToGroupOfLabelsGivesThePublishedElements(String label, String sha512, String element) {
        byte[] uniform = sha512(label.getBytes(StandardCharsets.UTF_8));
        assertThat(HEX.formatHex(uniform)).as("SHA-512 of the label (the RFC's input I)").isEqualTo(sha512);
        assertThat(HEX.formatHex(GROUP.fromUniformBytes(uniform).encoded())).isEqualTo(element);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 32, 63, 65})
    void fromUniformBytesRejectsWrongLengths(int length) {
        assertThatThrownBy(() -> GROUP.fromUniformBytes(new byte[length]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] sha512(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-512").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
