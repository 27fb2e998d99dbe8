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
public final class InProcessHost {
    /** How a command ended: its exit code and everything it printed. */
    public record Run(int code, String out) {}

    private static final Pattern INVITATION = Pattern.compile("Invitation: (fairtable://\\S+)\\R");
    /** The port in an invitation, or in "Waiting for N player(s) on HOST:PORT ..." (play --host --insecure). */
    private static final Pattern PORT = Pattern.compile("(?:Invitation: fairtable://|player\\(s\\) on )\\S*?:(\\d+)[/ ]");

    private final StringBuffer text = new StringBuffer();
    private final CompletableFuture<String> invitation = new CompletableFuture<>();
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private final CompletableFuture<Run> run;
    private final java.util.List<java.util.Map.Entry<String, CompletableFuture<Void>>> awaited =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    private InProcessHost(fairtable.games.definitions.Games games, String... args) {
        this(games, System.in, args);
    }

    private InProcessHost(fairtable.games.definitions.Games games, java.io.InputStream input, String... args) {
        this(games, input, null, args);
    }

    private InProcessHost(fairtable.games.definitions.Games games, java.io.InputStream input,
            java.util.concurrent.Executor executor, String... args) {
        this(games, null, input, executor, args);
    }

    private InProcessHost(fairtable.games.definitions.Games games, fairtable.net.identity.TrustRule.Asker person,
            java.io.InputStream input, java.util.concurrent.Executor executor, String... args) {
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
                if (!port.isDone()) {
                    Matcher m = PORT.matcher(text);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
                awaited.forEach(w -> {
                    if (text.indexOf(w.getKey()) >= 0) {
                        w.getValue().complete(null);
                    }
                });
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.function.Supplier<Run> command = () -> {
            PrintWriter out = new PrintWriter(watched, true);
            return new Run(person == null ? Main.run(games, input, out, out, args)
                    : Main.run(games, person, input, out, out, args), text.toString());
        };
        run = executor == null ? CompletableFuture.supplyAsync(command) : CompletableFuture.supplyAsync(command, executor);
        run.whenComplete((r, e) -> {
            invitation.completeExceptionally(new AssertionError("the host ended without an invitation:\n" + text));
            port.completeExceptionally(new AssertionError("the host ended without naming its port:\n" + text));
        });
    }

    /** Starts {@code fairtable args...} in this JVM. */
    public static InProcessHost start(String... args) {
        return new InProcessHost(fairtable.games.definitions.Games.ALL, args);
    }

    /** Starts {@code fairtable args...} in this JVM over the games of {@code games} (a test's own game). */
    public static InProcessHost start(fairtable.games.definitions.Games games, String... args) {
        return new InProcessHost(games, args);
    }

    /**
     * Starts {@code fairtable args...} in this JVM on {@code executor}: for many hosts at once, which the common pool
     * (a few threads) would otherwise run one batch after another.
     */
    public static InProcessHost start(fairtable.games.definitions.Games games, java.util.concurrent.Executor executor,
            String... args) {
        return new InProcessHost(games, System.in, executor, args);
    }

    /**
     * Starts {@code fairtable args...} in this JVM over the games of {@code games}, {@code person} answering its
     * questions about new players as the person at its terminal would.
     */
    public static InProcessHost startAsking(fairtable.games.definitions.Games games,
            fairtable.net.identity.TrustRule.Asker person, String... args) {
        return new InProcessHost(games, person, System.in, null, args);
    }

    /** Starts {@code fairtable args...} in this JVM, its keyboard (a person's moves) read from {@code input}. */
    public static InProcessHost startTyping(java.io.InputStream input, String... args) {
        return new InProcessHost(fairtable.games.definitions.Games.ALL, input, args);
    }

    /** Returns once the host has printed {@code needle}; fails if it ends first. */
    public void awaitOutput(String needle) throws Exception {
        CompletableFuture<Void> seen = new CompletableFuture<>();
        awaited.add(java.util.Map.entry(needle, seen));
        if (text.indexOf(needle) >= 0) {
            seen.complete(null);
        }
        run.whenComplete((r, e) -> seen.completeExceptionally(
                new AssertionError("the host ended without printing \"" + needle + "\":\n" + text)));
        await(seen);
    }

    /** The invitation the host printed (naming the port it listens on), once it has printed it. */
    public String invitation() throws Exception {
        return await(invitation);
    }

    /** The port the host listens on, once it has printed it. */
    public int port() throws Exception {
        return await(port);
    }

    private static <T> T await(CompletableFuture<T> printed) throws Exception {
        try {
            return printed.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (AssertionError) e.getCause();
        }
    }

    /** Everything the command has printed so far, for a failed assertion to show. */
    public String output() {
        return text.toString();
    }

    /** How the host ended; it must end within three minutes. */
    public Run finish() throws Exception {
        return run.get(180, TimeUnit.SECONDS);
    }
}
