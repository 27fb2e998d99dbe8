package fairtable.bench.darkchess;

import fairtable.crypto.ot.AndosTransfer;
import fairtable.crypto.ot.GoldwasserMicaliKey;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import fairtable.crypto.proof.ProofContext;
import fairtable.games.chess.Color;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Position;
import fairtable.games.chess.VisionTable;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.darkchess.VisionKkrt;
import fairtable.protocol.darkchess.VisionOprf;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One full dark-chess vision rebuild from the starting position (16 pieces: 353 padded queries in 31 rounds):
 * the answerer's three OT setups, then every round's query, answer and decryption, both sides' work in one thread.
 * A ply costs two rebuilds, a move pair four. ANDOS reuses one Goldwasser–Micali key per answerer, as the party
 * does. {@code oprf-table} is the one-round-trip design (docs/dark-chess.md): the answerer seals its 1172-entry
 * table under a fresh key, the querier blinds its 128 inputs, the answerer evaluates them with its batch proof, the
 * querier checks the proof, opens its entries and decodes its view; measured in the same run as the seed's OTs,
 * so the ratio holds under whatever load the machine has. {@code ote-table} is the same table delivered by the KKRT
 * OT-extension OPRF in the slotted layout (not yet a mode of the party): the querier's 128-instance query, the
 * sealer's consistency check and its table of about 19,000 one-byte entries, the querier opening its entries and
 * decoding its view; the base OTs, once per game, are run in the setup, as a game runs them before its first
 * rebuild (their cost is {@code KkrtOprfBenchmark.kkrtBaseTransfersOncePerGame}).
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar VisionRebuild -f 1 -wi 2 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class VisionRebuildBenchmark {
    @Param({"chou-orlandi", "oprf-table", "ote-table", "andos-1024", "andos-2048"})
    public String ot;

    private ObliviousTransfer scheme;
    private GoldwasserMicaliKey key;
    private final SplittableRandom random = new SplittableRandom(4);
    private final byte[] session = new byte[32];

    private List<byte[]> catalogue;
    private List<VisionTable.Input> asked;
    private int[] indexes;
    private final ProofContext context = ProofContext.of(session, new byte[32], new byte[] {1});
    private KkrtQuerier kkrtQuerier;
    private KkrtSealer kkrtSealer;

    @Setup
    public void setup() {
        catalogue = VisionTable.catalogue(Color.WHITE).stream().map(VisionTable.Input::encoded).toList();
        asked = VisionTable.queries(Position.start(), java.util.Set.of(), Color.WHITE);
        indexes = asked.stream().mapToInt(i -> VisionTable.indexOf(Color.WHITE, i).orElse(-1)).toArray();
        if (ot.startsWith("andos")) {
            int bits = Integer.parseInt(ot.substring("andos-".length()));
            scheme = OtMode.ANDOS.scheme(bits);
            key = GoldwasserMicaliKey.generate(bits, random);
        } else {
            scheme = OtMode.CHOU_ORLANDI.scheme(2048);
        }
        if (ot.equals("ote-table")) {
            kkrtSealer = KkrtSealer.start(session, random);
            kkrtQuerier = KkrtQuerier.start(session, random);
            kkrtSealer.receiveBaseSetup(kkrtQuerier.baseSetup());
            kkrtQuerier.receiveBaseKeys(kkrtSealer.baseKeys());
        }
    }

    @Benchmark
    public Object rebuild() throws Exception {
        return switch (ot) {
            case "oprf-table" -> tableRebuild();
            case "ote-table" -> slottedRebuild();
            default -> roundsRebuild();
        };
    }

    /** One batch of the game's KKRT parties (their batch numbers advance together, as in a game). */
    private FogView slottedRebuild() {
        ChessSide answerer = ChessSide.start(Color.BLACK);
        ChessSide querier = ChessSide.start(Color.WHITE);
        DarkChessSide.SlottedRebuild mine = querier.startSlottedRebuild();
        byte[] query = kkrtQuerier.query(session, VisionKkrt.inputs(mine.indexes()));
        kkrtSealer.receiveQuery(session, query);
        byte[] sealed = VisionKkrt.seal(kkrtSealer, answerer.peerSlotCandidates(mine.announcement()),
                answerer.table());
        return ((ChessSide) querier.slottedTableAnswered(VisionKkrt.open(kkrtQuerier, sealed, mine.offsets())))
                .view();
    }

    private FogView tableRebuild() throws Exception {
        ChessSide answerer = ChessSide.start(Color.BLACK);
        ChessSide querier = ChessSide.start(Color.WHITE);
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] sealed = VisionOprf.seal(key, catalogue, VisionTable.table(Color.BLACK, answerer.board(), -1));
        VisionOprf.Batch batch = VisionOprf.blind(asked.stream().map(VisionTable.Input::encoded).toList(), random);
        byte[] answer = VisionOprf.answer(key, batch.message(), context, random);
        byte[] values = VisionOprf.open(batch, key.publicKey(), answer, context, sealed, indexes);
        return VisionTable.view(Color.WHITE, Color.WHITE, ownPieces(), asked, values);
    }

    private static java.util.Map<fairtable.games.chess.Square, fairtable.games.chess.PieceType> ownPieces() {
        java.util.Map<fairtable.games.chess.Square, fairtable.games.chess.PieceType> own =
                new java.util.EnumMap<>(fairtable.games.chess.Square.class);
        for (fairtable.games.chess.Square s : fairtable.games.chess.Square.values()) {
            Position.start().pieceAt(s).filter(p -> p.color() == Color.WHITE).ifPresent(p -> own.put(s, p.type()));
        }
        return own;
    }

    private DarkChessSide roundsRebuild() {
        ChessSide answerer = ChessSide.start(Color.BLACK);
        DarkChessSide.Rebuild rebuild = ChessSide.start(Color.WHITE).startRebuild();
        OtSender[] senders = new OtSender[DarkChessSide.PHASES];
        OtReceiver[] receivers = new OtReceiver[DarkChessSide.PHASES];
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            List<byte[]> items = new ArrayList<>();
            for (byte b : answerer.offer(p)) {
                items.add(new byte[] {b});
            }
            senders[p] = scheme instanceof AndosTransfer andos ? andos.newSender(key, items, session, random)
                    : scheme.newSender(items, session, random);
            receivers[p] = scheme.newReceiver(senders[p].setupMessage(), session, random);
        }
        DarkChessSide querier = rebuild.side();
        for (DarkChessSide.Round round : rebuild.rounds()) {
            byte[] query = receivers[round.phase()].query(querier.nextChoices());
            List<byte[]> items = receivers[round.phase()].finish(senders[round.phase()].answer(query));
            int[] codes = new int[items.size()];
            for (int i = 0; i < codes.length; i++) {
                codes[i] = items.get(i)[0];
            }
            querier = querier.answered(codes);
        }
        return querier;
    }
}
