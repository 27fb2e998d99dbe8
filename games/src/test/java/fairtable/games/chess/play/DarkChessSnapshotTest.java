package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A dark-chess party survives being serialised and restored at any point, a vision rebuild half done included. */
class DarkChessSnapshotTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());
    private static final int PLIES = 2;


    /** Result of a game in which both parties were restored from snapshots every so many messages. */
    private record Run(DarkChessParty[] parties, SigningKey[] keys, List<Envelope> transcript, int restores,
            int midRebuild) {}

    /** Plays a game restoring both parties after every message whose count is a multiple of one of {@code strides}. */
    private static Run playRestoring(DarkChessParameters params, long seed, int... strides) throws Exception {
        return playRestoring(params, seed, ChessSide.start(fairtable.games.chess.Color.WHITE),
                ChessSide.start(fairtable.games.chess.Color.BLACK), strides);
    }

    private static Run playRestoring(DarkChessParameters params, long seed, ChessSide white, ChessSide black,
            int... strides) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessParty[] parties = {
            DarkChessParty.create(params, 0, "white", keys[0], white, r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], black, r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        int delivered = 0;
        int restores = 0;
        int midRebuild = 0;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            int to = 1 - e.sender();
            queue.addAll(parties[to].receive(e));
            delivered++;
            int count = delivered;
            if (java.util.Arrays.stream(strides).anyMatch(stride -> count % stride == 0)) {
                for (int seat = 0; seat < 2; seat++) {
                    byte[] snapshot = parties[seat].snapshot();
                    // Fresh randomness after the "crash": the restored party must not depend on the old stream.
                    DarkChessParty restored = DarkChessParty.restore(snapshot, keys[seat], r.split(),
                            ChessSide::fromBytes);
                    assertThat(restored.snapshot()).isEqualTo(snapshot);
                    assertThat(restored.plies()).isEqualTo(parties[seat].plies());
                    assertThat(restored.awaiting()).isEqualTo(parties[seat].awaiting());
                    if (((ChessSide) restored.side()).rebuildRoundsAnswered() > 0) {
                        midRebuild++;
                    }
                    parties[seat] = restored;
                    restores++;
                }
            }
        }
        List<Envelope> a = parties[0].transcript().envelopes();
        List<Envelope> b = parties[1].transcript().envelopes();
        return new Run(parties, keys, a.size() >= b.size() ? a : b, restores, midRebuild);
    }

    /** Restores after every 5th and every 17th message, in one game (two strides, so the points vary in phase). */
    @Test
    void restoredPartiesFinishTheGameAndTheTranscriptAudits() throws Exception {
        Run run = playRestoring(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, PLIES), 26, 5, 17);
        assertThat(run.parties()[0].isFinished()).isTrue();
        assertThat(run.parties()[1].isFinished()).isTrue();
        assertThat(run.parties()[0].result()).contains("draw: the cap of " + PLIES + " plies was reached");
        assertThat(run.restores()).isGreaterThan(4);
        assertThat(run.midRebuild()).isPositive();
        String verdict = Auditor.audit(new TranscriptFile.Contents(run.transcript(), List.of()), RULES).line();
        assertThat(verdict).startsWith("VERIFIED");
    }

    /**
     * The table mode, restored after every message: between the move and the reply the mover holds its table key
     * and its batch's secrets, between the reply and the answer the other holds its batch and the mover's table.
     */
    @Test
    void tableModePartiesSurviveARestoreAfterEveryMessageMidRebuildIncluded() throws Exception {
        Run run = playRestoring(new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 3), 31, 1);
        assertThat(run.parties()[0].isFinished()).isTrue();
        assertThat(run.parties()[1].isFinished()).isTrue();
        assertThat(run.parties()[0].result()).contains("draw: the cap of 3 plies was reached");
        assertThat(Auditor.audit(new TranscriptFile.Contents(run.transcript(), List.of()), RULES).line())
                .startsWith("VERIFIED").contains("oprf-table");
    }

    /**
     * ote-table, restored after every message: the KKRT sealer and querier (base OTs included) travel in the
     * snapshot, and between the move and the answer the querier's batch and its offsets in the coming table too.
     */
    @Test
    void oteTablePartiesSurviveARestoreAfterEveryMessageMidRebuildIncluded() throws Exception {
        Run run = playRestoring(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 3), 31, 1);
        assertThat(run.parties()[0].isFinished()).isTrue();
        assertThat(run.parties()[1].isFinished()).isTrue();
        assertThat(run.parties()[0].result()).contains("draw: the cap of 3 plies was reached");
        assertThat(run.restores()).isGreaterThan(10);
        assertThat(Auditor.audit(new TranscriptFile.Contents(run.transcript(), List.of()), RULES).line())
                .startsWith("VERIFIED").contains("ote-table");
    }

    /**
     * A game that ends by capturing a king: the loser, restored after the last message (a mail game opened again
     * after it was lost), has no king left, and must still open and audit.
     */
    @Test
    void theSideWhoseKingWasCapturedStillRestores() throws Exception {
        Run run = playRestoring(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 40), 1,
                ChessSide.start(fairtable.games.chess.Color.WHITE, DarkChessTableModeTest.script(DarkChessPlayTest.KING_HUNT_WHITE)),
                ChessSide.start(fairtable.games.chess.Color.BLACK, DarkChessTableModeTest.script(DarkChessPlayTest.KING_HUNT_BLACK)),
                Integer.MAX_VALUE);
        assertThat(run.parties()[1].result()).contains("white wins: captured the king");
        SplittableRandom r = new SplittableRandom(2);
        for (int seat = 0; seat < 2; seat++) {
            byte[] snapshot = run.parties()[seat].snapshot();
            DarkChessParty restored = DarkChessParty.restore(snapshot, run.keys()[seat], r.split(), ChessSide::fromBytes);
            assertThat(restored.snapshot()).isEqualTo(snapshot);
            assertThat(restored.isFinished()).isTrue();
            assertThat(restored.result()).isEqualTo(run.parties()[seat].result());
        }
        assertThat(Auditor.audit(new TranscriptFile.Contents(run.transcript(), List.of()), RULES).line())
                .startsWith("VERIFIED");
    }

    @Test
    void aTableModeSnapshotHeldMidRebuildRestoresExactlyAndRefusesEveryTruncation() throws Exception {
        SplittableRandom r = new SplittableRandom(32);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessParameters params = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 2);
        DarkChessParty[] parties = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(fairtable.games.chess.Color.WHITE),
                    r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(fairtable.games.chess.Color.BLACK),
                    r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        // hello, hello + move, then Black's reply: Black now waits for White's answer, holding White's table.
        for (int i = 0; i < 3; i++) {
            Envelope e = queue.poll();
            queue.addAll(parties[1 - e.sender()].receive(e));
        }
        assertThat(parties[1].awaiting()).isEqualTo("'answer' from white");
        byte[] snapshot = parties[1].snapshot();
        DarkChessParty restored = DarkChessParty.restore(snapshot, keys[1], r.split(), ChessSide::fromBytes);
        assertThat(restored.snapshot()).isEqualTo(snapshot);
        for (int length = 0; length < snapshot.length; length += 1 + length / 40) {
            byte[] truncated = Arrays.copyOf(snapshot, length);
            assertThatThrownBy(() -> DarkChessParty.restore(truncated, keys[1], r.split(), ChessSide::fromBytes))
                    .as("truncated to %d of %d bytes", length, snapshot.length)
                    .isInstanceOf(MalformedMessageException.class);
        }
        // The restored Black takes White's answer (queued) and plays on to the end.
        parties[1] = restored;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            queue.addAll(parties[1 - e.sender()].receive(e));
        }
        assertThat(parties[1].isFinished()).isTrue();
        assertThat(Auditor.audit(new TranscriptFile.Contents(parties[1].transcript().envelopes(), List.of()), RULES)
                .line()).startsWith("VERIFIED");
    }

    /** Also the suite's ANDOS game through the parties: a restored party makes a fresh key, the audit verifies. */
    @Test
    void andosPartiesSurviveRestoresToo() throws Exception {
        // 256-bit Goldwasser-Micali keys only to keep the test fast; real games use 2048 bits.
        Run run = playRestoring(new DarkChessParameters(OtMode.ANDOS, 256, 2), 5, 23);
        assertThat(run.parties()[1].isFinished()).isTrue();
        assertThat(Auditor.audit(new TranscriptFile.Contents(run.transcript(), List.of()), RULES).line())
                .startsWith("VERIFIED").contains("andos");
    }

    /** A snapshot of White's party taken half-way through the first ply's rebuild rounds. */
    private static byte[] midGameSnapshot(SigningKey[] keys) throws Exception {
        SplittableRandom r = new SplittableRandom(77);
        keys[0] = DarkChessPlayTest.key(r);
        keys[1] = DarkChessPlayTest.key(r);
        DarkChessParameters params = new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, PLIES);
        DarkChessParty[] parties = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(fairtable.games.chess.Color.WHITE),
                    r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(fairtable.games.chess.Color.BLACK),
                    r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        for (int i = 0; i < 20; i++) {
            Envelope e = queue.poll();
            queue.addAll(parties[1 - e.sender()].receive(e));
        }
        return parties[0].snapshot();
    }

    @Test
    void truncatedOrGarbledSnapshotsAreRefused() throws Exception {
        SigningKey[] keys = new SigningKey[2];
        byte[] snapshot = midGameSnapshot(keys);
        SplittableRandom r = new SplittableRandom(8);
        DarkChessParty.restore(snapshot, keys[0], r.split(), ChessSide::fromBytes);
        for (int length = 0; length < snapshot.length; length += 1 + length / 40) {
            byte[] truncated = Arrays.copyOf(snapshot, length);
            assertThatThrownBy(() -> DarkChessParty.restore(truncated, keys[0], r.split(), ChessSide::fromBytes))
                    .as("truncated to %d of %d bytes", length, snapshot.length)
                    .isInstanceOf(MalformedMessageException.class);
        }
        byte[] longer = Arrays.copyOf(snapshot, snapshot.length + 1);
        assertThatThrownBy(() -> DarkChessParty.restore(longer, keys[0], r.split(), ChessSide::fromBytes))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("trailing");
        byte[] version = snapshot.clone();
        version[0] = 9;
        assertThatThrownBy(() -> DarkChessParty.restore(version, keys[0], r.split(), ChessSide::fromBytes))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("version");
        // A byte of the last signed message flipped: the transcript no longer verifies.
        byte[] tampered = snapshot.clone();
        tampered[snapshot.length - 40] ^= 1;
        assertThatThrownBy(() -> DarkChessParty.restore(tampered, keys[0], r.split(), ChessSide::fromBytes))
                .isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void aGarbledSideIsRefused() throws Exception {
        SigningKey[] keys = new SigningKey[2];
        DarkChessParty party = DarkChessParty.restore(midGameSnapshot(keys), keys[0], new SplittableRandom(1),
                ChessSide::fromBytes);
        byte[] side = party.side().toBytes();
        assertThat(ChessSide.fromBytes(side).toBytes()).isEqualTo(side);
        fairtable.games.chess.FogView view = ((ChessSide) party.side()).view();
        fairtable.games.chess.FogView decoded = fairtable.games.chess.FogView.fromBytes(view.toBytes());
        assertThat(decoded).isEqualTo(view);
        assertThat(decoded.vision()).isEqualTo(view.vision());
        if (view.sideToMove() == view.viewer()) {
            assertThat(decoded.legalMoves(java.util.Set.of())).isEqualTo(view.legalMoves(java.util.Set.of()));
        }
        byte[] colour = side.clone();
        colour[1] = 2;
        assertThatThrownBy(() -> ChessSide.fromBytes(colour)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("colour");
        byte[] twoKings = side.clone();
        // The first own piece's type byte (after version, colour, side to move, count, square).
        twoKings[5] = (byte) fairtable.games.chess.PieceType.KING.ordinal();
        assertThatThrownBy(() -> ChessSide.fromBytes(twoKings)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("king");
        // An answered rebuild round with an impossible code (a square code of my own colour) is re-checked.
        assertThat(((ChessSide) party.side()).rebuildRoundsAnswered()).isPositive();
        byte[] answer = side.clone();
        answer[answer.length - 1] = (byte) (party.seat() == 0 ? 0 : 8);
        assertThatThrownBy(() -> ChessSide.fromBytes(answer)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("rebuild");
    }
}
