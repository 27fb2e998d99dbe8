package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.session.SessionRelay;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load: 50 two-seat high-card tables at once through one relay that plays no seat (the {@link SessionRelay} behind
 * `fairtable relay`, over TLS on loopback, in this JVM so that its cost can be told apart), every seat a `table join
 * --relay` by its bot. All must end within one deadline, audited VERIFIED by both seats with identical transcripts,
 * and the relay must count all 50 as ended. It prints, as information only (never asserted), the relay's CPU time
 * (its own threads, sampled), the heap it keeps for the tables it holds, the peak heap of the whole run, and the
 * machine's load, each per table and beside the whole process's CPU.
 */
class FiftyTablesLoadTest {
    private static final int TABLES = 50;
    private static final String VERIFIED = "Audit: VERIFIED: high-card for 2, 1 round: ";

    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private Run seat(int table, int seat, String invitation) {
        StringWriter out = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(out, true), "table", "join", "--relay", "--seat", Integer.toString(seat),
                "--connect", invitation, "--accept-new", "--game", "high-card", "--players", "2", "--set", "rounds=1",
                "--name", seat == 0 ? "ann" : "ben", "--home", dir.resolve("h" + table + "-" + seat).toString(),
                "--transcript", dir.resolve("t" + table + "-" + seat + ".jsonl").toString(), "--timeout", "120");
        return new Run(code, out.toString());
    }

    private static String auditLine(String out) {
        return out.lines().filter(l -> l.startsWith("Audit: ")).findFirst().orElseThrow();
    }

    /** The heap in use once what is unreachable has been collected. */
    private static long liveHeap(MemoryMXBean memory) {
        memory.gc();
        memory.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }

    @Test
    void fiftyTablesAtOnceThroughOneRelayAllEndVerifiedWithIdenticalTranscripts() throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        double loadBefore = os.getSystemLoadAverage();

        // The relay's own threads: its accept and handshake threads and routing ("session-relay ..."), and each
        // table's connections ("session-host ..."). They end with their connections, so their CPU time is sampled
        // while they live: a lower bound, short of each thread's last few milliseconds.
        ThreadMXBean threadsCpu = ManagementFactory.getThreadMXBean();
        Map<Long, Long> relayCpu = new ConcurrentHashMap<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> {
            for (ThreadInfo info : threadsCpu.getThreadInfo(threadsCpu.getAllThreadIds())) {
                if (info != null && (info.getThreadName().startsWith("session-relay")
                        || info.getThreadName().startsWith("session-host"))) {
                    long used = threadsCpu.getThreadCpuTime(info.getThreadId());
                    if (used > 0) {
                        relayCpu.merge(info.getThreadId(), used, Math::max);
                    }
                }
            }
        }, 0, 20, TimeUnit.MILLISECONDS);

        long heapBefore = liveHeap(memory);
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        long heldByRelay;
        SigningKey relayKey = SigningKey.generate(new SecureRandom());
        ExecutorService threads = Executors.newCachedThreadPool();
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        SessionRelay relay = SessionRelay.inMemory(relayKey, new SecureRandom()).logTo(notices::add);
        try (ServerSocket server = TcpTransport.listen("127.0.0.1", 0)) {
            // As `fairtable relay --peer ...` naming every player: any of their keys at the door, all known to the relay
            // (so none counts against the share of tables of keys it does not know), the seats judge each other's names.
            relay.acceptTls(server, TlsIdentity.of(relayKey), PeerCheck.anyKey());
            Invitation invitation = new Invitation("127.0.0.1", server.getLocalPort(), Fingerprint.of(relay.key()));
            // Every seat 0 at once, then, once each has opened its table, every seat 1: so the handshakes in progress
            // stay within the relay's bound on connections that have not said which table (64), which turns the
            // rest away at the door, and the 50 tables still play at once.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            List<CompletableFuture<Run>> first = new ArrayList<>();
            for (int t = 0; t < TABLES; t++) {
                String table = invitation.forSession("t" + t).toString();
                int at = t;
                first.add(CompletableFuture.supplyAsync(() -> seat(at, 0, table), threads));
            }
            while (relay.tables().size() < TABLES) {
                assertThat(System.nanoTime()).as("every table opened; the relay said %s", notices).isLessThan(deadline);
                java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10)); // look again, no spin
            }
            List<List<CompletableFuture<Run>>> seats = new ArrayList<>();
            for (int t = 0; t < TABLES; t++) {
                String table = invitation.forSession("t" + t).toString();
                int at = t;
                seats.add(List.of(first.get(t), CompletableFuture.supplyAsync(() -> seat(at, 1, table), threads)));
            }
            // One deadline for the whole load: every table must have ended by then.
            for (int t = 0; t < TABLES; t++) {
                Run ann = seats.get(t).get(0).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                Run ben = seats.get(t).get(1).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                assertThat(ann.code()).as("table %d seat 0:\n%s\nthe relay said %s", t, ann.out(), notices).isZero();
                assertThat(ben.code()).as("table %d seat 1:\n%s", t, ben.out()).isZero();
                assertThat(ann.out()).as("table %d seat 0", t).contains(VERIFIED);
                assertThat(auditLine(ben.out())).as("table %d verdicts", t).isEqualTo(auditLine(ann.out()));
                assertThat(Files.readAllLines(dir.resolve("t" + t + "-1.jsonl"))).as("table %d transcripts", t)
                        .isNotEmpty().isEqualTo(Files.readAllLines(dir.resolve("t" + t + "-0.jsonl")));
            }
            assertThat(relay.awaitTablesEnded(TABLES, Duration.ofSeconds(60))).as("the relay saw every table end").isTrue();
            assertThat(relay.tables()).hasSize(TABLES);
        } finally {
            threads.shutdownNow();
            sampler.shutdownNow();
            // What the relay keeps for the tables it holds (their chains and receipts): the live heap with it, less
            // the live heap once it is closed and unreachable.
            long withRelay = liveHeap(memory);
            relay.close();
            relay = null;
            heldByRelay = withRelay - liveHeap(memory);
        }
        long relayThreads = relayCpu.values().stream().mapToLong(Long::longValue).sum();
        long cpu = os.getProcessCpuTime() - cpuBefore;
        long wall = System.nanoTime() - wallBefore;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("load: %d tables through one relay in %.1f s wall, %d processors, load average %.2f before"
                        + " and %.2f after;%n"
                        + "  process CPU %.1f s = %.0f ms per table (relay, seats, both TLS ends, audits);%n"
                        + "  relay threads' CPU at least %.2f s = %.1f ms per table (%.1f %% of the process);%n"
                        + "  relay heap kept for the ended tables it holds %.2f MiB = %.1f KiB per table;%n"
                        + "  peak heap of the whole run %d MiB over a live %d MiB at the start = %.2f MiB per table"
                        + " (seats and garbage included: an upper bound)%n",
                TABLES, wall / 1e9, os.getAvailableProcessors(), loadBefore, os.getSystemLoadAverage(),
                cpu / 1e9, cpu / 1e6 / TABLES, relayThreads / 1e9, relayThreads / 1e6 / TABLES, 100.0 * relayThreads / cpu,
                heldByRelay / 1048576.0, heldByRelay / 1024.0 / TABLES,
                peak >> 20, heapBefore >> 20, (peak - heapBefore) / 1048576.0 / TABLES);
    }
}
