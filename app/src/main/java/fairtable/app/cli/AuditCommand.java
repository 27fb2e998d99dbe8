package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Offline, third-party verification of a transcript or evidence file. */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = {"Verify a transcript offline: every signature, the hash chain, and every step against the revealed keys; "
            + "a game's session (table/v1) is replayed through its registered rules: every move, the chips or scores, the result.",
            "Prints one line, VERIFIED: ... (exit 0) or FAILED: step N, party NAME: reason (exit 1).",
            "An unreadable or truncated file exits 2."})
public final class AuditCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A transcript or evidence file written by fairtable.")
    Path file;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        TranscriptFile.Contents contents;
        try {
            contents = TranscriptFile.read(file);
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            spec.commandLine().getErr().println("Cannot audit: " + e.getMessage());
            return Main.ERROR;
        }
        AuditVerdict verdict;
        try {
            verdict = Audits.audit(contents, Main.games(main));
        } catch (RuntimeException e) {
            // Every audit gives a verdict on any file; one that does not is fairtable's fault, never the file's signers'.
            spec.commandLine().getErr().println("Cannot audit: the audit of " + file + " stopped without a verdict"
                    + " (a fault in fairtable, not evidence against anyone; please report it)");
            return Main.ERROR;
        }
        // The verdict names cards the way the game showed them on this terminal.
        java.io.PrintWriter out = fairtable.app.play.CardStyle.detect().wrap(spec.commandLine().getOut());
        out.println(verdict.line());
        out.flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }
}
