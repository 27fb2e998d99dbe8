package fairtable.net.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.TrustDecision;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.identity.UntrustedPeerException.Reason;
import fairtable.net.tcp.TcpTransport;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TlsTransportTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String LOOPBACK = "127.0.0.1";

    private final ExecutorService executor = Executors.newCachedThreadPool();

    private static TlsIdentity identity(long seed) {
        byte[] bytes = new byte[32];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return TlsIdentity.of(SigningKey.fromSeed(bytes));
    }

    private static final TlsIdentity ALICE = identity(1);
    private static final TlsIdentity BOB = identity(2);
    private static final TlsIdentity MALLORY = identity(3);

    private static Fingerprint fingerprint(TlsIdentity identity) {
        return Fingerprint.of(identity.verifyingKey());
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    /**
     * The handshake of the next connection alone, to see how it ends ({@link TlsTransport#accept} would log a
     * failure and wait on for another peer).
     */
    private Future<TlsTransport> acceptOne(ServerSocket server, TlsIdentity me, PeerCheck check, Duration timeout) {
        return executor.submit(() -> {
            server.setSoTimeout((int) WAIT.toMillis());
            return TlsTransport.handshakeAccepted(server.accept(), me, check, timeout);
        });
    }

    /** The exception an accept failed with. */
    private static Throwable failureOf(Future<?> future) throws Exception {
        try {
            future.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected the accept to fail");
    }

    @Test
    void mutuallyPinnedPeersExchangeFramesBothWays() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.expect(fingerprint(BOB)), WAIT);
            try (TlsTransport bob = TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT);
                    TlsTransport alice = accepted.get(20, TimeUnit.SECONDS)) {
                assertThat(bob.peerKey()).isEqualTo(ALICE.verifyingKey());
                assertThat(alice.peerKey()).isEqualTo(BOB.verifyingKey());
                assertThat(bob.cipherSuite()).isIn(TlsTransport.CIPHER_SUITES);
                assertThat(bob.peer()).contains(fingerprint(ALICE).toString());

                bob.send("hello alice".getBytes(StandardCharsets.UTF_8));
                bob.send(new byte[0]);
                assertThat(new String(alice.receive(WAIT), StandardCharsets.UTF_8)).isEqualTo("hello alice");
                assertThat(alice.receive(WAIT)).isEmpty();

                byte[] big = new byte[100_000];
                new SplittableRandom(7).nextBytes(big);
                alice.send(big);
                alice.send("bye".getBytes(StandardCharsets.UTF_8));
                assertThat(bob.receive(WAIT)).isEqualTo(big);
                assertThat(bob.receive(WAIT)).isEqualTo("bye".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void aReceiveThatTimesOutLosesNothing() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), WAIT);
            TlsTransport bob = TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                    PeerCheck.expect(fingerprint(ALICE)), WAIT);
            try (TlsTransport alice = accepted.get(20, TimeUnit.SECONDS)) {
                assertThatThrownBy(() -> alice.receive(Duration.ofMillis(200))).isInstanceOf(TimeoutException.class);
                bob.send(new byte[] {1, 2, 3});
                assertThat(alice.receive(WAIT)).containsExactly(1, 2, 3);
                bob.close();
                assertThatThrownBy(() -> alice.receive(WAIT)).isInstanceOf(Transport.PeerGoneException.class);
            } finally {
                bob.close();
            }
        }
    }

    @Test
    void aConnectorRefusesAListenerWithAnotherKey() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            // Mallory sits where Alice was expected and accepts anyone.
            Future<TlsTransport> mallory = acceptOne(server, MALLORY, PeerCheck.anyKey(), WAIT);
            assertThatThrownBy(() -> TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT))
                    .isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.FINGERPRINT_MISMATCH);
                        assertThat(e.presented()).contains(fingerprint(MALLORY));
                        assertThat(e.expected()).contains(fingerprint(ALICE));
                        assertThat(e.getMessage()).contains(fingerprint(MALLORY).toString());
                    });
            // Mallory learns nothing usable: the handshake never completes on her side either.
            assertThat(failureOf(mallory)).isInstanceOf(IOException.class)
                    .isNotInstanceOf(UntrustedPeerException.class);
        }
    }

    @Test
    void aListenerRefusesAConnectorWithAnotherKey() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> alice = acceptOne(server, ALICE, PeerCheck.expect(fingerprint(BOB)), WAIT);
            try (TlsTransport mallory = TlsTransport.connect(LOOPBACK, server.getLocalPort(), MALLORY,
                    PeerCheck.expect(fingerprint(ALICE)), WAIT)) {
                // TLS 1.3: the connector's handshake ends before the listener checks its key, so the
                // refusal reaches it as a failed first receive, never as a frame.
                assertThatThrownBy(() -> mallory.receive(WAIT)).isInstanceOf(IOException.class);
            } catch (IOException refusedDuringHandshake) {
                assertThat(refusedDuringHandshake).isNotInstanceOf(UntrustedPeerException.class);
            }
            assertThat(failureOf(alice)).isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.FINGERPRINT_MISMATCH);
                assertThat(e.presented()).contains(fingerprint(MALLORY));
            });
        }
    }

    /**
     * A listener that refuses our key hangs up at once, so a frame sent after that meets a closed socket: the failure
     * is that refusal, in its plain words, never a "Broken pipe".
     */
    @Test
    void aFrameSentAfterTheListenerRefusedOurKeyAndHungUpFailsAsThatRefusal() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            TlsTransport mallory = null;
            // TLS 1.3 lets the refusal reach the connector in its handshake or after it: the case here is after.
            for (int attempt = 0; mallory == null; attempt++) {
                assertThat(attempt).as("a handshake that the connector finished before it was refused").isLessThan(50);
                Future<TlsTransport> alice = acceptOne(server, ALICE, PeerCheck.expect(fingerprint(BOB)), WAIT);
                try {
                    mallory = TlsTransport.connect(LOOPBACK, server.getLocalPort(), MALLORY,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT);
                } catch (Transport.RefusedException inTheHandshake) {
                    // refused before the connector finished: try again
                }
                assertThat(failureOf(alice)).isInstanceOf(UntrustedPeerException.class); // and alice has hung up
            }
            TlsTransport refused = mallory;
            assertThatThrownBy(() -> {
                for (int frame = 0; frame < 1000; frame++) {
                    refused.send(new byte[1024]);
                }
            }).isInstanceOf(Transport.RefusedException.class).hasMessageContaining(" refused you: your key "
                    + fingerprint(MALLORY) + " is not accepted there.");
        }
    }

    @Test
    void anInvitationWithTheHostsFingerprintConnects() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), WAIT);
            Invitation invitation = Invitation.parse(
                    "fairtable://127.0.0.1:" + server.getLocalPort() + "/" + fingerprint(ALICE) + "?game=holdem");
            try (TlsTransport bob = TlsTransport.connect(invitation, BOB, WAIT);
                    TlsTransport alice = accepted.get(20, TimeUnit.SECONDS)) {
                assertThat(bob.peerKey()).isEqualTo(ALICE.verifyingKey());
                assertThat(alice.peerKey()).isEqualTo(BOB.verifyingKey());
            }
        }
    }

    @Test
    void anInvitationWithAWrongFingerprintIsRefused() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), WAIT);
            Invitation wrong = new Invitation(LOOPBACK, server.getLocalPort(), fingerprint(MALLORY));
            assertThatThrownBy(() -> TlsTransport.connect(wrong, BOB, WAIT))
                    .isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.FINGERPRINT_MISMATCH);
                        assertThat(e.presented()).contains(fingerprint(ALICE));
                    });
            assertThat(failureOf(accepted)).isInstanceOf(IOException.class);
        }
    }

    @Test
    void aGuestIsPinnedOnlyOnExplicitAcceptanceAndAChangedKeyIsRefused(@TempDir Path home) throws Exception {
        KnownPeers peers = KnownPeers.load(home.resolve("known_peers"));
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            // First meeting: the host cannot name the guest before its hello, so it takes any key ...
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), WAIT);
            try (TlsTransport bob = TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT);
                    TlsTransport guest = accepted.get(20, TimeUnit.SECONDS)) {
                assertThat(bob.peerKey()).isEqualTo(ALICE.verifyingKey());
                // ... and applies the policy to the proven key once the guest has said it is "bob".
                assertThatThrownBy(() -> peers.admit("bob", guest.peerKey(), TrustDecision.REQUIRE_KNOWN_KEY))
                        .isInstanceOfSatisfying(UntrustedPeerException.class,
                                e -> assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_KEY));
                assertThat(peers.pinned("bob")).isEmpty();
                assertThat(peers.admit("bob", guest.peerKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                        .isEqualTo(KnownPeers.Admission.NEWLY_PINNED);
            }
            assertThat(KnownPeers.load(home.resolve("known_peers")).pinned("bob")).contains(fingerprint(BOB));

            // Next time the host expects bob's pinned key; Mallory claiming to be bob is refused in the handshake.
            Future<TlsTransport> again = acceptOne(server, ALICE, PeerCheck.pinnedAs(peers, "bob"), WAIT);
            try (TlsTransport mallory = TlsTransport.connect(LOOPBACK, server.getLocalPort(), MALLORY,
                    PeerCheck.expect(fingerprint(ALICE)), WAIT)) {
                assertThatThrownBy(() -> mallory.receive(WAIT)).isInstanceOf(IOException.class);
            } catch (IOException refusedDuringHandshake) {
                assertThat(refusedDuringHandshake).isNotInstanceOf(UntrustedPeerException.class);
            }
            assertThat(failureOf(again)).isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.KEY_CHANGED);
                assertThat(e.getMessage()).contains("IMPERSONATION");
            });

            // And the real bob still gets in.
            Future<TlsTransport> third = acceptOne(server, ALICE, PeerCheck.pinnedAs(peers, "bob"), WAIT);
            try (TlsTransport bob = TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT);
                    TlsTransport guest = third.get(20, TimeUnit.SECONDS)) {
                bob.send(new byte[] {42});
                assertThat(guest.receive(WAIT)).containsExactly(42);
            }
        }
    }

    @Test
    void aPlaintextClientIsTurnedAwayByATlsListener() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), WAIT);
            try (TcpTransport plain = TcpTransport.connect(LOOPBACK, server.getLocalPort(), WAIT)) {
                plain.send("hello in the clear".getBytes(StandardCharsets.UTF_8));
                assertThat(failureOf(accepted)).isInstanceOf(IOException.class)
                        .hasMessageContaining("handshake");
                // The plaintext side gets an alert or the end of the stream, never a frame and never a hang.
                assertThatThrownBy(() -> plain.receive(WAIT)).isInstanceOf(IOException.class);
            }
        }
    }

    @Test
    void aSilentPlaintextClientCannotHoldATlsListenerBeyondTheTimeout() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = acceptOne(server, ALICE, PeerCheck.anyKey(), Duration.ofMillis(500));
            try (TcpTransport plain = TcpTransport.connect(LOOPBACK, server.getLocalPort(), WAIT)) {
                assertThat(failureOf(accepted)).isInstanceOf(TimeoutException.class);
                // The listener has hung up on it.
                assertThatThrownBy(() -> plain.receive(WAIT)).isInstanceOf(IOException.class);
            }
        }
    }

    @Test
    void aTlsClientIsTurnedAwayByAPlaintextListener() throws Exception {
        try (ServerSocket server = TcpTransport.listen(LOOPBACK, 0)) {
            Future<Throwable> plainSide = executor.submit(() -> {
                try (TcpTransport plain = TcpTransport.accept(server, WAIT)) {
                    plain.receive(WAIT);
                    return null;
                } catch (IOException | TimeoutException e) {
                    return e;
                }
            });
            assertThatThrownBy(() -> TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), WAIT))
                    .isInstanceOf(IOException.class)
                    .isNotInstanceOf(UntrustedPeerException.class)
                    .hasMessageContaining("handshake");
            // The ClientHello reads as an absurd frame length, which the plaintext side refuses.
            assertThat(plainSide.get(20, TimeUnit.SECONDS)).isInstanceOf(IOException.class)
                    .hasMessageContaining("limit");
        }
    }

    @Test
    void aSilentPlaintextListenerCannotHoldATlsClientBeyondTheTimeout() throws Exception {
        try (ServerSocket server = TcpTransport.listen(LOOPBACK, 0)) {
            Future<TcpTransport> plainSide = executor.submit(() -> TcpTransport.accept(server, WAIT));
            assertThatThrownBy(() -> TlsTransport.connect(LOOPBACK, server.getLocalPort(), BOB,
                            PeerCheck.expect(fingerprint(ALICE)), Duration.ofSeconds(1)))
                    .isInstanceOf(TimeoutException.class);
            plainSide.get(20, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void aListenerTurnsAwayPortScansGarbageAndRefusedKeysAndGoesOnWaitingForItsPeer() throws Exception {
        java.util.List<String> strays = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = executor.submit(() -> TlsTransport.accept(server, ALICE,
                    PeerCheck.expect(fingerprint(BOB)), WAIT, strays::add));
            int port = server.getLocalPort();
            new java.net.Socket(LOOPBACK, port).close(); // a port scan
            try (java.net.Socket garbage = new java.net.Socket(LOOPBACK, port)) {
                garbage.setSoTimeout((int) WAIT.toMillis());
                garbage.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                garbage.getOutputStream().flush();
                assertThat(garbage.getInputStream().read()).isIn(-1, 21); // the end of the stream, or a TLS alert
            }
            try (TlsTransport mallory = TlsTransport.connect(LOOPBACK, port, MALLORY,
                    PeerCheck.expect(fingerprint(ALICE)), WAIT)) {
                assertThatThrownBy(() -> mallory.receive(WAIT)).isInstanceOf(IOException.class);
            } catch (IOException refusedDuringHandshake) {
                assertThat(refusedDuringHandshake).isNotInstanceOf(UntrustedPeerException.class);
            }
            try (TlsTransport bob = TlsTransport.connect(LOOPBACK, port, BOB, PeerCheck.expect(fingerprint(ALICE)), WAIT);
                    TlsTransport alice = accepted.get(20, TimeUnit.SECONDS)) {
                assertThat(alice.peerKey()).isEqualTo(BOB.verifyingKey());
                bob.send(new byte[] {7});
                assertThat(alice.receive(WAIT)).containsExactly(7);
            }
        }
        assertThat(strays).hasSize(3).allSatisfy(line -> assertThat(line).startsWith("turned away").doesNotContain("\n"));
        assertThat(strays.get(2)).contains(fingerprint(MALLORY).toString());
    }

    @Test
    void aListenerThatOnlyMetRefusedKeysSaysSoWhenItsTimeIsUp() throws Exception {
        java.util.List<String> strays = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = executor.submit(() -> TlsTransport.accept(server, ALICE,
                    PeerCheck.expect(fingerprint(BOB)), Duration.ofSeconds(3), strays::add));
            try (TlsTransport mallory = TlsTransport.connect(LOOPBACK, server.getLocalPort(), MALLORY,
                    PeerCheck.expect(fingerprint(ALICE)), WAIT)) {
                assertThatThrownBy(() -> mallory.receive(WAIT)).isInstanceOf(IOException.class);
            } catch (IOException refusedDuringHandshake) {
                assertThat(refusedDuringHandshake).isNotInstanceOf(UntrustedPeerException.class);
            }
            assertThat(failureOf(accepted)).isInstanceOfSatisfying(UntrustedPeerException.class,
                    e -> assertThat(e.presented()).contains(fingerprint(MALLORY)));
            assertThat(strays).singleElement().asString().startsWith("turned away a peer whose key is refused");
        }
    }

    @Test
    void aListenerThatOnlyMetStraysTimesOutSayingHowMany() throws Exception {
        java.util.List<String> strays = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted = executor.submit(() -> TlsTransport.accept(server, ALICE,
                    PeerCheck.anyKey(), Duration.ofSeconds(3), strays::add));
            new java.net.Socket(LOOPBACK, server.getLocalPort()).close();
            new java.net.Socket(LOOPBACK, server.getLocalPort()).close();
            assertThat(failureOf(accepted)).isInstanceOf(TimeoutException.class)
                    .hasMessage("no peer completed a TLS handshake within 3 s (2 stray connections were turned away)");
            assertThat(strays).hasSize(2);
        }
    }
}
