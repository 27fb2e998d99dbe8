package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ForwardingParty;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The verifiable deck (verifiable-deck/v1) played in one process through the session layer ({@link LocalSession}):
 * every proof is made and checked, and every message placed under the host's receipt and acknowledged, as over a
 * network; the transcript is audited at the end. Prints each player's
 * private hand, the public cards, the showdown and the time each phase took.
 */
@Command(name = "deck-demo", mixinStandardHelpOptions = true,
        description = {"An in-process game of the verifiable N-player deck (Barnett-Smart): keys with proofs, every "
                + "player shuffles with a proof, private hands, public cards, a showdown, then the audit.",
            "Prints each player's hand, the public cards, the time of each phase and the audit verdict."})
public final class DeckDemoCommand implements Callable<Integer> {
    private static final String[] NAMES = {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"};

    @Option(names = "--players", defaultValue = "4", description = "Players, 2 to 10 (default: ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--cards", defaultValue = "52", description = "Cards in the deck, 2 to 1024 (default: ${DEFAULT-VALUE}).")
    int cards;

    @Option(names = "--hand", description = "Cards dealt to each player (default: 5 if the deck allows, else as many as fit).")
    Integer hand;

    @Option(names = "--transcript", description = "Also write the transcript to this file (audit it with: fairtable audit FILE).")
    Path transcriptFile;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (players < DeckParameters.MIN_PLAYERS || players > DeckParameters.MAX_PLAYERS) {
            throw new IllegalArgumentException("--players must be 2 to 10, not " + players);
        }
        if (cards < DeckParameters.MIN_CARDS || cards > DeckParameters.MAX_CARDS) {
            throw new IllegalArgumentException("--cards must be 2 to 1024, not " + cards);
        }
        int each = hand != null ? hand : Math.min(5, cards / players);
        if (each < 1 || (long) each * players > cards) {
            throw new IllegalArgumentException(players + " hands of " + each + " do not fit in " + cards + " cards");
        }
        int openCount = Math.min(3, cards - each * players);
        DeckParameters params = new DeckParameters(players, cards);
        SecureRandom random = new SecureRandom();
        List<DeckParty> seats = new ArrayList<>();
        List<LocalSession.Seat> timed = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            SigningKey key = SigningKey.generate(random);
            seats.add(DeckParty.create(params, s, NAMES[s], key, random));
            timed.add(new LocalSession.Seat(new Timed(seats.get(s)), key, Actor.PASSIVE));
        }
        LocalSession session = new LocalSession(timed);
        out.printf("verifiable-deck/v1: %d players, %d cards, %d each. Every player shuffles with a proof; every%n",
                players, cards, each);
        out.println("decryption share carries a proof; every message is signed and checked by everyone on receipt.");
        out.println();
        out.flush();

        long start = System.nanoTime();
        session.play();
        long shuffled = System.nanoTime();
        long t = System.nanoTime();
        session.send(0, seats.get(0).dealEach(each));
        long dealNanos = System.nanoTime() - t;
        long openNanos = 0;
        if (openCount > 0) {
            t = System.nanoTime();
            session.send(0, seats.get(0).open(openCount));
            openNanos = System.nanoTime() - t;
        }
        int showing = (players + 1) / 2;
        t = System.nanoTime();
        for (int s = 0; s < showing; s++) {
            session.send(s, seats.get(s).show(List.copyOf(seats.get(s).hand().keySet())));
        }
        long showNanos = System.nanoTime() - t;

        for (DeckParty p : seats) {
            out.printf("  %-6s private hand: %s%n", NAMES[p.seat()], names(p.hand().values()));
        }
        DeckObserver table = seats.get(players - 1).observer();
        List<Integer> open = table.positionsIn(DeckObserver.Place.TABLE).stream().map(table::publicCard).toList();
        out.println("  public cards on the table: " + (open.isEmpty() ? "none" : names(open)));
        for (int s = 0; s < players; s++) {
            List<Integer> shown = table.heldBy(s).stream().map(table::publicCard).filter(c -> c >= 0).toList();
            out.printf("  showdown, %-6s %s%n", NAMES[s] + ":", shown.isEmpty() ? "folds (hand stays private)" : names(shown));
        }
        out.println();

        t = System.nanoTime();
        List<Envelope> refused = new ArrayList<>();
        seats.get(players - 1).rejected().forEach(r -> refused.add(r.envelope()));
        TranscriptFile.Contents contents = new TranscriptFile.Contents(
                seats.get(players - 1).transcript().envelopes(), refused);
        AuditVerdict verdict = Audits.audit(contents);
        long auditNanos = System.nanoTime() - t;

        out.println("Timings (this machine, one process; every proof made and checked as over a network):");
        out.printf("  keygen: %d keys with proofs of knowledge, each checked by the others: %s%n", players,
                ms(nanos.getOrDefault("keygen", 0L)));
        for (int s = 0; s < players; s++) {
            out.printf("  shuffle+prove, %-6s %s%s%n", NAMES[s] + ":", ms(nanos.getOrDefault("shuffle " + s, 0L)),
                    s == 0 ? "" : " (includes its check of the previous shuffle)");
        }
        int verifications = counts.getOrDefault("verify", 0);
        out.printf("  verify: shuffle checked %d times by the other players, %s each on average%n", verifications,
                ms(verifications == 0 ? 0 : nanos.getOrDefault("verify", 0L) / verifications));
        out.printf("  keygen + shuffle phase, wall clock: %s%n", ms(shuffled - start));
        out.printf("  deal: %d hands of %d, shares with proofs from every other player, checked by all: %s%n", players, each,
                ms(dealNanos));
        out.printf("  open: %d public cards: %s%n", openCount, ms(openNanos));
        out.printf("  showdown: %d hands proved: %s%n", showing, ms(showNanos));
        out.printf("  audit of %d messages (every signature and proof again): %s%n", contents.messages().size(), ms(auditNanos));
        out.println();
        if (transcriptFile != null) {
            TranscriptFile.write(transcriptFile, contents.messages(), seats.get(players - 1).rejected());
            out.println("Transcript: " + transcriptFile + " (check it yourself: fairtable audit " + transcriptFile + ")");
        }
        out.println("Audit: " + verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }

    /** A seat's party that times each message it takes by what it did: a key, its own shuffle, or checking one. */
    private final class Timed extends ForwardingParty {
        private final DeckParty deck;

        Timed(DeckParty deck) {
            super(deck);
            this.deck = deck;
        }

        @Override
        public List<Envelope> receive(Envelope e) throws ProtocolViolation {
            boolean keygen = deck.observer() == null || !deck.observer().hasJointKey();
            long t = System.nanoTime();
            List<Envelope> replies = deck.receive(e);
            long elapsed = System.nanoTime() - t;
            if (replies.stream().anyMatch(r -> r.type().equals(DeckMessage.Shuffle.TYPE))) {
                add("shuffle " + deck.seat(), elapsed);
            } else if (e.type().equals(DeckMessage.Shuffle.TYPE)) {
                add("verify", elapsed);
            } else if (keygen) {
                add("keygen", elapsed);
            }
            return replies;
        }
    }

    private void add(String what, long elapsed) {
        nanos.merge(what, elapsed, Long::sum);
        counts.merge(what, 1, Integer::sum);
    }

    private String names(Collection<Integer> numbers) {
        return numbers.stream().map(c -> cards == Card.DECK_SIZE ? Card.ofIndex(c).toString() : Integer.toString(c))
                .collect(Collectors.joining(" "));
    }

    private static String ms(long nanos) {
        return String.format("%.1f ms", nanos / 1e6);
    }
}
