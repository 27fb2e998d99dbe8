package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.DrawGame;
import fairtable.protocol.patent.PatentMessage;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Heads-up draw over FR 2823580 on the table protocol, against a dishonest seat: a patent operation started out of
 * turn is refused by the honest seat naming its signer, the honest seat records and answers nothing (so its keys,
 * which would show its hand and the pile, stay with it), and the audit of its evidence file convicts the cheater.
 */
class PatentDrawCheatTest {
    private static final FiveCardDraw GAME = new FiveCardDraw();
    private static final int MUTATIONS = 24;

    /** Players who stand pat and call until {@code decisions} decisions are made, then wait. */
    private static GameTable<PokerState<DrawGame>, PokerMove> table(long seed, int decisions) throws Exception {
        var players = PokerTable.<DrawGame>passiveFor(decisions);
        GameTable<PokerState<DrawGame>, PokerMove> t = new GameTable<>(PatentDrawSessionTest.params(2), seed,
                players::apply, s -> GAME);
        return t.play();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aRevealRightAfterTheDealIsRefusedNamingItsSenderAndTheHonestSeatReleasesNothing(int cheater) throws Exception {
        GameTable<PokerState<DrawGame>, PokerMove> t = table(31, 0);
        TableParty<PokerState<DrawGame>, PokerMove> honest = t.seat(1 - cheater);
        assertThat(honest.view().held().get(1 - cheater)).hasSize(5);
        String awaited = honest.awaiting();
        assertThat(awaited).endsWith("'s move");

        List<Envelope> reveal = TableCheats.uncalledPatent(t.seat(cheater), p -> p.reveal());

        t.assertRefusedByEveryHonestSeat(cheater, reveal,
                "starts a deck reveal the rules did not call for: they await " + awaited);
        assertThat(innerTypes(honest)).doesNotContain(PatentMessage.Reveal.TYPE);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aDrawWhileTheRulesAwaitABetIsRefusedNamingItsSender(int cheater) throws Exception {
        GameTable<PokerState<DrawGame>, PokerMove> t = table(32, 0);
        String awaited = t.seat(1 - cheater).awaiting();

        List<Envelope> draw = TableCheats.uncalledPatent(t.seat(cheater), p -> p.draw(1));

        t.assertRefusedByEveryHonestSeat(cheater, draw,
                "starts a deck draw the rules did not call for: they await " + awaited);
    }

    @Test
    void aRevealInTheMiddleOfTheOtherSeatsDrawIsRefusedNamingItsSender() throws Exception {
        // alice throws one card in the draw; bob, who must answer her draw, reveals his keys instead.
        TablePlayer<PokerState<DrawGame>, PokerMove> drawOne = (view, seat, legal) -> {
            PokerMove one = new PokerMove.Draw(view.held().get(seat).subList(0, 1));
            return legal.contains(one) ? one : PokerTable.<DrawGame>passive(v -> false).choose(view, seat, legal);
        };
        GameTable<PokerState<DrawGame>, PokerMove> t = new GameTable<>(PatentDrawSessionTest.params(1), 33,
                s -> s == 0 ? drawOne : PokerTable.<DrawGame>passive(v -> false), s -> GAME);
        TableParty<PokerState<DrawGame>, PokerMove> alice = t.seat(0);
        t.playUntil(() -> alice.awaiting().equals("bob to answer the draw"));
        int cheater = 1;

        List<Envelope> reveal = List.of(wrappedReveal(t, alice, cheater));

        t.assertRefusedByEveryHonestSeat(cheater, reveal,
                "reveals its keys in the middle of a deck operation: the deck awaits bob to answer the draw");
        assertThat(innerTypes(alice)).doesNotContain(PatentMessage.Reveal.TYPE);
    }

    @Test
    void mutatedAnswersToADrawReSignedByTheAnsweringSeatAreRefusedOrStopTheTableNamingItAndNothingElseEscapes()
            throws Exception {
        TablePlayer<PokerState<DrawGame>, PokerMove> drawOne = (view, seat, legal) -> {
            PokerMove one = new PokerMove.Draw(view.held().get(seat).subList(0, 1));
            return legal.contains(one) ? one : PokerTable.<DrawGame>passive(v -> false).choose(view, seat, legal);
        };
        GameTable<PokerState<DrawGame>, PokerMove> t = new GameTable<>(PatentDrawSessionTest.params(1), 34,
                s -> s == 0 ? drawOne : PokerTable.<DrawGame>passive(v -> false), s -> GAME);
        TableParty<PokerState<DrawGame>, PokerMove> alice = t.seat(0);
        t.playUntil(() -> alice.awaiting().equals("bob to answer the draw"));
        // bob's genuine answer, from a copy of bob given what alice said since he last heard (her move, her draw)
        TableParty<PokerState<DrawGame>, PokerMove> bobCopy = TableParty.restore(t.seat(1).snapshot(), GAME,
                t.keys.get(1), new SplittableRandom(5), PokerTable.passive(v -> false));
        List<Envelope> answers = new ArrayList<>();
        for (Envelope e : alice.transcript().envelopes().subList(bobCopy.transcript().size(), alice.transcript().size())) {
            answers.addAll(bobCopy.receive(e));
        }
        Envelope answer = answers.get(0);
        Envelope innerAnswer = PokerTable.inner(answer);
        assertThat(innerAnswer.type()).isEqualTo(PatentMessage.DrawAnswer.TYPE);
        byte[] aliceSnapshot = alice.snapshot();

        SplittableRandom random = new SplittableRandom(35);
        int refused = 0;
        int stopped = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            byte[] body = innerAnswer.body().clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                body[random.nextInt(body.length)] ^= (byte) (1 << random.nextInt(8));
            }
            if (java.util.Arrays.equals(body, innerAnswer.body())) {
                body[0] ^= 1; // two flips of one bit: the genuine answer again
            }
            TableParty<PokerState<DrawGame>, PokerMove> honest = TableParty.restore(aliceSnapshot, GAME, t.keys.get(0),
                    new SplittableRandom(6), PokerTable.passive(v -> false));
            Envelope mutated = resealed(t, honest, 1, innerAnswer, body);
            int before = honest.transcript().size();
            try {
                List<Envelope> out = honest.receive(mutated);
                // well-formed values that only alice's keys show are no cards: her table stops, naming bob
                assertThat(honest.failure()).as("accepted without a stop").isPresent();
                assertThat(honest.failure().get().party()).isEqualTo("bob");
                assertThat(out).as("alice keeps her keys").isEmpty();
                stopped++;
            } catch (fairtable.protocol.ProtocolViolation v) {
                assertThat(v.party()).isEqualTo("bob");
                assertThat(v.getMessage()).doesNotContain("cannot judge");
                assertThat(honest.transcript().size()).isEqualTo(before);
                refused++;
            }
        }
        assertThat(refused + stopped).isEqualTo(MUTATIONS);
        assertThat(refused).as("most mutations are no valid group elements").isPositive();
    }

    /** {@code inner} with another body, signed again by {@code cheater}, wrapped as its next message in {@code honest}'s chain. */
    private static Envelope resealed(GameTable<PokerState<DrawGame>, PokerMove> t, TableParty<?, ?> honest,
            int cheater, Envelope inner, byte[] body) throws Exception {
        Transcript draw = new Transcript();
        for (Envelope e : inner(honest)) {
            draw.append(e);
        }
        Envelope changed = draw.seal(t.keys.get(cheater), cheater, inner.step(), inner.type(), body);
        Transcript chain = new Transcript();
        for (Envelope e : honest.transcript().envelopes()) {
            chain.append(e);
        }
        return chain.seal(t.keys.get(cheater), cheater, honest.nextStep(), TableObserver.DECK,
                TableCheats.deckBody(honest.round(), changed));
    }

    /**
     * A patent reveal signed by {@code cheater} as the next message of the round's draw in {@code honest}'s chain,
     * with as many valid exponents as the cheater used: what a cheater's own client sends instead of its answer.
     */
    private static Envelope wrappedReveal(GameTable<PokerState<DrawGame>, PokerMove> t,
            TableParty<?, ?> honest, int cheater) throws Exception {
        Transcript draw = new Transcript();
        for (Envelope inner : inner(honest)) {
            draw.append(inner);
        }
        PatentObserver observer = new PatentObserver(PatentDrawSessionTest.PATENT, List.of("alice", "bob"));
        for (Envelope inner : draw.envelopes().subList(2, draw.size())) {
            observer.apply(observer.parse(inner));
        }
        List<BigInteger> exponents = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < observer.exponentsUsed(cheater); i++) {
            exponents.add(PatentDrawSessionTest.PATENT.group().randomInvertibleExponent(random));
        }
        Envelope inner = draw.seal(t.keys.get(cheater), cheater, observer.nextStep(), PatentMessage.Reveal.TYPE,
                new PatentMessage.Reveal(exponents).toBytes());
        Transcript chain = new Transcript();
        for (Envelope e : honest.transcript().envelopes()) {
            chain.append(e);
        }
        return chain.seal(t.keys.get(cheater), cheater, honest.nextStep(), TableObserver.DECK,
                TableCheats.deckBody(honest.round(), inner));
    }

    /** The patent messages of the current round in {@code seat}'s chain. */
    private static List<Envelope> inner(TableParty<?, ?> seat) throws Exception {
        List<Envelope> out = new ArrayList<>();
        for (Envelope e : seat.transcript().envelopes()) {
            if (e.type().equals(TableObserver.DECK)) {
                WireReader r = new WireReader(e.body());
                if (r.u32() == seat.round()) {
                    out.add(Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "the deck message")));
                }
            }
        }
        return out;
    }

    private static List<String> innerTypes(TableParty<?, ?> seat) throws Exception {
        return inner(seat).stream().map(Envelope::type).toList();
    }
}
