package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.net.TwoSeatGame;
import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Profile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.net.Actor;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.app.play.TerminalChessPlayer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Cryptographic dark chess (dark-chess/v1) in one process with in-memory delivery, between two bots or between a
 * person at the terminal and a bot: every vision rebuild goes through oblivious transfer, every board is committed,
 * and the transcript is audited at the end.
 */
@Command(name = "play-dark-chess", mixinStandardHelpOptions = true,
        description = {"Dark chess in one process (dark-chess/v1), two bots (--bots all) or you against a bot "
                + "(--bots white or --bots black names the bot's colour): moves announce only captures, "
                + "each ply both players commit to their boards and rebuild their fog-of-war vision through "
                + "1-out-of-64 oblivious transfer with padded query counts; at the end every commitment and OT "
                + "secret is opened and the transcript audited.",
            "Bots: prints each player's view now and then. You: before each of your moves, your view (nothing "
                + "more), what you learned and your moves; type a number from the list or a UCI move (e2e4). "
                + "Both: the final views, the result and the audit verdict. "
                + "With --host PORT (White) or --join INVITATION (Black) this process plays one seat over TLS, by bot "
                + "or, with --bots none, by you, "
                + "against another process."})
public final class PlayDarkChessCommand implements Callable<Integer> {
    /** What to play; the integrator's `play dark-chess` builds one of these. */
    public record Options(Long seed, OtMode ot, int andosModulusBits, int maxPlies, int showEvery, Path transcript) {}

    @Option(names = "--bots", required = true, description = "Which seats bots play: 'all' (two bots), or 'white' / "
            + "'black' (the bot's colour: you play the other one at this terminal). Two people need two processes.")
    String bots;

    @Option(names = "--seed", description = "Seed every key and secret from this number, for a reproducible game "
            + "(NOT secure; default: SecureRandom).")
    Long seed;

    @Option(names = "--ot",
            description = "How visions are rebuilt (joining, the invitation's by default). ote-table (the default) opens a sealed table through OT extension"
                    + " in three messages a ply. oprf-table opens the same table through a 2HashDH oblivious PRF, also"
                    + " in three messages a ply. chou-orlandi and andos are the seed's 1-out-of-64 OTs in rounds"
                    + " (andos, Goldwasser-Micali, is slow).")
    String ot;

    @Option(names = "--andos-bits", description = "ANDOS modulus size (default: " + DEFAULT_ANDOS_BITS + ", or the "
            + "invitation's when joining; one weaker than the default must be typed).")
    Integer andosBits;

    @Option(names = {"--max-moves", "--max-plies"},
            description = "Public cap in plies (half-moves) after which the game is drawn (default: "
                    + DEFAULT_MAX_PLIES + ", or the invitation's when joining; the rules' own cap is "
                    + DarkChessParameters.DEFAULT_MAX_PLIES + ").")
    Integer maxPlies;

    private static final int DEFAULT_MAX_PLIES = 40;
    private static final int DEFAULT_ANDOS_BITS = 2048;

    @Option(names = "--show-every", defaultValue = "10", description = "Bots only: print both views every N plies (default: ${DEFAULT-VALUE}). "
            + "Against a person only the person's own view is shown until the end.")
    int showEvery;

    @Option(names = "--transcript", description = "Write the transcript to this file (audit it with: fairtable audit FILE).")
    Path transcriptFile;

    @Mixin
    SeatOptions seat;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.ParentCommand
    Main main;

    /**
     * The game's terms, "--ot" and "--max-plies": as typed, else as the host's invitation carries them (joining),
     * else the defaults. A typed value unlike the invitation's is refused in one line before anything is opened.
     */
    private Map<String, String> terms() {
        Map<String, String> invited = new LinkedHashMap<>();
        if (seat.networked()) {
            seat.sides("dark-chess", "white", "black");
            invited.putAll(seat.invited());
        }
        String mode = InvitedSetting.agreed("--ot", ot == null ? null : OtMode.parse(ot).label(),
                invited.remove("mode"), DarkChessParameters.defaults().otMode().label());
        OtMode.parse(mode); // an invitation's mode is judged as a typed one
        String plies = InvitedSetting.agreed("--max-plies", maxPlies == null ? null : maxPlies.toString(),
                invited.remove("max-plies"), Integer.toString(DEFAULT_MAX_PLIES));
        String invitedBits = invited.remove("andos-bits");
        String bits = InvitedSetting.agreed("--andos-bits", andosBits == null ? null : andosBits.toString(),
                invitedBits, Integer.toString(DEFAULT_ANDOS_BITS));
        InvitedSetting.requireNumber("andos-bits", bits);
        if (andosBits == null && Integer.parseInt(bits) < DEFAULT_ANDOS_BITS) {
            // Taken silently from an invitation, a modulus the host can factor would let it read every query.
            throw new IllegalArgumentException("the host's invitation asks for --andos-bits " + bits + ", weaker than "
                    + DEFAULT_ANDOS_BITS + "; type --andos-bits " + bits + " to play it anyway");
        }
        InvitedSetting.requireNumber("max-plies", plies);
        InvitedSetting.refuseOthers(invited, "dark chess");
        return Map.of("--ot", mode, "--max-plies", plies, "--andos-bits", bits);
    }

    /** The person's keyboard: the parent Main's input (tests give a script), else System.in. */
    private java.io.InputStream input() {
        return main != null ? main.input() : System.in;
    }

    @Override
    public Integer call() throws Exception {
        boolean person = "none".equals(bots);
        if (person && !seat.networked()) {
            throw new IllegalArgumentException("--bots none: two people cannot share one terminal without seeing "
                    + "each other's board; each plays in a process of their own (--host / --join), or --bots white "
                    + "or black here plays you against a bot");
        }
        Map<String, String> agreed = terms();
        Color botColor = switch (bots) {
            case "all", "none" -> null;
            case "white" -> Color.WHITE;
            case "black" -> Color.BLACK;
            default -> throw new IllegalArgumentException("--bots takes all, white or black (the bot's colour), "
                    + "or none against another process, not "
                    + bots);
        };
        Options options = new Options(seed, OtMode.parse(agreed.get("--ot")), Integer.parseInt(agreed.get("--andos-bits")),
                Integer.parseInt(agreed.get("--max-plies")), showEvery, transcriptFile);
        if (seat.networked()) {
            if (botColor != null) {
                throw new IllegalArgumentException("--bots " + bots + " is for one process; against another process "
                        + "this seat is played by its bot (--bots all) or by you (--bots none)");
            }
            return runNetworked(spec.commandLine().getOut(), options, seat, person ? input() : null);
        }
        if (botColor != null) {
            return runAgainstBot(new BufferedReader(new InputStreamReader(input(), StandardCharsets.UTF_8)),
                    spec.commandLine().getOut(), options, botColor);
        }
        return run(spec.commandLine().getOut(), options);
    }

    /**
     * Plays one seat against another process, over TLS bound to the profile's key (or plain TCP with
     * --insecure): hosting plays White (or the --side chosen), joining the other colour; by bot, or by the person typing on {@code keyboard}
     * if it is not null. Writes this side's transcript (default
     * dark-chess-white/black.jsonl) and audits it; with --journal a restarted process resumes. Returns 0 if the
     * audit verifies, 1 for a failed audit, a caught cheat or a refused peer, 2 if the connection gave out.
     */
    static int runNetworked(PrintWriter out, Options options, SeatOptions seat, java.io.InputStream keyboard)
            throws Exception {
        DarkChessParameters params = new DarkChessParameters(options.ot(), options.andosModulusBits(), options.maxPlies());
        int me = seat.seat();
        Color color = me == 0 ? Color.WHITE : Color.BLACK;
        String name = me == 0 ? "white" : "black";
        Path file = options.transcript() != null ? options.transcript() : Path.of("dark-chess-" + name + ".jsonl");
        // A seed makes the bot's choices and the OT secrets repeatable (tests); the signing key is the profile's.
        RandomGenerator seeded = options.seed() == null ? null : new SplittableRandom(options.seed() * 2 + me);
        ChessSide.MoveChooser chooser = keyboard == null ? new fairtable.games.chess.play.BotChooser()
                : TerminalChessPlayer.of(new BufferedReader(new InputStreamReader(keyboard, StandardCharsets.UTF_8)), out);
        Profile profile = seat.profile();
        // The hello carries the player's profile name, under which the other side pins this key (the trust rule).
        String player = profile.displayName();
        TwoSeatGame.Seating<DarkChessParty> seating = new TwoSeatGame.Seating<>() {
            @Override
            public DarkChessParty create(int s, SigningKey key, SecureRandom random) {
                return DarkChessParty.create(params, s, player, key, ChessSide.start(color, chooser),
                        seeded != null ? seeded : random);
            }

            @Override
            public DarkChessParty restore(byte[] state, SigningKey key, SecureRandom random)
                    throws MalformedMessageException {
                return DarkChessParty.restore(state, key, seeded != null ? seeded : random,
                        bytes -> ChessSide.fromBytes(bytes, chooser));
            }

            @Override
            public Actor actor(DarkChessParty party) {
                return Actor.PASSIVE; // the side's chooser moves inside the protocol's steps
            }
        };
        TwoSeatGame.Result<DarkChessParty> result;
        try (TwoSeatLink link = seat.link(profile, out, invitationSettings(params))) {
            out.println((link.listening() ? "Hosting " + DarkChessParameters.PROTOCOL + " (" + params + ") on "
                    + seat.bind + ":" + link.port() + " as " + (me == 0 ? "White; waiting for Black." : "Black; waiting"
                    + " for White.") : "Joining as " + (me == 0 ? "White" : "Black")
                    + (link.atRelay() ? " through a relay." : ".")));
            out.flush();
            result = new TwoSeatGame<>(profile.identity(), player, seating, file, seat.journal, p -> seat.timeout(), out).play(link);
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

    /** What a host's invitation carries of the game, named as the browser's invitations name them. */
    private static Map<String, String> invitationSettings(DarkChessParameters params) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("max-plies", Integer.toString(params.maxPlies()));
        settings.put("mode", params.otMode().label());
        if (params.otMode() == OtMode.ANDOS) {
            settings.put("andos-bits", Integer.toString(params.andosModulusBits()));
        }
        return settings;
    }

    /** Plays, prints, writes the transcript if asked and audits. Returns 0 if the audit verifies, else 1. */
    public static int run(PrintWriter out, Options options) throws Exception {
        if (options.showEvery() < 1) {
            throw new IllegalArgumentException("--show-every must be at least 1");
        }
        DarkChessParameters params = parameters(options);
        Seats seats = Seats.of(options.seed());
        DarkChessTable table = DarkChessTable.bots(params, seats.whiteKey(), seats.blackKey(), seats.white(),
                seats.black());
        printIntroduction(out, params, options);
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
        return finish(out, table, options, start, "both players in this process");
    }

    /**
     * A person at this terminal against a bot playing {@code botColor}, in one process: the person's moves are read
     * from {@code in} (a {@link TerminalChessPlayer}), and only the person's own view is printed until the game
     * ends; then both final views, the result, the transcript if asked and the audit, as for bots. Returns 0 if the
     * audit verifies, 1 for a failed audit or a caught cheat, 2 if the person's input ended before the game did.
     */
    public static int runAgainstBot(BufferedReader in, PrintWriter out, Options options, Color botColor)
            throws Exception {
        DarkChessParameters params = parameters(options);
        Seats seats = Seats.of(options.seed());
        Color personColor = botColor.opposite();
        DarkChessTable table = DarkChessTable.personAgainstBot(params, personColor, TerminalChessPlayer.of(in, out),
                seats.whiteKey(), seats.blackKey(), seats.white(), seats.black());
        printIntroduction(out, params, options);
        out.println("You play " + colorName(personColor) + " against a bot playing " + colorName(botColor)
                + ": each of you sees only its own view. Type 'help' at the prompt for the rules.");
        out.flush();
        long start = System.nanoTime();
        try {
            table.play(ply -> { });
        } catch (TerminalChessPlayer.InputEnded ended) {
            out.println("Input ended before your move " + ended.moveNumber() + ": you left the game, which stays "
                    + "unfinished after " + table.party(personColor == Color.WHITE ? 0 : 1).plies() + " plies ('resign' would have ended it). "
                    + "No transcript written, nothing audited.");
            out.flush();
            return Main.ERROR;
        } catch (ProtocolViolation v) {
            out.println("CHEAT CAUGHT: " + v.getMessage());
            return Main.FAILED;
        }
        out.println();
        out.println("The game is over; every board and OT secret is now open, so both views may be shown.");
        return finish(out, table, options, start, "you and the bot in this process");
    }

    private static DarkChessParameters parameters(Options options) {
        return new DarkChessParameters(options.ot(), options.andosModulusBits(), options.maxPlies());
    }

    private static void printIntroduction(PrintWriter out, DarkChessParameters params, Options options) {
        out.println(DarkChessParameters.PROTOCOL + ": " + params + (options.seed() != null
                ? ", seed " + options.seed() + " (reproducible, not secure)" : "") + ".");
        out.println("Each ply: the mover announces only a capture's square; both commit to their boards; each rebuilds");
        out.println("its vision by oblivious transfer with padded query counts. Every value is checked on receipt.");
        out.println();
    }

    /** The final views, the result, the transcript if asked and the audit. Returns 0 if it verifies, else 1. */
    private static int finish(PrintWriter out, DarkChessTable table, Options options, long startNanos, String who)
            throws Exception {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        printViews(out, table, "at the end");
        out.println("Result: " + table.party(0).result().orElse("unfinished"));
        if (table.party(0).side() instanceof ChessSide white && table.party(1).side() instanceof ChessSide black) {
            out.println("Moves (UCI, White first; 'none' = no move): " + movesInOrder(white, black));
        }
        List<Envelope> transcript = table.transcript();
        out.printf("%d plies, %d messages, %.1f s (%s).%n", table.party(0).plies(), transcript.size(), seconds, who);
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
        AuditVerdict verdict = Audits.audit(new TranscriptFile.Contents(transcript, refused));
        out.printf("Audit (%.1f s): %s%n", (System.nanoTime() - auditStart) / 1e9, verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }

    /** Both seats' keys and randomness: from the seed (White's first), or SecureRandom. */
    private record Seats(SigningKey whiteKey, SigningKey blackKey, RandomGenerator white, RandomGenerator black) {
        static Seats of(Long seed) {
            if (seed != null) {
                SplittableRandom seeds = new SplittableRandom(seed);
                SigningKey whiteKey = SigningKey.fromSeed(seedBytes(seeds));
                SigningKey blackKey = SigningKey.fromSeed(seedBytes(seeds));
                return new Seats(whiteKey, blackKey, seeds.split(), seeds.split());
            }
            SecureRandom secure = new SecureRandom();
            return new Seats(SigningKey.generate(secure), SigningKey.generate(secure), secure, secure);
        }
    }

    /** Both players' moves interleaved, White's first: public once the game is over (the audit replays them). */
    private static String movesInOrder(ChessSide white, ChessSide black) {
        List<String> w = words(white.record());
        List<String> b = words(black.record());
        List<String> all = new ArrayList<>();
        for (int i = 0; i < Math.max(w.size(), b.size()); i++) {
            if (i < w.size()) {
                all.add(w.get(i));
            }
            if (i < b.size()) {
                all.add(b.get(i));
            }
        }
        return String.join(" ", all);
    }

    private static List<String> words(byte[] record) {
        String text = new String(record, StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split(" "));
    }

    private static String colorName(Color color) {
        return color == Color.WHITE ? "White" : "Black";
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
