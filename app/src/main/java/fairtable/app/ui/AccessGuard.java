package fairtable.app.ui;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * Lets through only the person who started {@code fairtable ui}: every request must carry the secret token that
 * the command printed (in the URL once, then in a cookie bound to this port), must name this server as its Host
 * (so a web page cannot reach it by rebinding a name of its own to 127.0.0.1), and, whenever the browser says
 * where a request comes from (Origin, Sec-Fetch-Site), must come from this server's own pages. A WebSocket must
 * always name its Origin. Anything else gets 403 and learns nothing.
 */
final class AccessGuard extends Handler.Wrapper {
    private final byte[] token;
    private final IntSupplier port;

    /** {@code port} is the port the server is bound to, known once it has started. */
    AccessGuard(String token, IntSupplier port, Handler next) {
        super(next);
        this.token = token.getBytes(StandardCharsets.US_ASCII);
        this.port = port;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String refusal = refusal(request);
        if (refusal != null) {
            Response.writeError(request, response, callback, HttpStatus.FORBIDDEN_403, refusal);
            return true;
        }
        Fields query = Request.extractQueryParameters(request);
        if (query.getValue("token") != null && !isWebSocket(request)) {
            // The token arrived in the address: keep it in a cookie for this port and take it out of the address bar.
            Response.addCookie(response, HttpCookie.build(cookieName(), new String(token, StandardCharsets.US_ASCII))
                    .path("/").httpOnly(true).sameSite(HttpCookie.SameSite.STRICT).build());
            response.getHeaders().put(HttpHeader.LOCATION, withoutToken(request));
            response.setStatus(HttpStatus.SEE_OTHER_303);
            callback.succeeded();
            return true;
        }
        return super.handle(request, response, callback);
    }

    /** The address of {@code request} without its token, every other query parameter kept. */
    private static String withoutToken(Request request) {
        StringBuilder kept = new StringBuilder();
        for (Fields.Field f : Request.extractQueryParameters(request)) {
            if (f.getName().equals("token")) {
                continue;
            }
            for (String v : f.getValues()) {
                kept.append(kept.length() == 0 ? '?' : '&').append(URLEncoder.encode(f.getName(), StandardCharsets.UTF_8))
                        .append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8));
            }
        }
        return Request.getPathInContext(request) + kept;
    }

    /** Why {@code request} is refused, or null when it may pass. */
    String refusal(Request request) {
        int p = port.getAsInt();
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (host == null || !Set.of("127.0.0.1:" + p, "localhost:" + p).contains(host)) {
            return "unknown host";
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && !Set.of("http://127.0.0.1:" + p, "http://localhost:" + p).contains(origin)) {
            return "foreign origin";
        }
        if (isWebSocket(request) && origin == null) {
            return "a WebSocket must name its origin";
        }
        String site = request.getHeaders().get("Sec-Fetch-Site");
        if (site != null && !List.of("same-origin", "none").contains(site)) {
            return "foreign site";
        }
        if (!matches(Request.extractQueryParameters(request).getValue("token"))
                && !matches(cookie(request))) {
            return "no valid token";
        }
        return null;
    }

    private String cookie(Request request) {
        for (HttpCookie c : Request.getCookies(request)) {
            if (c.getName().equals(cookieName())) {
                return c.getValue();
            }
        }
        return null;
    }

    /** Cookies ignore ports: a name of this port's own keeps two nodes on one machine apart. */
    private String cookieName() {
        return "fairtable-" + port.getAsInt();
    }

    private boolean matches(String offered) {
        return offered != null && MessageDigest.isEqual(token, offered.getBytes(StandardCharsets.US_ASCII));
    }

    private static boolean isWebSocket(Request request) {
        return "websocket".equalsIgnoreCase(request.getHeaders().get(HttpHeader.UPGRADE));
    }
}
