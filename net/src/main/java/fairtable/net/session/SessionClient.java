package fairtable.net.session;

import fairtable.net.Transport;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Drives a {@link SessionMember} over its connection to the host until the game ends or something goes wrong. */
public final class SessionClient {
    private SessionClient() {}

    /** How a player's session ended: finished, stopped by a {@link HostProblem}, or a transport problem. */
    public record Outcome(boolean finished, Optional<HostProblem> problem, Optional<String> trouble) {}

    /**
     * Runs until done. {@code silence} is how long the host may say nothing before giving up; gaps are
     * checked at least every {@code tick}.
     */
    public static Outcome run(SessionMember member, Transport host, Duration silence, Duration tick, Clock clock) {
        // A reader thread does the blocking reads, so a short tick never cuts a frame in half on a stream transport.
        BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            while (true) {
                try {
                    inbox.add(host.receive(silence));
                } catch (IOException | TimeoutException e) {
                    inbox.add(e);
                    return;
                }
            }
        }, "session-client " + host.peer());
        reader.setDaemon(true);
        reader.start();
        Instant lastHeard = clock.instant();
        try {
            while (!member.isDone()) {
                Object next = inbox.poll(tick.toNanos(), TimeUnit.NANOSECONDS);
                Instant now = clock.instant();
                if (next == null || next instanceof TimeoutException) {
                    member.checkGaps(now);
                    if ((next != null || Duration.between(lastHeard, now).compareTo(silence) >= 0) && !member.isDone()) {
                        return new Outcome(false, member.problem(), Optional.of("the host was silent for "
                                + silence.toSeconds() + " s while awaiting " + member.party().awaiting()));
                    }
                    continue;
                }
                if (next instanceof IOException e) {
                    member.checkGaps(now);
                    return new Outcome(false, member.problem(), Optional.of(e.getMessage() == null
                            ? e.getClass().getSimpleName() : e.getMessage()));
                }
                lastHeard = now;
                for (byte[] out : member.onFrame((byte[]) next, now)) {
                    host.send(out);
                }
                member.checkGaps(now);
            }
            return new Outcome(member.problem().isEmpty(), member.problem(), Optional.empty());
        } catch (IOException e) {
            return new Outcome(false, member.problem(), Optional.of(e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (java.io.UncheckedIOException e) {
            return new Outcome(false, member.problem(), Optional.of(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(false, member.problem(), Optional.of("interrupted"));
        } finally {
            host.close();
        }
    }
}
