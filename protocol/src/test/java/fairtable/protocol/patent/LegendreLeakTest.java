package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.math.Jacobi;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.patent.PatentMessage.Reveal;
import fairtable.protocol.patent.PatentObserver.Event;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Lipton's attack on the literal patent arithmetic: every key is coprime to N-1, hence odd, so the Legendre
 * symbol of a card survives every encryption. A sees B's picks at step 2, under a1*b1, and reads the residue
 * bit of every card B drew. In the fixed modes every value is in a prime-order group and no visible bit of a
 * ciphertext says anything about the card.
 */
class LegendreLeakTest {

    /** For each of B's cards as A saw it at step 2: the ciphertext, and the card it really is. */
    private record Observation(Element seenByA, Element card) {}

    @Test
    void inTheLiteralModeAPredictsTheResidueBitOfEveryCardBDrewWithCertainty() throws Exception {
        PatentLiteralGroup group = (PatentLiteralGroup) PatentMode.LITERAL.group();
        Function<Element, Integer> legendre = e -> Jacobi.symbol(group.valueOf(e), group.modulus());
        List<Observation> seen = observe(PatentMode.LITERAL, 20, 6, 8);
        long right = seen.stream().filter(o -> legendre.apply(o.seenByA).equals(legendre.apply(o.card))).count();
        assertThat(right).isEqualTo(seen.size());
        // Not a constant: the bit really varies from card to card, so the prediction carries information.
        assertThat(seen.stream().map(o -> legendre.apply(o.card)).distinct()).hasSize(2);
    }

    @Test
    void inTheSafePrimeModeTheSameAttackIsAtChance() throws Exception {
        var group = (fairtable.crypto.group.SafePrimeGroup) PatentMode.SAFE_PRIME.group();
        List<Observation> seen = observe(PatentMode.SAFE_PRIME, 20, 6, 20);
        // The Legendre symbol is +1 for every value: it cannot tell any two cards apart.
        assertThat(seen).allMatch(o -> Jacobi.symbol(group.valueOf(o.seenByA), group.modulus()) == 1);
        // The best visible bit of a ciphertext, its lowest bit, predicts the card's lowest bit at chance.
        assertAtChance(seen, e -> group.valueOf(e).testBit(0));
    }

    @Test
    void inTheRistrettoModeTheSameAttackIsAtChance() throws Exception {
        List<Observation> seen = observe(PatentMode.RISTRETTO, 20, 6, 60);
        // Bit 0 of an encoding is always 0 (canonical encodings are non-negative); bit 1 is the first that varies.
        assertAtChance(seen, e -> (e.encoded()[0] & 2) == 2);
    }

    /** A guess from the ciphertext matches the card's bit about half the time: within 4 standard deviations. */
    private static void assertAtChance(List<Observation> seen, Function<Element, Boolean> bit) {
        long right = seen.stream().filter(o -> bit.apply(o.seenByA).equals(bit.apply(o.card))).count();
        double n = seen.size();
        double sigma = Math.sqrt(n / 4);
        assertThat(Math.abs(right - n / 2)).as(right + " right of " + seen.size()).isLessThan(4 * sigma);
        // The bit itself is balanced across cards, so chance really is one half.
        long ones = seen.stream().filter(o -> bit.apply(o.card)).count();
        assertThat(Math.abs(ones - n / 2)).isLessThan(4 * sigma);
    }

    /** Plays games and pairs each value of B's step-2 picks (what A sees) with the card it hides. */
    private static List<Observation> observe(PatentMode mode, int k, int x, int games) throws Exception {
        PatentParameters params = new PatentParameters(mode, k, x);
        java.util.ArrayList<Observation> out = new java.util.ArrayList<>();
        for (int game = 0; game < games; game++) {
            Table table = new Table(params, 4242L + game).deal().finish();
            PatentObserver replay = new PatentObserver(params, List.of("alice", "bob"));
            Deal2 step2 = null;
            BigInteger a1 = null;
            BigInteger b1 = null;
            for (Envelope e : table.alice.transcript().envelopes()) {
                if (e.type().equals(Hello.TYPE)) {
                    continue;
                }
                Event ev = replay.parse(e);
                replay.apply(ev);
                if (ev.message() instanceof Deal2 d) {
                    step2 = d;
                } else if (ev.message() instanceof Reveal r) {
                    if (ev.seat() == 0) {
                        a1 = r.exponents().get(0);
                    } else {
                        b1 = r.exponents().get(0);
                    }
                }
            }
            BigInteger unlock = a1.multiply(b1).modInverse(params.group().exponentModulus());
            for (Element v : step2.jb()) {
                Element card = v.exp(unlock);
                assertThat(params.deck().cardOf(card)).isNotNegative();
                out.add(new Observation(v, card));
            }
        }
        return out;
    }
}
