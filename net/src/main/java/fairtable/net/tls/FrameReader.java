package fairtable.net.tls;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;

/**
 * Reads frames (a big-endian u32 length, then that many bytes) and survives read timeouts: bytes of a
 * frame already read are kept, so a receive that times out in the middle of a frame loses nothing and the
 * next receive carries on.
 */
final class FrameReader {
    private final InputStream in;
    private final int maxFrame;
    private final byte[] header = new byte[4];
    private int headerFilled;
    private byte[] body;
    private int bodyFilled;

    FrameReader(InputStream in, int maxFrame) {
        this.in = in;
        this.maxFrame = maxFrame;
    }

    /**
     * The next frame.
     *
     * @throws SocketTimeoutException if the stream timed out; call again to continue the same frame
     * @throws EOFException if the stream ended between frames
     * @throws IOException if the stream ended inside a frame or announced a frame over the limit
     */
    byte[] next() throws IOException {
        while (headerFilled < header.length) {
            int n = in.read(header, headerFilled, header.length - headerFilled);
            if (n < 0) {
                if (headerFilled == 0) {
                    throw new EOFException("end of stream");
                }
                throw new IOException("the stream ended inside a frame header");
            }
            headerFilled += n;
        }
        if (body == null) {
            long length = ((header[0] & 0xFFL) << 24) | ((header[1] & 0xFF) << 16) | ((header[2] & 0xFF) << 8)
                    | (header[3] & 0xFF);
            if (length > maxFrame) {
                throw new IOException("a frame of " + length + " bytes was announced; the limit is " + maxFrame);
            }
            body = new byte[(int) length];
            bodyFilled = 0;
        }
        while (bodyFilled < body.length) {
            int n = in.read(body, bodyFilled, body.length - bodyFilled);
            if (n < 0) {
                throw new IOException("the stream ended inside a frame, after " + bodyFilled + " of " + body.length
                        + " bytes");
            }
            bodyFilled += n;
        }
        byte[] frame = body;
        body = null;
        headerFilled = 0;
        return frame;
    }
}
