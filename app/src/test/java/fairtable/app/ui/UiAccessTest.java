package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's web server lets in only the person who started it: the token printed with its address, the
 * server's own Host, and its own Origin. And it takes from a browser only the moves the game allows that seat.
 * No browser is needed: these speak HTTP and WebSocket themselves.
 */
class UiAccessTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    private UiServer ui;
    private final HttpClient http = HttpClient.newHttpClient();
    private String origin;
    private String cookie;

    @BeforeEach
    void start() throws Exception {
        ui = UiServer.start(Profile.open(home, new SecureRandom()), Games.ALL, 0, 600);
        origin = "http://127.0.0.1:" + ui.port();
        String token = ui.url().getQuery().substring("token=".length());
        cookie = "fairtable-" + ui.port() + "=" + token;
    }

    @AfterEach
    void stop() throws Exception {
        ui.close();
    }

    @Test
    void aRequestWithoutTheTokenIsForbidden() throws Exception {
        assertThat(get("/", null).statusCode()).isEqualTo(403);
        assertThat(get("/api/home", null).statusCode()).isEqualTo(403);
        assertThat(get("/static/table.js", null).statusCode()).isEqualTo(403);
        assertThat(get("/api/home", "fairtable-" + ui.port() + "=" + "0".repeat(64)).statusCode()).isEqualTo(403);
        assertThat(get("/?token=" + "1".repeat(64), null).statusCode()).isEqualTo(403);
    }

    @Test
    void theTokenInTheAddressBecomesThisPortsCookieAndLetsThePagesIn() throws Exception {
        HttpResponse<String> first = get(ui.url().getRawPath() + "?" + ui.url().getRawQuery(), null);
        assertThat(first.statusCode()).isEqualTo(303);
        assertThat(first.headers().firstValue("Set-Cookie").orElseThrow())
                .startsWith(cookie + ";").contains("HttpOnly").contains("SameSite=Strict");
        assertThat(first.headers().firstValue("Location").orElseThrow()).isEqualTo("/");
        HttpResponse<String> page = get("/", cookie);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<title>fairtable</title>");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("default-src 'self'");
        List<String> offered = new ArrayList<>();
        JSON.readTree(get("/api/home", cookie).body()).path("games").forEach(g -> offered.add(g.path("name").asText()));
        List<String> expected = new ArrayList<>(Games.ALL.names());
        expected.add("dark-chess");
        expected.add("mahjong-shogi");
        assertThat(offered).as("every registered game, dark chess and Mahjong Shogi, on the new-table form")
                .isEqualTo(expected);
    }

    @Test
    void anotherOriginIsRefusedEvenWithTheToken() throws Exception {
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create(origin + "/api/tables"))
                .header("Cookie", cookie).header("Origin", "http://evil.example")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"game\":\"holdem\",\"players\":2,\"bots\":2}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(get("/api/home", cookie).body()).path("tables").size()).isZero();
    }

    @Test
    void theGamesByMailAreBehindTheSameGuard() throws Exception {
        HttpResponse<String> made = post("/api/mail/new", "{\"game\":\"dark-chess\",\"settings\":{}}", cookie, null);
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
        String game = JSON.readTree(made.body()).path("name").asText();
        assertThat(get("/api/mail/games/" + game, cookie).statusCode()).isEqualTo(200);
        // Without the token, or from another page with it, nothing is read, started, taken in or played.
        assertThat(get("/api/mail/games/" + game, null).statusCode()).isEqualTo(403);
        assertThat(get("/mail?game=" + game, null).statusCode()).isEqualTo(403);
        assertThat(post("/api/mail/new", "{\"game\":\"holdem\",\"settings\":{}}", null, null).statusCode())
                .isEqualTo(403);
        assertThat(post("/api/mail/new", "{\"game\":\"holdem\",\"settings\":{}}", cookie, "http://evil.example")
                .statusCode()).isEqualTo(403);
        assertThat(post("/api/mail/join", "{\"text\":\"x\"}", cookie, "http://evil.example").statusCode())
                .isEqualTo(403);
        assertThat(post("/api/mail/games/" + game + "/move", "{\"move\":0}", cookie, "http://evil.example")
                .statusCode()).isEqualTo(403);
        assertThat(post("/api/mail/games/" + game + "/receive", "{\"text\":\"x\"}", null, null).statusCode())
                .isEqualTo(403);
        assertThat(JSON.readTree(get("/api/home", cookie).body()).path("mail").size()).as("one game, alone").isOne();
        // A name that climbs out of the mail directory names no game (Jetty refuses the encoded slash itself).
        assertThat(get("/api/mail/games/..%2Fui-transcripts", cookie).statusCode()).isIn(400, 404);
        assertThat(get("/api/mail/games/.hidden", cookie).statusCode()).isEqualTo(404);
        assertThat(get("/api/mail/games/nothing-here", cookie).body()).contains("no game by mail called nothing-here");
    }

    /**
     * Whatever is dropped on the replay page with a record, it gets one plain line: no parser's or Java's words, no
     * 500. Malformed JSON, the wrong shape, a record that is no record, deep nesting, bytes that are not UTF-8.
     */
    @Test
    void everyBadReplayWithARecordGetsOnePlainLine() throws Exception {
        List<String> bodies = List.of("{", "not json", "[1,2]", "{\"transcript\":1,\"seen\":2}",
                "{\"transcript\":\"x\",\"seen\":\"{\\\"rounds\\\":[[[\"}",
                "{\"transcript\":\"x\",\"seen\":\"{\\\"session\\\":\\\"zz\\\",\\\"seat\\\":0,\\\"rounds\\\":{}}\"}",
                "[".repeat(100_000), "{\"transcript\":\"" + "\u00ff".repeat(3) + "\",\"seen\":\"\\ud800\"}");
        for (String body : bodies) {
            HttpResponse<String> r = post("/api/replay/seen", body, cookie, origin);
            assertThat(r.statusCode()).as(body.substring(0, Math.min(40, body.length()))).isEqualTo(400);
            String line = JSON.readTree(r.body()).path("error").asText();
            assertThat(line).as(body.substring(0, Math.min(40, body.length()))).isNotBlank()
                    .doesNotContain("\n", "Exception", "com.fasterxml", "Source:", "line:");
        }
        HttpResponse<byte[]> raw = http.send(HttpRequest.newBuilder(URI.create(origin + "/api/replay/seen"))
                .header("Cookie", cookie).header("Origin", origin)
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'})).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(raw.statusCode()).isEqualTo(400);
        assertThat(new String(raw.body(), StandardCharsets.UTF_8)).doesNotContain("\\n", "Exception", "Source:");
    }

    /**
     * A record longer than the most a real one holds (every round a game allows, each of its largest deck) is refused
     * in one line naming the limit, before it is parsed; the limit sits above the longest real record and below the
     * server's body limit.
     */
    @Test
    void aRecordLongerThanAnyRealOneIsRefusedInOneLineNamingTheLimit() throws Exception {
        java.util.Map<String, int[]> rounds = new java.util.LinkedHashMap<>();
        int[] deck = new int[fairtable.games.cards.Card.DECK_SIZE];
        java.util.Arrays.fill(deck, deck.length - 1);
        for (int round = 1; round <= fairtable.app.SeenCards.MOST_ROUNDS; round++) {
            rounds.put(Integer.toString(round), deck);
        }
        String longestReal = JSON.writeValueAsString(java.util.Map.of("session", "00".repeat(32), "seat", 0,
                "rounds", rounds));
        assertThat(longestReal.length()).as("100,000 hands of hold'em").isLessThan(fairtable.app.SeenCards.MAX_CHARS);
        assertThat(fairtable.app.SeenCards.MAX_CHARS).isLessThan(UiServer.MAX_BODY);
        StringBuilder tooLong = new StringBuilder("{\"session\":\"00\",\"seat\":0,\"rounds\":{\"1\":[51");
        while (tooLong.length() <= fairtable.app.SeenCards.MAX_CHARS) {
            tooLong.append(",51");
        }
        tooLong.append("]}}");
        String body = JSON.writeValueAsString(java.util.Map.of("transcript", "x", "seen", tooLong.toString()));
        HttpResponse<String> r = post("/api/replay/seen", body, cookie, origin);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).path("error").asText()).isEqualTo("the record dropped with the transcript is "
                + tooLong.length() + " characters long; a record of a seat's cards is at most "
                + fairtable.app.SeenCards.MAX_CHARS);
    }

    private HttpResponse<String> post(String path, String body, String withCookie, String withOrigin) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(origin + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (withCookie != null) {
            r.header("Cookie", withCookie);
        }
        if (withOrigin != null) {
            r.header("Origin", withOrigin);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRebindingHostNameIsRefused() throws Exception {
        try (Socket s = new Socket("127.0.0.1", ui.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /api/home HTTP/1.1\r\nHost: attacker.example:" + ui.port() + "\r\nCookie: " + cookie
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 403");
        }
    }

    @Test
    void aWebSocketFromAnotherOriginIsRefused() throws Exception {
        String table = newTable("{\"game\":\"holdem\",\"players\":2,\"bots\":1,\"settings\":{\"hands\":\"1\"}}");
        CompletionException refused = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                () -> socket(table, "http://evil.example", cookie, new LinkedBlockingQueue<>()).join());
        assertThat(refused.getCause()).isInstanceOf(WebSocketHandshakeException.class);
        assertThat(((WebSocketHandshakeException) refused.getCause()).getResponse().statusCode()).isEqualTo(403);
        CompletionException noToken = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                () -> socket(table, origin, null, new LinkedBlockingQueue<>()).join());
        assertThat(((WebSocketHandshakeException) noToken.getCause()).getResponse().statusCode()).isEqualTo(403);
        // The same socket from the node's own origin, with the token, is let in and sees the seat.
        BlockingQueue<JsonNode> seen = new LinkedBlockingQueue<>();
        WebSocket ws = socket(table, origin, cookie, seen).join();
        assertThat(next(seen, "state").path("game").asText()).isEqualTo("holdem");
        ws.abort();
    }

    @Test
    void theBrowserMayOnlyPlayALegalMoveOfItsOwnSeat() throws Exception {
        String table = newTable("{\"game\":\"holdem\",\"players\":2,\"bots\":1,\"settings\":{\"hands\":\"1\"}}");
        BlockingQueue<JsonNode> seen = new LinkedBlockingQueue<>();
        WebSocket ws = socket(table, origin, cookie, seen).join();
        JsonNode state = awaitMyMove(seen);
        // The bot's hole cards never reach this seat's browser; its own do, face up.
        assertThat(state.path("poker").path("seats").get(1).path("cards")).allMatch(JsonNode::isNull);
        assertThat(state.path("poker").path("seats").get(0).path("cards")).noneMatch(JsonNode::isNull);
        int max = state.path("poker").path("raise").path("max").asInt();
        int min = state.path("poker").path("raise").path("min").asInt();
        ws.sendText("{\"move\": " + state.path("moves").size() + "}", true);
        assertThat(next(seen, "error").path("message").asText()).contains("no legal move number");
        ws.sendText("{\"words\": \"raise " + (max + 1) + "\"}", true);
        assertThat(next(seen, "error").path("message").asText()).contains("raise");
        ws.sendText("{\"words\": \"raise " + (min - 1) + "\"}", true);
        assertThat(next(seen, "error").path("message").asText()).contains("below the minimum");
        ws.sendText("{\"move\": \"fold\"}", true);
        assertThat(next(seen, "error").path("message").asText()).contains("a move is");
        ws.sendText("not json", true);
        assertThat(next(seen, "error")).isNotNull();
        // Nothing was played: the seat still awaits its move at the same step.
        assertThat(JSON.readTree(get("/api/home", cookie).body()).path("tables").get(0).path("state").asText())
                .isEqualTo("your move");
        // A raise anywhere in the legal range is taken, though the game lists only its two ends.
        ws.sendText("{\"words\": \"raise " + (min + 17) + "\"}", true);
        assertThat(next(seen, "state").path("history").toString())
                .contains(state.path("names").get(0).asText() + ": raise to " + (min + 17));
        ws.abort();
    }

    private JsonNode awaitMyMove(BlockingQueue<JsonNode> seen) throws InterruptedException {
        while (true) {
            JsonNode s = next(seen, "state");
            if (s.path("yourMove").asBoolean()) {
                return s;
            }
        }
    }

    private static JsonNode next(BlockingQueue<JsonNode> seen, String type) throws InterruptedException {
        while (true) {
            JsonNode m = seen.poll(120, TimeUnit.SECONDS);
            if (m == null) {
                throw new AssertionError("no " + type + " message within 120 s");
            }
            if (m.path("type").asText().equals(type)) {
                return m;
            }
        }
    }

    @Test
    void anAllocationTheParametersForbidIsRefusedWithTheReasonAndAnUnknownOneIsNotFound() throws Exception {
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(origin + "/api/allocations"))
                .header("Cookie", cookie).header("Origin", origin).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"items\": 5, \"each\": 3}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(refused.body()).path("error").asText())
                .isEqualTo("2 institutions cannot each obtain 3 distinct numbers out of 5");
        assertThat(get("/api/allocations/a999", cookie).statusCode()).isEqualTo(404);
        assertThat(get("/api/allocations/a999/csv", null).statusCode()).isEqualTo(403);
    }

    private String newTable(String form) throws Exception {
        HttpResponse<String> made = http.send(HttpRequest.newBuilder(URI.create(origin + "/api/tables"))
                .header("Cookie", cookie).header("Origin", origin).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
        return JSON.readTree(made.body()).path("id").asText();
    }

    private java.util.concurrent.CompletableFuture<WebSocket> socket(String table, String from, String withCookie,
            BlockingQueue<JsonNode> seen) {
        WebSocket.Builder b = http.newWebSocketBuilder().header("Origin", from).connectTimeout(Duration.ofSeconds(30));
        if (withCookie != null) {
            b.header("Cookie", withCookie);
        }
        return b.buildAsync(URI.create("ws://127.0.0.1:" + ui.port() + "/ws/tables/" + table), new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    try {
                        seen.add(JSON.readTree(text.toString()));
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                    text.setLength(0);
                }
                ws.request(1);
                return null;
            }
        });
    }

    private HttpResponse<String> get(String path, String withCookie) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(origin + path));
        if (withCookie != null) {
            r.header("Cookie", withCookie);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }
}
