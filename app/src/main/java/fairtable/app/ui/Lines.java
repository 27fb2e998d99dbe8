package fairtable.app.ui;

import java.io.Writer;
import java.util.function.Consumer;

/** A writer that hands each whole line to {@code sink}: what the command-line parts print, turned into page notices. */
final class Lines extends Writer {
    private final Consumer<String> sink;
    private final StringBuilder line = new StringBuilder();

    Lines(Consumer<String> sink) {
        this.sink = sink;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (chars[i] == '\n') {
                sink.accept(line.toString().strip());
                line.setLength(0);
            } else {
                line.append(chars[i]);
            }
        }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
