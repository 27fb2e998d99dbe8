package fairtable.net.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class FrameReaderTest {
    private static byte[] framed(List<byte[]> frames) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (byte[] frame : frames) {
            out.writeInt(frame.length);
            out.write(frame);
        }
        return bytes.toByteArray();
    }

    /** Hands out the bytes in random small pieces and times out at random between them, like a slow network. */
    private static final class StutteringStream extends InputStream {
        private final byte[] data;
        private final SplittableRandom random;
        private int position;

        StutteringStream(byte[] data, SplittableRandom random) {
            this.data = data;
            this.random = random;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (random.nextInt(3) == 0) {
                throw new SocketTimeoutException("simulated");
            }
            if (position == data.length) {
                return -1;
            }
            int n = Math.min(len, Math.min(data.length - position, 1 + random.nextInt(7)));
            System.arraycopy(data, position, b, off, n);
            position += n;
            return n;
        }
    }

    @RepeatedTest(20)
    void framesSurviveTimeoutsAtAnyByte(RepetitionInfo repetition) throws IOException {
        SplittableRandom random = new SplittableRandom(repetition.getCurrentRepetition());
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            byte[] frame = new byte[random.nextInt(40)];
            random.nextBytes(frame);
            frames.add(frame);
        }
        FrameReader reader = new FrameReader(new StutteringStream(framed(frames), random), 1000);
        List<byte[]> received = new ArrayList<>();
        int timeouts = 0;
        while (received.size() < frames.size()) {
            try {
                received.add(reader.next());
            } catch (SocketTimeoutException e) {
                timeouts++;
            }
        }
        assertThat(received).containsExactlyElementsOf(frames);
        assertThat(timeouts).isPositive();
    }

    @Test
    void theEndBetweenFramesIsTheEndOfTheStream() throws IOException {
        FrameReader reader = new FrameReader(new ByteArrayInputStream(framed(List.of(new byte[] {9}))), 1000);
        assertThat(reader.next()).containsExactly(9);
        assertThatThrownBy(reader::next).isInstanceOf(EOFException.class);
    }

    @Test
    void theEndInsideAFrameIsAnError() throws IOException {
        byte[] cut = framed(List.of(new byte[] {1, 2, 3}));
        FrameReader reader = new FrameReader(new ByteArrayInputStream(cut, 0, cut.length - 1), 1000);
        assertThatThrownBy(reader::next).isInstanceOf(IOException.class).isNotInstanceOf(EOFException.class)
                .hasMessageContaining("inside a frame");
    }

    @Test
    void anOversizedFrameIsRefusedBeforeAllocation() {
        byte[] header = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        FrameReader reader = new FrameReader(new ByteArrayInputStream(header), TlsTransport.MAX_FRAME);
        assertThatThrownBy(reader::next).isInstanceOf(IOException.class).hasMessageContaining("limit");

        byte[] justOver = {0, 0, 0, 11};
        assertThatThrownBy(new FrameReader(new ByteArrayInputStream(justOver), 10)::next)
                .hasMessageContaining("limit");
    }
}
