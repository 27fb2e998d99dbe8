package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.SeenCards;
import fairtable.app.net.PinnedPlayers;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TableLink;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.Games;
import fairtable.net.Connector;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionClient;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * An N-player table of the verifiable deck across processes: one player hosts (relays every signed message
 * to all, with signed receipts that expose a host who drops, reorders or equivocates) and plays seat 0; the
 * others join by the host's invitation. Seat 0 deals each player a private hand and opens a few cards,
 * then everyone publishes their remaining shares and audits the transcript.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "A table across processes through a relaying host: a verifiable-deck deal for 2 to 10 players, "
                + "seed 002's permutation deal for 3 or more, a blind draw, Mahjong Shogi or dark chess for two, or a "
                + "registered game played by bots.",
        subcommands = {TableCommand.Host.class, TableCommand.Join.class})
public final class TableCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @ParentCommand
    Main main;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** What host and joiners must agree on, and how each connects. */
    abstract static class Seat implements Callable<Integer> {
        @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A setting of a registered game (all must "
                + "agree; repeatable), e.g. --set hands=20; 'fairtable play list' shows each game's settings.")
        Map<String, String> settings = new LinkedHashMap<>();

        @ParentCommand
        TableCommand table;

        /** The games this seat finds by name and audits by. */
        Games games() {
            return Main.games(table == null ? null : table.main);
        }

        @Option(names = "--game", description = "What the table plays (all must agree; a joiner takes it from the "
                + "invitation): deal "
                + "(verifiable deck, 2 to 10 players; default), permutation (seed 002's permutation deal, 3 to 254 "
                + "players, semi-honest, private messages sealed end to end), draw (FR 2823580 blind draw), mahjong-shogi or "
                + "dark-chess (two players; this seat's moves by bot), or a registered game ('fairtable play list'): "
                + "the whole game as one signed session, every seat by its bot.")
        String game;

        @Option(names = "--players", description = "Number of players (all must agree; the host must say, a joiner takes "
                + "it from the invitation): 2 to 10 for deal, 3 or more for "
                + "permutation, 2 for the others.")
        Integer players;

        @Option(names = "--mode", description = "draw: patent-ristretto (the default), patent-safe-prime or "
                + "patent-literal. mahjong-shogi: ristretto (the default), fixed or faithful. dark-chess: ote-table "
                + "(the default), oprf-table, chou-orlandi or andos, how the visions are rebuilt.")
        String mode;

        @Option(names = "--max-moves", description = "Board games: moves (Mahjong Shogi, default 400) or plies (dark "
                + "chess, default 40) after which the game is drawn.")
        Integer maxMoves;

        @Option(names = "--cards", description = "Deck size for deal, permutation and draw (default: 52).")
        Integer cards;

        @Option(names = "--each", description = "Private cards dealt (drawn) to each player (default: 2).")
        Integer each;

        @Option(names = "--open", description = "Cards then opened face-up (default: 3).")
        Integer open;

        @Option(names = "--name", description = "Your name at the table, under which the others pin your key (default: "
                + "your profile's name, see `fairtable id --name`).")
        String name;

        @Option(names = "--accept-new", description = "Let in a player whose key is not pinned yet, with a warning, and "
                + "pin it under their name (trust on first use). Without it only pinned players (or those --peer names) "
                + "are let in, or you are asked at a terminal.")
        boolean acceptNew;

        @Option(names = "--peer", paramLabel = "FINGERPRINT", description = "A player's fingerprint, read out by them: "
                + "let in and pinned without asking (repeatable).")
        java.util.List<String> peers = new java.util.ArrayList<>();

        @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
        Path home;

        @Option(names = "--insecure", description = "Plain TCP instead of TLS. For tests.")
        boolean insecure;

        @Option(names = "--transcript", description = "Where to write the transcript (default: table-NAME.jsonl).")
        Path transcript;

        @Option(names = "--seed", description = "Derive this seat's secrets and its bot's decisions from this seed and "
                + "the seat: a bots-only table played again with the same seeds makes the same moves. NOT secret: for "
                + "tests and demonstrations only.")
        Long seed;

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
        abstract Connector connector(SigningKey identity, PrintWriter out, TrustRule rule) throws IOException;

        /** The table's terms as this seat agreed them: set in {@link #call} before the seat connects. */
        TableGame.Terms terms;

        /** The seat the invitation this seat joined by was written for, if it names one. */
        String invitedSeat;

        /** What the invitation this seat joined by says of the table: the game and its settings; empty for a host. */
        Map<String, String> carried() {
            return Map.of();
        }

        /**
         * The table's terms: what the command line gives, else what the invitation carries, else the defaults. A
         * value given that is not the invitation's is refused: playing the host's other table instead would leave
         * the person guessing, and the host's seat would refuse this seat's hello anyway.
         */
        TableGame.Terms terms() {
            Map<String, String> from = new LinkedHashMap<>(carried());
            invitedSeat = from.remove("seat"); // the seat, not the game's: a browser host invites each seat by name
            String g = agreed("--game", game, from.remove("game"), "deal");
            String p = agreed("--players", players, from.remove("players"), null);
            if (p == null) {
                throw new IllegalArgumentException("--players is required: how many sit at the table, 2 or more");
            }
            boolean registered = !TableGame.NAMES.contains(g);
            String c = agreed("--cards", cards, registered ? null : from.remove("cards"), "52");
            String e = agreed("--each", each, registered ? null : from.remove("each"), "2");
            String o = agreed("--open", open, registered ? null : from.remove("open"), "3");
            String m = agreed("--mode", mode, registered ? null : from.remove("mode"), null);
            String moves = agreed("--max-moves", maxMoves, registered ? null : from.remove("max-moves"), null);
            if (!registered) {
                InvitedSetting.refuseOthers(from, "a " + g + " table");
            }
            Map<String, String> chosen = new LinkedHashMap<>(from);
            settings.forEach((k, v) -> agreed("--set " + k, v, from.get(k), null));
            chosen.putAll(settings);
            return new TableGame.Terms(g, number("--players", p), number("--cards", c), number("--each", e),
                    number("--open", o), m, moves == null ? null : number("--max-moves", moves), chosen);
        }

        private static String agreed(String option, Object given, String carried, String fallback) {
            return InvitedSetting.agreed(option, given == null ? null : given.toString(), carried, fallback);
        }

        private static int number(String option, String value) {
            if (!value.matches("[0-9]{1,6}")) {
                throw new IllegalArgumentException(option + " is a whole number, not '" + value + "'");
            }
            return Integer.parseInt(value);
        }

        /** The host's fingerprint from the invitation this seat joined by, if any. */
        Optional<Fingerprint> invitedHost() {
            return Optional.empty();
        }

        void afterGame() {}

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
            String me = TrustOptions.playerName(name, profile);
            SigningKey identity = profile.identity();
            TrustRule rule = new TrustRule(profile.knownPeers(),
                    peers.stream().map(Fingerprint::parse).collect(java.util.stream.Collectors.toUnmodifiableSet()),
                    acceptNew, Main.person(table == null ? null : table.main), line -> {
                        out.println(line);
                        out.flush();
                    });
            Journal journal = journalFile() == null ? null : Journal.open(journalFile(), identity);
            Duration patience = Duration.ofSeconds(timeoutSeconds);
            TableGame table;
            SessionSeat.Result played;
            try {
                byte[] saved = journal == null ? null : journal.last().map(Journal.Entry::state).orElse(null);
                terms = terms();
                table = TableGame.of(terms, seat(), me, identity, saved, games(), seed);
                if (seed != null) {
                    out.println("Seeded with " + seed + ": this seat's secrets are NOT secret (tests and demonstrations).");
                }
                if (saved != null) {
                    out.println("Resuming from " + journalFile() + " after " + table.party().transcript().size()
                            + " messages: " + table.party().awaiting());
                    out.flush();
                }
                // Over TLS every other seat's hello must pass the trust rule before the party takes it.
                Party seated = insecure ? table.party()
                        : new PinnedPlayers(table.party(), new PinnedPlayers.Policy(rule, invitedHost()));
                try {
                    // Silence is shown while it lasts ("waiting for ben's move (15 s)"), a dropped player at once.
                    played = SessionSeat.play(seated, identity, me, table.actor(), journal, connector(identity, out, rule),
                            this::patienceAt, patience, out, line -> {
                                out.println(line);
                                out.flush();
                            });
                } finally {
                    afterGame();
                }
            } finally {
                if (journal != null) {
                    journal.close();
                }
            }
            Party party = table.party();
            SessionClient.Outcome outcome = played.outcome();
            Path file = transcript != null ? transcript : Path.of("table-" + me + ".jsonl");
            TranscriptFile.write(file, party.transcript().envelopes(), party.rejected());
            if (party instanceof TableParty<?, ?> cards && cards.transcript().established()) {
                SeenCards.write(file, cards); // for the replay page's "as I saw it" (drop both files there)
            }
            out.println("Players: " + SessionSeat.present(party, played.presence()));
            table.report(out);
            out.println("Transcript: " + file);
            if (!outcome.finished()) {
                out.println("Stopped: " + outcome.stopReason("the session ended early"));
                out.flush();
                return outcome.problem().isPresent() ? Main.FAILED : Main.ERROR;
            }
            AuditVerdict verdict = Audits.audit(party, games());
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

        private TableLink link;

        @Override
        int seat() {
            return 0;
        }

        @Override
        Path journalFile() {
            return journal;
        }

        @Override
        Connector connector(SigningKey identity, PrintWriter out, TrustRule rule) throws IOException {
            link = TableLink.host(identity, bind, port, insecure, Duration.ofSeconds(timeoutSeconds),
                    journal == null ? null : journal.resolveSibling(journal.getFileName() + ".host"), rule, line -> {
                        out.println(line);
                        out.flush();
                    });
            String invitation;
            try {
                invitation = Invitation.parse(link.invitation()).forTable(terms.game(), carry(terms)).format();
                out.println("Hosting a table for " + terms.players() + " on port " + link.port() + ". Invitation: "
                        + invitation);
                out.println("Each player joins with: fairtable table join " + (terms.players() == 2 ? "" : "--seat S ")
                        + "--connect INVITATION (it carries the game and its settings)");
            } catch (IllegalArgumentException cannotTravel) {
                // A setting with characters an invitation cannot carry: the players type the settings themselves.
                out.println("Hosting a table for " + terms.players() + " on port " + link.port() + ". Invitation: "
                        + link.invitation());
                StringBuilder set = new StringBuilder();
                settings.forEach((k, v) -> set.append(" --set ").append(k).append('=').append(v));
                out.println("Each player joins with: fairtable table join --game " + terms.game() + " --seat S --players "
                        + terms.players() + " --cards " + terms.cards() + set + " --connect INVITATION");
            }
            out.flush();
            return link.seat();
        }

        /** What the invitation carries: the number of players, then the game's own terms, as given or by default. */
        private static Map<String, String> carry(TableGame.Terms terms) {
            Map<String, String> carried = new LinkedHashMap<>();
            carried.put("players", Integer.toString(terms.players()));
            if (TableGame.NAMES.contains(terms.game())) {
                carried.put("cards", Integer.toString(terms.cards()));
                carried.put("each", Integer.toString(terms.each()));
                carried.put("open", Integer.toString(terms.open()));
                if (terms.mode() != null) {
                    carried.put("mode", terms.mode());
                }
                if (terms.maxMoves() != null) {
                    carried.put("max-moves", Integer.toString(terms.maxMoves()));
                }
            } else {
                carried.putAll(new java.util.TreeMap<>(terms.settings()));
            }
            return carried;
        }

        @Override
        void afterGame() {
            if (link != null) {
                link.close();
            }
        }
    }

    /** Joins a table by its invitation. */
    @Command(name = "join", mixinStandardHelpOptions = true, description = "Join a table by the host's invitation.")
    public static final class Join extends Seat {
        @Option(names = "--seat", description = "Your seat, 1 to players-1, as agreed with the host "
                + "(0 to players-1 at a relay); at a table for two, 1 unless said.")
        Integer seat;

        @Option(names = "--relay", description = "The invitation is a relay's (`fairtable relay`), which plays no seat: "
                + "seats are 0 to players-1, and seat 0 is let in by the trust rule like any other, not by the invitation.")
        boolean relay;

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
        Map<String, String> carried() {
            if (!target.startsWith(Invitation.SCHEME)) {
                return Map.of();
            }
            Invitation invitation = Invitation.parse(target);
            Map<String, String> carried = new LinkedHashMap<>();
            invitation.game().ifPresent(g -> carried.put("game", g));
            carried.putAll(invitation.settings());
            return carried;
        }

        @Override
        int seat() {
            int players = terms.players();
            Integer named = invitedSeat == null ? seat
                    : Integer.valueOf(Seat.number("--seat", Seat.agreed("--seat", seat, invitedSeat, null)));
            if (named == null && (relay || players != 2)) {
                throw new IllegalArgumentException("--seat is required at " + (relay ? "a relay: 0" : "this table: 1")
                        + " to " + (players - 1) + ", as agreed with the host");
            }
            int chosen = named == null ? 1 : named;
            if (relay && (chosen < 0 || chosen >= players)) {
                throw new IllegalArgumentException("--seat must be 0 to " + (players - 1) + " at a relay");
            }
            if (relay) {
                return chosen;
            }
            if (chosen < 1 || chosen >= players) {
                throw new IllegalArgumentException("--seat must be 1 to " + (players - 1) + "; seat 0 is the host's");
            }
            return chosen;
        }

        @Override
        Connector connector(SigningKey identity, PrintWriter out, TrustRule rule) {
            return TableLink.join(target, identity, insecure);
        }

        @Override
        Optional<Fingerprint> invitedHost() {
            if (relay) {
                return Optional.empty(); // the relay plays no seat: seat 0 is judged by the trust rule like the rest
            }
            return target.startsWith(Invitation.SCHEME) ? Optional.of(Invitation.parse(target).fingerprint())
                    : Optional.empty();
        }
    }
}
