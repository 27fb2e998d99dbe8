package fairtable.app;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A hosting command run in this JVM on another thread, its output watched as it is printed: the host listens on a
 * port it chooses itself (--listen 0 / --host 0) and the test reads the port from the invitation it prints, so no
 * port is probed, closed and hoped to be still free.
 */
final class InProcessHost {
    /** How a command ended: its exit code and everything it printed. */
    record Run(int code, String out) {}

    private static final Pattern INVITATION = Pattern.compile("Invitation: (fairtable://\\S+)\\R");

    private final StringBuffer text = new StringBuffer();
    private final CompletableFuture<String> invitation = new CompletableFuture<>();
    private final CompletableFuture<Run> run;

    private InProcessHost(String... args) {
        Writer watched = new Writer() {
            @Override
            public void write(char[] chars, int offset, int length) {
                text.append(chars, offset, length);
                if (!invitation.isDone()) {
                    Matcher m = INVITATION.matcher(text);
                    if (m.find()) {
                        invitation.complete(m.group(1));
                    }
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        run = CompletableFuture.supplyAsync(() -> {
            PrintWriter out = new PrintWriter(watched, true);
            return new Run(Main.run(out, out, args), text.toString());
        });
        run.whenComplete((r, e) -> invitation.completeExceptionally(
                new AssertionError("the host ended without an invitation:\n" + text)));
    }

    /** Starts {@code fairtable args...} in this JVM. */
    static InProcessHost start(String... args) {
        return new InProcessHost(args);
    }

    /** The invitation the host printed (naming the port it listens on), once it has printed it. */
    String invitation() throws Exception {
        try {
            return invitation.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (AssertionError) e.getCause();
        }
    }

    /** The port named by the host's invitation. */
    int port() throws Exception {
        Matcher m = Pattern.compile("fairtable://[^/]+:(\\d+)/").matcher(invitation());
        if (!m.find()) {
            throw new AssertionError("no port in the invitation " + invitation());
        }
        return Integer.parseInt(m.group(1));
    }

    /** How the host ended; it must end within three minutes. */
    Run finish() throws Exception {
        return run.get(180, TimeUnit.SECONDS);
    }
}
