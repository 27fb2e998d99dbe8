package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seats in one process run through the session layer as seats in several do: every message placed by the host under
 * its receipt and checked by each seat's member, a seeded game the same every time, a rule broken named by the seats,
 * and a message that does not fit the chain stopped at the host before any seat sees it.
 */
class LocalSessionTest {
    private static final String[] NAMES = Players.NAMES;

    private final List<SigningKey> keys = new ArrayList<>();
    private final List<DeckParty> parties = new ArrayList<>();

    /** Four deck seats from {@code seed}; seat 0 deals two cards each and reveals if {@code deal}, else all only answer. */
    private LocalSession seat(long seed, boolean deal) {
        SplittableRandom random = new SplittableRandom(seed);
        List<LocalSession.Seat> seats = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            keys.add(Players.key(random));
        }
        for (int s = 0; s < 4; s++) {
            DeckParty p = DeckParty.create(new DeckParameters(4, 16), s, NAMES[s], keys.get(s), random.split());
            parties.add(p);
            seats.add(new LocalSession.Seat(p, keys.get(s), s == 0 && deal ? Players.dealThenReveal(p) : Actor.PASSIVE));
        }
        return new LocalSession(seats);
    }

    @Test
    void aSeededGameInOneProcessIsTheSameEveryTimeAndEveryPositionCarriesTheHostsReceiptAtEverySeat() throws Exception {
        LocalSession session = seat(5, true);
        session.play();
        List<Envelope> first = parties.get(0).transcript().envelopes();

        assertThat(session.isFinished()).isTrue();
        assertThat(session.placed()).isEqualTo(first);
        for (SessionMember m : session.members()) {
            assertThat(m.party().transcript().envelopes()).isEqualTo(first);
            assertThat(m.receipts()).hasSize(first.size());
            m.receipts().forEach((seq, receipt) -> {
                assertThat(receipt.isSignedBy(session.hostKey())).isTrue();
                assertThat(receipt.places(first.get(seq.intValue()))).isTrue();
            });
            assertThat(m.problem()).isEmpty();
        }

        keys.clear();
        parties.clear();
        seat(5, true).play();
        assertThat(parties.get(0).transcript().envelopes()).as("the same seeds, the same transcript").isEqualTo(first);
    }

    @Test
    void aSeatThatDealsInTheDealersPlaceIsNamedByTheOthersAndItsMessageStopsTheGame() throws Exception {
        LocalSession session = seat(6, false);
        session.play(); // keys and shuffles: then the table waits for the dealer
        DeckParty carol = parties.get(2);
        int before = parties.get(0).transcript().size();
        Envelope deal = copy(carol.transcript()).seal(keys.get(2), 2, carol.nextStep(), DeckMessage.Deal.TYPE,
                new byte[] {0, 0, 0, 2});

        assertThatThrownBy(() -> session.send(2, List.of(deal))).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("carol");
        assertThat(session.placed()).as("placed: it fits the chain and carol signed it").contains(deal);
        assertThat(parties.get(0).transcript().size()).as("refused by the rules").isEqualTo(before);
        assertThat(parties.get(0).rejected()).extracting(r -> r.envelope()).containsExactly(deal);
    }

    @Test
    void aMessageInAnotherSeatsNameIsRefusedByTheHostNamingItsSenderAndNoSeatEverSeesIt() throws Exception {
        LocalSession session = seat(7, false);
        session.play();
        DeckParty carol = parties.get(2);
        Envelope forged = copy(carol.transcript()).seal(keys.get(2), 0, carol.nextStep(), DeckMessage.Deal.TYPE,
                new byte[] {0, 0, 0, 2});
        List<Envelope> placedBefore = session.placed();

        assertThatThrownBy(() -> session.send(2, List.of(forged))).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("seat 2 stopped: ");
        assertThat(session.notices()).singleElement().asString()
                .startsWith("refused message #" + forged.seq() + " from \"seat 2\"")
                .endsWith("a message in alice's name with a bad signature was refused; it proves nothing against alice");
        assertThat(session.placed()).isEqualTo(placedBefore);
        for (int s : new int[] {0, 1, 3}) {
            assertThat(parties.get(s).rejected()).as(NAMES[s] + " never saw it").isEmpty();
            assertThat(session.members().get(s).problem()).isEmpty();
        }
    }

    private static Transcript copy(Transcript t) throws ProtocolViolation {
        Transcript copy = new Transcript();
        for (Envelope e : t.envelopes()) {
            copy.append(e);
        }
        return copy;
    }
}
