package fairtable.app.play;

import fairtable.app.Audits;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HoldemRules;
import fairtable.games.table.Decisions;
import fairtable.games.table.PokerReplay;
import fairtable.games.table.RoundReport;
import fairtable.games.table.Seat;
import fairtable.games.table.TableNode;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What happens after a table has played: the results, the final stacks or scores, one transcript file per
 * round, and the audit of each one.
 */
public final class TableRun {
    private TableRun() {
    }

    /** {@code play-holdem.jsonl} and round 3 give {@code play-holdem-3.jsonl}. */
    public static Path transcriptFor(Path base, int round) {
        String name = base.getFileName().toString();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return base.resolveSibling(stem + "-" + round + ".jsonl");
    }

    /** The signed decisions of round 3 go to {@code play-holdem-3.decisions.jsonl}. */
    public static Path decisionsFor(Path base, int round) {
        String name = transcriptFor(base, round).getFileName().toString();
        return base.resolveSibling(name.substring(0, name.length() - ".jsonl".length()) + ".decisions.jsonl");
    }

    /**
     * For poker over the verifiable deck: reads every hand's transcript and decisions file back and recomputes
     * the chips with the rules engine alone, every private hand hidden. Prints one line; returns whether the
     * result is {@code node}'s final stacks.
     */
    public static boolean replayChips(TableConfig config, TableNode node, Path base, PrintWriter out) throws IOException {
        if (config.game() == GameKind.DOMINOES || config.patent() || node.reports().isEmpty()) {
            return true;
        }
        int[] stacks = new int[config.players()];
        java.util.Arrays.fill(stacks, config.stack());
        int[] replayed;
        try {
            List<PokerReplay.Hand> hands = new ArrayList<>();
            for (Seat.Session session : node.sessions()) {
                TranscriptFile.Contents contents = TranscriptFile.read(transcriptFor(base, session.round()));
                List<fairtable.games.table.TableMessage.Declaration> decisions = new ArrayList<>();
                for (String line : java.nio.file.Files.readAllLines(decisionsFor(base, session.round()))) {
                    decisions.add(Decisions.parseLine(line));
                }
                hands.add(new PokerReplay.Hand(contents.messages(), decisions));
            }
            HoldemOrDraw rules = new HoldemOrDraw(config);
            replayed = rules.replay(stacks, hands);
        } catch (ProtocolViolation | TranscriptFile.UnreadableTranscriptException | IllegalArgumentException e) {
            out.println("Chips: FAILED to recompute them from the files: " + e.getMessage());
            return false;
        }
        List<Integer> recorded = node.reports().get(node.reports().size() - 1).standings();
        boolean same = java.util.Arrays.equals(replayed, recorded.stream().mapToInt(Integer::intValue).toArray());
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < replayed.length; s++) {
            parts.add(config.names().get(s) + " " + replayed[s]);
        }
        out.println((same ? "Chips: VERIFIED: " : "Chips: FAILED: ") + "recomputed from the transcripts and the signed "
                + "decisions alone, every private hand hidden: " + String.join(", ", parts)
                + (same ? "" : " (not the stacks this seat recorded)"));
        return same;
    }

    /** The replay for the configured poker game. */
    private record HoldemOrDraw(TableConfig config) {
        int[] replay(int[] stacks, List<PokerReplay.Hand> hands) throws ProtocolViolation {
            return config.game() == GameKind.HOLDEM
                    ? PokerReplay.holdem(new HoldemRules(TableConfig.SMALL_BLIND, TableConfig.BIG_BLIND), stacks, hands)
                    : PokerReplay.draw(DrawRules.withBlinds(TableConfig.SMALL_BLIND, TableConfig.BIG_BLIND), stacks, hands);
        }
    }

    /** Prints every round's result as {@code node} saw it. */
    public static void printResults(TableConfig config, TableNode node, PrintWriter out) {
        for (RoundReport report : node.reports()) {
            out.println("  " + report.summary());
        }
        out.flush();
    }

    /** Prints the final standings; for poker also whether the chips were conserved. Returns whether they were. */
    public static boolean printStandings(TableConfig config, TableNode node, PrintWriter out) {
        List<RoundReport> reports = node.reports();
        if (reports.isEmpty()) {
            out.println("No " + config.game().roundName() + " was completed.");
            return false;
        }
        List<Integer> last = reports.get(reports.size() - 1).standings();
        List<String> parts = new ArrayList<>();
        if (config.game() == GameKind.DOMINOES) {
            for (int s = 0; s < last.size(); s++) {
                parts.add(config.names().get(s) + " " + last.get(s));
            }
            out.println("Final scores: " + String.join(", ", parts));
            return true;
        }
        int total = 0;
        for (int s = 0; s < last.size(); s++) {
            parts.add(config.names().get(s) + " " + last.get(s));
            total += last.get(s);
        }
        boolean conserved = total == config.chips();
        out.println("Final stacks: " + String.join(", ", parts) + " (total " + total
                + (conserved ? ", every chip accounted for)" : ", NOT the " + config.chips() + " the table started with)"));
        return conserved;
    }

    /**
     * Writes each of {@code node}'s round transcripts next to {@code base} and audits it; in a local game
     * {@code others} are the other seats, whose transcripts must be the same messages. Prints one verdict per
     * round and a last line; returns whether everything verified.
     */
    public static boolean writeAndAudit(TableConfig config, TableNode node, List<? extends TableNode> others, Path base,
            PrintWriter out) throws IOException {
        return writeAndAudit(config, node.sessions(), node, others, base, out);
    }

    /**
     * After a game was broken off by a refused message: writes every round so far, the interrupted one with
     * the refused messages as evidence (`fairtable audit` convicts a deck cheat from it), and audits them.
     */
    public static boolean writeEvidence(TableConfig config, TableNode node, Path base, PrintWriter out)
            throws IOException {
        return writeAndAudit(config, node.evidence(), node, List.of(), base, out);
    }

    private static boolean writeAndAudit(TableConfig config, List<Seat.Session> sessions, TableNode node,
            List<? extends TableNode> others, Path base, PrintWriter out) throws IOException {
        int verified = 0;
        String firstFailure = null;
        for (Seat.Session session : sessions) {
            Path file = transcriptFor(base, session.round());
            TranscriptFile.write(file, session.messages(), session.refused());
            java.nio.file.Files.write(decisionsFor(base, session.round()),
                    session.decisions().stream().map(Decisions::jsonLine).toList());
            AuditVerdict verdict = Audits.audit(session.messages(), session.refused());
            String line = verdict.line();
            for (TableNode other : others) {
                List<Seat.Session> theirs = other.sessions();
                boolean same = theirs.size() >= session.round()
                        && theirs.get(session.round() - 1).messages().equals(session.messages());
                if (!same && verdict.verified()) {
                    verdict = null;
                    line = "FAILED: " + other.nameOf(other.seat()) + " recorded a different transcript";
                    break;
                }
            }
            out.println("  " + config.game().roundName() + " " + session.round() + " (" + file + "): " + line);
            if (line.startsWith("VERIFIED")) {
                verified++;
            } else if (firstFailure == null) {
                firstFailure = line;
            }
        }
        if (sessions.isEmpty()) {
            out.println("Audit: FAILED: no transcript was recorded");
            return false;
        }
        if (firstFailure == null) {
            out.println("Audit: VERIFIED: " + verified + " of " + sessions.size() + " " + config.game().roundName()
                    + " transcripts (" + transcriptFor(base, 1) + " ...), every signature and proof checked again");
        } else {
            out.println("Audit: " + firstFailure);
        }
        out.flush();
        return firstFailure == null;
    }
}
