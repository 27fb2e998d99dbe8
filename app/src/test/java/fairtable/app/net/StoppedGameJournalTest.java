package fairtable.app.net;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.Move;
import fairtable.games.chess.play.ChessSide;
import fairtable.net.Actor;
import fairtable.net.journal.Journal;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ForwardingParty;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over a session with a journal, as {@code play dark-chess --join --journal} plays: White sends a move announcing a
 * capture on e5 to learn whether Black has a piece there. Black's refusal depends on its secret pieces, so it stops
 * the game naming White; the stop must be in Black's journal, or a restarted Black would judge White's next probe
 * and give away another square.
 */
class StoppedGameJournalTest {
    @TempDir
    Path temp;

    @Test
    void aStopCaughtOverTheNetworkIsJournaledSoARestartedSeatStaysStoppedNamingTheSender() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        byte[][] seeds = new byte[2][32];
        r.nextBytes(seeds[0]);
        r.nextBytes(seeds[1]);
        SigningKey[] keys = {SigningKey.fromSeed(seeds[0]), SigningKey.fromSeed(seeds[1])};
        DarkChessParameters params = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 4);
        DarkChessParty white = DarkChessParty.create(params, 0, "white", keys[0],
                ChessSide.start(Color.WHITE, ChessSide.LATER), r.split());
        DarkChessParty black = DarkChessParty.create(params, 1, "black", keys[1],
                ChessSide.start(Color.BLACK, ChessSide.LATER), r.split());
        Path journalFile = temp.resolve("black.journal");
        Envelope[] probe = new Envelope[1];
        try (Journal journal = Journal.open(journalFile, keys[1])) {
            LocalSession session = new LocalSession(List.of(
                    new LocalSession.Seat(new SendsWhatItIsTold(white, probe), keys[0], Actor.PASSIVE),
                    new LocalSession.Seat(black, keys[1], Actor.PASSIVE, journal)));
            session.play();
            assertThat(white.isMyMove()).isTrue();
            // White's genuine e2e4, made on a copy, with its announcement (a blob, first) bent to a capture on e5.
            DarkChessParty copy = DarkChessParty.restore(white.snapshot(), keys[0], new SplittableRandom(3),
                    bytes -> ChessSide.fromBytes(bytes, ChessSide.LATER));
            Envelope move = copy.move(s -> ((ChessSide) s).choosing(Move.parseUci("e2e4"))).get(0);
            byte[] body = move.body().clone();
            body[5] = 36;
            probe[0] = Envelope.sign(keys[0], move.session(), move.seq(), move.prev(), 0, move.step(), move.type(),
                    body);
            session.send(0, List.of(probe[0]));
            assertThat(black.failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party white")
                    .hasMessageContaining("the game is stopped"));
        }
        try (Journal reopened = Journal.open(journalFile, keys[1])) {
            DarkChessParty restarted = DarkChessParty.restoreVouched(reopened.last().orElseThrow().state(), keys[1],
                    new SplittableRandom(4), bytes -> ChessSide.fromBytes(bytes, ChessSide.LATER));
            assertThat(restarted.failure()).as("the stop, after a restart")
                    .hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party white"));
            assertThat(restarted.isFinished()).isTrue();
            assertThat(restarted.rejected()).extracting(Party.Rejected::envelope).containsExactly(probe[0]);
        }
    }

    /** White's seat, which takes its own bent message as placed (the genuine White never made it). */
    private static final class SendsWhatItIsTold extends ForwardingParty {
        private final Envelope[] sent;

        SendsWhatItIsTold(DarkChessParty white, Envelope[] sent) {
            super(white);
            this.sent = sent;
        }

        @Override
        public List<Envelope> receive(Envelope message) throws ProtocolViolation {
            return message.equals(sent[0]) ? List.of() : party.receive(message);
        }
    }
}
