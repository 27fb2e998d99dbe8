package fairtable.app.patent;

import fairtable.app.net.TwoSeatGame;
import fairtable.app.net.TwoSeatLink;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

/**
 * One side of an FR 2823580 draw between two processes: the listener is the patent's A, the connector its
 * B. Runs the deal, has both reveal, writes the transcript and audits it. With a journal, every step is on
 * disk before it is sent, and a restarted process resumes where it stopped.
 */
public final class PatentTableRunner {
    /** The outcome of one side: its hand, the verdict, and an exit code. */
    public record Result(List<Integer> hand, AuditVerdict verdict, int exitCode) {}

    private final PatentParameters params;
    private final String name;
    private final SigningKey identity;
    private final Path transcriptFile;
    private final Path journalFile;
    private final java.util.function.IntFunction<java.time.Duration> patience;
    private final PrintWriter out;

    public PatentTableRunner(PatentParameters params, String name, SigningKey identity, Path transcriptFile,
            Path journalFile, java.util.function.IntFunction<java.time.Duration> patience, PrintWriter out) {
        this.params = params;
        this.name = name;
        this.identity = identity;
        this.transcriptFile = transcriptFile;
        this.journalFile = journalFile;
        this.patience = patience;
        this.out = out;
    }

    public Result play(TwoSeatLink link) throws IOException, MalformedMessageException {
        if (link.listening()) {
            out.println("Listening on port " + link.port() + " as " + name + " (party A) for " + params + ".");
        } else {
            out.println("Connecting as " + name + " (party " + (link.seat() == 0 ? "A" : "B") + ")"
                    + (link.atRelay() ? " through a relay." : "."));
        }
        TwoSeatGame.Seating<PatentParty> seating = new TwoSeatGame.Seating<>() {
            @Override
            public PatentParty create(int seat, SigningKey key, SecureRandom random) {
                return PatentParty.create(params, seat == 0 ? PatentObserver.A : PatentObserver.B, name, key, random);
            }

            @Override
            public PatentParty restore(byte[] state, SigningKey key, SecureRandom random) throws MalformedMessageException {
                return PatentParty.restore(state, key, random);
            }

            @Override
            public Actor actor(PatentParty party) {
                // A ends the game by revealing once the deal is done; B answers automatically.
                return () -> party.seat() == PatentObserver.A && party.isDealt() && party.isIdle()
                        ? party.reveal() : List.of();
            }
        };
        TwoSeatGame<PatentParty> game = new TwoSeatGame<>(identity, name, seating, transcriptFile, journalFile,
                party -> patience.apply(((PatentParty) party).nextStep()), out);
        TwoSeatGame.Result<PatentParty> result = game.play(link);
        return new Result(result.party().hand(), result.verdict(), result.exitCode());
    }
}
