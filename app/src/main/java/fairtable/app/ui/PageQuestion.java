package fairtable.app.ui;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The trust rule's question ("accept bob, fingerprint ...?") asked in the page instead of at a terminal, and the
 * last line the connection had for the person (a refused player, a connection dropped or back, a newly pinned key),
 * for every table the node plays with other people's nodes. The asking thread waits for the person's answer;
 * nobody answering in time is a refusal.
 */
final class PageQuestion {
    /** How long the person has to answer "accept bob?" before the answer is no. */
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    private final Runnable changed;
    private volatile Asked asked;
    private volatile String notice;

    private record Asked(String text, BlockingQueue<Boolean> answer) {}

    /** @param changed called whenever the question or the notice changes, so that the page is told */
    PageQuestion(Runnable changed) {
        this.changed = changed;
    }

    /**
     * The trust rule's asker: waits on the calling thread for the person's yes or no. One question at a time: the
     * relay's door asks from a thread for each arriving player, and two asked at once would share one answer.
     */
    synchronized boolean ask(String text) {
        Asked q = new Asked(text, new ArrayBlockingQueue<>(1));
        asked = q;
        changed.run();
        try {
            Boolean yes = q.answer().poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            tell(Boolean.TRUE.equals(yes) ? "accepted: " + text.replaceFirst("^accept ", "").replace("? y/N", "")
                    : yes == null ? "nobody answered in time, so the player was refused" : "refused the player");
            return Boolean.TRUE.equals(yes);
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            asked = null;
            changed.run();
        }
    }

    /** The person's yes or no to the question the page shows. */
    void answer(boolean accept, Consumer<String> reply) {
        Asked q = asked;
        if (q == null || !q.answer().offer(accept)) {
            reply.accept("nothing is asked now");
            return;
        }
        reply.accept(null);
    }

    /** A line for the person. */
    void tell(String line) {
        notice = line;
        changed.run();
    }

    /** What the page's network box shows of it: "question" while one is asked, "notice" once there is one. */
    Map<String, String> shown() {
        Map<String, String> shown = new LinkedHashMap<>();
        String q = question();
        if (q != null) {
            shown.put("question", q);
        }
        String n = notice;
        if (n != null) {
            shown.put("notice", n);
        }
        return shown;
    }

    /** The question the page shows now, or null. */
    private String question() {
        Asked q = asked;
        return q == null ? null : q.text().replace(" y/N", "");
    }
}
