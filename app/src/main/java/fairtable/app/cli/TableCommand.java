package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.journal.Journal;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionClient;
import fairtable.net.session.SessionHost;
import fairtable.net.session.SessionMember;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import fairtable.crypto.sign.VerifyingKey;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * An N-player table of the verifiable deck across processes: one player hosts (relays every signed message
 * to all, with signed receipts that expose a host who drops, reorders or equivocates) and plays seat 0; the
 * others join by the host's invitation. Seat 0 deals each player a private hand and opens a few cards,
 * then everyone publishes their remaining shares and audits the transcript.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "A table across processes through a relaying host: a verifiable-deck deal for 2 to 10 players, "
                + "seed 002's permutation deal for 3 or more, or a blind draw, Mahjong Shogi or dark chess for two.",
        subcommands = {TableCommand.Host.class, TableCommand.Join.class})
public final class TableCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** What host and joiners must agree on, and how each connects. */
    abstract static class Seat implements Callable<Integer> {
        @Option(names = "--game", defaultValue = "deal", description = "What the table plays (all must agree): deal "
                + "(verifiable deck, 2 to 10 players; default), permutation (seed 002's permutation deal, 3 to 254 "
                + "players, semi-honest, private messages sealed end to end), draw (FR 2823580 blind draw), mahjong-shogi or "
                + "dark-chess (two players; this seat's moves by bot).")
        String game;

        @Option(names = "--players", required = true, description = "Number of players (all must agree): 2 to 10 for deal, 3 or more for "
                + "permutation, 2 for the others.")
        int players;

        @Option(names = "--mode", description = "draw: patent-ristretto (default), patent-safe-prime or patent-literal; "
                + "mahjong-shogi: ristretto (default), fixed or faithful; dark-chess: chou-orlandi (default) or andos.")
        String mode;

        @Option(names = "--max-moves", description = "Board games: moves (Mahjong Shogi, default 400) or plies (dark "
                + "chess, default 40) after which the game is drawn.")
        Integer maxMoves;

        @Option(names = "--cards", defaultValue = "52", description = "Deck size for deal, permutation and draw (default: ${DEFAULT-VALUE}).")
        int cards;

        @Option(names = "--each", defaultValue = "2", description = "Private cards dealt (drawn) to each player (default: ${DEFAULT-VALUE}).")
        int each;

        @Option(names = "--open", defaultValue = "3", description = "Cards then opened face-up (default: ${DEFAULT-VALUE}).")
        int open;

        @Option(names = "--name", description = "Your name at the table (default: your profile's name, else seatN).")
        String name;

        @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
        Path home;

        @Option(names = "--insecure", description = "Plain TCP instead of TLS. For tests.")
        boolean insecure;

        @Option(names = "--transcript", description = "Where to write the transcript (default: table-NAME.jsonl).")
        Path transcript;

        @Option(names = "--timeout", defaultValue = "120", description = "Seconds of silence before giving up (default: ${DEFAULT-VALUE}).")
        int timeoutSeconds;

        @Option(names = "--step-timeout", paramLabel = "STEP=SECONDS",
                description = "Wait this long while the table awaits step STEP instead of --timeout (repeatable), e.g. "
                        + "--step-timeout 5=600. Steps are numbered as in the transcript; a timeout names the step.")
        java.util.Map<Integer, Integer> stepTimeouts = new java.util.HashMap<>();

        /** How long the table may be silent while it awaits the party's next step. */
        Duration patienceAt(Party party) {
            return Duration.ofSeconds(stepTimeouts.getOrDefault(party.nextStep(), timeoutSeconds));
        }

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        Profile profile;

        abstract int seat();

        /** The seat's journal, if it keeps one. */
        Path journalFile() {
            return null;
        }

        /** Opens, and after a lost connection opens again, this seat's connection to the host. */
        abstract PartyRunner.Connector connector(SigningKey identity, PrintWriter out) throws IOException;

        void afterGame() {}

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
            String me = name != null ? name : "seat" + seat();
            SigningKey identity = profile.identity();
            Journal journal = journalFile() == null ? null : Journal.open(journalFile(), identity);
            Duration patience = Duration.ofSeconds(timeoutSeconds);
            TableGame table;
            SessionMember[] member = {null};
            SessionClient.Outcome outcome;
            try {
                byte[] saved = journal == null ? null : journal.last().map(Journal.Entry::state).orElse(null);
                table = TableGame.of(new TableGame.Terms(game, players, cards, each, open, mode, maxMoves), seat(), me,
                        identity, saved);
                if (saved != null) {
                    out.println("Resuming from " + journalFile() + ": " + table.party().awaiting());
                    out.flush();
                }
                PartyRunner.Actor actor = table.actor();
                // After a lost connection a fresh member around the same party joins again and is sent the backlog.
                Supplier<SessionMember> members = () -> member[0] =
                        new SessionMember(table.party(), identity, me, actor, patience, journal);
                try {
                    outcome = SessionClient.run(members, connector(identity, out), this::patienceAt,
                            Duration.ofMillis(50), Clock.systemUTC());
                } finally {
                    afterGame();
                }
            } finally {
                if (journal != null) {
                    journal.close();
                }
            }
            Party party = table.party();
            Path file = transcript != null ? transcript : Path.of("table-" + me + ".jsonl");
            TranscriptFile.write(file, party.transcript().envelopes(), party.rejected());
            // In seat order (the hellos'), not in the order the players happened to reach the host.
            List<VerifyingKey> seats = party.transcript().hellos().stream().map(h -> h.key()).toList();
            out.println("Players: " + member[0].presence().stream()
                    .sorted(java.util.Comparator.comparingInt(m -> seats.contains(m.key()) ? seats.indexOf(m.key())
                            : Integer.MAX_VALUE))
                    .map(m -> m.name() + " (" + Fingerprint.of(m.key()) + ")").collect(Collectors.joining(", ")));
            table.report(out);
            out.println("Transcript: " + file);
            if (!outcome.finished()) {
                out.println("Stopped: " + outcome.problem().map(Object::toString).orElse(outcome.trouble().orElse("?")));
                out.flush();
                return outcome.problem().isPresent() ? Main.FAILED : Main.ERROR;
            }
            List<Envelope> refused = party.rejected().stream().map(Party.Rejected::envelope).toList();
            AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(party.transcript().envelopes(), refused));
            out.println("Audit: " + verdict.line());
            out.flush();
            return verdict.verified() ? Main.OK : Main.FAILED;
        }
    }

    /** Hosts the table and plays seat 0. */
    @Command(name = "host", mixinStandardHelpOptions = true,
            description = "Host a table and play seat 0; prints an invitation for the other players.")
    public static final class Host extends Seat {
        @Option(names = "--listen", defaultValue = "0", paramLabel = "PORT", description = "Port to listen on (0: any free port).")
        int port;

        @Option(names = "--journal", paramLabel = "FILE", description = "Keep a crash-safe journal of your seat in FILE "
                + "and of the relay in FILE.host; if they exist, take the table up again where it stopped (listen on "
                + "the same port: the players reconnect).")
        Path journal;

        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
        String bind;

        private SessionHost host;
        private ServerSocket server;

        @Override
        int seat() {
            return 0;
        }

        @Override
        Path journalFile() {
            return journal;
        }

        @Override
        PartyRunner.Connector connector(SigningKey identity, PrintWriter out) throws IOException {
            host = journal == null ? new SessionHost("table", identity, new SecureRandom())
                    : SessionHost.persistent(journal.resolveSibling(journal.getFileName() + ".host"), "table", identity,
                            new SecureRandom());
            server = TcpTransport.listen(bind, port);
            Duration patience = Duration.ofSeconds(timeoutSeconds);
            if (insecure) {
                host.acceptTcp(server, patience);
            } else {
                TlsIdentity me = TlsIdentity.of(identity);
                Thread accept = new Thread(() -> {
                    while (!server.isClosed()) {
                        try {
                            host.admit(TlsTransport.accept(server, me, PeerCheck.anyKey(), patience));
                        } catch (IOException | TimeoutException e) {
                            // A failed handshake refuses that one guest; keep serving the others.
                        }
                    }
                }, "table accept");
                accept.setDaemon(true);
                accept.start();
            }
            String shown = bind.contains(":") ? "[" + bind + "]" : bind;
            out.println("Hosting a table for " + players + " on port " + server.getLocalPort() + ". Invitation: "
                    + Invitation.SCHEME + shown + ":" + server.getLocalPort() + "/" + Fingerprint.of(identity.verifyingKey()));
            out.println("Each player joins with: fairtable table join --game " + game + " --seat S --players " + players
                    + " --cards " + cards + " --connect INVITATION");
            out.flush();
            // The host's own seat talks to its relay in memory, a new pair for each (re)connection.
            return patience1 -> {
                InMemoryTransport[] pair = InMemoryTransport.pair("host", "seat0");
                host.admit(pair[0]);
                return pair[1];
            };
        }

        @Override
        void afterGame() {
            // Let the last receipts reach everyone before the relay goes away.
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (host != null) {
                host.close();
            }
            try {
                if (server != null) {
                    server.close();
                }
            } catch (IOException ignored) {
                // closing a listening socket that is already gone
            }
        }
    }

    /** Joins a table by its invitation. */
    @Command(name = "join", mixinStandardHelpOptions = true, description = "Join a table by the host's invitation.")
    public static final class Join extends Seat {
        @Option(names = "--seat", required = true, description = "Your seat, 1 to players-1, as agreed with the host.")
        int seat;

        @Option(names = "--connect", required = true, paramLabel = "INVITATION|HOST:PORT",
                description = "The host's invitation (fairtable://HOST:PORT/FINGERPRINT), or HOST:PORT with --insecure.")
        String target;

        @Option(names = "--journal", paramLabel = "FILE", description = "Keep a crash-safe journal of this seat in "
                + "FILE; if FILE exists, resume from it: the host sends everything placed since.")
        Path journal;

        @Override
        Path journalFile() {
            return journal;
        }

        @Override
        int seat() {
            if (seat < 1 || seat >= players) {
                throw new IllegalArgumentException("--seat must be 1 to " + (players - 1) + "; seat 0 is the host's");
            }
            return seat;
        }

        @Override
        PartyRunner.Connector connector(SigningKey identity, PrintWriter out) {
            if (!target.startsWith(Invitation.SCHEME) && !insecure) {
                throw new IllegalArgumentException("join by the host's invitation, or use HOST:PORT with --insecure");
            }
            return patience -> {
                if (target.startsWith(Invitation.SCHEME)) {
                    Invitation invitation = Invitation.parse(target);
                    return insecure ? TcpTransport.connect(invitation.host(), invitation.port(), patience)
                            : TlsTransport.connect(invitation, TlsIdentity.of(identity), patience);
                }
                int colon = target.lastIndexOf(':');
                return TcpTransport.connect(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)),
                        patience);
            };
        }
    }
}
