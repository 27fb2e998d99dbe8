package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
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
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
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
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * An N-player table across processes: one player hosts (relays every signed message to all, with signed
 * receipts that expose a host who drops, reorders or equivocates) and plays seat 0; the others join by the
 * host's invitation. Seat 0 deals each player a private hand and opens a few cards, then everyone publishes
 * what lets the others check the game (the deck's remaining shares, or the permutation deal's openings and
 * sealing keys) and audits the transcript. The deal is the verifiable deck, or with {@code --protocol
 * permutation} seed 002's permutation deal, whose private messages are sealed to their recipients inside
 * the relayed messages.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = {"A deal for several players in separate processes, through a relaying host: the verifiable deck",
            "(2 to 10 players, the default) or the permutation deal of seed 002 (--protocol permutation, 3 or more players)."},
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
        @Option(names = "--players", required = true,
                description = "Number of players: 2 to 10 for the deck, 3 to 254 for the permutation deal (all must agree).")
        int players;

        @Option(names = "--protocol", defaultValue = "deck", paramLabel = "deck|permutation",
                description = "deck: the verifiable deck (default); permutation: seed 002's lightweight permutation deal, "
                        + "semi-honest, private messages sealed end to end (all must agree).")
        String protocol;

        @Option(names = "--cards", defaultValue = "52", description = "Deck size (default: ${DEFAULT-VALUE}).")
        int cards;

        @Option(names = "--each", defaultValue = "2", description = "Private cards dealt to each player (default: ${DEFAULT-VALUE}).")
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

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        Profile profile;

        abstract int seat();

        /** The connection to the host, for this seat. */
        abstract Transport connect(SigningKey identity, PrintWriter out) throws IOException, TimeoutException;

        void afterGame() {}

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
            if (players * each + open > cards) {
                throw new IllegalArgumentException(players + " hands of " + each + " and " + open + " open cards need "
                        + (players * each + open) + " cards");
            }
            String me = name != null ? name : "seat" + seat();
            SigningKey identity = profile.identity();
            Dealt game = switch (protocol) {
                case "deck" -> deck(me, identity);
                case "permutation" -> permutation(me, identity);
                default -> throw new IllegalArgumentException("--protocol is deck or permutation, not " + protocol);
            };
            Party party = game.party();
            SessionMember member = new SessionMember(party, identity, me,
                    seat() == 0 ? game.dealer() : PartyRunner.Actor.PASSIVE, Duration.ofSeconds(timeoutSeconds));
            SessionClient.Outcome outcome;
            try (Transport host = connect(identity, out)) {
                outcome = SessionClient.run(member, host, Duration.ofSeconds(timeoutSeconds), Duration.ofMillis(50),
                        Clock.systemUTC());
            } finally {
                afterGame();
            }
            Path file = transcript != null ? transcript : Path.of("table-" + me + ".jsonl");
            TranscriptFile.write(file, party.transcript().envelopes(), party.rejected());
            out.println("Players: " + member.presence().stream()
                    .map(m -> m.name() + " (" + Fingerprint.of(m.key()) + ")").collect(Collectors.joining(", ")));
            out.println(me + "'s private cards: " + labels(game.privateCards().get()));
            out.println("Open cards: " + labels(game.openCards().get()));
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

        private String labels(List<Integer> cardNumbers) {
            return cardNumbers.isEmpty() ? "(none)" : cardNumbers.stream()
                    .map(c -> DrawCommand.CardLabels.label(cards, c)).collect(Collectors.joining(" "));
        }

        /** A seat of one protocol: its party, seat 0's script, and what the seat can print at the end. */
        record Dealt(Party party, PartyRunner.Actor dealer, Supplier<List<Integer>> privateCards,
                Supplier<List<Integer>> openCards) {}

        private Dealt deck(String me, SigningKey identity) {
            DeckParty party = DeckParty.create(new DeckParameters(players, cards), seat(), me, identity, new SecureRandom());
            return new Dealt(party, dealer(party), () -> party.hand().values().stream().toList(), () -> {
                DeckObserver table = party.observer();
                return table.positionsIn(DeckObserver.Place.TABLE).stream().map(table::publicCard).toList();
            });
        }

        private Dealt permutation(String me, SigningKey identity) {
            if (players < PermutationParameters.MIN_PLAYERS) {
                throw new IllegalArgumentException("the permutation deal needs at least 3 players");
            }
            PermutationParty party = PermutationParty.create(new PermutationParameters(cards), players, seat(), me,
                    identity, new SecureRandom());
            return new Dealt(party, permutationDealer(party), () -> {
                Map<Integer, Integer> privately = new TreeMap<>(party.knownCards());
                privately.keySet().removeAll(party.publicCards().keySet());
                return List.copyOf(privately.values());
            }, () -> List.copyOf(party.publicCards().values()));
        }

        /**
         * Seat 0's script for the permutation deal: positions 0..players*each-1 are shown round the table
         * (position p to seat p mod players), the next {@code open} to everyone, then the game ends.
         */
        private PartyRunner.Actor permutationDealer(PermutationParty party) {
            int[] next = {0};
            return () -> {
                if (!party.isIdle()) {
                    return List.of();
                }
                int k = next[0]++;
                if (k < players * each) {
                    return party.revealTo(k, k % players);
                }
                if (k < players * each + open) {
                    return party.revealPublicly(k);
                }
                return k == players * each + open ? party.finish() : List.of();
            };
        }

        /** Seat 0's script: once the deck is shuffled, deal the hands, open the cards, then end the game. */
        private PartyRunner.Actor dealer(DeckParty party) {
            int[] stage = {0};
            return () -> {
                if (!party.isIdle()) {
                    return List.of();
                }
                stage[0]++;
                if (stage[0] == 1 && each > 0) {
                    return party.dealEach(each);
                }
                if (stage[0] <= 2 && open > 0) {
                    stage[0] = 2;
                    return party.open(open);
                }
                return stage[0] <= 3 ? party.reveal() : List.of();
            };
        }
    }

    /** Hosts the table and plays seat 0. */
    @Command(name = "host", mixinStandardHelpOptions = true,
            description = "Host a table and play seat 0; prints an invitation for the other players.")
    public static final class Host extends Seat {
        @Option(names = "--listen", defaultValue = "0", paramLabel = "PORT", description = "Port to listen on (0: any free port).")
        int port;

        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
        String bind;

        private SessionHost host;
        private ServerSocket server;

        @Override
        int seat() {
            return 0;
        }

        @Override
        Transport connect(SigningKey identity, PrintWriter out) throws IOException {
            host = new SessionHost("table", identity, new SecureRandom());
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
            out.println("Each player joins with: fairtable table join --seat S --players " + players + " --cards " + cards
                    + (protocol.equals("deck") ? "" : " --protocol " + protocol) + " --connect INVITATION");
            out.flush();
            InMemoryTransport[] pair = InMemoryTransport.pair("host", "seat0");
            host.admit(pair[0]);
            return pair[1];
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

        @Override
        int seat() {
            if (seat < 1 || seat >= players) {
                throw new IllegalArgumentException("--seat must be 1 to " + (players - 1) + "; seat 0 is the host's");
            }
            return seat;
        }

        @Override
        Transport connect(SigningKey identity, PrintWriter out) throws IOException, TimeoutException {
            Duration patience = Duration.ofSeconds(timeoutSeconds);
            if (target.startsWith(Invitation.SCHEME)) {
                Invitation invitation = Invitation.parse(target);
                if (insecure) {
                    return TcpTransport.connect(invitation.host(), invitation.port(), patience);
                }
                return TlsTransport.connect(invitation, TlsIdentity.of(identity), patience);
            }
            if (!insecure) {
                throw new IllegalArgumentException("join by the host's invitation, or use HOST:PORT with --insecure");
            }
            int colon = target.lastIndexOf(':');
            return TcpTransport.connect(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)), patience);
        }
    }
}
