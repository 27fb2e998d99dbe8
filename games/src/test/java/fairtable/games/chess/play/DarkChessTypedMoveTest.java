package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.Move;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A seat whose side chooses no move by itself ({@link ChessSide#LATER}, a person typing moves between two runs)
 * stops at its turn and moves only through {@link DarkChessParty#move}; a refused move changes nothing. The turn is
 * the party's, the same in every mode: the games run in the default one, ote-table, the fastest.
 */
class DarkChessTypedMoveTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());
    private final SplittableRandom random = new SplittableRandom(41);
    private final SigningKey whiteKey = DarkChessPlayTest.key(random);
    private final SigningKey blackKey = DarkChessPlayTest.key(random);


    /** Delivers every message to the other seat, and what it answers back, until both are quiet. */
    private static void exchange(DarkChessParty[] seats, List<Envelope> fromSeat0, List<Envelope> fromSeat1)
            throws ProtocolViolation {
        Deque<Envelope> toBlack = new ArrayDeque<>(fromSeat0);
        Deque<Envelope> toWhite = new ArrayDeque<>(fromSeat1);
        while (!toBlack.isEmpty() || !toWhite.isEmpty()) {
            if (!toBlack.isEmpty()) {
                toWhite.addAll(seats[1].receive(toBlack.poll()));
            } else {
                toBlack.addAll(seats[0].receive(toWhite.poll()));
            }
        }
    }

    private static Move uci(String move) {
        return Move.parseUci(move);
    }

    @Test
    void aTypedMoveIsMadeOnlyAtItsTurnAndAnIllegalOneChangesNothing() throws Exception {
        DarkChessParameters params = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 2);
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", whiteKey, ChessSide.start(Color.WHITE, ChessSide.LATER), random.split()),
            DarkChessParty.create(params, 1, "black", blackKey, ChessSide.start(Color.BLACK, ChessSide.LATER), random.split())};
        exchange(seats, seats[0].start(), List.of());
        assertThat(seats[0].isMyMove()).isTrue();
        assertThat(seats[0].awaiting()).isEqualTo("my move");
        assertThat(seats[1].isMyMove()).isFalse();
        assertThat(seats[1].awaiting()).isEqualTo("'move' from white");

        assertThatThrownBy(() -> seats[1].move(s -> ((ChessSide) s).choosing(uci("e7e5"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not my move");
        byte[] before = seats[0].snapshot();
        assertThatThrownBy(() -> seats[0].move(s -> ((ChessSide) s).choosing(uci("e2e5"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("e2e5");
        assertThatThrownBy(() -> seats[0].move(s -> s)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("chose no move");
        assertThat(seats[0].snapshot()).isEqualTo(before);

        exchange(seats, seats[0].move(s -> ((ChessSide) s).choosing(uci("e2e4"))), List.of());
        assertThat(seats[0].isMyMove()).isFalse();
        assertThat(seats[1].isMyMove()).isTrue();
        // Waiting for its person, Black is saved and restored, and moves then.
        DarkChessParty black = restore(seats[1], blackKey);
        assertThat(black.isMyMove()).isTrue();
        seats[1] = black;
        exchange(seats, List.of(), black.move(s -> ((ChessSide) s).choosing(uci("d7d5"))));
        assertThat(seats[0].result()).contains("draw: the cap of 2 plies was reached");
        assertThat(seats[1].isFinished()).isTrue();
        assertThat(Auditor.audit(new TranscriptFile.Contents(seats[0].transcript().envelopes(), List.of()), RULES).line())
                .startsWith("VERIFIED");
    }

    private DarkChessParty restore(DarkChessParty party, SigningKey key) throws MalformedMessageException {
        return DarkChessParty.restore(party.snapshot(), key, random.split(), b -> ChessSide.fromBytes(b, ChessSide.LATER));
    }

    @Test
    void aPlayerWhoResignsAtItsTurnLosesAndTheAuditAgrees() throws Exception {
        DarkChessParameters params = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 10);
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", whiteKey, ChessSide.start(Color.WHITE, ChessSide.LATER), random.split()),
            DarkChessParty.create(params, 1, "black", blackKey, ChessSide.start(Color.BLACK, ChessSide.LATER), random.split())};
        exchange(seats, seats[0].start(), List.of());
        exchange(seats, seats[0].move(s -> ((ChessSide) s).choosing(uci("e2e4"))), List.of());
        exchange(seats, List.of(), seats[1].move(s -> ((ChessSide) s).resigning()));
        for (DarkChessParty seat : seats) {
            assertThat(seat.isFinished()).isTrue();
            assertThat(seat.result()).contains("white wins: black resigned");
        }
        assertThat(Auditor.audit(new TranscriptFile.Contents(seats[1].transcript().envelopes(), List.of()), RULES).line())
                .startsWith("VERIFIED").contains("white won: black resigned");
    }
}
