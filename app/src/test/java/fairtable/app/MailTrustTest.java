package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.Armor;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustDecision;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * By mail every signed text is checked against the keys pinned for that game: the first text of a player pins
 * their key (under their profile name, by the one trust rule), and a text for their seat signed by any other key is
 * refused with one line naming the seat, the player and the key, before the game takes anything.
 */
class MailTrustTest {
    @TempDir
    Path temp;

    private MailDesk desk;

    private void name(String who) throws Exception {
        Profile.open(Path.of(desk.home(who)), new SecureRandom()).setDisplayName(who);
    }

    private Fingerprint fingerprint(String who) throws Exception {
        return Profile.open(Path.of(desk.home(who)), new SecureRandom()).fingerprint();
    }

    /** {@code who}'s message re-signed with {@code key}: a forgery in their seat's name, with everything else theirs. */
    private static String resigned(Envelope e, SigningKey key) {
        Envelope forged = Envelope.sign(key, e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(), e.body());
        return Armor.encode(forged, "fr2823580/v1", "bob");
    }

    @Test
    void theFirstTextPinsThePlayerAndATextSignedByAnotherKeyForTheirSeatIsRefused() throws Exception {
        desk = new MailDesk(temp);
        for (String who : List.of("alice", "bob", "mallory")) {
            name(who);
        }
        MailDesk.Sent hello = desk.mail("new", "alice", "--cards", "10", "--each", "2");
        MailDesk.Sent bob = desk.mail("join", "bob", "--in", desk.file(hello.text()).toString());
        assertThat(bob.run().code()).as(bob.run().err()).isZero();
        assertThat(bob.run().out()).contains("WARNING: alice is new: their key " + fingerprint("alice") + " is now pinned.");
        // mallory answers the same hello, as if she were bob.
        MailDesk.Sent mallory = desk.mail("join", "mallory", "--in", desk.file(hello.text()).toString());
        assertThat(mallory.run().code()).as(mallory.run().err()).isZero();

        MailDesk.Sent first = desk.receive("alice", bob.text());
        assertThat(first.run().code()).as(first.run().err()).isZero();
        assertThat(first.run().out()).contains("WARNING: bob is new: their key " + fingerprint("bob") + " is now pinned.");
        Map<String, String> before = desk.onDisk("alice");

        MailDesk.Sent forgedHello = desk.receive("alice", mallory.text());
        assertThat(forgedHello.run().code()).isEqualTo(Main.ERROR);
        assertThat(forgedHello.run().err()).contains("conflicts with the message already accepted", "nothing was changed");
        assertThat(desk.onDisk("alice")).isEqualTo(before);

        // bob's next message, signed by mallory's key: the game pinned bob's key for seat 1, and refuses it.
        MailDesk.Sent bobNext = desk.receive("bob", first.text());
        Envelope next = Armor.decodeAll(bobNext.text()).get(0);
        SigningKey malloryKey = Profile.open(Path.of(desk.home("mallory")), new SecureRandom()).identity();
        MailDesk.Sent forgedMove = desk.receive("alice", resigned(next, malloryKey));
        assertThat(forgedMove.run().code()).as("a forgery proves nothing: a bad input, not a cheat caught").isEqualTo(Main.ERROR);
        assertThat(forgedMove.run().err()).isEqualTo("fairtable: message #" + next.seq() + " was refused: step "
                + next.step() + ": a message in bob's name with a bad signature was refused; it proves nothing against"
                + " bob (kept as evidence; the game is as it was)\n");
        assertThat(desk.receive("alice", bobNext.text()).run().code()).isZero();
    }

    @Test
    void aPlayerWhoseNameIsPinnedToAnotherKeyIsRefusedAsAPossibleImpersonation() throws Exception {
        desk = new MailDesk(temp);
        name("alice");
        name("bob");
        Profile alice = Profile.open(Path.of(desk.home("alice")), new SecureRandom());
        alice.knownPeers().admit("bob", Profile.open(Path.of(desk.home("bob")), new SecureRandom()).identity()
                .verifyingKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING); // alice knows bob from another game
        Profile mallory = Profile.open(Path.of(desk.home("mallory")), new SecureRandom());
        mallory.setDisplayName("bob"); // mallory goes by bob's name

        MailDesk.Sent hello = desk.mail("new", "alice", "--cards", "10", "--each", "2");
        MailDesk.Sent impostor = desk.mail("join", "mallory", "--in", desk.file(hello.text()).toString());
        MailDesk.Sent refused = desk.receive("alice", impostor.text());
        assertThat(refused.run().code()).isEqualTo(Main.ERROR);
        assertThat(refused.run().err()).startsWith("fairtable: refused message #1: WARNING: POSSIBLE IMPERSONATION. bob is"
                + " pinned to key " + fingerprint("bob") + " but presented key " + mallory.fingerprint() + ".");
    }

    @Test
    void aHelloTheGameRefusesPinsNobody() throws Exception {
        desk = new MailDesk(temp);
        for (String who : List.of("alice", "carol", "mallory")) {
            name(who);
        }
        desk.mail("new", "alice", "--cards", "10", "--each", "2");
        // mallory's hello for seat 1 belongs to carol's game, not to alice's.
        MailDesk.Sent carols = desk.mail("new", "carol", "--cards", "10", "--each", "2");
        MailDesk.Sent mallory = desk.mail("join", "mallory", "--in", desk.file(carols.text()).toString());
        assertThat(mallory.run().code()).as(mallory.run().err()).isZero();

        MailDesk.Sent refused = desk.receive("alice", mallory.text());
        assertThat(refused.run().code()).as(refused.run().out() + refused.run().err()).isNotZero();
        assertThat(refused.run().out()).doesNotContain("is now pinned");
        assertThat(Profile.open(Path.of(desk.home("alice")), new SecureRandom()).knownPeers().pinned("mallory"))
                .as("a hello alice's game refused must not pin its name").isEmpty();
    }
}
