package fairtable.app.patent;

import fairtable.app.net.PeerLink;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.journal.Journal;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;

/**
 * One side of an FR 2823580 draw between two processes: the listener is the patent's A, the connector its
 * B. Runs the deal, has both reveal, writes the transcript and audits it. With a journal, every step is on
 * disk before it is sent, and a restarted process resumes where it stopped.
 */
public final class PatentTableRunner {
    /** The outcome of one side: its hand, the verdict, and an exit code. */
    public record Result(List<Integer> hand, AuditVerdict verdict, int exitCode) {}

    /** A peer refused by the pinning policy; carried out of the runner's callbacks. */
    private static final class Refused extends RuntimeException {
        Refused(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    private final PatentParameters params;
    private final String name;
    private final SigningKey identity;
    private final Path transcriptFile;
    private final Path journalFile;
    private final java.util.function.IntFunction<Duration> patience;
    private final PrintWriter out;

    public PatentTableRunner(PatentParameters params, String name, SigningKey identity, Path transcriptFile,
            Path journalFile, java.util.function.IntFunction<Duration> patience, PrintWriter out) {
        this.params = params;
        this.name = name;
        this.identity = identity;
        this.transcriptFile = transcriptFile;
        this.journalFile = journalFile;
        this.patience = patience;
        this.out = out;
    }

    public Result play(PeerLink link) throws IOException, MalformedMessageException {
        int seat = link.listening() ? PatentObserver.A : PatentObserver.B;
        SecureRandom random = new SecureRandom();
        Journal journal = journalFile == null ? null : Journal.open(journalFile, identity);
        try {
            PatentParty party;
            if (journal != null && journal.last().isPresent()) {
                party = PatentParty.restore(journal.last().get().state(), identity, random);
                out.println("Resuming from " + journalFile + ": " + party.awaiting());
            } else {
                party = PatentParty.create(params, seat, name, identity, random);
            }
            if (link.listening()) {
                out.println("Listening on port " + link.port() + " as " + name + " (party A) for " + params + ".");
                out.println("Invitation: " + link.invitation());
            } else {
                out.println("Connecting as " + name + " (party B).");
            }
            out.flush();
            boolean[] bound = {false};
            PartyRunner.Actor actor = () -> {
                List<Hello> hellos = party.transcript().hellos();
                if (!bound[0] && hellos.size() == 2) {
                    Hello peer = hellos.get(1 - seat);
                    try {
                        link.bind(peer.name(), peer.key());
                    } catch (IOException e) {
                        throw new Refused(e);
                    }
                    bound[0] = true;
                }
                // A ends the game by revealing once the deal is done; B answers automatically.
                return seat == PatentObserver.A && party.isDealt() && party.isIdle() ? party.reveal() : List.of();
            };
            PartyRunner.Options options = PartyRunner.Options.waitingFor(p -> patience.apply(party.nextStep()))
                    .lingering(Duration.ofSeconds(2));
            Outcome outcome;
            try {
                outcome = PartyRunner.run(party, link.connector(), actor, journal == null ? options : options.journaled(journal));
            } catch (Refused refused) {
                out.println("Refused the other player: " + refused.getMessage());
                TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
                return new Result(List.of(), null, 1);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
            if (outcome.problem().isPresent()) {
                out.println("Stopped: " + outcome.problem().get());
                out.println("Transcript so far written to " + transcriptFile
                        + (journal == null ? "" : "; run the same command again to resume"));
                return new Result(party.hand(), null, 2);
            }
            if (outcome.failure().isPresent()) {
                out.println("Cheating or a broken peer caught: " + outcome.failure().get().getMessage());
                out.println("Evidence written to " + transcriptFile + " (check it with: fairtable audit " + transcriptFile + ")");
            }
            List<Envelope> refused = party.rejected().stream().map(Party.Rejected::envelope).toList();
            AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(party.transcript().envelopes(), refused));
            return new Result(party.hand(), verdict, verdict.verified() && outcome.finished() ? 0 : 1);
        } finally {
            if (journal != null) {
                journal.close();
            }
        }
    }
}
