package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.SafePrimeGroup;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMessage.Deal1;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A dishonest party (honest code plus a tampering hook on what it sends) does each cheat the protocol
 * claims to catch. The honest peer catches it live, or the audit catches it afterwards; either way the
 * verdict names the cheater and the step, also when read back from the written evidence file.
 */
class PatentCheatTest {
    @TempDir
    Path dir;

    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 12, 3);

    /** A value that is a valid group element but no card of the deck under any key anyone knows. */
    private static Element rogue(Group group) {
        return group.cardElement("a card from another deck".getBytes(StandardCharsets.UTF_8), 0);
    }

    /** Plays on until nobody speaks, then has both reveal if the game did not already stop. */
    private static void playOut(Table table) throws ProtocolViolation {
        table.deal();
        if (!table.alice.isFinished() && !table.bob.isFinished()) {
            table.finish();
        }
    }

    private AuditVerdict auditFromFile(PatentParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(Table.audit(keeper).line());
        return verdict;
    }

    private static void assertConvicts(AuditVerdict verdict, int step, String cheater) {
        assertThat(verdict.verified()).as(verdict.line()).isFalse();
        assertThat(verdict.failure().step()).as(verdict.line()).isEqualTo(step);
        assertThat(verdict.failure().party()).as(verdict.line()).isEqualTo(cheater);
        assertThat(verdict.line()).startsWith("FAILED: step " + step + ", party " + cheater + ": ");
    }

    /** Wherever the substituted value ends up (B's hand, A's hand, the pile) the audit names A at step 1. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aSubstitutedCardAtStep1IsPinnedOnA(long seed) throws Exception {
        Table table = new Table(PARAMS, seed);
        table.alice.cheatWith((m, body) -> {
            if (m instanceof Deal1 d) {
                List<Element> t = new ArrayList<>(d.t());
                t.set(0, rogue(PARAMS.group()));
                return new Deal1(t).toBytes();
            }
            return body;
        });
        playOut(table);
        assertConvicts(auditFromFile(table.bob), 1, "alice");
    }

    @Test
    void aSubstitutedCardAtStep2IsPinnedOnB() throws Exception {
        Table table = new Table(PARAMS, 11);
        table.bob.cheatWith((m, body) -> {
            if (m instanceof Deal2 d) {
                List<Element> t = new ArrayList<>(d.t());
                t.set(2, rogue(PARAMS.group()));
                return new Deal2(t, d.jb()).toBytes();
            }
            return body;
        });
        playOut(table);
        assertConvicts(auditFromFile(table.alice), 2, "bob");
    }

    @Test
    void aDuplicatedCardIsRefusedLiveByTheHonestPeer() throws Exception {
        Table table = new Table(PARAMS, 12);
        table.alice.cheatWith((m, body) -> {
            if (m instanceof Deal1 d) {
                List<Element> t = new ArrayList<>(d.t());
                t.set(1, t.get(0));
                return new Deal1(t).toBytes();
            }
            return body;
        });
        assertThatThrownBy(table::deal).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 1, party alice: value 2 of T repeats an earlier value");
        assertThat(table.bob.rejected()).hasSize(1);
        assertConvicts(auditFromFile(table.bob), 1, "alice");
    }

    /** Half the pile under b2, half under b2*r: the audit sees that no single key explains step 2. */
    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23})
    void twoExponentsInOneStepArePinnedOnTheCheater(long seed) throws Exception {
        Table table = new Table(PARAMS, seed);
        BigInteger extra = BigInteger.valueOf(7);
        table.bob.cheatWith((m, body) -> {
            if (m instanceof Deal2 d) {
                List<Element> t = new ArrayList<>(d.t());
                for (int i = 0; i < t.size() / 2; i++) {
                    t.set(i, t.get(i).exp(extra));
                }
                return new Deal2(t, d.jb()).toBytes();
            }
            return body;
        });
        playOut(table);
        assertConvicts(auditFromFile(table.alice), 2, "bob");
    }

    @Test
    void aWrongCountIsRefusedLive() throws Exception {
        Table table = new Table(PARAMS, 31);
        table.bob.cheatWith((m, body) -> m instanceof Deal2 d
                ? new Deal2(d.t().subList(1, d.t().size()), d.jb()).toBytes() : body);
        assertThatThrownBy(table::deal).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 2, party bob: T has 8 values, expected 9");
        assertConvicts(auditFromFile(table.alice), 2, "bob");
    }

    /** Bytes that decode to no element of the group: the identity, or outside the group entirely. */
    @ParameterizedTest
    @EnumSource(value = PatentMode.class, names = {"RISTRETTO", "SAFE_PRIME", "LITERAL"})
    void aNonMemberElementIsRefusedLive(PatentMode mode) throws Exception {
        PatentParameters params = new PatentParameters(mode, 6, 2);
        Group group = params.group();
        byte[] bad = new byte[group.elementLength()];
        if (group instanceof SafePrimeGroup g) {
            // p - 1 is a quadratic non-residue modulo a safe prime: in Z_p^* but outside the subgroup.
            byte[] raw = g.modulus().subtract(BigInteger.ONE).toByteArray();
            System.arraycopy(raw, raw.length - bad.length, bad, 0, bad.length);
        } else if (group instanceof PatentLiteralGroup g) {
            byte[] raw = g.modulus().toByteArray(); // N itself is not below N
            System.arraycopy(raw, raw.length - bad.length, bad, 0, bad.length);
        } else {
            java.util.Arrays.fill(bad, (byte) 0xFF); // not a canonical field element
        }
        Table table = new Table(params, 41);
        table.bob.cheatWith((m, body) -> {
            byte[] out = body.clone();
            if (m instanceof Deal2) {
                System.arraycopy(bad, 0, out, 4, bad.length); // first value of T
            }
            return out;
        });
        assertThatThrownBy(table::deal).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 2, party bob: value 1 of T is not a valid " + group.name() + " element");
        assertConvicts(auditFromFile(table.alice), 2, "bob");
    }

    /**
     * Bob's step 2 from an earlier game with the same keys, offered to Alice in a new one in place of his genuine
     * step 2: anyone who kept it could do that, so it is refused, kept, and convicts nobody; Alice goes on waiting,
     * takes the genuine step 2, and the game verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedAndConvictsNobody() throws Exception {
        Table table = new Table(PARAMS, 51);
        PatentParty oldAlice = PatentParty.create(PARAMS, 0, "alice", table.aliceKey, new SplittableRandom(52));
        PatentParty oldBob = PatentParty.create(PARAMS, 1, "bob", table.bobKey, new SplittableRandom(53));
        Envelope oldStep2 = null;
        List<Envelope> queue = oldAlice.start();
        boolean toBob = true;
        while (!queue.isEmpty() && oldStep2 == null) {
            List<Envelope> next = new ArrayList<>();
            for (Envelope e : queue) {
                next.addAll((toBob ? oldBob : oldAlice).receive(e));
            }
            for (Envelope e : next) {
                if (e.type().equals(Deal2.TYPE)) {
                    oldStep2 = e;
                }
            }
            queue = next;
            toBob = !toBob;
        }
        Envelope replayed = oldStep2;
        table.wire = e -> {
            if (e.type().equals(Deal2.TYPE)) {
                EvidenceRule.refusedAndKept(table.alice, replayed, EvidenceRule.fromAnotherSession(2, "bob"));
                EvidenceRule.convictsNobody(table.alice);
            }
            return e;
        };
        playOut(table);
        assertThat(auditFromFile(table.alice).line()).startsWith("VERIFIED: ");
        EvidenceRule.convictsNobody(table.alice);
        // Written into the transcript part of a file instead, it fails the file and still convicts nobody.
        List<Envelope> framed = new ArrayList<>(table.alice.transcript().envelopes());
        framed.add(replayed);
        assertThat(Auditor.audit(new TranscriptFile.Contents(framed, List.of())).line()).isEqualTo("FAILED: step 2:"
                + " message " + (framed.size() - 1) + " of the transcript is a message signed by bob in another session,"
                + " so the file is not one signed chain; it proves nothing against bob");
    }

    /**
     * Bob's step 2 re-signed over garbage: where it fits (right number, right previous hash) it convicts him, live
     * and in the audit of Alice's file; numbered or chained for another place it proves nothing, even signed by him.
     * Either way Alice goes on waiting for the genuine step 2.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        Table table = new Table(PARAMS, 54);
        ProtocolViolation[] live = new ProtocolViolation[1];
        table.wire = e -> {
            if (e.type().equals(Deal2.TYPE) && live[0] == null) {
                live[0] = EvidenceRule.offer(table.alice, table.bobKey, e, "bob", offer,
                        "step 2, party bob: truncated: a 32-bit integer is missing");
            }
            return e;
        };
        playOut(table);
        assertThat(live[0]).isNotNull();
        if (offer == EvidenceRule.Offer.FITTING) {
            assertThat(auditFromFile(table.alice).line()).isEqualTo("FAILED: " + live[0].getMessage());
            EvidenceRule.convictsAsLive(table.alice, live[0]);
        } else {
            assertThat(auditFromFile(table.alice).line()).startsWith("VERIFIED: ");
            EvidenceRule.convictsNobody(table.alice);
        }
    }
}
