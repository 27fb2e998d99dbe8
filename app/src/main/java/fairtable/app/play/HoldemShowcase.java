package fairtable.app.play;

import fairtable.app.Audits;
import fairtable.games.poker.HoldemRules;
import fairtable.games.table.LocalTable;
import fairtable.games.table.PokerReplay;
import fairtable.games.table.PokerSeat;
import fairtable.games.table.RoundReport;
import fairtable.games.table.Seat;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A short bots-only Hold'em table for demonstrations: three bots, three hands, each dealt by its own
 * verifiable-deck/v1 session. Prints what each player's own software saw in each hand (its hole cards, but
 * never another's until shown), the results, and the audit of every hand's transcript.
 */
public final class HoldemShowcase {
    private static final int PLAYERS = 3;
    private static final int HANDS = 3;

    private HoldemShowcase() {
    }

    /** Plays and prints; returns whether every transcript verified and the chips were conserved. */
    public static boolean run(PrintWriter out, long seed) throws ProtocolViolation {
        TableConfig config = new TableConfig(GameKind.HOLDEM, TableConfig.DEFAULT_NAMES.subList(0, PLAYERS), HANDS,
                500, false, seed);
        List<PokerSeat> seats = new ArrayList<>();
        List<Map<Integer, List<String>>> views = new ArrayList<>();
        for (int s = 0; s < PLAYERS; s++) {
            PokerSeat seat = (PokerSeat) config.botSeat(s);
            Map<Integer, List<String>> byHand = new TreeMap<>();
            seat.narrateTo(line -> byHand.computeIfAbsent(seat.round(), r -> new ArrayList<>()).add(line));
            seats.add(seat);
            views.add(byHand);
        }
        out.println("Hold'em showcase: " + PLAYERS + " bots, " + HANDS + " hands, each dealt by its own verifiable deck "
                + "(seed " + seed + ", so not secret).");
        out.println("Each player's software sees only its own hole cards; others' cards appear only when proved at showdown.");
        LocalTable table = new LocalTable(seats);
        table.play();
        for (RoundReport report : seats.get(0).reports()) {
            out.println();
            out.println("Hand " + report.round() + ":");
            for (int s = 0; s < PLAYERS; s++) {
                List<String> own = views.get(s).getOrDefault(report.round(), List.of()).stream()
                        .filter(line -> line.startsWith("your cards") || line.startsWith("you draw")).toList();
                out.println("  " + config.names().get(s) + "'s own view: " + (own.isEmpty() ? "(not dealt in)" : String.join("; ", own)));
            }
            // The public part of the hand is the same in every view: print it once, from the first seat's.
            List<String> publicPart = views.get(0).getOrDefault(report.round(), List.of()).stream()
                    .filter(line -> !line.startsWith("your cards") && !line.startsWith("you draw")
                            && !line.startsWith("hand " + report.round() + ": "))
                    .toList();
            out.println("  at the table: " + String.join(", ", publicPart));
            out.println("  result: " + report.summary().substring(report.summary().indexOf(':') + 2));
        }
        out.println();
        boolean conserved = TableRun.printStandings(config, seats.get(0), out);
        int verified = 0;
        String failure = null;
        for (PokerSeat seat : seats) {
            for (Seat.Session session : seat.sessions()) {
                AuditVerdict verdict = Audits.audit(session.messages(), session.refused());
                if (verdict.verified()) {
                    verified++;
                } else if (failure == null) {
                    failure = verdict.line();
                }
            }
        }
        out.println(failure == null
                ? "Audit: VERIFIED: all " + verified + " transcripts (" + HANDS + " hands as each of " + PLAYERS
                        + " players recorded them): every shuffle, share and showdown proof checked again"
                : "Audit: " + failure);
        int[] start = new int[PLAYERS];
        java.util.Arrays.fill(start, config.stack());
        int[] replayed = PokerReplay.holdem(new HoldemRules(TableConfig.SMALL_BLIND, TableConfig.BIG_BLIND), start,
                seats.get(0).sessions().stream().map(s -> new PokerReplay.Hand(s.messages(), s.decisions())).toList());
        List<Integer> recorded = seats.get(0).reports().get(seats.get(0).reports().size() - 1).standings();
        boolean same = java.util.Arrays.equals(replayed, recorded.stream().mapToInt(Integer::intValue).toArray());
        out.println((same ? "Chips: VERIFIED: " : "Chips: FAILED: ") + "a third party replaying the transcripts and the "
                + "signed decisions, every private hand hidden, gets " + java.util.Arrays.toString(replayed));
        out.flush();
        return failure == null && conserved && same;
    }
}
