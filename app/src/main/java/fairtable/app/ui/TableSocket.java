package fairtable.app.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.function.Consumer;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * One browser watching one table: it gets every snapshot of the person's seat view, and sends moves as
 * {@code {"move": N}} (the N-th legal move of the last snapshot) or {@code {"words": "raise 60"}}, and answers a
 * question the page shows as {@code {"accept": true}} or {@code {"accept": false}}. Anything else,
 * or a move the game refuses, is answered with {@code {"type":"error","message":...}} and changes nothing. Public
 * only because Jetty reaches a socket's methods through a public lookup.
 */
public final class TableSocket implements Session.Listener.AutoDemanding {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final NodeTable table;
    private final Deque<String> outbox = new ArrayDeque<>();
    private final Consumer<String> watcher = this::send;
    private Session session;
    private boolean sending;

    TableSocket(NodeTable table) {
        this.table = table;
    }

    @Override
    public void onWebSocketOpen(Session session) {
        this.session = session;
        table.watch(watcher);
    }

    @Override
    public void onWebSocketText(String message) {
        JsonNode m;
        try {
            m = JSON.readTree(message);
        } catch (java.io.IOException e) {
            error("a message is JSON, like {\"move\": 0}");
            return;
        }
        if (m == null || !m.isObject()) {
            error("a message is a JSON object, like {\"move\": 0}");
            return;
        }
        JsonNode move = m.get("move");
        JsonNode words = m.get("words");
        JsonNode accept = m.get("accept");
        if (accept != null && accept.isBoolean()) {
            table.answer(accept.asBoolean(), this::answer);
        } else if (move != null && move.canConvertToInt() && move.isIntegralNumber()) {
            table.offer(move.asInt(), null, this::answer);
        } else if (words != null && words.isTextual() && words.asText().length() <= 200) {
            table.offer(null, words.asText(), this::answer);
        } else {
            error("a move is {\"move\": N} for the N-th legal move, or {\"words\": \"...\"}");
        }
    }

    private void answer(String refusal) {
        if (refusal != null) {
            error(refusal);
        }
    }

    private void error(String message) {
        try {
            send(JSON.writeValueAsString(Map.of("type", "error", "message", message)));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
        table.unwatch(watcher);
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        table.unwatch(watcher);
    }

    /** Jetty sends one message at a time per session: the rest wait here, in order. */
    private void send(String text) {
        synchronized (outbox) {
            outbox.add(text);
            if (sending) {
                return;
            }
            sending = true;
        }
        next();
    }

    private void next() {
        String text;
        synchronized (outbox) {
            text = outbox.poll();
            if (text == null) {
                sending = false;
                return;
            }
        }
        session.sendText(text, Callback.from(this::next, failure -> table.unwatch(watcher)));
    }
}
