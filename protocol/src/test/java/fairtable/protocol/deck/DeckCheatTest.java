package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.shuffle.Permutation;
import fairtable.crypto.shuffle.ShuffledDeck;
import fairtable.crypto.shuffle.VerifiableShuffle;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Show;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dishonest seat (honest code plus a hook that rewrites what it sends) does each cheat the protocol
 * claims to catch. An honest seat refuses it on receipt naming the cheater and the step, its state does
 * not change, and the evidence file it writes (transcript plus refused messages) audits FAILED naming the
 * same cheater and step.
 */
class DeckCheatTest {
    private static final int CARDS = 8;
    /** Steps: 0 hellos, 1-3 keys, 4-6 shuffles (alice, bob, carol), then operations. */
    private static final int BOB_SHUFFLE = 5;

    @TempDir
    Path dir;

    private AuditVerdict auditFromFile(DeckParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        assertThat(Files.readAllLines(file)).anyMatch(line -> line.contains("\"refused\""));
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(DeckTable.audit(keeper).line());
        return verdict;
    }

    private static void assertConvicts(AuditVerdict verdict, int step, String cheater) {
        assertThat(verdict.verified()).as(verdict.line()).isFalse();
        assertThat(verdict.line()).startsWith("FAILED: step " + step + ", party " + cheater + ": ");
    }

    /** How bob cheats in his shuffle, given his honest message and what he knows at that moment. */
    enum ShuffleCheat {
        DROP_A_CARD(c -> c.withDeck(c.honest.deck().subList(1, CARDS))),
        DUPLICATE_A_CARD(c -> c.withCard(1, c.honest.deck().get(0))),
        REPLACE_A_CARD(c -> c.withCard(2, Ciphertext.mask(c.bob.observer().jointKey(),
                c.bob.parameters().card(0), new SplittableRandom(1)))),
        WRONG_RERANDOMISATION(c -> c.withCard(3, c.honest.deck().get(3).rerandomize(c.bob.observer().jointKey(),
                new SplittableRandom(2)))),
        PROOF_FOR_A_DIFFERENT_DECK(c -> c.provedFrom(freshDeck(c.bob), c.context())),
        ANOTHER_PLAYERS_SHUFFLE_REPLAYED(c -> c.aliceShuffle),
        PROOF_FROM_ANOTHER_SESSION(c -> c.provedFrom(c.bob.observer().deck(),
                ProofContext.of(new byte[32], c.context().transcriptHash(), c.context().proverId()))),
        PROOF_AS_ANOTHER_PLAYER(c -> c.provedFrom(c.bob.observer().deck(),
                c.bob.observer().context(c.bob.transcript().head(), 0))),
        PROOF_FROM_AN_EARLIER_MOMENT(c -> c.provedFrom(c.bob.observer().deck(),
                c.bob.observer().context(c.bob.transcript().envelopes().get(3).hash(), 1)));

        final Function<Cheat, byte[]> body;

        ShuffleCheat(Function<Cheat, byte[]> body) {
            this.body = body;
        }
    }

    /** What a cheating bob has at hand when his shuffle goes out. */
    record Cheat(DeckParty bob, Shuffle honest, byte[] aliceShuffle) {
        ProofContext context() {
            return bob.observer().context(bob.transcript().head(), 1);
        }

        byte[] withDeck(List<Ciphertext> deck) {
            return new fairtable.protocol.wire.WireWriter().blob(Ciphertext.encodeList(deck))
                    .blob(honest.proof().encode()).toBytes();
        }

        byte[] withCard(int index, Ciphertext replacement) {
            List<Ciphertext> deck = new ArrayList<>(honest.deck());
            deck.set(index, replacement);
            return new Shuffle(deck, honest.proof()).toBytes();
        }

        /** An honest proof of a shuffle of {@code input}, under {@code context}. */
        byte[] provedFrom(List<Ciphertext> input, ProofContext context) {
            ShuffledDeck s = VerifiableShuffle.shuffle(bob.observer().jointKey(), input,
                    Permutation.random(CARDS, new SplittableRandom(3)), context, new SplittableRandom(4));
            return new Shuffle(s.deck(), s.proof()).toBytes();
        }
    }

    private static List<Ciphertext> freshDeck(DeckParty p) {
        List<Ciphertext> deck = new ArrayList<>();
        for (int j = 0; j < CARDS; j++) {
            deck.add(Ciphertext.mask(p.observer().jointKey(), p.parameters().card(j), new SplittableRandom(j)));
        }
        return deck;
    }

    @ParameterizedTest
    @EnumSource(ShuffleCheat.class)
    void aTamperedShuffleIsRefusedOnReceiptAndConvictsTheShuffler(ShuffleCheat cheat) throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 100 + cheat.ordinal());
        DeckParty bob = table.seat(1);
        DeckParty alice = table.seat(0);
        bob.cheatWith((m, body) -> {
            if (!(m instanceof Shuffle s)) {
                return body;
            }
            byte[] aliceShuffle = bob.transcript().envelopes().get(bob.transcript().size() - 1).body();
            return cheat.body.apply(new Cheat(bob, s, aliceShuffle));
        });
        assertThatThrownBy(table::shuffle).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step " + BOB_SHUFFLE + ", party bob: ");
        // The refused message changed nothing: alice still waits for bob's shuffle.
        assertThat(alice.transcript().size()).isEqualTo(3 + 3 + 1);
        assertThat(alice.awaiting()).startsWith("bob to shuffle");
        assertThat(alice.rejected()).hasSize(1);
        assertConvicts(auditFromFile(alice), BOB_SHUFFLE, "bob");
    }

    /** Carol answers a deal with shares made under a key that is not hers, or for the wrong cards. */
    @ParameterizedTest
    @EnumSource(value = ShareCheat.class)
    void aWrongDecryptionShareIsRefusedAndConvictsItsSender(ShareCheat cheat) throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 200 + cheat.ordinal());
        table.shuffle();
        DeckParty carol = table.seat(2);
        KeyPair other = KeyPair.generate(new SplittableRandom(9));
        carol.cheatWith((m, body) -> {
            if (!(m instanceof Shares s)) {
                return body;
            }
            List<Integer> due = carol.observer().duePositions(2);
            ProofContext context = carol.observer().context(carol.transcript().head(), 2);
            List<DecryptionShare> bad = new ArrayList<>(s.shares());
            switch (cheat) {
                case WRONG_KEY -> bad.set(0, other.decryptionShare(carol.observer().deck().get(due.get(0)), context,
                        new SplittableRandom(1)));
                case SWAPPED_POSITIONS -> {
                    bad.set(0, s.shares().get(1));
                    bad.set(1, s.shares().get(0));
                }
                case FOR_ANOTHER_CARD -> bad.set(0, carol.observer().shareOf(due.get(0), 0) == null
                        ? s.shares().get(1) : s.shares().get(0));
            }
            return new Shares(bad).toBytes();
        });
        int step = table.seat(0).observer().nextStep() + 2; // the deal, alice's shares, then carol's
        assertThatThrownBy(() -> table.pump(table.seat(0).deal(0, 2)))
                .isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step " + step + ", party carol: the decryption share for position ");
        assertThat(table.seat(0).hand()).isEmpty();
        assertThat(table.seat(0).awaiting()).startsWith("carol to send its decryption shares");
        assertConvicts(auditFromFile(table.seat(0)), step, "carol");
    }

    enum ShareCheat { WRONG_KEY, SWAPPED_POSITIONS, FOR_ANOTHER_CARD }

    /** At showdown bob claims a card with a share under another key: refused, he is named. */
    @Test
    void aFalseShowdownIsRefused() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 300);
        table.shuffle();
        table.pump(table.seat(0).dealEach(2));
        DeckParty bob = table.seat(1);
        KeyPair other = KeyPair.generate(new SplittableRandom(9));
        bob.cheatWith((m, body) -> {
            if (!(m instanceof Show s)) {
                return body;
            }
            ProofContext context = bob.observer().context(bob.transcript().head(), 1);
            DecryptionShare forged = other.decryptionShare(bob.observer().deck().get(s.positions().get(0)), context,
                    new SplittableRandom(1));
            return new Show(s.positions(), List.of(forged)).toBytes();
        });
        int step = table.seat(0).observer().nextStep();
        int position = bob.hand().keySet().iterator().next();
        assertThatThrownBy(() -> table.pump(bob.show(List.of(position)))).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party bob: the decryption share for position " + position
                        + " does not verify: it was not made with its key for this card");
        assertThat(table.seat(2).observer().publicCard(position)).isEqualTo(-1);
        assertConvicts(auditFromFile(table.seat(0)), step, "bob");
    }

    /** A key without a valid proof of knowledge (a rogue key) is refused at key generation. */
    @Test
    void aKeyWithoutProofOfKnowledgeIsRefused() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 400);
        DeckParty bob = table.seat(1);
        KeyPair other = KeyPair.generate(new SplittableRandom(9));
        bob.cheatWith((m, body) -> m instanceof KeyShare k
                ? new KeyShare(other.publicKey(), k.proof()).toBytes() : body);
        assertThatThrownBy(table::shuffle).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 2, party bob: the proof of knowledge of its secret key does not verify");
        assertConvicts(auditFromFile(table.seat(0)), 2, "bob");
    }

    /** Carol shuffles before bob: refused as out of turn, naming carol. */
    @Test
    void speakingOutOfTurnIsRefused() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 500);
        List<Envelope> carolSent = new ArrayList<>();
        table.wire = (to, e) -> {
            if (e.type().equals(Shuffle.TYPE) && e.sender() == 0 && to.seat() == 1) {
                return null; // bob never hears alice's shuffle, so he stays silent
            }
            return e;
        };
        table.shuffle();
        DeckParty alice = table.seat(0);
        assertThat(alice.observer().awaitedSeat()).hasValue(1);
        assertThat(alice.awaiting()).isEqualTo("bob to shuffle the deck (step 5)");
        // Carol, impatient, shuffles in bob's place.
        DeckParty carol = table.seat(2);
        Envelope forged = fairtable.protocol.transcript.Envelope.sign(table.keys.get(2), alice.transcript().sessionId(),
                alice.transcript().size(), alice.transcript().head(), 2, 5, Shuffle.TYPE,
                alice.transcript().envelopes().get(alice.transcript().size() - 1).body());
        carolSent.add(forged);
        assertThatThrownBy(() -> alice.receive(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 5, party carol: spoke out of turn: bob must send 'shuffle'");
        assertThat(carol.rejected()).isEmpty();
        assertConvicts(auditFromFile(alice), 5, "carol");
    }

    /**
     * Bob's signed shuffle from an earlier game with the same keys, offered to Alice in place of his genuine one:
     * refused and kept, it proves nothing; Alice goes on waiting, takes the genuine shuffle, and the deck verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedButConvictsNobody() throws Exception {
        SplittableRandom seeds = new SplittableRandom(600);
        DeckTable old = new DeckTable(3, CARDS, 600);
        List<Envelope> oldMessages = new ArrayList<>();
        old.wire = (to, e) -> {
            if (to.seat() == 0) {
                oldMessages.add(e);
            }
            return e;
        };
        old.shuffle();
        Envelope oldBobShuffle = oldMessages.stream().filter(e -> e.type().equals(Shuffle.TYPE) && e.sender() == 1)
                .findFirst().orElseThrow();
        DeckTable table = new DeckTable(3, CARDS, 600 + seeds.nextInt(1000) + 1);
        // Same signing keys as the old session, fresh game.
        table.seats.clear();
        table.keys.clear();
        table.keys.addAll(old.keys);
        for (int s = 0; s < 3; s++) {
            table.seats.add(DeckParty.create(table.params, s, DeckTable.NAMES[s], old.keys.get(s), seeds.split()));
        }
        table.wire = (to, e) -> {
            if (to.seat() == 0 && e.type().equals(Shuffle.TYPE) && e.sender() == 1) {
                EvidenceRule.refusedAndKept(to, oldBobShuffle, EvidenceRule.fromAnotherSession(5, "bob"));
                EvidenceRule.convictsNobody(to);
            }
            return e;
        };
        table.shuffle();
        assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ").contains("the table is idle");
        EvidenceRule.convictsNobody(table.seat(0));
    }

    /**
     * Bob's shuffle re-signed over garbage: where it fits it convicts him, live and in the audit of Alice's file;
     * numbered or chained for another place it proves nothing. Either way Alice goes on waiting for the genuine one.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 601);
        ProtocolViolation[] live = new ProtocolViolation[1];
        table.wire = (to, e) -> {
            if (to.seat() == 0 && e.type().equals(Shuffle.TYPE) && e.sender() == 1 && live[0] == null) {
                live[0] = EvidenceRule.offer(to, table.keys.get(1), e, "bob", offer, "step 5, party bob: truncated: a 32-bit integer is missing");
            }
            return e;
        };
        table.shuffle();
        assertThat(live[0]).isNotNull();
        if (offer == EvidenceRule.Offer.FITTING) {
            assertThat(auditFromFile(table.seat(0)).line()).isEqualTo("FAILED: " + live[0].getMessage());
            EvidenceRule.convictsAsLive(table.seat(0), live[0]);
        } else {
            assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ").contains("the table is idle");
            EvidenceRule.convictsNobody(table.seat(0));
        }
    }
}
