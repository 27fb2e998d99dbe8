package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ristretto.Scalar;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every append returns the transcript itself, so statements can be written as one chain. */
class TranscriptChainingTest {
    private static final ProofContext CTX = ProofContext.of("session".getBytes(StandardCharsets.UTF_8), new byte[0],
            "alice".getBytes(StandardCharsets.UTF_8));

    @Test
    void everyAppendReturnsTheSameTranscript() {
        Transcript t = new Transcript("test/chaining", CTX);
        assertThat(t.appendEncoded("encoded", new byte[] {1, 2})).isSameAs(t);
        assertThat(t.appendScalar("scalar", Scalar.ONE)).isSameAs(t);
        assertThat(t.appendCount("count", 3)).isSameAs(t);
        assertThat(t.appendBytes("bytes", new byte[] {4})).isSameAs(t);
    }
}
