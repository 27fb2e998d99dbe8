package fairtable.net.tls;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.identity.Invitation;
import fairtable.net.identity.KnownPeers.Admission;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustDecision;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The whole path: profiles, an invitation, a first meeting with explicit pinning, and a pinned reunion. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ProfilesOverTlsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void anInvitationLeadsToMutualPinsThatLaterConnectionsUse(@TempDir Path base) throws Exception {
        Profile host = Profile.open(base.resolve("host"), new SecureRandom());
        Profile guest = Profile.open(base.resolve("guest"), new SecureRandom());
        TlsIdentity hostIdentity = TlsIdentity.of(host.identity());
        TlsIdentity guestIdentity = TlsIdentity.of(guest.identity());

        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0)) {
            String text = new Invitation("127.0.0.1", server.getLocalPort(), host.fingerprint(),
                    Optional.of("holdem")).format();

            Future<TlsTransport> accepted =
                    executor.submit(() -> TlsTransport.accept(server, hostIdentity, PeerCheck.anyKey(), WAIT));
            try (TlsTransport toHost = TlsTransport.connect(Invitation.parse(text), guestIdentity, WAIT);
                    TlsTransport toGuest = accepted.get(20, TimeUnit.SECONDS)) {
                // The guest checked the host's key against the invitation, so pinning it adds no risk.
                assertThat(guest.knownPeers().admit("host", toHost.peerKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                        .isEqualTo(Admission.NEWLY_PINNED);
                // The host knew nobody: it pins the guest only on its user's explicit acceptance.
                assertThat(host.knownPeers().admit("guest", toGuest.peerKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                        .isEqualTo(Admission.NEWLY_PINNED);
            }

            // Later, after a restart: both sides demand the pinned key.
            Profile hostAgain = Profile.open(base.resolve("host"), new SecureRandom());
            Profile guestAgain = Profile.open(base.resolve("guest"), new SecureRandom());
            Future<TlsTransport> again = executor.submit(() -> TlsTransport.accept(server, hostIdentity,
                    PeerCheck.pinnedAs(hostAgain.knownPeers(), "guest"), WAIT));
            try (TlsTransport toHost = TlsTransport.connect("127.0.0.1", server.getLocalPort(), guestIdentity,
                            PeerCheck.pinnedAs(guestAgain.knownPeers(), "host"), WAIT);
                    TlsTransport toGuest = again.get(20, TimeUnit.SECONDS)) {
                toHost.send(new byte[] {7});
                assertThat(toGuest.receive(WAIT)).containsExactly(7);
                assertThat(toGuest.peerKey()).isEqualTo(guest.identity().verifyingKey());
                assertThat(toHost.peerKey()).isEqualTo(host.identity().verifyingKey());
            }
        }
    }
}
