package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The context's documented limits hold at their exact edges, and its fields are copied in and out. */
class ProofContextTest {
    private static final byte[] SESSION = "session".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HASH = {1, 2, 3};
    private static final byte[] PROVER = "alice".getBytes(StandardCharsets.UTF_8);

    @Test
    void everyFieldMayBeExactly256BytesButNot257() {
        byte[] longest = new byte[ProofContext.MAX_FIELD_LENGTH];
        byte[] tooLong = new byte[ProofContext.MAX_FIELD_LENGTH + 1];
        assertThat(ProofContext.of(longest, longest, longest).sessionId()).hasSize(256);

        assertThatThrownBy(() -> ProofContext.of(tooLong, HASH, PROVER))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("session id must be 1..256 bytes, got 257");
        assertThatThrownBy(() -> ProofContext.of(SESSION, tooLong, PROVER))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("transcript hash must be 0..256 bytes, got 257");
        assertThatThrownBy(() -> ProofContext.of(SESSION, HASH, tooLong))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("prover id must be 1..256 bytes, got 257");
    }

    @Test
    void onlyTheTranscriptHashMayBeEmpty() {
        assertThat(ProofContext.of(SESSION, new byte[0], PROVER).transcriptHash()).isEmpty();
        assertThat(ProofContext.of(new byte[1], HASH, new byte[1]).proverId()).hasSize(1);

        assertThatThrownBy(() -> ProofContext.of(new byte[0], HASH, PROVER))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("session id must be 1..256 bytes, got 0");
        assertThatThrownBy(() -> ProofContext.of(SESSION, HASH, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("prover id must be 1..256 bytes, got 0");
        assertThatThrownBy(() -> ProofContext.of(null, HASH, PROVER))
                .isInstanceOf(NullPointerException.class).hasMessage("session id");
    }

    @Test
    void theFieldsAreCopiedInAndOut() {
        byte[] session = SESSION.clone();
        ProofContext context = ProofContext.of(session, HASH, PROVER);
        session[0] ^= 1;
        context.sessionId()[0] ^= 1;
        context.transcriptHash()[0] ^= 1;
        context.proverId()[0] ^= 1;

        assertThat(context.sessionId()).isEqualTo(SESSION);
        assertThat(context.transcriptHash()).isEqualTo(HASH);
        assertThat(context.proverId()).isEqualTo(PROVER);
    }
}
