package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load: 50 two-seat high-card tables at once in one JVM, each through its own relaying SessionHost (one session per
 * host, each on its own loopback port, over TLS), every seat by its bot. All must end, within a deadline, audited
 * VERIFIED by both seats with identical transcripts. The process CPU time and peak heap the run costs are printed per
 * table, as information only (they include the seats and both ends of TLS, not the relay alone); they are never
 * asserted.
 */
class FiftyTablesLoadTest {
    private static final int TABLES = 50;
    private static final String VERIFIED = "Audit: VERIFIED: high-card for 2, 1 round: ";

    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private String[] seatArgs(int table, int seat) {
        Path home = dir.resolve("h" + table + "-" + seat);
        return new String[] {"--accept-new", "--game", "high-card", "--players", "2", "--set", "rounds=1",
            "--name", seat == 0 ? "ann" : "ben", "--home", home.toString(),
            "--transcript", dir.resolve("t" + table + "-" + seat + ".jsonl").toString(), "--timeout", "120"};
    }

    private Run join(int table, String invitation) {
        StringWriter out = new StringWriter();
        List<String> args = new ArrayList<>(List.of("table", "join", "--seat", "1", "--connect", invitation));
        args.addAll(List.of(seatArgs(table, 1)));
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(out, true), args.toArray(String[]::new));
        return new Run(code, out.toString());
    }

    private static String auditLine(String out) {
        return out.lines().filter(l -> l.startsWith("Audit: ")).findFirst().orElseThrow();
    }

    @Test
    void fiftyTablesAtOnceAllEndVerifiedWithIdenticalTranscripts() throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        long heapBefore = heap.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();

        // The relays' own threads ("session-host ...") end with their connections, so their CPU time is sampled while
        // they live: a lower bound, short of each thread's last few milliseconds.
        ThreadMXBean cpuOfThreads = ManagementFactory.getThreadMXBean();
        Map<Long, Long> relayCpu = new ConcurrentHashMap<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> {
            for (ThreadInfo info : cpuOfThreads.getThreadInfo(cpuOfThreads.getAllThreadIds())) {
                if (info != null && info.getThreadName().startsWith("session-host")) {
                    long used = cpuOfThreads.getThreadCpuTime(info.getThreadId());
                    if (used > 0) {
                        relayCpu.merge(info.getThreadId(), used, Math::max);
                    }
                }
            }
        }, 0, 20, TimeUnit.MILLISECONDS);
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            List<InProcessHost> hosts = new ArrayList<>();
            for (int t = 0; t < TABLES; t++) {
                List<String> args = new ArrayList<>(List.of("table", "host", "--listen", "0"));
                args.addAll(List.of(seatArgs(t, 0)));
                hosts.add(InProcessHost.start(HighCardDefinition.CATALOG, threads, args.toArray(String[]::new)));
            }
            List<CompletableFuture<Run>> guests = new ArrayList<>();
            for (int t = 0; t < TABLES; t++) {
                String invitation = hosts.get(t).invitation();
                int table = t;
                guests.add(CompletableFuture.supplyAsync(() -> join(table, invitation), threads));
            }
            // One deadline for the whole load: every table must have ended by then.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            for (int t = 0; t < TABLES; t++) {
                InProcessHost.Run hosted = hosts.get(t).finish();
                Run guest = guests.get(t).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                assertThat(hosted.code()).as("table %d host:\n%s", t, hosted.out()).isZero();
                assertThat(guest.code()).as("table %d guest:\n%s", t, guest.out()).isZero();
                assertThat(hosted.out()).as("table %d host", t).contains(VERIFIED);
                assertThat(guest.out()).as("table %d guest", t).contains(VERIFIED);
                assertThat(auditLine(guest.out())).as("table %d verdicts", t).isEqualTo(auditLine(hosted.out()));
                assertThat(Files.readAllLines(dir.resolve("t" + t + "-1.jsonl"))).as("table %d transcripts", t)
                        .isNotEmpty().isEqualTo(Files.readAllLines(dir.resolve("t" + t + "-0.jsonl")));
            }
        } finally {
            threads.shutdownNow();
            sampler.shutdownNow();
        }
        long relay = relayCpu.values().stream().mapToLong(Long::longValue).sum();

        long cpu = os.getProcessCpuTime() - cpuBefore;
        long wall = System.nanoTime() - wallBefore;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("load: %d tables in %.1f s wall; process CPU %.1f s = %.0f ms per table (relays, seats and"
                + " both TLS ends), of which the relays' threads at least %.1f s = %.0f ms per table (%.0f%%); peak heap %d MiB over a %d MiB start = %.2f MiB per table (upper bound)%n",
                TABLES, wall / 1e9, cpu / 1e9, cpu / 1e6 / TABLES, relay / 1e9, relay / 1e6 / TABLES, 100.0 * relay / cpu, peak >> 20, heapBefore >> 20,
                (peak - heapBefore) / 1048576.0 / TABLES);
    }
}
