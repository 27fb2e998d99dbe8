package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Offline, third-party verification of a transcript or evidence file. */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = {"Verify a transcript offline: every signature, the hash chain, and every step against the revealed keys.",
            "Prints one line, VERIFIED: ... (exit 0) or FAILED: step N, party NAME: reason (exit 1).",
            "An unreadable or truncated file exits 2."})
public final class AuditCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A transcript or evidence file written by fairtable.")
    Path file;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        TranscriptFile.Contents contents;
        try {
            contents = TranscriptFile.read(file);
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            spec.commandLine().getErr().println("Cannot audit: " + e.getMessage());
            return Main.ERROR;
        }
        AuditVerdict verdict = Auditor.audit(contents);
        spec.commandLine().getOut().println(verdict.line());
        spec.commandLine().getOut().flush();
        return verdict.verified() ? Main.OK : Main.FAILED;
    }
}
