package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessMessages.TableReveal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cryptographic cheats of the table mode, through the party's package-private cheat hooks (this test sits in the
 * party's package, in the games module's tests, so that the real chess sides and referee judge the game): a false
 * answer and a false key are refused live by the answer's proof, naming the answerer, and the audit of the victim's
 * evidence names it too; a revealed key or revealed inputs other than those used are named by the audit.
 */
class TableAnswerCheatTest {
    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static DarkChessParty[] players(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        DarkChessParameters params = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 1);
        return new DarkChessParty[] {
            DarkChessParty.create(params, 0, "white", key(r), ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", key(r), ChessSide.start(Color.BLACK), r.split())};
    }

    private static void play(DarkChessParty[] seats) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            queue.addAll(seats[1 - e.sender()].receive(e));
        }
    }

    private static AuditVerdict auditOfEvidence(Party keeper) {
        List<Envelope> refused = keeper.rejected().stream().map(Party.Rejected::envelope).toList();
        return Auditor.audit(new TranscriptFile.Contents(keeper.transcript().envelopes(), refused),
                List.of(DarkChessReferee.audit()));
    }

    /** β_0 and β_1 swapped: every point valid, the proof no longer holds. */
    private static final DarkChessParty.TableTamper SWAPPED_ANSWER = new DarkChessParty.TableTamper() {
        @Override
        public byte[] answer(byte[] honest) {
            byte[] lie = honest.clone();
            System.arraycopy(honest, 32, lie, 0, 32);
            System.arraycopy(honest, 0, lie, 32, 32);
            return lie;
        }
    };

    @Test
    void aFalseAnswerIsRefusedAtOnceByItsProofNamingTheAnswererAndTheEvidenceConvictsIt() {
        DarkChessParty[] seats = players(21);
        seats[1].cheatWith(SWAPPED_ANSWER);
        assertThatThrownBy(() -> play(seats)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party black").hasMessageContaining("refused reply")
                .hasMessageContaining("proof fails");
        assertThat(seats[0].rejected()).singleElement().satisfies(r -> assertThat(r.envelope().sender()).isEqualTo(1));
        assertThat(auditOfEvidence(seats[0]).line()).startsWith("FAILED").contains("party black")
                .contains("proof fails");
    }

    @Test
    void aFalseAnswerInTheMoversClosingAnswerIsRefusedNamingTheMover() {
        DarkChessParty[] seats = players(22);
        seats[0].cheatWith(SWAPPED_ANSWER);
        assertThatThrownBy(() -> play(seats)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party white").hasMessageContaining("refused answer")
                .hasMessageContaining("proof fails");
        assertThat(auditOfEvidence(seats[1]).line()).startsWith("FAILED").contains("party white");
    }

    @Test
    void aKeyThatIsNotKTimesGIsRefusedByTheProofOfTheFirstAnswerUnderIt() {
        DarkChessParty[] seats = players(23);
        seats[1].cheatWith(new DarkChessParty.TableTamper() {
            @Override
            public byte[] publicKey(byte[] honest) {
                return Points.encode(FixedBaseTable.GENERATOR.multiply(Scalars.of(5)));
            }
        });
        assertThatThrownBy(() -> play(seats)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party black").hasMessageContaining("proof fails");
        assertThat(auditOfEvidence(seats[0]).line()).startsWith("FAILED").contains("party black");
    }

    @Test
    void aRevealedKeyOtherThanTheOneBehindKIsNamedByTheAudit() throws Exception {
        DarkChessParty[] seats = players(24);
        seats[1].cheatWith(new DarkChessParty.TableTamper() {
            @Override
            public byte[] revealedKey(int table, byte[] honest) {
                return Scalars.of(5).toByteArray();
            }
        });
        play(seats);
        assertThat(seats[0].isFinished()).isTrue();
        assertThat(auditOfEvidence(seats[0]).line()).startsWith("FAILED").contains("party black")
                .contains("the table key of ply 1: the revealed key k does not give the K it sent");
    }

    @Test
    void revealedInputsOtherThanThoseTheBatchWasMadeForAreNamedByTheAudit() throws Exception {
        // White reveals its first two inputs swapped: the rules half would see another order, but the points sent
        // cannot be the blinding of the claimed inputs.
        DarkChessParty[] seats = players(25);
        seats[0].cheatWith((batch, honest) -> {
            try {
                TableReveal r = DarkChessMessages.parseTableReveal(honest);
                List<byte[]> inputs = new ArrayList<>(r.inputs());
                int other = 1;
                while (Arrays.equals(inputs.get(other), inputs.get(0))) {
                    other++;
                }
                byte[] first = inputs.get(0);
                inputs.set(0, inputs.get(other));
                inputs.set(other, first);
                return DarkChessMessages.tableReveal(new TableReveal(inputs, r.blinds()));
            } catch (MalformedMessageException e) {
                throw new AssertionError(e);
            }
        });
        play(seats);
        assertThat(auditOfEvidence(seats[1]).line()).startsWith("FAILED").contains("party white")
                .contains("its revealed inputs of ply 1: query 0 was not made for the revealed input");
    }

    @Test
    void honestPlayersAuditVerified() throws Exception {
        DarkChessParty[] seats = players(26);
        play(seats);
        assertThat(auditOfEvidence(seats[0]).line()).startsWith("VERIFIED").contains("oprf-table");
    }
}
