package fairtable.app.patent;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.tcp.TcpTransport;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.Party;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * One side of an FR 2823580 draw between two processes: the listener is the patent's A, the connector its
 * B. Runs the deal, has both reveal, writes the transcript and audits it.
 */
public final class PatentTableRunner {
    /** The outcome of one side: its hand, the verdict, and an exit code. */
    public record Result(List<Integer> hand, AuditVerdict verdict, int exitCode) {}

    private final PatentParameters params;
    private final String name;
    private final Path transcriptFile;
    private final Duration timeout;
    private final PrintWriter out;

    public PatentTableRunner(PatentParameters params, String name, Path transcriptFile, Duration timeout, PrintWriter out) {
        this.params = params;
        this.name = name;
        this.transcriptFile = transcriptFile;
        this.timeout = timeout;
        this.out = out;
    }

    public Result listen(String bind, int port) throws IOException, TimeoutException {
        try (ServerSocket server = TcpTransport.listen(bind, port)) {
            out.println("Listening on " + bind + ":" + server.getLocalPort() + " as " + name
                    + " (party A) for " + params + "; waiting for the other player.");
            out.flush();
            try (TcpTransport transport = TcpTransport.accept(server, timeout)) {
                return play(PatentObserver.A, transport);
            }
        }
    }

    public Result connect(String host, int port) throws IOException, TimeoutException {
        try (TcpTransport transport = TcpTransport.connect(host, port, timeout)) {
            out.println("Connected to " + host + ":" + port + " as " + name + " (party B).");
            out.flush();
            return play(PatentObserver.B, transport);
        }
    }

    private Result play(int seat, TcpTransport transport) throws IOException {
        SecureRandom random = new SecureRandom();
        // A fresh identity per game; long-lived identities pinned by fingerprint come with profiles.
        PatentParty party = PatentParty.create(params, seat, name, SigningKey.generate(random), random);
        // A ends the game by revealing once the deal is done; B answers automatically.
        PartyRunner.Actor actor = seat == PatentObserver.A
                ? () -> party.isDealt() && party.isIdle() ? party.reveal() : List.of()
                : PartyRunner.Actor.PASSIVE;
        Outcome outcome = PartyRunner.run(party, transport, actor, timeout);
        TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
        if (outcome.problem().isPresent()) {
            out.println("Stopped: " + outcome.problem().get());
            out.println("Transcript so far written to " + transcriptFile);
            return new Result(party.hand(), null, 2);
        }
        if (outcome.failure().isPresent()) {
            out.println("Cheating or a broken peer caught: " + outcome.failure().get().getMessage());
            out.println("Evidence written to " + transcriptFile + " (check it with: fairtable audit " + transcriptFile + ")");
        }
        List<Envelope> refused = party.rejected().stream().map(Party.Rejected::envelope).toList();
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(party.transcript().envelopes(), refused));
        return new Result(party.hand(), verdict, verdict.verified() && outcome.finished() ? 0 : 1);
    }
}
