package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What the first seat proposes in its signed hello and every seat agreed to, but the game cannot play (a number
 * of seats outside the game's range, options its rules refuse, an FR 2823580 draw of another number of cards),
 * stops every seat at once and fails the audit, naming the proposer; a game one seat from either end of its
 * range plays. A move in turn that the rules refuse, and a correctly placed message after the game is over, convict
 * their signer; an auditor who does not know the game says so, naming the proposer. (The other checks of the
 * observer are tripped in {@link TableCheatTest} and {@link TableWrappingAttackTest}.)
 */
class TableObserverChecksTest {

    /** High card for {@code min} to {@code max} seats. */
    private static HighCard seatsFromTo(int min, int max) {
        return new HighCard() {
            @Override
            public int minSeats() {
                return min;
            }

            @Override
            public int maxSeats() {
                return max;
            }
        };
    }

    /** Every seat stopped at the hellos with {@code line}, and the audit of every seat fails with it. */
    private static void assertStoppedByTheProposal(List<TableParty<HighCard.State, HighCard.Move>> seats,
            TableGame<HighCard.State, HighCard.Move> rules, String line) {
        for (TableParty<HighCard.State, HighCard.Move> p : seats) {
            assertThat(p.failure()).as(p.nameOf(p.seat())).hasValueSatisfying(v -> assertThat(v).hasMessage(line));
            assertThat(p.isFinished()).isTrue();
            assertThat(p.transcript().established()).as("every hello is in").isTrue();
            AuditVerdict verdict = fairtable.protocol.audit.Auditor.audit(
                    new fairtable.protocol.transcript.TranscriptFile.Contents(p.transcript().envelopes(), List.of()),
                    List.of(new TableAudit(catalogOf(rules))));
            assertThat(verdict.line()).isEqualTo("FAILED: " + line);
        }
    }

    private static GameCatalog catalogOf(TableGame<HighCard.State, HighCard.Move> rules) {
        return new GameCatalog() {
            @Override
            public java.util.Optional<TableGame<?, ?>> find(String name) {
                return name.equals(rules.name()) ? java.util.Optional.of(rules) : java.util.Optional.empty();
            }

            @Override
            public List<TableGame<?, ?>> games() {
                return List.of(rules);
            }
        };
    }

    private static TableSeats played(int players, TableGame<HighCard.State, HighCard.Move> rules) throws ProtocolViolation {
        TableSeats table = new TableSeats(players, 1, 31, (view, seat, legal) -> HighCard.Move.SHOW, rules);
        table.pump(table.seat(0).start());
        return table;
    }

    @Test
    void aTableOfMoreSeatsThanTheGamePlaysIsStoppedNamingItsProposer() throws Exception {
        HighCard forTwo = seatsFromTo(2, 2);
        assertStoppedByTheProposal(played(3, forTwo).seats, forTwo, "step 0, party alice: high-card is for 2 to 2"
                + " players, not 3");
        HighCard forThree = seatsFromTo(2, 3);
        TableSeats atTheMost = played(3, forThree);
        assertThat(atTheMost.seats).allSatisfy(p -> assertThat(p.failure()).isEmpty());
        assertThat(atTheMost.seat(1).isFinished()).isTrue();
    }

    @Test
    void aTableOfFewerSeatsThanTheGamePlaysIsStoppedNamingItsProposer() throws Exception {
        HighCard fromFour = seatsFromTo(4, 6);
        assertStoppedByTheProposal(played(3, fromFour).seats, fromFour, "step 0, party alice: high-card is for 4 to 6"
                + " players, not 3");
        HighCard fromThree = seatsFromTo(3, 6);
        TableSeats atTheLeast = played(3, fromThree);
        assertThat(atTheLeast.seats).allSatisfy(p -> assertThat(p.failure()).isEmpty());
        assertThat(atTheLeast.seat(1).isFinished()).isTrue();
    }

    @Test
    void optionsTheRulesRefuseStopTheTableNamingItsProposer() throws Exception {
        TableSeats noRounds = new TableSeats(3, 0, 32);
        noRounds.pump(noRounds.seat(0).start());
        assertStoppedByTheProposal(noRounds.seats, HighCard.GAME, "step 0, party alice: proposes options high-card"
                + " cannot play: one byte: the number of rounds, at least 1");
    }

    @Test
    void anFr2823580DrawOfAnotherNumberOfCardsThanTheGamePlaysStopsTheTableNamingItsProposer() throws Exception {
        TableParameters twelve = new TableParameters(HighCard.GAME.name(), 2, new byte[] {1},
                new PatentParameters(PatentMode.SAFE_PRIME, 12, 1));
        SplittableRandom seeds = new SplittableRandom(33);
        List<TableParty<HighCard.State, HighCard.Move>> seats = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            byte[] seed = new byte[32];
            seeds.nextBytes(seed);
            seats.add(TableParty.create(HighCard.GAME, twelve, s, TableSeats.NAMES[s], SigningKey.fromSeed(seed),
                    seeds.split(), (view, seat, legal) -> HighCard.Move.SHOW));
        }
        List<Envelope> aliceHello = seats.get(0).start();
        List<Envelope> bobHello = seats.get(1).receive(aliceHello.get(0));
        seats.get(0).receive(bobHello.get(0));
        assertStoppedByTheProposal(seats, HighCard.GAME, "step 0, party alice: proposes an FR 2823580 draw of 12 cards"
                + " for high-card, which plays with 13");
    }

    @Test
    void aMessageAfterTheGameIsOverConvictsItsSignerInTheAudit() throws Exception {
        TableSeats table = played(3, HighCard.GAME);
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(1);
        assertThat(bob.isFinished()).isTrue();
        int step = bob.nextStep();
        // carol's move, signed and numbered to follow the last message of the chain
        fairtable.protocol.transcript.Transcript t = bob.transcript();
        Envelope late = Envelope.sign(table.keys.get(2), t.sessionId(), t.size(), t.head(), 2, step, TableObserver.MOVE,
                TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.SHOW)));
        assertThatThrownBy(() -> bob.receive(late)).isInstanceOf(ProtocolViolation.class).hasMessageContaining("party carol");
        assertThat(TableSeats.audit(bob).line()).isEqualTo("FAILED: step " + step + ", party carol: the game is over");
    }

    @Test
    void aMoveInTurnThatTheRulesRefuseIsRefusedWithTheRulesReasonNamingItsSigner() throws Exception {
        HighCard noFolding = new HighCard() {
            @Override
            public HighCard.State play(HighCard.State s, int seat, HighCard.Move move) throws IllegalMove {
                if (move == HighCard.Move.FOLD) {
                    throw new IllegalMove("nobody folds at this table");
                }
                return super.play(s, seat, move);
            }
        };
        TableSeats table = new TableSeats(3, 1, 34, (view, seat, legal) -> null, noFolding);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> alice = table.seat(0);
        assertThat(table.seat(1).awaiting()).isEqualTo("alice's move");
        int step = alice.nextStep();
        Envelope fold = alice.transcript().seal(table.keys.get(0), 0, step, TableObserver.MOVE,
                TableObserver.moveBody(1, noFolding.encode(HighCard.Move.FOLD)));
        for (int s = 1; s < 3; s++) {
            TableParty<HighCard.State, HighCard.Move> honest = table.seat(s);
            HighCard.State before = honest.state();
            assertThatThrownBy(() -> honest.receive(fold)).isInstanceOf(ProtocolViolation.class)
                    .hasMessage("step " + step + ", party alice: nobody folds at this table");
            assertThat(honest.state()).isEqualTo(before);
            AuditVerdict verdict = fairtable.protocol.audit.Auditor.audit(
                    new fairtable.protocol.transcript.TranscriptFile.Contents(honest.transcript().envelopes(),
                            honest.rejected().stream().map(r -> r.envelope()).toList()),
                    List.of(new TableAudit(catalogOf(noFolding))));
            assertThat(verdict.line()).isEqualTo("FAILED: step " + step + ", party alice: nobody folds at this table");
        }
    }

    @Test
    void anAuditorWhoDoesNotKnowTheGameSaysSoNamingItsProposer() throws Exception {
        TableSeats table = played(3, HighCard.GAME);
        AuditVerdict verdict = fairtable.protocol.audit.Auditor.audit(
                new fairtable.protocol.transcript.TranscriptFile.Contents(table.seat(1).transcript().envelopes(), List.of()),
                List.of(new TableAudit(catalogOf(new HighCard() {
                    @Override
                    public String name() {
                        return "low-card";
                    }
                }))));
        assertThat(verdict.line()).isEqualTo("FAILED: step 0, party alice: proposes an unknown game 'high-card'");
    }
}
