package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.PeerGame;
import fairtable.app.net.PeerLink;
import fairtable.net.identity.Profile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.play.BotGame;
import fairtable.games.mahjongshogi.play.BotPlayer;
import fairtable.net.PartyRunner;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
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
 * results), the winner and the verdict. With --host or --join, this process plays one seat by bot against
 * another process over TLS, pinned by the profile's identity key, and journaled with --journal.
 */
@Command(name = "play-mahjong-shogi", mixinStandardHelpOptions = true,
        description = {"Mahjong Shogi (seed 003) between two bots over the mahjong-shogi/v1 protocol, in one process.",
            "Shows each player's final view, the winner, and the audit of the transcript."})
public final class PlayMahjongShogiCommand implements Callable<Integer> {
    @Option(names = "--bots", required = true, description = "Which seats bots play: 'all' (both, in this process), "
            + "or 'me' with --host/--join (this process's seat). Human play is not implemented.")
    String bots;

    @Mixin
    SeatOptions seat;

    @Option(names = "--seed", description = "Seed of the placements and the bots' choices (default: random). Keys, "
            + "commitments and paddings always come from SecureRandom.")
    Long seed;

    @Option(names = "--mode", defaultValue = "ristretto",
            description = "faithful (seed 003 literally: SRA modulo a prime, RSA 'hash'; INSECURE), fixed "
                    + "(safe-prime subgroup, residue encoding, SHA-256 commitments) or ristretto (default).")
    String mode;

    @Option(names = "--move-limit", defaultValue = "400", description = "Moves after which the game is drawn (default: ${DEFAULT-VALUE}).")
    int moveLimit;

    @Option(names = "--transcript", description = "Write the transcript to this file (check it with: fairtable audit FILE).")
    Path transcriptFile;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** The same command for a caller that hooks it elsewhere (e.g. under "play mahjong-shogi"). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new PlayMahjongShogiCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            command.getErr().println("fairtable: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            return Main.ERROR;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println("fairtable: " + e.getMessage());
            e.getCommandLine().usage(e.getCommandLine().getErr());
            return Main.ERROR;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.byName(mode)).withMoveLimit(moveLimit);
        long s = seed != null ? seed : new SecureRandom().nextLong();
        if (seat.networked()) {
            if (!"me".equals(bots) && !"all".equals(bots)) {
                throw new IllegalArgumentException("--bots " + bots + ": over the network only this seat's bot "
                        + "plays ('--bots me'); human play is not implemented");
            }
            return playNetwork(spec.commandLine().getOut(), params, s);
        }
        if (!"all".equals(bots)) {
            throw new IllegalArgumentException("--bots " + bots + ": in one process both seats are bots ('--bots all'); "
                    + "human play is not implemented");
        }
        return play(spec.commandLine().getOut(), params, s, transcriptFile);
    }

    /**
     * One seat, played by a bot against another process: over TLS bound to the profile's key (or plain TCP with
     * --insecure), journaled if asked; both sides audit what they kept.
     */
    private int playNetwork(PrintWriter out, MahjongParameters params, long seed) throws Exception {
        int me = seat.seat();
        String name = me == 0 ? "east" : "west";
        out.printf("%s, seed %d, playing %s (seat %d) by bot%n", params, seed, name, me);
        Path file = transcriptFile != null ? transcriptFile : Path.of("mahjong-shogi-" + name + ".jsonl");
        SplittableRandom play = new SplittableRandom(seed);
        BotPlayer[] player = new BotPlayer[1];
        PeerGame.Seating<MahjongParty> seating = new PeerGame.Seating<>() {
            @Override
            public MahjongParty create(int s, SigningKey key, SecureRandom random) {
                player[0] = new BotPlayer(params, s, name, key, play, random);
                return player[0].party();
            }

            @Override
            public MahjongParty restore(byte[] state, SigningKey key, SecureRandom random) throws MalformedMessageException {
                MahjongParty party = MahjongParty.restore(state, key, random);
                player[0] = BotPlayer.resume(party, play);
                return party;
            }

            @Override
            public PartyRunner.Actor actor(MahjongParty party) {
                return player[0]::act;
            }
        };
        Profile profile = seat.profile();
        PeerGame.Result<MahjongParty> result;
        try (PeerLink link = seat.link(profile, out)) {
            if (link.listening()) {
                out.println("Hosting on " + seat.bind + ":" + link.port() + "; waiting for west.");
            }
            result = new PeerGame<>(profile.identity(), seating, file, seat.journal, p -> seat.timeout(), out).play(link);
        }
        MahjongParty party = result.party();
        if (party.isStarted() && party.observer().isSetUp()) {
            out.printf("%nWhat %s sees at the end (own tiles by kind, the opponent's as ??):%n", name);
            out.print(player[0].view().render(name, me == 0 ? "west" : "east"));
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
        BotGame game = new BotGame(params, List.of("east", "west"), new SplittableRandom(seed), new SecureRandom()).play();
        long played = System.nanoTime() - start;
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
        AuditVerdict verdict = Auditor.audit(contents);
        out.println("Audit: " + verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }
}
