package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableRunTest {
    @TempDir
    Path dir;

    @Test
    void transcriptNamesNumberTheHands() {
        assertThat(TableRun.transcriptFor(Path.of("x", "play-holdem.jsonl"), 3)).isEqualTo(Path.of("x", "play-holdem-3.jsonl"));
        assertThat(TableRun.transcriptFor(Path.of("game"), 1)).isEqualTo(Path.of("game-1.jsonl"));
        assertThat(TableRun.decisionsFor(Path.of("play-holdem.jsonl"), 2)).isEqualTo(Path.of("play-holdem-2.decisions.jsonl"));
    }

    @Test
    void aGameBrokenOffByATamperedDecisionLeavesEvidenceOfEveryHandSoFar() throws Exception {
        TableConfig config = new TableConfig(GameKind.HOLDEM, List.of("alice", "bob", "carol"), 3, 500, false, 81L);
        List<TableNode> nodes = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            nodes.add(config.botSeat(s));
        }
        // Deliver as a relay would, but change the first decision of the second hand in transit.
        Deque<TableMessage> queue = new ArrayDeque<>();
        nodes.forEach(n -> queue.addAll(n.start()));
        assertThatThrownBy(() -> {
            while (!queue.isEmpty()) {
                TableMessage m = queue.poll();
                if (m instanceof TableMessage.Declaration d && d.round() == 2 && d.seq() == 0) {
                    m = new TableMessage.Declaration(2, d.sender(), 0, d.after(), d.words().equals("fold") ? "call" : "fold",
                            d.signature());
                }
                for (TableNode to : nodes) {
                    if (to.seat() != m.sender()) {
                        queue.addAll(to.receive(m));
                    }
                }
            }
        }).isInstanceOf(ProtocolViolation.class).hasMessageContaining("not signed by its sender's key");
        TableNode victim = nodes.stream().filter(n -> n.evidence().size() == 2).findFirst().orElseThrow();
        StringWriter text = new StringWriter();
        boolean verified = TableRun.writeEvidence(config, victim, dir.resolve("e.jsonl"), new PrintWriter(text, true));
        // The cards of both hands so far are still proved; the refused decision is what stopped the game.
        assertThat(verified).as(text.toString()).isTrue();
        assertThat(Files.exists(dir.resolve("e-1.jsonl"))).isTrue();
        assertThat(Auditor.audit(TranscriptFile.read(dir.resolve("e-2.jsonl"))).line()).startsWith("VERIFIED");
        assertThat(Files.readAllLines(dir.resolve("e-2.decisions.jsonl"))).isEmpty();
    }
}
