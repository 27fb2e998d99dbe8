package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.RefusedMessages;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMessage.Draw;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Alice, dishonest, writes evidence files of her own (docs/evidence.md) out of Bob's genuinely signed messages, of
 * this game or of another one with the same keys, to make an audit convict him. Whatever she lists as refused, in
 * any order and as often as she likes, the audit must say exactly what the transcript part says alone.
 */
class PatentEvidenceAttackTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 12, 3);

    private static AuditVerdict audit(List<Envelope> transcript, List<Envelope> refused) {
        return Auditor.audit(new TranscriptFile.Contents(transcript, refused));
    }

    private static List<Envelope> honestGame(long seed) throws Exception {
        Table table = new Table(PARAMS, seed).deal();
        table.finish();
        return table.bob.transcript().envelopes();
    }

    /** Another whole game between the same two keys, with fresh randomness (so fresh hellos and session). */
    private static List<Envelope> anotherGameWithTheSameKeys(long seed, long otherSeed) throws Exception {
        Table keys = new Table(PARAMS, seed);
        SplittableRandom random = new SplittableRandom(otherSeed);
        PatentParty alice = PatentParty.create(PARAMS, 0, "alice", keys.aliceKey, random.split());
        PatentParty bob = PatentParty.create(PARAMS, 1, "bob", keys.bobKey, random.split());
        List<Envelope> queue = new ArrayList<>(alice.start());
        boolean revealed = false;
        while (!queue.isEmpty()) {
            List<Envelope> next = new ArrayList<>();
            for (Envelope e : queue) {
                next.addAll((e.sender() == 0 ? bob : alice).receive(e));
            }
            queue = next;
            if (queue.isEmpty() && !revealed) {
                revealed = true;
                queue = new ArrayList<>(alice.reveal());
            }
        }
        return bob.transcript().envelopes();
    }

    /** The places of Bob's messages after the hellos. */
    private static List<Integer> bobsPlaces(List<Envelope> transcript) {
        List<Integer> places = new ArrayList<>();
        for (int i = 2; i < transcript.size(); i++) {
            if (transcript.get(i).sender() == 1) {
                places.add(i);
            }
        }
        return places;
    }

    @Test
    void bobsAcceptedMessagesListedAsRefusedAtTheirOwnPlacesProveNothing() throws Exception {
        List<Envelope> game = honestGame(61);
        String alone = audit(game, List.of()).line();
        assertThat(alone).startsWith("VERIFIED: ");
        for (int i : bobsPlaces(game)) {
            assertThat(audit(game, List.of(game.get(i), game.get(i))).line()).as("message %d", i).isEqualTo(alone);
        }
        // Every message of the game, twice, backwards, in the refused part.
        List<Envelope> everything = new ArrayList<>(game);
        everything.addAll(game);
        Collections.reverse(everything);
        assertThat(audit(game, everything).line()).isEqualTo(alone);
    }

    @Test
    void aTranscriptCutJustBeforeBobsMessageWithThatMessageRefusedSaysWhatTheCutTranscriptSays() throws Exception {
        List<Envelope> game = honestGame(62);
        for (int i : bobsPlaces(game)) {
            List<Envelope> cut = game.subList(0, i);
            String alone = audit(cut, List.of()).line();
            // His message at the next place (its seq is the cut transcript's size): valid there, it proves nothing.
            assertThat(audit(cut, List.of(game.get(i))).line()).as("cut at %d", i).isEqualTo(alone);
            // Every later message too, each at a place after the end of the cut transcript, in reverse order.
            List<Envelope> rest = new ArrayList<>(game.subList(i, game.size()));
            Collections.reverse(rest);
            rest.addAll(rest);
            assertThat(audit(cut, rest).line()).as("cut at %d, the rest refused", i).isEqualTo(alone);
        }
    }

    @Test
    void bobsMessagesAndHellosOfAnotherGameWithTheSameKeysProveNothing() throws Exception {
        List<Envelope> game = honestGame(63);
        List<Envelope> other = anotherGameWithTheSameKeys(63, 64);
        assertThat(audit(other, List.of()).line()).startsWith("VERIFIED: ");
        assertThat(other.get(1).sender()).isEqualTo(1);
        String alone = audit(game, List.of()).line();
        assertThat(audit(game, other).line()).isEqualTo(alone);
        for (int i : bobsPlaces(game)) {
            List<Envelope> cut = game.subList(0, i);
            assertThat(audit(cut, other).line()).isEqualTo(audit(cut, List.of()).line());
        }
    }

    /**
     * Hellos in the transcript part, placed by Alice: Bob's genuine hello before hers, Bob's hello of another game
     * after hers, or a line in Bob's name and key whose signature is garbage. None is a statement Bob signed for that
     * place, so, like any other line off the chain, each must fail the file and convict nobody.
     */
    @Test
    void bobsHellosPlacedOffTheChainByAliceConvictNobody() throws Exception {
        List<Envelope> game = honestGame(65);
        List<Envelope> other = anotherGameWithTheSameKeys(65, 66);
        Envelope alices = game.get(0);
        Envelope bobs = game.get(1);
        Envelope forged = Envelope.of(bobs.session(), bobs.seq(), bobs.prev(), bobs.sender(), bobs.step(), bobs.type(),
                bobs.body(), new byte[64]);
        String notOneChain = ", so the file is not one signed chain; it proves nothing against ";
        Envelope step1 = game.get(2);
        Map<List<Envelope>, String> files = new LinkedHashMap<>();
        files.put(List.of(bobs, alices), "FAILED: step 0: message 0 of the transcript is a hello signed by bob as"
                + " number 1 (number 0 was due)" + notOneChain + "bob");
        files.put(List.of(alices, other.get(1)), "FAILED: step 0: message 1 of the transcript is a hello signed by bob"
                + " that does not follow message 0" + notOneChain + "bob");
        files.put(List.of(alices, forged), "FAILED: step 0: message 1 of the transcript is a hello in bob's name with a"
                + " bad signature" + notOneChain + "bob");
        files.put(List.of(alices, step1), "FAILED: step " + step1.step() + ": message 1 of the transcript is a message"
                + " from seat " + step1.sender() + " that is not a readable hello" + notOneChain + "anyone");
        files.put(List.of(alices, bobs, bobs), "FAILED: step 0: message 2 of the transcript is a message signed by bob"
                + " in another session" + notOneChain + "bob");
        files.forEach((hellos, line) -> {
            List<Envelope> file = new ArrayList<>(hellos);
            file.addAll(game.subList(2, game.size()));
            AuditVerdict verdict = audit(file, List.of());
            assertThat(verdict.line()).isEqualTo(line);
            assertThat(verdict.failure().provesNothing()).isTrue();
        });
    }

    /** Bob's head as Alice's next message, over {@code body}, signed by {@code key} (Alice's own, or a forger's). */
    private static Envelope atBobsHead(PatentParty bob, SigningKey key, byte[] body) {
        List<Envelope> t = bob.transcript().envelopes();
        return Envelope.sign(key, bob.transcript().sessionId(), t.size(), t.get(t.size() - 1).hash(), 0,
                bob.nextStep(), Draw.TYPE, body);
    }

    private static byte[] garbage(int i) {
        return new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) (i >> 8), (byte) i};
    }

    /**
     * A flood of refused messages at Bob, who waits on after each: forgeries in Alice's name, then Alice's own signed
     * garbage at his head (each a cheat, refused live naming her). His kept evidence stays bounded, the flood of
     * forgeries does not crowd out her conviction, and his file still convicts her as the first refusal did live.
     */
    @Test
    void aFloodOfRefusedMessagesKeepsBoundedEvidenceThatStillConvicts() throws Exception {
        Table table = new Table(PARAMS, 67).deal();
        PatentParty bob = table.bob;
        SigningKey forger = Table.key(new SplittableRandom(68));
        int size = bob.transcript().size();
        // Each flood a little longer than what is kept of it, so that each bound below must bite.
        int forgeries = RefusedMessages.UNATTRIBUTED + 20;
        int cheats = RefusedMessages.PER_SEAT + 20;
        for (int i = 0; i < forgeries; i++) {
            Envelope forged = atBobsHead(bob, forger, garbage(i));
            assertThatThrownBy(() -> bob.receive(forged))
                    .isInstanceOfSatisfying(ProtocolViolation.class, v -> assertThat(v.provesNothing()).isTrue());
        }
        ProtocolViolation[] first = new ProtocolViolation[1];
        for (int i = 0; i < cheats; i++) {
            Envelope cheat = atBobsHead(bob, table.aliceKey, garbage(i));
            assertThatThrownBy(() -> bob.receive(cheat))
                    .isInstanceOfSatisfying(ProtocolViolation.class, v -> {
                        assertThat(v.party()).isEqualTo("alice");
                        if (first[0] == null) {
                            first[0] = v;
                        }
                    });
        }
        assertThat(bob.transcript().size()).isEqualTo(size);
        List<Envelope> refused = bob.rejected().stream().map(r -> r.envelope()).toList();
        assertThat(refused.stream().filter(e -> e.isSignedBy(forger.verifyingKey())))
                .hasSizeLessThanOrEqualTo(RefusedMessages.UNATTRIBUTED);
        assertThat(refused.stream().filter(e -> e.isSignedBy(table.aliceKey.verifyingKey())))
                .hasSizeLessThanOrEqualTo(RefusedMessages.PER_SEAT).isNotEmpty();
        assertThat(refused).hasSizeLessThanOrEqualTo(RefusedMessages.UNATTRIBUTED + 2 * RefusedMessages.PER_SEAT);
        assertThat(audit(bob.transcript().envelopes(), refused).line()).isEqualTo("FAILED: " + first[0].getMessage());
    }

    /**
     * Alice, at her turn, sends Bob only cheats signed off the chain (a wrong previous hash, a wrong number): each proves
     * nothing and Bob waits on, but she does not escape blame: his file names her as the seat that fell silent.
     */
    @Test
    void cheatsSignedOffTheChainLeaveTheCheaterNamedAsSilent() throws Exception {
        Table table = new Table(PARAMS, 69);
        boolean[] cheated = new boolean[1];
        table.wire = e -> {
            if (e.sender() == 0 && e.type().equals(PatentMessage.Deal3.TYPE)) {
                cheated[0] = true;
                for (Envelope fake : List.of(fairtable.protocol.EvidenceRule.garbledAfterAnotherMessage(table.aliceKey, e),
                        fairtable.protocol.EvidenceRule.garbledOneNumberOn(table.aliceKey, e))) {
                    assertThatThrownBy(() -> table.bob.receive(fake)).isInstanceOfSatisfying(ProtocolViolation.class,
                            v -> assertThat(v.provesNothing()).isTrue());
                }
                return null; // and never the genuine step 3
            }
            return e;
        };
        table.deal();
        assertThat(cheated[0]).isTrue();
        List<Envelope> refused = table.bob.rejected().stream().map(r -> r.envelope()).toList();
        assertThat(refused).hasSize(2);
        assertThat(audit(table.bob.transcript().envelopes(), refused).line()).isEqualTo("FAILED: step 3, party alice: the"
                + " transcript ends here: alice did not send step 3 (" + table.bob.awaiting() + ")");
    }

    /**
     * Whoever holds both keys signs any chain of a game's messages, dropped, repeated and shuffled, and lists any of
     * them as refused: the audit answers each file with a verdict, never an exception.
     */
    @Test
    void everyReorderedChainOfAGamesMessagesGetsAVerdict() throws Exception {
        Table table = new Table(PARAMS, 70).deal().finish();
        SigningKey[] keys = {table.aliceKey, table.bobKey};
        List<Envelope> game = table.bob.transcript().envelopes();
        List<Envelope> later = game.subList(2, game.size());
        SplittableRandom random = new SplittableRandom(71);
        for (int trial = 0; trial < 150; trial++) {
            List<Envelope> file = new ArrayList<>(game.subList(0, 2));
            int length = random.nextInt(later.size() * 2 + 1);
            for (int i = 0; i < length; i++) {
                Envelope e = later.get(random.nextInt(later.size()));
                Envelope last = file.get(file.size() - 1);
                int step = random.nextInt(3) == 0 ? random.nextInt(14) : e.step();
                file.add(Envelope.sign(keys[e.sender()], e.session(), file.size(), last.hash(), e.sender(), step,
                        e.type(), e.body()));
            }
            int cut = 2 + random.nextInt(file.size() - 1);
            AuditVerdict verdict = audit(file.subList(0, cut), new ArrayList<>(file.subList(cut, file.size())));
            assertThat(verdict.line()).as("trial %d", trial).startsWith(verdict.verified() ? "VERIFIED: " : "FAILED: ");
        }
    }
}
