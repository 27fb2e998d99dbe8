package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.shuffle.Permutation;
import fairtable.crypto.shuffle.VerifiableShuffle;
import fairtable.protocol.Intercepted;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.deck.DeckMessage.Codec;
import fairtable.protocol.deck.DeckMessage.Cut;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.Discard;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Leave;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckMessage.Reveal;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Show;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every validity check of {@link DeckObserver} (and of the {@link DeckMessage.Codec} it decodes with), each
 * tripped by a message signed with the real key of a seat, in the session, at the next sequence number and
 * on the receiver's hash chain, whose content breaks exactly that one check. The honest receiver refuses it
 * with the exact reason, naming the sender and the step; its state does not change; and the evidence file it
 * writes audits FAILED with the same line.
 *
 * <p>The checks, and the case that trips each (3 seats, 6 cards: steps 1-3 keys, 4-6 shuffles, then
 * operations):
 * <ul>
 *   <li>parse: "there is no seat N": unreachable with a signed message: no key exists for that seat, and the
 *       transcript refuses the sender first ({@link #aSeatThatDoesNotExistIsRefusedByTheTranscriptFirst});
 *       "claims step" ({@code InTurn.CLAIMS_ANOTHER_STEP}, {@code Idle.CLAIMS_ANOTHER_STEP}); "after the game is
 *       over" ({@link #aMessageAfterTheGameIsOverConvictsItsSenderInTheAudit}: live, the party refuses first
 *       as "already over"; only a game every seat has left tells this check from the "has left" one); "has
 *       left the game" ({@code Idle.AFTER_LEAVING}).</li>
 *   <li>keys: out of turn, wrong type, malformed key, trailing bytes, the same key as an earlier seat (issue
 *       12), a proof of knowledge that does not verify ({@code InTurn.KEY_*}); a key that cancels the others
 *       ({@link #aKeyThatCancelsTheOthersIsRefused}).</li>
 *   <li>shuffles: out of turn, wrong type, wrong card count, proof for another size, a card left unmasked
 *       (issue 12), a proof that does not verify ({@code InTurn.SHUFFLE_*}).</li>
 *   <li>shares being collected: out of turn, wrong type, wrong count, a share that does not verify, trailing
 *       bytes ({@code InTurn.SHARES_*}).</li>
 *   <li>operations while idle ({@code Idle}): deal (to a seat out of range or gone, too many or no cards, to
 *       nobody, a recipient twice, more recipients than seats), open (too many, none), cut (both bounds),
 *       discard (not held, bad flag, position out of range, bad face-up share), show (none, twice, not held,
 *       a position just past the deck, bad share), reveal (trailing bytes), leave (wrong count, bad share), an unknown type.</li>
 *   <li>the transcript's previous-hash check, on an otherwise valid message ({@link #aMessageOffTheHashChainIsRefused}).</li>
 *   <li>decode's default branch ("after the game is over") is unreachable while parse refuses a finished
 *       game before decoding.</li>
 * </ul>
 */
class DeckObserverChecksTest {
    private static final int PLAYERS = 3;
    private static final int CARDS = 6;

    @TempDir
    Path dir;


    @FunctionalInterface
    interface Play {
        void run(DeckTable table) throws ProtocolViolation;
    }

    /** The receiver, the honest message it is about to receive (when there is one), and how to sign another. */
    record Ctx(DeckTable table, DeckParty to, Envelope honest) {
        DeckObserver observer() {
            return to.observer();
        }

        /** A message in {@code seat}'s name, really signed by it, next on the receiver's chain. */
        Envelope signed(int seat, int step, String type, byte[] body) {
            return Envelope.sign(table.keys.get(seat), to.transcript().sessionId(), to.transcript().size(),
                    to.transcript().head(), seat, step, type, body);
        }

        Envelope signed(int seat, String type, byte[] body) {
            return signed(seat, observer().nextStep(), type, body);
        }

        /** The honest message's author sends {@code body} as {@code type} in its place. */
        Envelope instead(String type, byte[] body) {
            return signed(honest.sender(), honest.step(), type, body);
        }

        ProofContext context(int seat) {
            return observer().context(to.transcript().head(), seat);
        }

        KeyShare honestKey() throws MalformedMessageException {
            return Codec.keyShare(honest.body());
        }

        Shuffle honestShuffle() throws MalformedMessageException {
            return Codec.shuffle(honest.body(), CARDS);
        }

        List<DecryptionShare> honestShares() throws MalformedMessageException {
            return Codec.shares(honest.body(), observer().duePositions(honest.sender()).size());
        }

        /** A valid share of {@code position}, under a key that is nobody's at this table. */
        DecryptionShare foreignShare(int position, int seat) {
            return KeyPair.generate(new SplittableRandom(99)).decryptionShare(observer().deck().get(position),
                    context(seat), new SplittableRandom(98));
        }

        int heldByBob() {
            return observer().heldBy(1).get(0);
        }

        int topOfStock() {
            return observer().stock().get(0);
        }
    }

    @FunctionalInterface
    interface Build {
        Envelope build(Ctx c) throws Exception;
    }

    private static byte[] plus(byte[] body, int extra) {
        return Arrays.copyOf(body, body.length + extra);
    }

    private static byte[] shuffleBody(List<Ciphertext> deck, byte[] proof) {
        return new WireWriter().blob(Ciphertext.encodeList(deck)).blob(proof).toBytes();
    }

    /** Where the honest message is intercepted on its way to alice: bob's key, bob's shuffle or carol's shares. */
    enum Stage {
        KEY(1, KeyShare.TYPE, t -> t.shuffle()),
        SHUFFLE(1, Shuffle.TYPE, t -> t.shuffle()),
        // alice deals bob one card: alice's shares, then carol's are due.
        SHARES(2, Shares.TYPE, t -> {
            t.shuffle();
            t.pump(t.seat(0).deal(1, 1));
        });

        final int sender;
        final String type;
        final Play play;

        Stage(int sender, String type, Play play) {
            this.sender = sender;
            this.type = type;
            this.play = play;
        }
    }

    /** A message sent where one seat's key, shuffle or shares are due, in place of the honest one. */
    enum InTurn {
        CLAIMS_ANOTHER_STEP(Stage.KEY, c -> c.signed(1, 5, KeyShare.TYPE, c.honest.body()),
                "step 5, party bob: claims step 5 but step 2 is due"),
        KEY_OUT_OF_TURN(Stage.KEY, c -> c.signed(2, 2, KeyShare.TYPE, c.honest.body()),
                "step 2, party carol: spoke out of turn: bob must send 'key'"),
        KEY_WRONG_TYPE(Stage.KEY, c -> c.instead(Shuffle.TYPE, c.honest.body()),
                "step 2, party bob: sent 'shuffle' where 'key' is due"),
        KEY_THE_IDENTITY(Stage.KEY, c -> {
            byte[] body = c.honest.body().clone();
            Arrays.fill(body, 0, 32, (byte) 0);
            return c.instead(KeyShare.TYPE, body);
        }, "step 2, party bob: a public key must not be the identity element"),
        KEY_TRAILING_BYTES(Stage.KEY, c -> c.instead(KeyShare.TYPE, plus(c.honest.body(), 1)),
                "step 2, party bob: 1 unexpected trailing bytes"),
        KEY_SAME_AS_AN_EARLIER_SEAT(Stage.KEY, c -> c.instead(KeyShare.TYPE,
                new KeyShare(c.observer().publicKey(0), c.honestKey().proof()).toBytes()),
                "step 2, party bob: publishes the same key as alice"),
        KEY_WITHOUT_KNOWLEDGE(Stage.KEY, c -> {
            KeyPair other = KeyPair.generate(new SplittableRandom(7));
            return c.instead(KeyShare.TYPE, new KeyShare(other.publicKey(), c.honestKey().proof()).toBytes());
        }, "step 2, party bob: the proof of knowledge of its secret key does not verify"),
        SHUFFLE_OUT_OF_TURN(Stage.SHUFFLE, c -> c.signed(2, 5, Shuffle.TYPE, c.honest.body()),
                "step 5, party carol: spoke out of turn: bob must send 'shuffle'"),
        SHUFFLE_WRONG_TYPE(Stage.SHUFFLE, c -> c.instead(KeyShare.TYPE, c.honest.body()),
                "step 5, party bob: sent 'key' where 'shuffle' is due"),
        SHUFFLE_ONE_CARD_SHORT(Stage.SHUFFLE, c -> c.instead(Shuffle.TYPE,
                shuffleBody(c.honestShuffle().deck().subList(1, CARDS), c.honestShuffle().proof().encode())),
                "step 5, party bob: the shuffled deck has 5 cards, expected 6"),
        SHUFFLE_PROOF_FOR_ANOTHER_SIZE(Stage.SHUFFLE, c -> {
            List<Ciphertext> five = c.observer().deck().subList(0, CARDS - 1);
            byte[] proof = VerifiableShuffle.shuffle(c.observer().jointKey(), five,
                    Permutation.random(CARDS - 1, new SplittableRandom(3)), c.context(1), new SplittableRandom(4))
                    .proof().encode();
            return c.instead(Shuffle.TYPE, shuffleBody(c.honestShuffle().deck(), proof));
        }, "step 5, party bob: the shuffle proof is for 5 cards, expected 6"),
        SHUFFLE_LEAVES_A_CARD_UNMASKED(Stage.SHUFFLE, c -> {
            List<Ciphertext> deck = new ArrayList<>(c.honestShuffle().deck());
            deck.set(2, Ciphertext.unmasked(c.to.parameters().card(0)));
            return c.instead(Shuffle.TYPE, new Shuffle(deck, c.honestShuffle().proof()).toBytes());
        }, "step 5, party bob: leaves the card at position 2 unmasked"),
        SHUFFLE_NOT_A_PERMUTATION(Stage.SHUFFLE, c -> {
            List<Ciphertext> deck = new ArrayList<>(c.honestShuffle().deck());
            deck.set(1, deck.get(0));
            return c.instead(Shuffle.TYPE, new Shuffle(deck, c.honestShuffle().proof()).toBytes());
        }, "step 5, party bob: the shuffle proof does not verify: the new deck is not a permutation and "
                + "re-randomisation of the deck it received"),
        SHARES_OUT_OF_TURN(Stage.SHARES, c -> c.signed(1, c.honest.step(), Shares.TYPE, c.honest.body()),
                "step 9, party bob: spoke out of turn: carol must send 'shares'"),
        SHARES_WRONG_TYPE(Stage.SHARES, c -> c.instead(Open.TYPE, new Open(1).toBytes()),
                "step 9, party carol: sent 'open' where 'shares' is due"),
        SHARES_TOO_FEW(Stage.SHARES, c -> c.instead(Shares.TYPE, new Shares(List.of()).toBytes()),
                "step 9, party carol: 0 shares where 1 are due"),
        SHARES_TRAILING_BYTES(Stage.SHARES, c -> c.instead(Shares.TYPE, plus(c.honest.body(), 2)),
                "step 9, party carol: 2 unexpected trailing bytes"),
        SHARES_UNDER_ANOTHER_KEY(Stage.SHARES, c -> {
            int p = c.observer().duePositions(2).get(0);
            return c.instead(Shares.TYPE, new Shares(List.of(c.foreignShare(p, 2))).toBytes());
        }, "step 9, party carol: the decryption share for position %d does not verify: it was not made with its key "
                + "for this card");

        final Stage stage;
        final Build bad;
        final String violation;

        InTurn(Stage stage, Build bad, String violation) {
            this.stage = stage;
            this.bad = bad;
            this.violation = violation;
        }
    }

    @ParameterizedTest
    @EnumSource(InTurn.class)
    void aMessageWhereASeatIsDueIsRefusedWithItsReason(InTurn check) throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 1000 + check.ordinal());
        DeckParty alice = table.seat(0);
        table.wire = (to, e) -> {
            if (to == alice && e.sender() == check.stage.sender && e.type().equals(check.stage.type)) {
                throw new Intercepted(e);
            }
            return e;
        };
        Envelope honest = null;
        try {
            check.stage.play.run(table);
        } catch (Intercepted stopped) {
            honest = stopped.envelope;
        }
        assertThat(honest).as("the honest message was intercepted").isNotNull();
        Ctx c = new Ctx(table, alice, honest);
        String violation = check.violation.contains("%d")
                ? String.format(check.violation, c.observer().duePositions(2).get(0)) : check.violation;
        assertRefusedAndConvicted(alice, check.bad.build(c), violation);
        assertThat(alice.observer().awaitedSeat()).hasValue(check.stage.sender);
    }

    /** An operation started while the table is idle, after alice dealt bob one card; bob's go to alice, the rest to bob. */
    enum Idle {
        CLAIMS_ANOTHER_STEP(0, c -> c.signed(0, 11, Open.TYPE, new Open(1).toBytes()),
                "claims step 11 but step 10 is due"),
        AFTER_LEAVING(2, c -> c.signed(2, Open.TYPE, new Open(1).toBytes()),
                "has left the game and may send nothing more"),
        DEAL_TO_A_SEAT_THAT_DOES_NOT_EXIST(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(3), 1).toBytes()),
                "deals to seat 3, which is not playing"),
        DEAL_TO_A_SEAT_THAT_LEFT(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(2), 1).toBytes()),
                "deals to seat 2, which is not playing"),
        DEAL_MORE_THAN_THE_STOCK(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(0, 1), 3).toBytes()),
                "asks for 6 cards; the stock has 5"),
        DEAL_NO_CARDS(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(1), 0).toBytes()),
                "asks for 0 cards; the stock has 5"),
        DEAL_TO_NOBODY(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(), 1).toBytes()), "deals to nobody"),
        DEAL_TO_A_SEAT_TWICE(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(1, 1), 1).toBytes()),
                "names a recipient twice"),
        DEAL_TO_MORE_SEATS_THAN_THE_TABLE(0, c -> c.signed(0, Deal.TYPE, new Deal(List.of(0, 1, 2, 0), 1).toBytes()),
                "the number of values in the recipients is 4, more than the limit 3"),
        OPEN_MORE_THAN_THE_STOCK(0, c -> c.signed(0, Open.TYPE, new Open(6).toBytes()),
                "asks for 6 cards; the stock has 5"),
        OPEN_NOTHING(0, c -> c.signed(0, Open.TYPE, new Open(0).toBytes()), "asks for 0 cards; the stock has 5"),
        CUT_AT_THE_TOP(0, c -> c.signed(0, Cut.TYPE, new Cut(0).toBytes()),
                "cuts at 0; a cut of a stock of 5 is at 1 to 4"),
        CUT_BELOW_THE_BOTTOM(0, c -> c.signed(0, Cut.TYPE, new Cut(5).toBytes()),
                "cuts at 5; a cut of a stock of 5 is at 1 to 4"),
        DISCARD_A_CARD_NOT_HELD(0, c -> c.signed(0, Discard.TYPE, new Discard(c.heldByBob(), null).toBytes()),
                "does not hold a face-down card at position %HELD"),
        DISCARD_WITH_A_BAD_FLAG(1, c -> c.signed(1, Discard.TYPE, new WireWriter().u32(c.heldByBob()).u8(2).toBytes()),
                "the face-up flag is 2, not 0 or 1"),
        DISCARD_OUTSIDE_THE_DECK(1, c -> c.signed(1, Discard.TYPE, new WireWriter().u32(CARDS).u8(0).toBytes()),
                "the position is 6, more than the limit 5"),
        DISCARD_FACE_UP_WITH_A_BAD_SHARE(1, c -> c.signed(1, Discard.TYPE,
                new Discard(c.heldByBob(), c.foreignShare(c.heldByBob(), 1)).toBytes()),
                "the decryption share for position %HELD does not verify: it was not made with its key for this card"),
        SHOW_NOTHING(1, c -> c.signed(1, Show.TYPE, new Show(List.of(), List.of()).toBytes()), "shows no card"),
        SHOW_A_CARD_TWICE(1, c -> {
            DecryptionShare s = c.foreignShare(c.heldByBob(), 1);
            return c.signed(1, Show.TYPE, new Show(List.of(c.heldByBob(), c.heldByBob()), List.of(s, s)).toBytes());
        }, "shows a position twice"),
        SHOW_A_CARD_NOT_HELD(1, c -> c.signed(1, Show.TYPE,
                new Show(List.of(c.topOfStock()), List.of(c.foreignShare(c.topOfStock(), 1))).toBytes()),
                "does not hold a face-down card at position %TOP"),
        // The codec bounds only the count of shown positions, not their values: the observer's own bound.
        SHOW_A_POSITION_JUST_PAST_THE_DECK(1, c -> c.signed(1, Show.TYPE,
                new Show(List.of(CARDS), List.of(c.foreignShare(c.heldByBob(), 1))).toBytes()),
                "does not hold a face-down card at position " + CARDS),
        SHOW_WITH_A_BAD_SHARE(1, c -> c.signed(1, Show.TYPE,
                new Show(List.of(c.heldByBob()), List.of(c.foreignShare(c.heldByBob(), 1))).toBytes()),
                "the decryption share for position %HELD does not verify: it was not made with its key for this card"),
        REVEAL_WITH_TRAILING_BYTES(0, c -> c.signed(0, Reveal.TYPE, new byte[1]), "1 unexpected trailing bytes"),
        LEAVE_WITH_TOO_FEW_SHARES(0, c -> c.signed(0, Leave.TYPE, new Leave(List.of()).toBytes()),
                "0 shares where 5 are due"),
        LEAVE_WITH_A_BAD_SHARE(0, c -> {
            List<DecryptionShare> shares = new ArrayList<>();
            for (int p : c.observer().stock()) {
                shares.add(c.foreignShare(p, 0));
            }
            return c.signed(0, Leave.TYPE, new Leave(shares).toBytes());
        }, "the decryption share for position %TOP does not verify: it was not made with its key for this card"),
        AN_UNKNOWN_OPERATION(0, c -> c.signed(0, "peek", new byte[0]),
                "sent 'peek'; expected deal, open, cut, discard, show, reveal or leave");

        final int sender;
        final Build bad;
        final String reason;

        Idle(int sender, Build bad, String reason) {
            this.sender = sender;
            this.bad = bad;
            this.reason = reason;
        }

        boolean carolLeft() {
            return this == AFTER_LEAVING || this == DEAL_TO_A_SEAT_THAT_LEFT;
        }
    }

    @ParameterizedTest
    @EnumSource(Idle.class)
    void anImpossibleOperationIsRefusedWithItsReason(Idle check) throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 2000 + check.ordinal()).shuffle();
        table.pump(table.seat(0).deal(1, 1));
        if (check.carolLeft()) {
            table.pump(table.seat(2).leave());
        }
        DeckParty to = table.seat(check.sender == 1 ? 0 : 1);
        assertThat(to.observer().isIdle()).isTrue();
        Ctx c = new Ctx(table, to, null);
        int step = to.observer().nextStep();
        Envelope bad = check.bad.build(c);
        String reason = check.reason.replace("%HELD", Integer.toString(c.heldByBob()))
                .replace("%TOP", Integer.toString(c.topOfStock()));
        assertRefusedAndConvicted(to, bad, "step " + bad.step() + ", party " + DeckTable.NAMES[check.sender] + ": "
                + reason);
        assertThat(step).isEqualTo(check.carolLeft() ? 11 : 10);
        assertThat(to.observer().isIdle()).isTrue();
    }

    /**
     * carol's key makes the joint key the identity, with a valid proof that she knows its secret (she colludes
     * with alice and bob, whose secrets she sums and negates).
     */
    @Test
    void aKeyThatCancelsTheOthersIsRefused() throws Exception {
        // Each seat's ElGamal key is the first draw from its random source, so the test can know the secrets.
        DeckTable table = new DeckTable(PLAYERS, CARDS, 3000);
        table.seats.clear();
        List<KeyPair> secrets = new ArrayList<>();
        for (int s = 0; s < PLAYERS; s++) {
            secrets.add(KeyPair.generate(new SplittableRandom(3000 + s)));
            table.seats.add(DeckParty.create(table.params, s, DeckTable.NAMES[s], table.keys.get(s),
                    new SplittableRandom(3000 + s)));
        }
        DeckParty alice = table.seat(0);
        table.wire = (to, e) -> {
            if (to == alice && e.sender() == 2 && e.type().equals(KeyShare.TYPE)) {
                throw new Intercepted(e);
            }
            return e;
        };
        Envelope honest = null;
        try {
            table.shuffle();
        } catch (Intercepted stopped) {
            honest = stopped.envelope;
        }
        assertThat(alice.observer().publicKey(0)).isEqualTo(secrets.get(0).publicKey());
        assertThat(alice.observer().publicKey(1)).isEqualTo(secrets.get(1).publicKey());
        KeyPair cancelling = KeyPair.fromSecretKeyBytes(negatedSum(secrets.get(0), secrets.get(1)));
        Ctx c = new Ctx(table, alice, honest);
        Envelope bad = c.instead(KeyShare.TYPE, new KeyShare(cancelling.publicKey(),
                cancelling.proveKnowledge(c.context(2), new SplittableRandom(5))).toBytes());
        assertRefusedAndConvicted(alice, bad, "step 3, party carol: its key cancels the others: the joint key is the identity");
    }

    /** -(a + b) mod l, as a 32-byte little-endian scalar. */
    private static byte[] negatedSum(KeyPair a, KeyPair b) {
        java.math.BigInteger l = java.math.BigInteger.TWO.pow(252)
                .add(new java.math.BigInteger("27742317777372353535851937790883648493"));
        java.math.BigInteger sum = littleEndian(a.secretKeyBytes()).add(littleEndian(b.secretKeyBytes()));
        java.math.BigInteger negated = sum.negate().mod(l);
        byte[] big = negated.toByteArray();
        byte[] out = new byte[32];
        for (int i = 0; i < Math.min(32, big.length); i++) {
            out[i] = big[big.length - 1 - i];
        }
        return out;
    }

    private static java.math.BigInteger littleEndian(byte[] bytes) {
        byte[] big = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            big[i] = bytes[bytes.length - 1 - i];
        }
        return new java.math.BigInteger(1, big);
    }

    /**
     * Live, a finished game is refused before the observer sees the message; the audit judges the message. A
     * game also ends when every seat has left: then the sender has left too, and the game being over is the
     * reason given.
     */
    @ParameterizedTest
    @EnumSource(Ending.class)
    void aMessageAfterTheGameIsOverConvictsItsSenderInTheAudit(Ending ending) throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 4000 + ending.ordinal()).shuffle();
        DeckParty alice = table.seat(0);
        if (ending == Ending.REVEAL) {
            table.pump(alice.reveal());
        } else {
            table.pump(table.seat(1).leave());
            table.pump(table.seat(2).leave());
            table.pump(alice.leave());
        }
        assertThat(alice.observer().isDone()).isTrue();
        Envelope late = new Ctx(table, alice, null).signed(1, Open.TYPE, new Open(1).toBytes());
        int step = late.step();
        assertThat(step).isEqualTo(ending == Ending.REVEAL ? 11 : 10);
        assertThatThrownBy(() -> alice.receive(late)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + step + ", party bob: the game is already over");
        assertThat(auditFromFile(alice).line())
                .isEqualTo("FAILED: step " + step + ", party bob: sent 'open' after the game is over");
    }

    enum Ending { REVEAL, EVERYONE_LEFT }

    /** "there is no seat N" in the observer cannot be reached: the transcript refuses such a sender first. */
    @Test
    void aSeatThatDoesNotExistIsRefusedByTheTranscriptFirst() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 5000).shuffle();
        DeckParty alice = table.seat(0);
        Envelope nobody = Envelope.sign(table.keys.get(1), alice.transcript().sessionId(), alice.transcript().size(),
                alice.transcript().head(), 3, alice.observer().nextStep(), Open.TYPE, new Open(1).toBytes());
        assertThatThrownBy(() -> alice.receive(nobody)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 7: a message in the name of seat 3 (there is no such seat) was refused; it proves nothing against anyone");
    }

    /**
     * A message that is right in every way but names an earlier message as its predecessor: refused live. Whom
     * such a message convicts is the evidence rule's business, not this check's.
     */
    @Test
    void aMessageOffTheHashChainIsRefused() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 6000).shuffle();
        DeckParty bob = table.seat(1);
        List<Envelope> kept = bob.transcript().envelopes();
        Envelope offChain = Envelope.sign(table.keys.get(0), bob.transcript().sessionId(), kept.size(),
                kept.get(kept.size() - 2).hash(), 0, bob.observer().nextStep(), Open.TYPE, new Open(1).toBytes());
        List<Object> before = state(bob);
        assertThatThrownBy(() -> bob.receive(offChain)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 7: a message signed by alice that does not follow message 8 was refused; it proves nothing against alice");
        assertThat(state(bob)).isEqualTo(before);
        Envelope onChain = new Ctx(table, bob, null).signed(0, Open.TYPE, new Open(1).toBytes());
        bob.receive(onChain);
        assertThat(bob.observer().positionsIn(DeckObserver.Place.TABLE)).hasSize(1);
    }

    /** The receiver refuses {@code bad} with {@code violation}, changes nothing, and its evidence file says the same. */
    private void assertRefusedAndConvicted(DeckParty to, Envelope bad, String violation) throws Exception {
        List<Object> before = state(to);
        int refused = to.rejected().size();
        assertThatThrownBy(() -> to.receive(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(violation);
        assertThat(state(to)).isEqualTo(before);
        assertThat(to.rejected()).hasSize(refused + 1);
        assertThat(to.rejected().get(refused).envelope()).isEqualTo(bad);
        assertThat(auditFromFile(to).line()).isEqualTo("FAILED: " + violation);
    }

    /** The public and private state of a seat, to compare before and after a refused message. */
    private static List<Object> state(DeckParty p) {
        DeckObserver o = p.observer();
        return List.of(List.copyOf(p.transcript().envelopes()), p.hand(), p.awaiting(), o.stock(), o.sharesVerified(),
                o.nextStep(), o.awaitedSeat(), o.deck());
    }

    private AuditVerdict auditFromFile(DeckParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(DeckTable.audit(keeper).line());
        return verdict;
    }
}
