package fairtable.net.session;

import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.session.SessionFrame.Member;
import fairtable.protocol.Party;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/** Drives a {@link SessionMember} over its connection to the host until the game ends or something goes wrong. */
public final class SessionClient {
    private SessionClient() {}

    /** How a player's session ended: finished, stopped by a {@link HostProblem}, or a transport problem. */
    public record Outcome(boolean finished, Optional<HostProblem> problem, Optional<String> trouble) {
        /** Why the session stopped, in words for the user: the problem, else the trouble, else {@code otherwise}. */
        public String stopReason(String otherwise) {
            return problem.map(HostProblem::describe).orElse(trouble.orElse(otherwise));
        }
    }

    /**
     * Runs until done. {@code silence} is how long the host may say nothing before giving up; gaps are
     * checked at least every {@code tick}.
     */
    public static Outcome run(SessionMember member, Transport host, Duration silence, Duration tick, Clock clock) {
        return runOnce(member, host, party -> silence, tick, clock).outcome();
    }

    /** How one connection ended, and whether it ended because the connection was lost. */
    private record Run(Outcome outcome, boolean lost) {}

    /** Consecutive lost connections, with no progress in between, after which the player gives up. */
    private static final int MAX_FRUITLESS_RECONNECTIONS = 10;

    /**
     * Runs until done, connecting again whenever the connection is lost (the network dropped, or the host
     * restarted from its log): each connection gets a fresh member from {@code members}, built around the same
     * party, which joins, resends what the host may have missed and is sent everything placed so far.
     * {@code connector} waits up to {@code silence} for the host to be back.
     */
    public static Outcome run(Supplier<SessionMember> members, Connector connector, Duration silence,
            Duration tick, Clock clock) {
        return run(members, connector, party -> silence, tick, clock);
    }

    /**
     * As above, with the silence allowed at each step: {@code silence} is asked, given the party, whenever the
     * host has said nothing for a while (e.g. longer at a step where a person deliberates).
     */
    public static Outcome run(Supplier<SessionMember> members, Connector connector,
            Function<Party, Duration> silence, Duration tick, Clock clock) {
        return run(members, connector, silence, tick, clock, line -> { });
    }

    /**
     * As above, telling {@code notices} in one line whenever the connection is lost and the player waits for the
     * host to be back (a restarted relay, a dropped network), so a person sees why the table stands still.
     */
    public static Outcome run(Supplier<SessionMember> members, Connector connector,
            Function<Party, Duration> silence, Duration tick, Clock clock, Consumer<String> notices) {
        int fruitless = 0;
        int failedConnections = 0;
        Instant unreachableSince = null;
        while (true) {
            SessionMember member = members.get();
            int before = member.party().transcript().size();
            Duration patience = silence.apply(member.party());
            Transport host;
            try {
                host = connector.connect(patience);
            } catch (Transport.RefusedException | fairtable.net.identity.UntrustedPeerException e) {
                // Reached, but refused (by the host, or by this player: a key other than the one it pinned): the
                // message says so in full, and trying again would meet the same key.
                return new Outcome(false, Optional.empty(), Optional.of(e.getMessage()));
            } catch (IOException e) {
                // Reached, but hung up on before it knew this player: a host whose door is full (too many connections
                // that have not joined yet) does that, and has room again once they join or time out.
                Instant now = clock.instant();
                if (unreachableSince == null) {
                    unreachableSince = now;
                    notices.accept("The host hung up before letting you in (" + describe(e) + "); retrying for up"
                            + " to " + patience.toSeconds() + " s ...");
                }
                Duration left = patience.minus(Duration.between(unreachableSince, now));
                if (left.isNegative() || left.isZero()) {
                    return new Outcome(false, Optional.empty(), Optional.of("could not reach the host: " + describe(e)));
                }
                try {
                    Thread.sleep(Math.min(left.toMillis(), Math.min(2000, 100L << Math.min(failedConnections++, 4))));
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    return new Outcome(false, Optional.empty(), Optional.of("interrupted"));
                }
                continue;
            } catch (TimeoutException e) {
                return new Outcome(false, Optional.empty(), Optional.of("could not reach the host: " + describe(e)));
            }
            unreachableSince = null;
            failedConnections = 0;
            Run run = runOnce(member, host, silence, tick, clock);
            if (!run.lost() || member.isDone() || member.problem().isPresent()) {
                return run.outcome();
            }
            fruitless = member.party().transcript().size() > before ? 0 : fruitless + 1;
            if (fruitless >= MAX_FRUITLESS_RECONNECTIONS) {
                return run.outcome();
            }
            notices.accept("The host is gone (" + run.outcome().trouble().orElse("connection lost")
                    + "); retrying for up to " + silence.apply(member.party()).toSeconds() + " s ...");
            try {
                Thread.sleep(Math.min(2000, 100L << Math.min(fruitless, 4))); // back off a little
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Outcome(false, member.problem(), Optional.of("interrupted"));
            }
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static Run runOnce(SessionMember member, Transport host, Function<Party, Duration> silence, Duration tick,
            Clock clock) {
        // A reader thread does the blocking reads, so a short tick never cuts a frame in half on a stream transport.
        // It reads without a deadline of its own: how long the host may be silent depends on the step, and the loop
        // below decides it (closing the transport at the end stops the reader).
        // The inbox is bounded, so a host that sends faster than the player can judge is slowed down, not buffered.
        BlockingQueue<Object> inbox = new LinkedBlockingQueue<>(INBOX);
        AtomicBoolean stopped = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (true) {
                try {
                    if (!hand(inbox, host.receive(Duration.ofDays(1)), stopped)) {
                        return;
                    }
                } catch (TimeoutException quiet) {
                    // a quiet day is not a lost connection: the loop below decides how long silence may last
                } catch (IOException e) {
                    hand(inbox, e, stopped);
                    return;
                }
            }
        }, "session-client " + host.peer());
        reader.setDaemon(true);
        reader.start();
        // Silence is counted from the last frame that moved this player on (the welcome, a placed message), not from
        // any frame: a player who repeats an acknowledgement the host must relay would otherwise hold the table forever.
        Instant lastHeard = clock.instant();
        int placedHere = member.party().transcript().size();
        boolean welcomed = member.host().isPresent();
        try {
            while (!member.isDone()) {
                Object next = inbox.poll(tick.toNanos(), TimeUnit.NANOSECONDS);
                Instant now = clock.instant();
                if (next == null || next instanceof TimeoutException) {
                    member.checkGaps(now);
                    Duration allowed = silence.apply(member.party());
                    if ((next != null || Duration.between(lastHeard, now).compareTo(allowed) >= 0) && !member.isDone()) {
                        member.judgeOpenGaps();
                        if (!member.isDone()) {
                            return silent(member, allowed);
                        }
                    }
                    continue;
                }
                if (next instanceof IOException e) {
                    member.checkGaps(now);
                    // A host that refused this player's key refuses it again: say so now, not after every retry.
                    return new Run(new Outcome(false, member.problem(), Optional.of(describe(e))),
                            !(e instanceof Transport.RefusedException));
                }
                for (byte[] out : member.onFrame((byte[]) next, now)) {
                    host.send(out);
                }
                if (member.joinRefusal().isPresent()) {
                    // Refused by the host's trust rule (its person said no): asking again gets the same answer.
                    return new Run(new Outcome(false, Optional.empty(), Optional.of(refusedLine(host.peer(), member))),
                            false);
                }
                member.checkGaps(now);
                if (member.party().transcript().size() > placedHere || member.host().isPresent() != welcomed) {
                    placedHere = member.party().transcript().size();
                    welcomed = member.host().isPresent();
                    lastHeard = now;
                }
            }
            return new Run(new Outcome(member.problem().isEmpty(), member.problem(), Optional.empty()), false);
        } catch (IOException e) {
            return new Run(new Outcome(false, member.problem(), Optional.of(describe(e))), true);
        } catch (java.io.UncheckedIOException e) {
            return new Run(new Outcome(false, member.problem(), Optional.of(e.getMessage())), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(new Outcome(false, member.problem(), Optional.of("interrupted")), false);
        } finally {
            stopped.set(true);
            host.close();
        }
    }

    /**
     * One line for the person whose join was refused: by a table's host, in the words of a refused TLS handshake and
     * with what lets it in; by a relay's door (too many tables of one key), with the relay's reason.
     */
    static String refusedLine(String host, SessionMember member) {
        if (member.refusedAtTheDoor()) {
            return "the relay at " + host + " turned you away: " + member.joinRefusal().orElseThrow() + ".";
        }
        return "the host at " + host + " refused you: " + member.joinRefusal().orElseThrow() + ". Its person can"
                + " answer y when asked, or run it again with --peer " + member.fingerprint() + " (or --accept-new),"
                + " to let you in.";
    }

    private static Run silent(SessionMember member, Duration allowed) {
        String trouble;
        if (member.host().isEmpty()) {
            trouble = "the host was silent for " + allowed.toSeconds() + " s: it never welcomed this player";
        } else if (member.party().transcript().established()) {
            trouble = "the host was silent for " + allowed.toSeconds() + " s while awaiting " + member.party().awaiting()
                    + " (step " + member.party().nextStep() + ")";
        } else {
            trouble = neverStarted(member, allowed);
        }
        return new Run(new Outcome(false, member.problem(), Optional.of(trouble)), false);
    }

    /** Why a seat gave up before every seat said hello: no step of the game was reached, so it says who came. */
    static String neverStarted(SessionMember member, Duration allowed) {
        List<String> others = member.presence().stream()
                .filter(m -> !Fingerprint.of(m.key()).equals(member.fingerprint())).map(Member::name).toList();
        String within = " within " + allowed.toSeconds() + " s";
        return others.isEmpty() ? "nobody else joined" + within + ", so the game never started"
                : "the game never started: only " + String.join(", ", others) + " joined" + within
                        + ", and not every seat said hello";
    }

    /** How many frames the reader may hold for the player before it stops reading from the host. */
    private static final int INBOX = 1024;

    /** Hands {@code item} to the player, waiting while the inbox is full; false if the run has ended meanwhile. */
    private static boolean hand(BlockingQueue<Object> inbox, Object item, AtomicBoolean stopped) {
        try {
            while (!inbox.offer(item, 100, TimeUnit.MILLISECONDS)) {
                if (stopped.get()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }
}
