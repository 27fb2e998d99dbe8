package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.chess.Color;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * A draw is offered with a move (announcement kind 3) and accepted instead of the next move (kind 4): both are
 * signed move messages in the transcript, checked live by the peer and replayed by the audit. Offers and acceptances
 * live in the side and the referee, the same in every mode, so the games here run in the default mode, ote-table,
 * whose plies cost a tenth of the rounds protocol's.
 */
class DarkChessDrawTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());
    private static final DarkChessParameters PARAMS = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 20);

    /** Plays the script: "e2e4" moves, "e2e4 draw" moves offering a draw, "draw" accepts; records each offer seen. */
    private record Scripted(List<String> script, List<Boolean> offersSeen) implements ChessSide.MoveChooser {
        static Scripted of(String... moves) {
            return new Scripted(new ArrayList<>(List.of(moves)), new ArrayList<>());
        }

        @Override
        public Move choose(FogView view, List<Move> legal, RandomGenerator random) {
            throw new AssertionError("the side asks with the draw offer");
        }

        @Override
        public Move choose(FogView view, List<Move> legal, boolean drawOffered, RandomGenerator random) {
            offersSeen.add(drawOffered);
            String next = script.remove(0);
            if (next.equals("draw")) {
                throw new ChessSide.AcceptsDraw();
            }
            if (next.endsWith(" draw")) {
                throw new ChessSide.OffersDraw(Move.parseUci(next.substring(0, 4)));
            }
            return Move.parseUci(next);
        }
    }

    private static DarkChessTable table(DarkChessSide white, DarkChessSide black) {
        return table(PARAMS, white, black);
    }

    private static DarkChessTable table(DarkChessParameters params, DarkChessSide white, DarkChessSide black) {
        return table(params, 21, white, black);
    }

    private static DarkChessTable table(DarkChessParameters params, long seed, DarkChessSide white, DarkChessSide black) {
        SplittableRandom r = new SplittableRandom(seed);
        return DarkChessTable.create(params, white, black, DarkChessPlayTest.key(r), DarkChessPlayTest.key(r),
                r.split(), r.split());
    }

    private static AuditVerdict audit(DarkChessTable table) {
        return Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of()), RULES);
    }

    @Test
    void aDrawOfferedWithAMoveAndAcceptedEndsTheGameDrawnAndAuditsVerified() throws Exception {
        Scripted white = Scripted.of("e2e4 draw");
        Scripted black = Scripted.of("draw");
        DarkChessTable table = table(ChessSide.start(Color.WHITE, white), ChessSide.start(Color.BLACK, black));
        table.play(ply -> { });
        assertThat(black.offersSeen()).containsExactly(true);
        for (int seat = 0; seat < 2; seat++) {
            assertThat(table.party(seat).result()).contains("draw: agreed");
        }
        assertThat(table.transcript().stream().filter(e -> e.type().equals("move")).count()).isEqualTo(2);
        assertThat(audit(table).line()).startsWith("VERIFIED: draw: agreed");
    }

    @Test
    void theBotAcceptsADrawWhenItSeesNothingToTake() throws Exception {
        // Black's first move can take nothing: the bot takes the draw White's e2e4 offered.
        DarkChessTable table = table(ChessSide.start(Color.WHITE, Scripted.of("e2e4 draw")),
                ChessSide.start(Color.BLACK, new BotChooser()));
        table.play(ply -> { });
        for (int seat = 0; seat < 2; seat++) {
            assertThat(table.party(seat).result()).contains("draw: agreed");
        }
        assertThat(audit(table).line()).startsWith("VERIFIED: draw: agreed");
    }

    @Test
    void theBotDeclinesADrawWhenItSeesAPieceToTakeAndTakesIt() throws Exception {
        // White's queen lands on f7 beside Black's king, offering a draw: the bot sees the queen and takes it. (Seed 22:
        // the bot's first two moves leave h5-g6-f7 open.)
        DarkChessTable table = table(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 6), 22,
                ChessSide.start(Color.WHITE, Scripted.of("e2e3", "d1h5", "h5f7 draw")),
                ChessSide.start(Color.BLACK, new BotChooser()));
        table.play(ply -> { });
        assertThat(table.party(1).result()).contains("draw: the cap of 6 plies was reached");
        ChessSide black = (ChessSide) table.party(1).side();
        assertThat(black.view().seenPiece(fairtable.games.chess.Square.parse("f7")))
                .hasValueSatisfying(p -> assertThat(p.color()).isEqualTo(Color.BLACK));
        assertThat(audit(table).line()).startsWith("VERIFIED: draw by the ply cap");
    }

    @Test
    void aMoveDeclinesTheOfferWhichLapsesAndCannotBeAcceptedLater() throws Exception {
        // Black declines by moving; White then sees no offer, and accepting one is refused on White's own side.
        Scripted white = Scripted.of("e2e4 draw", "d2d4", "g1f3");
        Scripted black = Scripted.of("e7e5 draw", "d7d6");
        DarkChessTable table = table(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 5),
                ChessSide.start(Color.WHITE, white), ChessSide.start(Color.BLACK, black));
        SplittableRandom r = new SplittableRandom(2);
        table.play(ply -> { });
        assertThat(white.offersSeen()).containsExactly(false, true, false);
        assertThat(black.offersSeen()).containsExactly(true, false);
        assertThat(audit(table).line()).startsWith("VERIFIED: draw by the ply cap");
        ChessSide lapsed = ChessSide.start(Color.WHITE, Scripted.of("e2e4"));
        assertThatThrownBy(() -> lapsed.acceptingDraw().move(r)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no draw was offered");
    }

    /** Reads a plain move (kind 0) as if it had offered a draw (kind 3). */
    private static final LyingSide.Lies IMAGINES_AN_OFFER = new LyingSide.Lies() {
        @Override
        public byte[] heard(int ply, byte[] announcement) {
            byte[] a = announcement.clone();
            if (a[0] == 0) {
                a[0] = 3;
            }
            return a;
        }
    };

    /** Offers a draw on its own side but announces a plain move (kind 0 for 3). */
    private static final LyingSide.Lies HIDES_ITS_OFFER = new LyingSide.Lies() {
        @Override
        public byte[] announced(int ply, byte[] honest) {
            byte[] plain = honest.clone();
            plain[0] = plain[0] == 3 ? 0 : plain[0];
            return plain;
        }
    };

    @Test
    void acceptingADrawThatWasNotOfferedIsRefusedLiveNamingTheAcceptor() {
        // Black imagines an offer in White's plain move and accepts it; White's party refuses the acceptance.
        DarkChessTable table = table(ChessSide.start(Color.WHITE, Scripted.of("e2e4")),
                new LyingSide(ChessSide.start(Color.BLACK, Scripted.of("draw")), IMAGINES_AN_OFFER, 0));
        assertThatThrownBy(() -> table.play(ply -> { })).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party black").hasMessageContaining("accepts a draw my last move did not offer");
        assertThat(table.party(0).rejected()).hasSize(1);
        assertThat(table.party(0).result()).isEmpty();
    }

    @Test
    void anAcceptanceWithoutAnOfferInTheTranscriptFailsTheAuditNamingTheAcceptor() throws Exception {
        // White offers on its own side but announces a plain move; Black reads an offer into it and accepts. The live
        // sides were both fooled, the signed transcript shows the truth: the audit convicts the acceptor.
        DarkChessTable table = table(new LyingSide(ChessSide.start(Color.WHITE, Scripted.of("e2e4 draw")), HIDES_ITS_OFFER, 0),
                new LyingSide(ChessSide.start(Color.BLACK, Scripted.of("draw")), IMAGINES_AN_OFFER, 0));
        table.play(ply -> { });
        assertThat(table.party(0).result()).contains("draw: agreed");
        AuditVerdict verdict = audit(table);
        assertThat(verdict.verified()).isFalse();
        assertThat(verdict.line()).contains("party black", "accepted a draw in ply 2 that the other side's last move did not offer");
    }
    @Test
    void aSideEncodedBeforeDrawOffersStillDecodesWithNoneOnOffer() throws Exception {
        byte[] v2 = ChessSide.start(Color.BLACK).toBytes();
        // Version 1 had no draw byte: it stood between the moves and the rebuild flag (here the last two bytes).
        byte[] v1 = new byte[v2.length - 1];
        System.arraycopy(v2, 0, v1, 0, v2.length - 2);
        v1[v1.length - 1] = v2[v2.length - 1];
        v1[0] = 1;
        ChessSide decoded = ChessSide.fromBytes(v1);
        assertThat(decoded.drawOffered()).isFalse();
        assertThat(decoded.toBytes()).isEqualTo(v2);
    }

    @Test
    void aResignationOrDrawRecordOnlyEndsTheMoves() {
        byte[] bytes = ChessSide.start(Color.BLACK).toBytes();
        // The moves string is empty at the start: re-encode with "resign e2e4" in its place.
        byte[] moves = "resign e7e5".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] forged = new byte[bytes.length + moves.length];
        int at = bytes.length - 2 - 4;
        System.arraycopy(bytes, 0, forged, 0, at);
        forged[at + 3] = (byte) moves.length;
        System.arraycopy(moves, 0, forged, at + 4, moves.length);
        System.arraycopy(bytes, bytes.length - 2, forged, at + 4 + moves.length, 2);
        assertThatThrownBy(() -> ChessSide.fromBytes(forged))
                .hasMessageContaining("'resign' is not a recorded move before the last");
    }
}
