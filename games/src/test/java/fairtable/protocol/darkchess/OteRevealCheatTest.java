package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cryptographic lies of ote-table's reveal, through the party's package-private hooks on what it reveals (this
 * test sits in the party's package, in the games module's tests, so the real chess sides and referee judge the
 * game): inputs the query was not made from, a sealer's s and b_i that do not make its base keys, and a querier's r
 * that is not behind its R, each named by the audit.
 */
class OteRevealCheatTest {
    /** A two-ply game: White reveals [its sealer's s and b_i, its ply-2 inputs], Black [s and b_i, ply 1, ply 2]. */
    private static String auditOfGame(DarkChessParty.Tamper reveals, DarkChessParty.TableTamper secrets, int liar)
            throws ProtocolViolation {
        SplittableRandom r = new SplittableRandom(5);
        DarkChessParameters params = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 2);
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", BadMessageGame.key(r), ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", BadMessageGame.key(r), ChessSide.start(Color.BLACK), r.split())};
        if (reveals != null) {
            seats[liar].cheatWith(reveals);
        }
        if (secrets != null) {
            seats[liar].cheatWith(secrets);
        }
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            queue.addAll(seats[1 - e.sender()].receive(e));
        }
        assertThat(seats[0].isFinished() && seats[1].isFinished()).isTrue();
        return Auditor.audit(new TranscriptFile.Contents(seats[0].transcript().envelopes(), List.of()),
                List.of(DarkChessReferee.audit())).line();
    }

    @Test
    void anHonestGameThroughTheHooksIsVerified() throws Exception {
        assertThat(auditOfGame((batch, honest) -> honest, new DarkChessParty.TableTamper() { }, 0))
                .startsWith("VERIFIED").contains("ote-table");
    }

    @Test
    void inputsTheQueryWasNotMadeFromNameTheQuerier() throws Exception {
        // White claims its a1 rook's padding instance 19 asked entry 0 instead: the query was made from padding.
        String verdict = auditOfGame((batch, honest) -> {
            if (batch != 1) {
                return honest;
            }
            int[] inputs = VisionKkrt.readRevealedInputs(honest);
            inputs[19] = inputs[19] == VisionKkrt.PAD_INPUT ? 0 : VisionKkrt.PAD_INPUT;
            return VisionKkrt.revealInputs(inputs);
        }, null, 0);
        assertThat(verdict).startsWith("FAILED").contains("party white").contains("its query of ply 2")
                .contains("is not made from the revealed r and the claimed inputs");
    }

    @Test
    void aSealersRevealedChoicesThatDoNotMakeItsBaseKeysNameTheSealer() throws Exception {
        String verdict = auditOfGame((batch, honest) -> {
            if (batch != 0) {
                return honest;
            }
            byte[] lie = honest.clone();
            lie[0] ^= 1; // s_0 flipped
            return lie;
        }, null, 1);
        assertThat(verdict).startsWith("FAILED").contains("party black").contains("its sealer's base keys")
                .contains("PK_0 is not the key s_0 and b_0 make");
    }

    @Test
    void aQueriersRevealedRThatIsNotBehindItsRNamesTheQuerier() throws Exception {
        String verdict = auditOfGame(null, new DarkChessParty.TableTamper() {
            @Override
            public byte[] revealedKey(int table, byte[] honest) {
                byte[] lie = honest.clone();
                lie[0] ^= 1;
                return lie;
            }
        }, 0);
        assertThat(verdict).startsWith("FAILED").contains("party white").contains("its querier's base setup")
                .contains("r·G is not the R the querier sent");
    }
}
