package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.PinnedPlayers;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TableLink;
import fairtable.app.patent.PatentTableRunner;
import fairtable.app.patent.PatentTableRunner.Result;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.Actor;
import fairtable.net.Connector;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionClient;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.allocation.BoardKey;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Double-blind allocation of experiment numbers between institutions (the patent's claim 4). By default on
 * the verifiable deck (allocation/v1), for 2 to 10 institutions through a relaying host: each institution reads
 * only its own numbers, the transcript audits without unblinding, and with --board an ethics board alone can
 * unblind it later. With --protocol patent, the two-party FR 2823580 draw, whose final reveal unblinds
 * everything.
 */
@Command(name = "allocate", mixinStandardHelpOptions = true,
        description = {"Institutions each obtain X distinct experiment numbers out of 1..K, each seeing only its own.",
            "One institution listens and prints an invitation; the others join by it, each at its own --seat.",
            "The transcript audits publicly without unblinding; with --board FINGERPRINT --board-card FILE, that ethics "
            + "board alone can unblind it later (fairtable unblind --as-board). See docs/allocation.md."})
public final class AllocateCommand implements Callable<Integer> {
    /** The game an allocation's invitation names; its settings are players, items (K), each (X) and any board. */
    public static final String GAME = "allocation";

    @Mixin
    PeerOptions peer;

    @Option(names = "--items", description = "K, how many experiment numbers there are (1..K); joining, the "
            + "invitation's by default.")
    Integer itemsGiven;

    @Option(names = "--each", description = "X, how many numbers each institution receives; joining, the invitation's "
            + "by default.")
    Integer eachGiven;

    @Option(names = "--protocol", defaultValue = "deck", paramLabel = "deck|patent",
            description = "deck (default): the verifiable deck, 2 to 10 institutions, blind for good; patent: the two-party "
                    + "FR 2823580 draw, whose end-of-draw reveal shows the whole allocation to both institutions.")
    String protocol;

    @Option(names = "--institutions", description = "How many institutions (all must agree; default: 2, or the "
            + "invitation's when joining).")
    Integer institutionsGiven;

    /** K, X and the number of institutions, as typed or as the host's invitation carries them ({@link #agreeTerms}). */
    private int items;
    private int each;
    private int institutions;

    @Option(names = "--seat", description = "Joining: your seat, 1 to institutions-1, as agreed with the host (default 1 "
            + "for two institutions).")
    Integer seat;

    @Option(names = "--board", paramLabel = "FINGERPRINT", description = "Escrow the allocation to this ethics board, "
            + "which alone can unblind it later; needs its key card (--board-card). All institutions must name the same board.")
    String board;

    @Option(names = "--board-card", paramLabel = "FILE", description = "The board's key card (from `fairtable id "
            + "--board-card FILE` on the board's side), checked against --board.")
    Path boardCard;

    @Option(names = "--mode", description = "With --protocol patent: as for draw (default: patent-ristretto).")
    String mode;

    @Option(names = "--name", description = "This institution's name, under which the others pin its key (default: your "
            + "profile's name, see `fairtable id --name`).")
    String name;

    @Option(names = "--out", required = true, description = "CSV file for this institution's numbers.")
    Path csv;

    @Option(names = "--journal", paramLabel = "FILE", description = "The crash-safe journal of this institution's "
            + "side (default: next to --out, .journal; the host's relay in FILE.host). If FILE exists, the allocation "
            + "is taken up again from it. It holds this institution's deck key: `fairtable unblind --mine` reads it.")
    Path journal;

    @Option(names = "--transcript", description = "Where to write the signed transcript (default: next to --out, "
            + ".transcript.jsonl).")
    Path transcript;

    @Option(names = "--seed", description = "For tests and demonstrations only: derive every secret of this "
            + "institution from this seed, so that the allocation is reproducible and therefore NOT secret.")
    Long seed;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        agreeTerms();
        return switch (protocol) {
            case "deck" -> verifiableDeck(out);
            case "patent" -> patent(out);
            default -> throw new IllegalArgumentException("--protocol is deck or patent, not " + protocol);
        };
    }

    /**
     * K, X and the number of institutions: as typed, else as the host's invitation carries them (joining), else two
     * institutions; a typed value unlike the invitation's is refused in one line, and so is a board the joiner did
     * not name (escrowing to a board needs its key card, which no invitation carries).
     */
    private void agreeTerms() {
        Map<String, String> carried = new LinkedHashMap<>();
        String target = peer.endpoint.connect;
        if (target != null && target.startsWith(Invitation.SCHEME) && !peer.relay) {
            Invitation invitation = Invitation.parse(target);
            if (invitation.game().isPresent() && !invitation.game().get().equals(GAME)) {
                throw new IllegalArgumentException("the invitation is for " + invitation.game().get()
                        + ", not an allocation");
            }
            carried.putAll(invitation.settings());
        }
        String k = InvitedSetting.agreed("--items", text(itemsGiven), carried.remove("items"), null);
        String x = InvitedSetting.agreed("--each", text(eachGiven), carried.remove("each"), null);
        String n = InvitedSetting.agreed("--institutions", text(institutionsGiven), carried.remove("players"), "2");
        String carriedBoard = carried.remove("board");
        if (carriedBoard != null) {
            if (board == null) {
                throw new IllegalArgumentException("the host's allocation is escrowed to the ethics board "
                        + carriedBoard + ": join with --board " + carriedBoard + " --board-card FILE (its key card)");
            }
            InvitedSetting.agreed("--board", Fingerprint.parse(board).toString(), carriedBoard, null);
        }
        if (k == null || x == null) {
            throw new IllegalArgumentException("--items K and --each X are required, unless the host's invitation "
                    + "carries them");
        }
        InvitedSetting.requireNumber("items", k);
        InvitedSetting.requireNumber("each", x);
        InvitedSetting.requireNumber("players", n);
        items = Integer.parseInt(k);
        each = Integer.parseInt(x);
        institutions = Integer.parseInt(n);
    }

    private static String text(Integer given) {
        return given == null ? null : given.toString();
    }

    private int seat() {
        if (peer.relay) {
            throw new IllegalArgumentException("--relay is for draw and the board games; the institutions join the one "
                    + "that listens");
        }
        if (peer.listening()) {
            if (seat != null && seat != 0) {
                throw new IllegalArgumentException("the institution that listens is seat 0");
            }
            return 0;
        }
        if (seat == null) {
            if (institutions != 2) {
                throw new IllegalArgumentException("--seat is needed with " + institutions + " institutions: 1 to "
                        + (institutions - 1) + ", as agreed with the host");
            }
            return 1;
        }
        if (seat < 1 || seat >= institutions) {
            throw new IllegalArgumentException("--seat must be 1 to " + (institutions - 1) + "; seat 0 is the host's");
        }
        return seat;
    }

    private String institutionName(Profile profile) {
        String me = TrustOptions.playerName(name, profile);
        if (me.contains(",") || me.contains("\"")) {
            throw new IllegalArgumentException("the name may not contain commas or quotes (it goes into a CSV file)");
        }
        return me;
    }

    private Path sibling(String suffix) {
        return csv.resolveSibling(csv.getFileName().toString().replaceFirst("\\.csv$", "") + suffix);
    }

    /** allocation/v1 through a relaying host: blind during the draw and after it. */
    private int verifiableDeck(PrintWriter out) throws Exception {
        if (mode != null) {
            throw new IllegalArgumentException("--mode is for --protocol patent");
        }
        if ((board == null) != (boardCard == null)) {
            throw new IllegalArgumentException("--board FINGERPRINT and --board-card FILE go together");
        }
        Profile profile = peer.profile();
        Optional<BoardKey> escrow = board == null ? Optional.empty()
                : Optional.of(BoardCard.trusted(boardCard, board, profile.knownPeers()));
        AllocationParameters params = new AllocationParameters(institutions, items, each, escrow);
        int at = seat();
        String me = institutionName(profile);
        Path journalFile = journal != null ? journal : sibling(".journal");
        Path transcriptFile = transcript != null ? transcript : sibling(".transcript.jsonl");
        Duration silence = Duration.ofSeconds(peer.timeoutSeconds);
        RandomGenerator random = seed == null ? new SecureRandom() : new SplittableRandom(seed);
        if (seed != null) {
            out.println("WARNING: --seed makes this institution's secrets reproducible: this allocation is not secret. "
                    + "For tests and demonstrations only.");
        }

        AllocationParty party;
        SessionSeat.Result played;
        try (Journal log = Journal.open(journalFile, profile.identity())) {
            Optional<byte[]> saved = log.last().map(Journal.Entry::state);
            party = saved.isPresent() ? AllocationParty.restore(saved.get(), profile.identity(), random)
                    : AllocationParty.create(params, at, me, profile.identity(), random);
            if (!party.parameters().equals(params) || party.seat() != at) {
                throw new IllegalArgumentException(journalFile + " holds another allocation (" + party.parameters()
                        + ", seat " + party.seat() + "); choose another --journal or --out");
            }
            if (saved.isPresent()) {
                out.println("Resuming from " + journalFile + ": " + (party.isFinished() ? "the allocation is over"
                        : "awaiting " + party.awaiting()));
            }
            TrustRule rule = peer.trust.rule(profile, out);
            PinnedPlayers pinned = new PinnedPlayers(party, new PinnedPlayers.Policy(rule, hostFingerprint()));
            TableLink host = null;
            Connector connector;
            if (peer.listening()) {
                host = TableLink.host(profile.identity(), peer.bind, peer.endpoint.listen, peer.trust.insecure, silence,
                        journalFile.resolveSibling(journalFile.getFileName() + ".host"), rule, line -> {
                            out.println(line);
                            out.flush();
                        });
                out.println("Hosting the allocation for " + params + ", on port " + host.port() + ", as " + me
                        + ". Invitation: " + invitation(host, params));
                out.println("Each institution joins with: fairtable allocate --connect INVITATION"
                        + (institutions == 2 ? "" : " --seat S")
                        + (board == null ? "" : " --board " + Fingerprint.parse(board) + " --board-card FILE")
                        + " --out FILE (the invitation carries K, X and the number of institutions)");
                connector = host.seat();
            } else {
                out.println("Joining the allocation for " + params + ", at seat " + at + ", as " + me + ".");
                connector = TableLink.join(peer.endpoint.connect, profile.identity(), peer.trust.insecure);
            }
            out.flush();
            try {
                played = SessionSeat.play(pinned, profile.identity(), me, Actor.PASSIVE, log, connector,
                        p -> peer.patienceAt(p.nextStep()), silence);
            } finally {
                if (host != null) {
                    host.close();
                }
            }
        }
        TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
        out.println("Institutions: " + SessionSeat.present(party, played.presence()));
        SessionClient.Outcome outcome = played.outcome();
        if (!outcome.finished()) {
            out.println("Transcript so far: " + transcriptFile);
            out.println("Stopped: " + outcome.stopReason("the session ended early"));
            out.flush();
            return outcome.problem().isPresent() ? Main.FAILED : Main.ERROR;
        }
        writeCsv(me, party.numbers());
        out.println(me + "'s experiment numbers: " + party.numbers().stream().map(String::valueOf)
                .collect(Collectors.joining(", ")));
        out.println("Written to " + csv + "; transcript: " + transcriptFile + "; journal (keep it private): " + journalFile);
        escrow.ifPresent(b -> out.println("Escrowed to the ethics board " + b + ": it alone can unblind this allocation, "
                + "with fairtable unblind --as-board " + transcriptFile));
        AuditVerdict verdict = SessionSeat.audit(party);
        out.println("Audit: " + verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }

    /**
     * The invitation to {@code host}'s allocation, carrying its settings ({@link #GAME}), so that a joiner that reads
     * them (the browser's allocation page) needs nothing else, and one that cannot take them (a board) says so.
     */
    public static String invitation(TableLink host, AllocationParameters params) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("players", Integer.toString(params.institutions()));
        settings.put("items", Integer.toString(params.items()));
        settings.put("each", Integer.toString(params.each()));
        params.board().ifPresent(b -> settings.put("board", Fingerprint.of(b.identity()).toString()));
        return Invitation.parse(host.invitation()).forTable(GAME, settings).format();
    }

    /** The host's fingerprint, from the invitation a joining institution was given. */
    private Optional<Fingerprint> hostFingerprint() {
        String target = peer.endpoint.connect;
        return target != null && target.startsWith(Invitation.SCHEME) && !peer.trust.insecure
                ? Optional.of(Invitation.parse(target).fingerprint()) : Optional.empty();
    }

    private void writeCsv(String me, List<Integer> numbers) throws java.io.IOException {
        // Which experiments this institution drew is what the double blind hides: for its owner's eyes only.
        OwnerOnlyFiles.writeString(csv, csv(me, numbers));
    }

    /** An institution's numbers as CSV rows "institution,experiment", under that header. */
    public static String csv(String me, List<Integer> numbers) {
        String rows = numbers.stream().map(n -> me + "," + n).collect(Collectors.joining("\n"));
        return "institution,experiment\n" + rows + (rows.isEmpty() ? "" : "\n");
    }

    /** The two-party FR 2823580 draw, as the patent has it: both reveal at the end, which unblinds everything. */
    private int patent(PrintWriter out) throws Exception {
        if (peer.relay) {
            seat(); // refuses it, in the deck's words
        }
        if (institutions != 2 || seat != null || board != null || boardCard != null || seed != null) {
            throw new IllegalArgumentException("--protocol patent is for two institutions, with no --seat, no board "
                    + "(its reveal unblinds the allocation, so there is nothing to escrow) and no --seed");
        }
        PatentParameters params = new PatentParameters(mode == null ? PatentMode.DEFAULT : PatentMode.byName(mode),
                items, each);
        Profile profile = peer.profile();
        String me = institutionName(profile);
        out.println("WARNING: --protocol patent ends with both institutions revealing their keys: the transcript, and "
                + "the audit each side prints, show the whole allocation to both institutions and to anyone who reads "
                + "the transcript. For an allocation that stays blind, leave out --protocol patent.");
        Path file = transcript != null ? transcript : sibling(".transcript.jsonl");
        PatentTableRunner runner = new PatentTableRunner(params, me, profile.identity(), file, journal,
                peer::patienceAt, out);
        Result result;
        try (fairtable.app.net.TwoSeatLink link = peer.link(profile, out, journal)) {
            result = runner.play(link);
        }
        if (result.exitCode() != 2) {
            writeCsv(me, result.hand().stream().map(n -> n + 1).toList());
            out.println(me + "'s experiment numbers: "
                    + result.hand().stream().map(n -> Integer.toString(n + 1)).collect(Collectors.joining(", ")));
            out.println("Written to " + csv + "; transcript: " + file);
        }
        if (result.verdict() != null) {
            out.println("Audit: " + result.verdict().line());
        }
        out.flush();
        return result.exitCode() == 0 ? Main.OK : result.exitCode();
    }
}
