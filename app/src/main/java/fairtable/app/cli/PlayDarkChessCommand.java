package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.PeerGame;
import fairtable.app.net.PeerLink;
import fairtable.net.identity.Profile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.net.PartyRunner;
import fairtable.protocol.darkchess.DarkChessParty;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Cryptographic dark chess (dark-chess/v1) between two bots in one process with in-memory delivery: every vision
 * rebuild goes through oblivious transfer, every board is committed, and the transcript is audited at the end.
 */
@Command(name = "play-dark-chess", mixinStandardHelpOptions = true,
        description = {"Dark chess between two bots in one process (dark-chess/v1): moves announce only captures, "
                + "each ply both players commit to their boards and rebuild their fog-of-war vision through "
                + "1-out-of-64 oblivious transfer with padded query counts; at the end every commitment and OT "
                + "secret is opened and the transcript audited.",
            "Prints each player's view now and then and at the end, the result and the audit verdict. "
                + "With --host PORT (White) or --join INVITATION (Black) this process plays one bot seat over TLS "
                + "against another process."})
public final class PlayDarkChessCommand implements Callable<Integer> {
    /** What to play; the integrator's `play dark-chess` builds one of these. */
    public record Options(Long seed, OtMode ot, int andosModulusBits, int maxPlies, int showEvery, Path transcript) {}

    @Option(names = "--bots", required = true, description = "Which seats bots play: only 'all' is supported.")
    String bots;

    @Option(names = "--seed", description = "Seed every key and secret from this number, for a reproducible game "
            + "(NOT secure; default: SecureRandom).")
    Long seed;

    @Option(names = "--ot", defaultValue = "chou-orlandi",
            description = "Oblivious transfer: chou-orlandi (fast) or andos (Goldwasser-Micali, slow) (default: ${DEFAULT-VALUE}).")
    String ot;

    @Option(names = "--andos-bits", defaultValue = "2048", description = "ANDOS modulus size (default: ${DEFAULT-VALUE}).")
    int andosBits;

    @Option(names = {"--max-moves", "--max-plies"}, defaultValue = "40",
            description = "Public cap in plies (half-moves) after which the game is drawn (default: ${DEFAULT-VALUE}; "
                    + "the rules' own cap is " + DarkChessParameters.DEFAULT_MAX_PLIES + ").")
    int maxPlies;

    @Option(names = "--show-every", defaultValue = "10", description = "Print both views every N plies (default: ${DEFAULT-VALUE}).")
    int showEvery;

    @Option(names = "--transcript", description = "Write the transcript to this file (audit it with: fairtable audit FILE).")
    Path transcriptFile;

    @Mixin
    SeatOptions seat;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!"all".equals(bots)) {
            throw new IllegalArgumentException("--bots all is the only mode so far (human play is not implemented)");
        }
        Options options = new Options(seed, OtMode.parse(ot), andosBits, maxPlies, showEvery, transcriptFile);
        if (seat.networked()) {
            return runNetworked(spec.commandLine().getOut(), options, seat);
        }
        return run(spec.commandLine().getOut(), options);
    }

    /**
     * Plays one bot seat against another process, over TLS bound to the profile's key (or plain TCP with
     * --insecure): hosting plays White, joining plays Black. Writes this side's transcript (default
     * dark-chess-white/black.jsonl) and audits it; with --journal a restarted process resumes. Returns 0 if the
     * audit verifies, 1 for a failed audit, a caught cheat or a refused peer, 2 if the connection gave out.
     */
    static int runNetworked(PrintWriter out, Options options, SeatOptions seat) throws Exception {
        DarkChessReferee.install();
        DarkChessParameters params = new DarkChessParameters(options.ot(), options.andosModulusBits(), options.maxPlies());
        int me = seat.seat();
        Color color = me == 0 ? Color.WHITE : Color.BLACK;
        String name = me == 0 ? "white" : "black";
        Path file = options.transcript() != null ? options.transcript() : Path.of("dark-chess-" + name + ".jsonl");
        // A seed makes the bot's choices and the OT secrets repeatable (tests); the signing key is the profile's.
        RandomGenerator seeded = options.seed() == null ? null : new SplittableRandom(options.seed() * 2 + me);
        PeerGame.Seating<DarkChessParty> seating = new PeerGame.Seating<>() {
            @Override
            public DarkChessParty create(int s, SigningKey key, SecureRandom random) {
                return DarkChessParty.create(params, s, name, key, ChessSide.start(color),
                        seeded != null ? seeded : random);
            }

            @Override
            public DarkChessParty restore(byte[] state, SigningKey key, SecureRandom random)
                    throws MalformedMessageException {
                return DarkChessParty.restore(state, key, seeded != null ? seeded : random, ChessSide::fromBytes);
            }

            @Override
            public PartyRunner.Actor actor(DarkChessParty party) {
                return PartyRunner.Actor.PASSIVE; // the side's chooser moves inside the protocol's steps
            }
        };
        Profile profile = seat.profile();
        PeerGame.Result<DarkChessParty> result;
        try (PeerLink link = seat.link(profile, out)) {
            out.println((link.listening() ? "Hosting " + DarkChessParameters.PROTOCOL + " (" + params + ") on "
                    + seat.bind + ":" + link.port() + " as White; waiting for Black." : "Joining as Black."));
            out.flush();
            result = new PeerGame<>(profile.identity(), seating, file, seat.journal, p -> seat.timeout(), out).play(link);
        }
        DarkChessParty party = result.party();
        if (party.side() instanceof ChessSide side) {
            out.println((me == 0 ? "White" : "Black") + "'s view at the end:");
            out.println(BoardRenderer.render(side.view()));
        }
        out.println("Transcript written to " + file);
        if (result.outcome() != null && result.outcome().finished()) {
            out.println("Result: " + party.result().orElse("unfinished") + " after " + party.plies() + " plies.");
        }
        if (result.verdict() != null) {
            out.println("Audit: " + result.verdict().line());
        }
        out.flush();
        return result.exitCode() == 0 ? Main.OK : result.exitCode();
    }

    /** Plays, prints, writes the transcript if asked and audits. Returns 0 if the audit verifies, else 1. */
    public static int run(PrintWriter out, Options options) throws Exception {
        DarkChessReferee.install();
        if (options.showEvery() < 1) {
            throw new IllegalArgumentException("--show-every must be at least 1");
        }
        DarkChessParameters params = new DarkChessParameters(options.ot(), options.andosModulusBits(), options.maxPlies());
        RandomGenerator white;
        RandomGenerator black;
        SigningKey whiteKey;
        SigningKey blackKey;
        if (options.seed() != null) {
            SplittableRandom seeds = new SplittableRandom(options.seed());
            whiteKey = SigningKey.fromSeed(seedBytes(seeds));
            blackKey = SigningKey.fromSeed(seedBytes(seeds));
            white = seeds.split();
            black = seeds.split();
        } else {
            SecureRandom secure = new SecureRandom();
            whiteKey = SigningKey.generate(secure);
            blackKey = SigningKey.generate(secure);
            white = secure;
            black = secure;
        }
        DarkChessTable table = DarkChessTable.bots(params, whiteKey, blackKey, white, black);
        out.println(DarkChessParameters.PROTOCOL + ": " + params + (options.seed() != null
                ? ", seed " + options.seed() + " (reproducible, not secure)" : "") + ".");
        out.println("Each ply: the mover announces only a capture's square; both commit to their boards; each rebuilds");
        out.println("its vision by oblivious transfer with padded query counts. Every value is checked on receipt.");
        out.println();
        out.flush();
        long start = System.nanoTime();
        try {
            table.play(ply -> {
                if (ply % options.showEvery() == 0 && !table.party(0).isFinished()) {
                    printViews(out, table, "after ply " + ply);
                }
            });
        } catch (ProtocolViolation v) {
            out.println("CHEAT CAUGHT: " + v.getMessage());
            return Main.FAILED;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        printViews(out, table, "at the end");
        out.println("Result: " + table.party(0).result().orElse("unfinished"));
        List<Envelope> transcript = table.transcript();
        out.printf("%d plies, %d messages, %.1f s (both players in this process).%n", table.party(0).plies(),
                transcript.size(), seconds);
        List<Envelope> refused = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            table.party(s).rejected().forEach(r -> refused.add(r.envelope()));
        }
        if (options.transcript() != null) {
            List<fairtable.protocol.Party.Rejected> rejected = new ArrayList<>(table.party(0).rejected());
            rejected.addAll(table.party(1).rejected());
            TranscriptFile.write(options.transcript(), transcript, rejected);
            out.println("Transcript written to " + options.transcript());
        }
        long auditStart = System.nanoTime();
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(transcript, refused));
        out.printf("Audit (%.1f s): %s%n", (System.nanoTime() - auditStart) / 1e9, verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }

    private static void printViews(PrintWriter out, DarkChessTable table, String when) {
        for (int s = 0; s < 2; s++) {
            if (table.party(s).side() instanceof ChessSide side) {
                out.println((side.color() == Color.WHITE ? "White" : "Black") + "'s view " + when + ":");
                out.println(BoardRenderer.render(side.view()));
            }
        }
        out.flush();
    }

    private static byte[] seedBytes(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return seed;
    }
}
