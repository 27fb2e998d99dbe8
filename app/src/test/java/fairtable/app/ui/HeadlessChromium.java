package fairtable.app.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's headless Chromium, driven through chromedriver's W3C WebDriver HTTP API with java.net.http: a real
 * browser with no driver library and nothing downloaded. {@link #available()} says whether this machine has both
 * (.ci/run installs them with apt when they are missing).
 */
final class HeadlessChromium implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process driver;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String session;
    private final int width;
    private final int height;

    static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
    }

    /** Skips the calling test class where this machine has no chromium or chromedriver. */
    static void assumeAvailable() {
        Assumptions.assumeTrue(available(), "Debian's chromium and chromium-driver are not installed here"
                + " (/usr/bin/chromium, /usr/bin/chromedriver); .ci/run installs them");
    }

    /** Closes each of {@code browsers} that was started (a class's browsers, after its last test). */
    static void closeAll(HeadlessChromium... browsers) {
        for (HeadlessChromium b : browsers) {
            if (b != null) {
                b.close();
            }
        }
    }

    /** Starts chromedriver on a free port, waits until it says it is ready, and opens one headless window. */
    HeadlessChromium(int width, int height) throws IOException, InterruptedException {
        this.width = width;
        this.height = height;
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        driver = new ProcessBuilder(DRIVER.toString(), "--port=" + port).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        base = "http://127.0.0.1:" + port;
        Instant deadline = Instant.now().plusSeconds(30);
        while (true) {
            try {
                if (call("GET", "/status", null).path("value").path("ready").asBoolean()) {
                    break;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (Instant.now().isAfter(deadline) || !driver.isAlive()) {
                driver.destroyForcibly();
                throw new IOException("chromedriver did not become ready on port " + port);
            }
            Thread.sleep(50); // polling the driver's readiness, the condition this waits for
        }
        ObjectNode options = JSON.createObjectNode();
        options.put("binary", CHROMIUM.toString());
        options.set("args", JSON.valueToTree(List.of("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=" + width + "," + height)));
        ObjectNode caps = JSON.createObjectNode();
        caps.putObject("capabilities").putObject("alwaysMatch").put("browserName", "chrome")
                .set("goog:chromeOptions", options);
        JsonNode created = call("POST", "/session", caps);
        session = created.path("value").path("sessionId").asText();
        if (session.isEmpty()) {
            close();
            throw new IOException("chromedriver opened no session: " + created);
        }
    }

    void open(String url) throws IOException, InterruptedException {
        session("POST", "/url", JSON.createObjectNode().put("url", url));
    }

    /**
     * Runs {@code script} in every page opened from now on, before the page's own scripts (Chromium's DevTools
     * protocol through chromedriver): to record what a page draws from its very first message.
     */
    String onEveryPage(String script) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("cmd", "Page.addScriptToEvaluateOnNewDocument");
        body.putObject("params").put("source", script);
        return session("POST", "/goog/cdp/execute", body).path("value").path("identifier").asText();
    }

    /** Stops running the script {@link #onEveryPage} installed as {@code identifier} in pages opened from now on. */
    void notOnEveryPage(String identifier) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("cmd", "Page.removeScriptToEvaluateOnNewDocument");
        body.putObject("params").put("identifier", identifier);
        session("POST", "/goog/cdp/execute", body);
    }

    /**
     * Leaves the last test's page for a blank one and restores the window's first size, so that a browser kept for a
     * whole test class (starting Chromium costs seconds) meets each test as a new one would.
     */
    void blank() throws IOException, InterruptedException {
        open("about:blank");
        resize(width, height);
    }

    /** Runs {@code script} (a function body; {@code arguments} as given) in the page and returns its value. */
    JsonNode run(String script, Object... args) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("script", script);
        body.set("args", JSON.valueToTree(List.of(args)));
        return session("POST", "/execute/sync", body).path("value");
    }

    /**
     * Waits until {@code script} returns a value other than null, false or "" in the page, and returns it; a page
     * still loading (a script error) counts as not yet. Fails after
     * {@code timeout} with {@code what}.
     */
    JsonNode await(String what, Duration timeout, String script, Object... args) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            JsonNode v;
            try {
                v = run(script, args);
            } catch (IOException loading) {
                v = null;
            }
            if (v != null && !v.isNull() && !v.isMissingNode() && !(v.isBoolean() && !v.asBoolean())
                    && !(v.isTextual() && v.asText().isEmpty())) {
                return v;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what);
            }
            Thread.sleep(50); // polling the page for the condition: each poll is one short script in the page
        }
    }

    /** Clicks the first element matching {@code css}, as a person would (the driver scrolls it into view). */
    void click(String css) throws IOException, InterruptedException {
        // A page that draws itself again on every message may replace the element between finding and clicking it:
        // it is then found again, a few times at the most.
        for (int tries = 1; ; tries++) {
            try {
                session("POST", "/element/" + element(css) + "/click", JSON.createObjectNode());
                return;
            } catch (IOException stale) {
                if (tries == 5 || !String.valueOf(stale.getMessage()).contains("stale element reference")) {
                    throw stale;
                }
            }
        }
    }

    /**
     * Presses the mouse on the element matching {@code css} and moves it {@code travel} pixels to the right, holding
     * it (WebDriver actions: the browser's own input events, pointer events included); {@link #release} lets it go.
     */
    void press(String css, int travel) throws IOException, InterruptedException {
        pointer("mouse", List.of(at(css, 0), Map.of("type", "pointerDown", "button", 0),
                Map.of("type", "pointerMove", "duration", 50, "origin", "pointer", "x", travel, "y", 0)));
    }

    /** Moves the mouse {@link #press} holds onto the element matching {@code css} and lets it go there. */
    void release(String css) throws IOException, InterruptedException {
        pointer("mouse", List.of(at(css, 50), Map.of("type", "pointerUp", "button", 0)));
        session("DELETE", "/actions", null);
    }

    /**
     * A finger pressed on {@code from}, moved a little, then to {@code to} and lifted there, in one go: chromedriver
     * keeps no touch pressed from one actions call to the next, as it does a mouse button.
     */
    void touchDrag(String from, String to) throws IOException, InterruptedException {
        pointer("touch", List.of(at(from, 0), Map.of("type", "pointerDown", "button", 0),
                Map.of("type", "pointerMove", "duration", 50, "origin", "pointer", "x", 20, "y", 0), at(to, 50),
                Map.of("type", "pointerUp", "button", 0)));
        session("DELETE", "/actions", null);
    }

    /** A move to the middle of the element matching {@code css} now: a point, since a drag may re-draw the element. */
    private Map<String, Object> at(String css, int millis) throws IOException, InterruptedException {
        JsonNode middle = run("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                + "return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]", css);
        if (middle.isNull()) {
            throw new AssertionError("no element " + css);
        }
        return Map.of("type", "pointerMove", "duration", millis, "origin", "viewport", "x", middle.get(0).asInt(),
                "y", middle.get(1).asInt());
    }

    private void pointer(String pointerType, List<Map<String, Object>> actions) throws IOException, InterruptedException {
        Map<String, Object> source = Map.of("type", "pointer", "id", pointerType, "parameters",
                Map.of("pointerType", pointerType), "actions", actions);
        session("POST", "/actions", JSON.valueToTree(Map.of("actions", List.of(source))));
    }

    private String element(String css) throws IOException, InterruptedException {
        JsonNode found = session("POST", "/element", JSON.createObjectNode().put("using", "css selector").put("value", css));
        String id = found.path("value").path(ELEMENT).asText();
        if (id.isEmpty()) {
            throw new AssertionError("no element " + css + ": " + found);
        }
        return id;
    }

    /** Presses keys as typed into the focused element of the page. */
    void type(String css, String text) throws IOException, InterruptedException {
        session("POST", "/element/" + element(css) + "/value", JSON.createObjectNode().put("text", text));
    }

    void resize(int width, int height) throws IOException, InterruptedException {
        session("POST", "/window/rect", JSON.createObjectNode().put("width", width).put("height", height));
    }

    void screenshot(Path png) throws IOException, InterruptedException {
        JsonNode shot = session("GET", "/screenshot", null);
        Files.write(png, Base64.getDecoder().decode(shot.path("value").asText()));
    }

    private JsonNode session(String method, String path, JsonNode body) throws IOException, InterruptedException {
        JsonNode answer = call(method, "/session/" + session + path, body);
        JsonNode error = answer.path("value").path("error");
        if (!error.isMissingNode()) {
            throw new IOException("WebDriver " + method + " " + path + ": " + answer.path("value").path("message").asText());
        }
        return answer;
    }

    private JsonNode call(String method, String path, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        r = body == null ? r.method(method, HttpRequest.BodyPublishers.noBody())
                : r.method(method, HttpRequest.BodyPublishers.ofString(body.toString()))
                        .header("Content-Type", "application/json");
        return JSON.readTree(http.send(r.build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    @Override
    public void close() {
        try {
            if (session != null) {
                call("DELETE", "/session/" + session, null);
            }
        } catch (IOException | InterruptedException ignored) {
            // the driver goes anyway
        } finally {
            driver.destroy();
        }
    }
}
