package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TwoSeatGame;
import fairtable.app.net.TwoSeatLink;
import fairtable.app.play.TerminalMahjongPlayer;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.play.BotGame;
import fairtable.games.mahjongshogi.play.LocalGame;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.games.mahjongshogi.play.Seat;
import fairtable.games.mahjongshogi.play.SeatPlayer;
import fairtable.net.Actor;
import fairtable.net.identity.Profile;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Mahjong Shogi over mahjong-shogi/v1 (seed 003) between two bots in one process, messages delivered in memory:
 * hidden placements by commitments, every battle an oblivious table lookup, then both reveal and the transcript
 * is audited. Prints what each player sees at the end (own kinds, the opponent's tiles as ??, the battle
 * results), the winner and the verdict. With --bots east or --bots west a person at this terminal plays the other
 * seat against the bot, seeing only their own view. With --host or --join, this process plays one seat (by bot,
 * or by the person here with --bots none) against another process over TLS, pinned by the profile's identity
 * key, and journaled with --journal.
 */
@Command(name = "play-mahjong-shogi", mixinStandardHelpOptions = true,
        description = {"Mahjong Shogi (seed 003) over the mahjong-shogi/v1 protocol, in one process: two bots "
                + "(--bots all), or you against a bot (--bots east: the bot is east, you are west; --bots west).",
            "Shows each player's final view, the winner, and the audit of the transcript."})
public final class PlayMahjongShogiCommand implements Callable<Integer> {
    @Option(names = "--bots", required = true, description = "Which seats bots play: 'all' (both, in this process), "
            + "'east' or 'west' (that seat; you play the other one at this terminal), or 'me' with --host/--join "
            + "(this process's seat). 'none' is refused: two people need two processes.")
    String bots;

    @Mixin
    SeatOptions seat;

    @Option(names = "--seed", description = "Seed of the placements and the bots' choices (default: random). Keys, "
            + "commitments and paddings always come from SecureRandom. It fixes the bot's tiles too: against a bot, "
            + "leave it out (the seed is shown after the game).")
    Long seed;

    @Option(names = "--mode",
            description = "faithful (seed 003 literally: SRA modulo a prime, RSA 'hash'; INSECURE), fixed "
                    + "(safe-prime subgroup, residue encoding, SHA-256 commitments) or ristretto (default; joining, the "
                    + "invitation's).")
    String mode;

    @Option(names = "--move-limit", description = "Moves after which the game is drawn (default: " + DEFAULT_MOVE_LIMIT
            + ", or the invitation's when joining).")
    Integer moveLimit;

    private static final int DEFAULT_MOVE_LIMIT = 400;

    @Option(names = "--transcript", description = "Write the transcript to this file (check it with: fairtable audit FILE).")
    Path transcriptFile;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    Main main;

    /** Where a person's moves are read from when no Main is above (the static hook); null means System.in. */
    private InputStream input;

    /** The person's keyboard: the parent Main's input, or the hook's, or System.in. */
    private InputStream input() {
        if (main != null) {
            return main.input();
        }
        return input != null ? input : System.in;
    }

    /** The same command for a caller that hooks it elsewhere (e.g. under "play mahjong-shogi"). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return run(System.in, out, err, args);
    }

    /** As {@link #run(PrintWriter, PrintWriter, String...)}, a person's moves read from {@code in}. */
    public static int run(InputStream in, PrintWriter out, PrintWriter err, String... args) {
        PlayMahjongShogiCommand hooked = new PlayMahjongShogiCommand();
        hooked.input = in;
        CommandLine cli = new CommandLine(hooked);
        cli.setOut(out);
        cli.setErr(err);
        Problems.install(cli, args);
        return cli.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        Map<String, String> invited = new LinkedHashMap<>();
        if (seat.networked()) {
            seat.sides("mahjong-shogi", "east", "west");
            invited.putAll(seat.invited());
        }
        String invitedMode = invited.remove("mode");
        if (MahjongMode.FAITHFUL.modeName().equals(invitedMode) && mode == null) {
            // Taken silently from an invitation, the seed's insecure arithmetic would let the host read every tile.
            throw new IllegalArgumentException("the host's invitation asks for --mode faithful, which is INSECURE on "
                    + "purpose (every battle leaks a bit of the hidden tile); type --mode faithful to play it anyway");
        }
        String agreedMode = InvitedSetting.agreed("--mode", mode == null ? null : MahjongMode.byName(mode).modeName(),
                invitedMode, MahjongMode.DEFAULT.modeName());
        String limit = InvitedSetting.agreed("--move-limit", moveLimit == null ? null : moveLimit.toString(),
                invited.remove("move-limit"), Integer.toString(DEFAULT_MOVE_LIMIT));
        InvitedSetting.requireNumber("move-limit", limit);
        InvitedSetting.refuseOthers(invited, "Mahjong Shogi");
        MahjongParameters params = MahjongParameters.standard(MahjongMode.byName(agreedMode))
                .withMoveLimit(Integer.parseInt(limit));
        long s = seed != null ? seed : new SecureRandom().nextLong();
        if (seat.networked()) {
            if (!List.of("me", "all", "none").contains(bots)) {
                throw new IllegalArgumentException("--bots " + bots + ": over the network this seat is played by its "
                        + "bot ('--bots me') or by you at this terminal ('--bots none')");
            }
            return playNetwork(spec.commandLine().getOut(), params, s, "none".equals(bots));
        }
        PrintWriter out = spec.commandLine().getOut();
        switch (bots) {
            case "all" -> {
                return play(out, params, s, transcriptFile);
            }
            case "east", "west" -> {
                int botSeat = "east".equals(bots) ? 0 : 1;
                BufferedReader in = new BufferedReader(new InputStreamReader(input(), StandardCharsets.UTF_8));
                return playAgainstBot(in, out, params, s, seed == null, transcriptFile, botSeat);
            }
            case "none" -> throw new IllegalArgumentException("--bots none: two people need two processes, one "
                    + "screen each, so that neither sees the other's tiles; in one process a person plays against a "
                    + "bot (--bots east or --bots west)");
            default -> throw new IllegalArgumentException("--bots " + bots + ": in one process, 'all' (two bots), "
                    + "'east' or 'west' (that seat is the bot, you play the other)");
        }
    }

    /**
     * One seat against another process, played by its bot or by the person at this terminal: over TLS bound to
     * the profile's key (or plain TCP with --insecure), journaled if asked; both sides audit what they kept.
     */
    private int playNetwork(PrintWriter out, MahjongParameters params, long seed, boolean person) throws Exception {
        int me = seat.seat();
        String name = me == 0 ? "east" : "west";
        String opponent = me == 0 ? "west" : "east";
        out.printf("%s, playing %s (seat %d)%s%n", params, name, me, person ? ", you at this terminal" : " by bot, seed " + seed);
        Path file = transcriptFile != null ? transcriptFile : Path.of("mahjong-shogi-" + name + ".jsonl");
        SplittableRandom play = new SplittableRandom(seed);
        Seat chooser = person
                ? TerminalMahjongPlayer.seat(new BufferedReader(new InputStreamReader(input(), StandardCharsets.UTF_8)),
                        out, name, opponent)
                : Seat.bot(play);
        SeatPlayer[] player = new SeatPlayer[1];
        Profile profile = seat.profile();
        // The hello carries the player's profile name, under which the other side pins this key (the trust rule).
        String signedName = profile.displayName();
        TwoSeatGame.Seating<MahjongParty> seating = new TwoSeatGame.Seating<>() {
            @Override
            public MahjongParty create(int s, SigningKey key, SecureRandom random) {
                player[0] = new SeatPlayer(params, s, signedName, key, play, random, chooser);
                return player[0].party();
            }

            @Override
            public MahjongParty restore(byte[] state, SigningKey key, SecureRandom random) throws MalformedMessageException {
                player[0] = SeatPlayer.resume(MahjongParty.restore(state, key, random), chooser);
                return player[0].party();
            }

            @Override
            public Actor actor(MahjongParty party) {
                return () -> {
                    List<Envelope> sent = player[0].act();
                    if (player[0].left().isPresent()) {
                        throw new SessionSeat.Leaving(player[0].left().get());
                    }
                    return sent;
                };
            }
        };
        TwoSeatGame.Result<MahjongParty> result;
        Map<String, String> terms = new LinkedHashMap<>();
        terms.put("move-limit", Integer.toString(params.moveLimit()));
        terms.put("mode", params.mode().modeName());
        try (TwoSeatLink link = seat.link(profile, out, terms)) {
            if (link.listening()) {
                out.println("Hosting on " + seat.bind + ":" + link.port() + " as " + name + "; waiting for " + opponent
                        + ".");
            }
            result = new TwoSeatGame<>(profile.identity(), signedName, seating, file, seat.journal, p -> seat.timeout(), out).play(link);
        }
        MahjongParty party = result.party();
        if (party.isStarted() && party.observer().isSetUp()) {
            out.printf("%nWhat %s sees at the end (own tiles by kind, the opponent's as ??):%n", name);
            out.print(player[0].view().render(name, opponent));
            party.observer().outcome().ifPresent(o -> out.printf("%nResult: %s (%s) after %d moves and %d battles%n",
                    o.winner() < 0 ? "a draw" : (o.winner() == 0 ? "east" : "west") + " wins", o.reason(),
                    party.observer().movesMade(), party.observer().battles().size()));
        }
        out.println("Transcript: " + file);
        if (result.verdict() != null) {
            out.println("Audit: " + result.verdict().line());
        }
        out.flush();
        return result.exitCode() == 0 ? Main.OK : result.exitCode();
    }

    /** Plays one bots-only game and audits it; returns the exit code. */
    public static int play(PrintWriter out, MahjongParameters params, long seed, Path transcriptFile) throws Exception {
        out.printf("%s, seed %d%n", params, seed);
        if (params.mode() == MahjongMode.FAITHFUL) {
            out.println("faithful mode: INSECURE on purpose (the residue of every table entry leaks; the RSA 'hash' is "
                    + "malleable). Generating two RSA moduli for the commitments...");
        }
        out.flush();
        long start = System.nanoTime();
        LocalGame game = new BotGame(params, List.of("east", "west"), new SplittableRandom(seed), new SecureRandom())
                .play().game();
        return finish(out, game, System.nanoTime() - start, transcriptFile);
    }

    /**
     * Plays one game in which a person at this terminal ({@code in}, {@code out}) plays against a bot on
     * {@code botSeat}, then shows and audits it as {@link #play} does. The person sees only their own view until the
     * end. {@code randomSeed} says whether the seed was drawn here (then it is shown only after the game, since it
     * fixes the bot's tiles). If the input ends first, the game is left unfinished: exit code 2.
     */
    public static int playAgainstBot(BufferedReader in, PrintWriter out, MahjongParameters params, long seed,
            boolean randomSeed, Path transcriptFile, int botSeat) throws Exception {
        List<String> names = List.of("east", "west");
        int human = 1 - botSeat;
        out.printf("%s%s%n", params, randomSeed ? "" : ", seed " + seed);
        if (params.mode() == MahjongMode.FAITHFUL) {
            out.println("faithful mode: INSECURE on purpose (the residue of every table entry leaks; the RSA 'hash' is "
                    + "malleable). Generating two RSA moduli for the commitments...");
        }
        out.printf("You play %s (seat %d, %s); a bot plays %s. Type help for the notation.%n", names.get(human), human,
                human == 0 ? "you move first" : "east moves first", names.get(botSeat));
        out.flush();
        SplittableRandom play = new SplittableRandom(seed);
        List<Seat> seats = new ArrayList<>(List.of(Seat.bot(play), Seat.bot(play)));
        seats.set(human, TerminalMahjongPlayer.seat(in, out, names.get(human), names.get(botSeat)));
        long start = System.nanoTime();
        LocalGame game = new LocalGame(params, names, seats, play, new SecureRandom()).play();
        long played = System.nanoTime() - start;
        if (game.left().isPresent()) {
            out.printf("%nThe game is unfinished: %s after %d moves. Nothing was revealed; no transcript was written "
                    + "and nothing was audited.%n", game.left().get().reason(), game.party(0).observer().movesMade());
            out.flush();
            return Main.ERROR;
        }
        game.resigned().ifPresent(seat -> out.printf("%n%s resigned. mahjong-shogi/v1 has no resignation message: "
                + "resigning reveals early, which the transcript records as a stop with no winner.%n", names.get(seat)));
        int code = finish(out, game, played, transcriptFile);
        if (randomSeed) {
            out.println("Seed " + seed + " (replays these placements and the bot's choices with --seed).");
            out.flush();
        }
        return code;
    }

    /** The end of a game in one process: both final views, the result, the transcript and its audit. */
    private static int finish(PrintWriter out, LocalGame game, long played, Path transcriptFile) throws Exception {
        MahjongObserver observer = game.party(0).observer();
        for (int seat = 0; seat < 2; seat++) {
            PlayerView view = game.view(seat);
            out.printf("%nWhat %s sees at the end (own tiles by kind, %s's as ??):%n", game.name(seat), game.name(1 - seat));
            out.print(view.render(game.name(seat), game.name(1 - seat)));
        }
        MahjongObserver.Outcome outcome = observer.outcome().orElseThrow();
        out.println();
        out.printf("Result: %s (%s) after %d moves and %d battles, %.1f s%n",
                outcome.winner() < 0 ? "a draw" : game.name(outcome.winner()) + " wins", outcome.reason(),
                observer.movesMade(), observer.battles().size(), played / 1e9);
        for (int seat = 0; seat < 2; seat++) {
            game.party(seat).failure().ifPresent(f -> out.println("Cheat caught during play: " + f.getMessage()));
        }
        List<Envelope> refused = new ArrayList<>();
        game.refused().forEach(r -> refused.add(r.envelope()));
        TranscriptFile.Contents contents = new TranscriptFile.Contents(game.transcript(), refused);
        if (transcriptFile != null) {
            TranscriptFile.write(transcriptFile, contents.messages(), game.refused());
            out.println("Transcript: " + transcriptFile + " (" + contents.messages().size()
                    + " messages; check it yourself: fairtable audit " + transcriptFile + ")");
        }
        AuditVerdict verdict = Audits.audit(contents);
        out.println("Audit: " + verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }
}
