package fairtable.app;

import fairtable.games.chess.play.DarkChessReferee;
import fairtable.games.definitions.Games;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.table.TableAudit;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one way the command line audits a transcript: every protocol the protocol layer knows, and table/v1
 * sessions replayed through the registered games, so a whole game's file is judged wherever it is audited.
 */
public final class Audits {
    private Audits() {}

    /** The audit of a file's contents, table/v1 sessions judged by the games of {@link Games#ALL}. */
    public static AuditVerdict audit(TranscriptFile.Contents contents) {
        return audit(contents, Games.ALL);
    }

    /** The audit of a file's contents, table/v1 sessions judged by the games of {@code games}. */
    public static AuditVerdict audit(TranscriptFile.Contents contents, Games games) {
        return Auditor.audit(contents, needingGames(games));
    }

    /** The audits the protocol layer cannot hold: table/v1 sessions by {@code games}, dark chess by its referee. */
    public static List<ProtocolAudit> needingGames(Games games) {
        return List.of(new TableAudit(games), DarkChessReferee.audit());
    }

    /** As {@link #audit(TranscriptFile.Contents, Games)}, handing a dark-chess game it verifies, ply by ply, to {@code walked}. */
    public static AuditVerdict audit(TranscriptFile.Contents contents, Games games,
            Consumer<DarkChessReferee.Walked> walked) {
        return Auditor.audit(contents, List.of(new TableAudit(games), DarkChessReferee.audit(walked)));
    }

    /** The audit of {@code messages} and the {@code refused} ones, as a transcript file would hold them. */
    public static AuditVerdict audit(List<Envelope> messages, List<Party.Rejected> refused) {
        return audit(new TranscriptFile.Contents(messages, refused.stream().map(Party.Rejected::envelope).toList()));
    }

    /** The audit of what {@code party} kept: its transcript and the messages it refused. */
    public static AuditVerdict audit(Party party, Games games) {
        List<Envelope> refused = party.rejected().stream().map(Party.Rejected::envelope).toList();
        return audit(new TranscriptFile.Contents(party.transcript().envelopes(), refused), games);
    }

    /** The audit of what {@code party} kept, table/v1 sessions judged by the games of {@link Games#ALL}. */
    public static AuditVerdict audit(Party party) {
        return audit(party, Games.ALL);
    }

    /** The audit of a transcript file this node has just written, read back from disk as anyone would read it. */
    public static AuditVerdict auditWritten(Path file, Games games) throws IOException {
        try {
            return audit(TranscriptFile.read(file), games);
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            throw new IOException("the transcript just written cannot be read back: " + e.getMessage());
        }
    }
}
