package fairtable.app.ui;

import fairtable.app.Audits;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableReplay;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replay page's answer for one transcript: the audit's verdict and, for a verified table/v1 game, the table as
 * an observer sees it before the first move and after each one, every view drawn by the game's own definition
 * ({@link SeatView#drawing}). A transcript the audit refuses gets its FAILED line and no steps: stepping through a
 * broken file would show a game that was never proved. Other protocols (dark chess, Mahjong Shogi, the allocation)
 * are audited but not stepped through.
 */
final class Replays {
    private Replays() {}

    static Map<String, Object> of(String text, Games games) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("frames", List.of());
        TranscriptFile.Contents contents;
        try {
            contents = TranscriptFile.parse(text.lines().toList(), "the transcript");
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            out.put("verified", false);
            out.put("line", "UNREADABLE: " + e.getMessage());
            return out;
        }
        AuditVerdict verdict = Audits.audit(contents, games);
        out.put("verified", verdict.verified());
        out.put("line", verdict.line());
        if (!verdict.verified()) {
            return out;
        }
        try {
            Transcript transcript = new Transcript();
            for (Envelope e : contents.messages()) {
                transcript.append(e);
            }
            String protocol = transcript.hellos().get(0).protocol();
            if (!protocol.equals(TableParameters.PROTOCOL)) {
                out.put("unsupported", "This is a " + protocol + " transcript: the replay steps through the table games"
                        + " (" + String.join(", ", games.names()) + "); this one is audited only.");
                return out;
            }
            TableReplay.Replay replay = TableReplay.of(games, transcript);
            GameDefinition<?, ?> game = games.definition(replay.game().name()).orElseThrow();
            out.put("game", game.name());
            out.put("names", replay.names());
            out.put("frames", frames(game, replay));
            out.put("moves", replay.steps().size());
        } catch (ProtocolViolation v) {
            // The audit verified the same messages, so this is the replay's own fault: say so rather than draw.
            out.put("verified", false);
            out.put("line", "the replay could not follow a transcript the audit verified: " + v.getMessage());
        }
        return out;
    }

    /** The view before the first move, then one per move with its sender, its step and its words. */
    @SuppressWarnings("unchecked")
    private static <S, M> List<Map<String, Object>> frames(GameDefinition<S, M> game, TableReplay.Replay replay) {
        List<Map<String, Object>> frames = new ArrayList<>();
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("view", SeatView.drawing(game, (S) replay.start(), -1, replay.names()));
        frames.add(start);
        for (TableReplay.Step step : replay.steps()) {
            Envelope e = step.message();
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("seq", e.seq());
            f.put("step", e.step());
            f.put("seat", e.sender());
            f.put("sender", replay.names().get(e.sender()));
            f.put("type", e.type());
            f.put("move", game.describe((M) step.move()));
            f.put("deckMessages", step.deckMessages());
            f.put("view", SeatView.drawing(game, (S) step.state(), -1, replay.names()));
            frames.add(f);
        }
        return frames;
    }
}
