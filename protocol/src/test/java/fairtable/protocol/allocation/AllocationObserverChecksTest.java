package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Intercepted;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.KeyShare;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckMessage.Reveal;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.deck.DeckMessage.Shuffle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireReader;
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
 * Every validity check of {@link AllocationObserver} (and of {@link Escrow#decode}), each tripped by a message
 * signed with the real key of an institution, in the session, at the next sequence number and on the receiver's
 * hash chain, whose content breaks exactly that one check. The honest receiver refuses it with the exact reason,
 * naming the sender and the step; its state does not change; and the evidence file it writes audits FAILED with
 * the same line. The deck's own checks are {@code DeckObserverChecksTest}'s; here one case per stage shows that
 * the allocation hands the message to the deck and keeps its verdict.
 *
 * <p>The checks, and the case that trips each (3 institutions and a board: steps 1-3 keys, 4-6 shuffles, 7-9
 * escrows, 10 the deal, 11-13 the shares):
 * <ul>
 *   <li>afterHellos: "the parameters say N institutions, but M said hello": live, a party refuses such a hello
 *       first; the audit of a transcript whose hellos all say so reaches it
 *       ({@link #helloesForAnotherNumberOfInstitutionsConvictTheFirstSeatInTheAudit}).</li>
 *   <li>parse: "there is no seat N": unreachable with a signed message: no key exists for that seat, and the
 *       transcript refuses the sender first ({@link #aSeatThatDoesNotExistIsRefusedByTheTranscriptFirst});
 *       "claims step" ({@code InTurn.CLAIMS_ANOTHER_STEP}); "after the allocation is over"
 *       ({@link #aMessageAfterTheAllocationConvictsItsSenderInTheAudit}: live, the party refuses first as
 *       "already over").</li>
 *   <li>escrows ({@code InTurn.ESCROW_*}): out of turn, the wrong type, the wrong count, a share that does not
 *       decode, trailing bytes, a share that does not verify; without a board, an escrow where the deal is due
 *       ({@link #anEscrowWithoutABoardIsRefused}).</li>
 *   <li>the deal ({@code InTurn.DEAL_*}): out of turn, the wrong type, a deal other than the allocation's (count,
 *       recipients), and the deck's own refusal of the deal (to nobody).</li>
 *   <li>the stages the deck judges ({@code InTurn.KEY_*}, {@code InTurn.SHUFFLE_*}, {@code InTurn.SHARES_*}).</li>
 *   <li>the transcript's previous-hash check, on an otherwise valid message ({@link #aMessageOffTheHashChainIsRefused}).</li>
 * </ul>
 */
class AllocationObserverChecksTest {
    private static final int ITEMS = 12;
    private static final int EACH = 3;

    @TempDir
    Path dir;


    /** The receiver, the honest message it is about to receive, and how to sign another. */
    record Ctx(AllocationTable table, AllocationParty to, Envelope honest) {
        /** The honest message's author sends {@code body} as {@code type} in its place. */
        Envelope instead(String type, byte[] body) {
            return table.signed(honest.sender(), to, honest.step(), type, body);
        }

        /** {@code seat} sends the honest message's body as its own. */
        Envelope insteadBy(int seat) {
            return table.signed(seat, to, honest.step(), honest.type(), honest.body());
        }

        Escrow honestEscrow() throws Exception {
            return Escrow.decode(honest.body(), EACH);
        }

        List<Ciphertext> deck() {
            return to.observer().deck().deck();
        }
    }

    @FunctionalInterface
    interface Build {
        Envelope build(Ctx c) throws Exception;
    }

    /** Where the honest message is intercepted: from {@code sender}, of {@code type}, on its way to {@code receiver}. */
    enum Stage {
        KEY(1, KeyShare.TYPE, 0),
        SHUFFLE(1, Shuffle.TYPE, 0),
        ESCROW(1, Escrow.TYPE, 0),
        DEAL(0, Deal.TYPE, 1),
        SHARES(2, Shares.TYPE, 0);

        final int sender;
        final String type;
        final int receiver;

        Stage(int sender, String type, int receiver) {
            this.sender = sender;
            this.type = type;
            this.receiver = receiver;
        }
    }

    private static final String NOT_ITS_ESCROW = "the escrowed share for position %d does not verify: it is not its own "
            + "decryption share of that card encrypted to the board's key";

    enum InTurn {
        CLAIMS_ANOTHER_STEP(Stage.ESCROW, c -> c.table.signed(1, c.to, 9, Escrow.TYPE, c.honest.body()),
                "step 9, party beta: claims step 9 but step 8 is due"),
        KEY_WITHOUT_KNOWLEDGE(Stage.KEY, c -> c.instead(KeyShare.TYPE, new KeyShare(
                KeyPair.generate(new SplittableRandom(7)).publicKey(),
                fairtable.crypto.proof.SchnorrProof.decodeCommitted(Arrays.copyOfRange(c.honest.body(), 33, c.honest.body().length)))
                .toBytes()), "step 2, party beta: the proof of knowledge of its secret key does not verify"),
        SHUFFLE_LEAVES_A_CARD_UNMASKED(Stage.SHUFFLE, c -> {
            WireReader r = new WireReader(c.honest.body());
            List<Ciphertext> deck = new ArrayList<>(Ciphertext.decodeList(r.blob(1 << 20, "deck")));
            byte[] proof = r.blob(1 << 20, "proof");
            deck.set(0, Ciphertext.unmasked(c.to.parameters().deck().card(0)));
            return c.instead(Shuffle.TYPE, new WireWriter().blob(Ciphertext.encodeList(deck)).blob(proof).toBytes());
        }, "step 5, party beta: leaves the card at position 0 unmasked"),
        ESCROW_OUT_OF_TURN(Stage.ESCROW, c -> c.insteadBy(2),
                "step 8, party gamma: spoke out of turn: beta must send 'escrow'"),
        ESCROW_WRONG_TYPE(Stage.ESCROW, c -> c.instead(Shares.TYPE, c.honest.body()),
                "step 8, party beta: sent 'shares' where 'escrow' is due"),
        ESCROW_TOO_FEW_SHARES(Stage.ESCROW, c -> c.instead(Escrow.TYPE,
                new Escrow(c.honestEscrow().shares().subList(0, 2)).toBytes()),
                "step 8, party beta: 2 escrowed shares where 3 are due"),
        ESCROW_A_SHARE_IN_THE_CLEAR(Stage.ESCROW, c -> {
            byte[] body = c.honest.body().clone();
            Arrays.fill(body, 4, 4 + 32, (byte) 0);
            return c.instead(Escrow.TYPE, body);
        }, "step 8, party beta: escrowed share 1: an escrowed share must be encrypted (R is the identity)"),
        ESCROW_TRAILING_BYTES(Stage.ESCROW, c -> c.instead(Escrow.TYPE, Arrays.copyOf(c.honest.body(),
                c.honest.body().length + 1)), "step 8, party beta: 1 unexpected trailing bytes"),
        ESCROW_NOT_ITS_SHARE(Stage.ESCROW, c -> {
            List<EscrowedShare> shares = c.honestEscrow().shares();
            return c.instead(Escrow.TYPE, new Escrow(List.of(shares.get(1), shares.get(0), shares.get(2))).toBytes());
        }, "step 8, party beta: " + NOT_ITS_ESCROW.formatted(1)),
        DEAL_OUT_OF_TURN(Stage.DEAL, c -> c.insteadBy(2), "step 10, party gamma: spoke out of turn: alpha must send 'deal'"),
        DEAL_WRONG_TYPE(Stage.DEAL, c -> c.instead(Open.TYPE, new Open(1).toBytes()),
                "step 10, party alpha: sent 'open' where 'deal' is due"),
        DEAL_ONE_FEWER_EACH(Stage.DEAL, c -> c.instead(Deal.TYPE, new Deal(List.of(0, 1, 2), EACH - 1).toBytes()),
                "step 10, party alpha: deals 2 each to seats [0, 1, 2]; the allocation deals 3 to each institution in "
                        + "seat order"),
        DEAL_OUT_OF_SEAT_ORDER(Stage.DEAL, c -> c.instead(Deal.TYPE, new Deal(List.of(2, 1, 0), EACH).toBytes()),
                "step 10, party alpha: deals 3 each to seats [2, 1, 0]; the allocation deals 3 to each institution in "
                        + "seat order"),
        DEAL_REFUSED_BY_THE_DECK(Stage.DEAL, c -> c.instead(Deal.TYPE, new Deal(List.of(), EACH).toBytes()),
                "step 10, party alpha: deals to nobody"),
        SHARES_OUT_OF_TURN(Stage.SHARES, c -> c.insteadBy(1),
                "step 13, party beta: spoke out of turn: gamma must send 'shares'"),
        SHARES_UNDER_ANOTHER_KEY(Stage.SHARES, c -> {
            int p = c.to.observer().deck().duePositions(2).get(0);
            List<DecryptionShare> shares = new ArrayList<>();
            for (int q : c.to.observer().deck().duePositions(2)) {
                shares.add(KeyPair.generate(new SplittableRandom(9)).decryptionShare(c.deck().get(q),
                        c.to.observer().context(c.to.transcript().head(), 2), new SplittableRandom(8)));
            }
            return c.instead(Shares.TYPE, new Shares(shares).toBytes());
        }, "step 13, party gamma: the decryption share for position %FIRST does not verify: it was not made with its "
                + "key for this card");

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
    void aMessageWhereAnInstitutionIsDueIsRefusedWithItsReason(InTurn check) throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 1000 + check.ordinal());
        AllocationParty to = table.seat(check.stage.receiver);
        table.wire = (recipient, e) -> {
            if (recipient == to && e.sender() == check.stage.sender && e.type().equals(check.stage.type)) {
                throw new Intercepted(e);
            }
            return e;
        };
        Envelope honest = null;
        try {
            table.run();
        } catch (Intercepted stopped) {
            honest = stopped.envelope;
        }
        assertThat(honest).as("the honest message was intercepted").isNotNull();
        Ctx c = new Ctx(table, to, honest);
        String violation = check.violation.replace("%FIRST",
                check.stage == Stage.SHARES ? to.observer().deck().duePositions(2).get(0).toString() : "");
        assertRefusedAndConvicted(to, check.bad.build(c), violation);
        assertThat(to.observer().awaitedSeat()).hasValue(check.stage.sender);
    }

    @Test
    void anEscrowWithoutABoardIsRefused() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, false, 2000);
        AllocationParty beta = table.seat(1);
        table.wire = (recipient, e) -> {
            if (recipient == beta && e.type().equals(Deal.TYPE)) {
                throw new Intercepted(e);
            }
            return e;
        };
        assertThatThrownBy(table::run).isInstanceOf(Intercepted.class);
        assertThat(beta.observer().awaitsDeal()).isTrue();
        Envelope escrow = table.signed(0, beta, 7, Escrow.TYPE, new Escrow(List.of()).toBytes());
        assertRefusedAndConvicted(beta, escrow, "step 7, party alpha: sent 'escrow' where 'deal' is due");
    }

    @Test
    void aMessageAfterTheAllocationConvictsItsSenderInTheAudit() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 3000).run();
        AllocationParty alpha = table.seat(0);
        Envelope late = table.signed(2, alpha, 14, Reveal.TYPE, new Reveal().toBytes());
        assertThatThrownBy(() -> alpha.receive(late)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party gamma: the game is already over");
        assertThat(auditFromFile(alpha).line())
                .isEqualTo("FAILED: step 14, party gamma: sent 'reveal' after the allocation is over");
    }

    @Test
    void aSeatThatDoesNotExistIsRefusedByTheTranscriptFirst() throws Exception {
        AllocationTable idle = new AllocationTable(3, ITEMS, EACH, true, 4001);
        AllocationParty beta = idle.seat(1);
        idle.wire = (recipient, e) -> {
            if (recipient == beta && e.type().equals(Deal.TYPE)) {
                throw new Intercepted(e);
            }
            return e;
        };
        assertThatThrownBy(idle::run).isInstanceOf(Intercepted.class);
        Envelope noSeat = Envelope.sign(idle.keys.get(0), beta.transcript().sessionId(), beta.transcript().size(),
                beta.transcript().head(), 3, 10, Deal.TYPE, new Deal(List.of(0, 1, 2), EACH).toBytes());
        assertThatThrownBy(() -> beta.receive(noSeat)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 10: a message in the name of seat 3 (there is no such seat) was refused; it proves nothing against anyone");
    }

    /**
     * Two institutions sign hellos for an allocation among three that say the table has two seats. A party
     * refuses such a hello; the audit of the file that holds them names the first seat.
     */
    @Test
    void helloesForAnotherNumberOfInstitutionsConvictTheFirstSeatInTheAudit() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, false, 5000);
        byte[] params = table.params.toBytes();
        List<Envelope> file = new ArrayList<>();
        byte[] prev = new byte[Envelope.HASH_LENGTH];
        for (int seat = 0; seat < 2; seat++) {
            SigningKey key = table.keys.get(seat);
            Hello hello = new Hello(AllocationParameters.PROTOCOL, params, 2, seat, AllocationTable.NAMES[seat],
                    key.verifyingKey(), new byte[Hello.NONCE_LENGTH]);
            Envelope e = Envelope.sign(key, new byte[Envelope.HASH_LENGTH], seat, prev, seat, 0, Hello.TYPE,
                    hello.toBytes());
            file.add(e);
            prev = e.hash();
        }
        assertThatThrownBy(() -> table.seat(1).receive(file.get(0))).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 0, party alpha: proposes ");
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(file, List.of()));
        assertThat(verdict.line()).isEqualTo("FAILED: step 0, party alpha: the parameters say 3 institutions, but 2 "
                + "said hello");
    }

    /**
     * A message that is right in every way but names an earlier message as its predecessor: refused live. Whom
     * such a message convicts is the evidence rule's business, not this check's.
     */
    @Test
    void aMessageOffTheHashChainIsRefused() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 6000);
        AllocationParty beta = table.seat(1);
        Envelope[] deal = new Envelope[1];
        table.wire = (recipient, e) -> {
            if (recipient == beta && e.type().equals(Deal.TYPE)) {
                deal[0] = e;
                throw new Intercepted(e);
            }
            return e;
        };
        assertThatThrownBy(table::run).isInstanceOf(Intercepted.class);
        List<Envelope> kept = beta.transcript().envelopes();
        Envelope offChain = Envelope.sign(table.keys.get(0), beta.transcript().sessionId(), kept.size(),
                kept.get(kept.size() - 2).hash(), 0, 10, Deal.TYPE, deal[0].body());
        List<Object> before = state(beta);
        assertThatThrownBy(() -> beta.receive(offChain)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 10: a message signed by alpha that does not follow message 11 was refused; it proves nothing against alpha");
        assertThat(state(beta)).isEqualTo(before);
        table.wire = (recipient, e) -> e;
        beta.receive(deal[0]);
        assertThat(beta.observer().awaitsDeal()).isFalse();
    }

    /** The receiver refuses {@code bad} with {@code violation}, changes nothing, and its evidence file says the same. */
    private void assertRefusedAndConvicted(AllocationParty to, Envelope bad, String violation) throws Exception {
        List<Object> before = state(to);
        int refused = to.rejected().size();
        assertThatThrownBy(() -> to.receive(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(violation);
        assertThat(state(to)).isEqualTo(before);
        assertThat(to.rejected()).hasSize(refused + 1);
        assertThat(to.rejected().get(refused).envelope()).isEqualTo(bad);
        assertThat(auditFromFile(to).line()).isEqualTo("FAILED: " + violation);
    }

    private static List<Object> state(AllocationParty p) {
        AllocationObserver o = p.observer();
        return List.of(List.copyOf(p.transcript().envelopes()), p.numbers(), p.awaiting(), o.nextStep(), o.awaitedSeat(),
                o.escrowsVerified(), o.deck().sharesVerified(), o.deck().deck());
    }

    private AuditVerdict auditFromFile(AllocationParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(AllocationTable.audit(keeper).line());
        return verdict;
    }
}
