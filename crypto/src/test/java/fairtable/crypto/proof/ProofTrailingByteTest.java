package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.MalformedEncodingException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A proof is exactly its fields: a valid encoding with one byte appended is refused, not read up to its length.
 * (The exact-length check comes before the field reader's end check, so this test pins the former.)
 */
class ProofTrailingByteTest {

    /** Random canonical scalars: 32 bytes each with the top byte cleared, so each is below the group order. */
    private static byte[] validEncoding(int scalars) {
        byte[] bytes = new byte[32 * scalars];
        new SplittableRandom(scalars).nextBytes(bytes);
        for (int i = 31; i < bytes.length; i += 32) {
            bytes[i] = 0;
        }
        return bytes;
    }

    @Test
    void aSchnorrProofWithOneTrailingByteIsRefused() throws MalformedEncodingException {
        byte[] valid = validEncoding(2);
        assertThat(SchnorrProof.decode(valid).encode()).isEqualTo(valid);
        assertThatThrownBy(() -> SchnorrProof.decode(Arrays.copyOf(valid, 65)))
                .isInstanceOf(MalformedEncodingException.class).hasMessage("a Schnorr proof is 64 bytes, got 65");
    }

    @Test
    void aChaumPedersenProofWithOneTrailingByteIsRefused() throws MalformedEncodingException {
        byte[] valid = validEncoding(2);
        assertThat(ChaumPedersenProof.decode(valid).encode()).isEqualTo(valid);
        assertThatThrownBy(() -> ChaumPedersenProof.decode(Arrays.copyOf(valid, 65)))
                .isInstanceOf(MalformedEncodingException.class)
                .hasMessage("a Chaum-Pedersen proof is 64 bytes, got 65");
    }

    @Test
    void anEscrowProofWithOneTrailingByteIsRefused() throws MalformedEncodingException {
        byte[] valid = validEncoding(3);
        assertThat(EscrowProof.decode(valid).encode()).isEqualTo(valid);
        assertThatThrownBy(() -> EscrowProof.decode(Arrays.copyOf(valid, 97)))
                .isInstanceOf(MalformedEncodingException.class).hasMessage("an escrow proof is 96 bytes, got 97");
    }
}
