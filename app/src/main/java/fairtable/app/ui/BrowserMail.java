package fairtable.app.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.cli.MailGames;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.definitions.GameDefinition;
import fairtable.net.correspondence.GameStatus;
import fairtable.protocol.Party;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.table.TableParty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the mail page is sent about one game by correspondence: the seat's own view drawn as the live tables draw it
 * (a card table or dominoes by {@link SeatView}, dark chess by {@link BrowserDarkChess}'s board from the seat's fog
 * view, any other game by its text view), the moves legal now, whose move it is, the armored text this side still
 * has to send, and the audit's verdict at the end. Nothing here is read from the other player's texts but what the
 * seat's party accepted.
 */
final class BrowserMail {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BrowserMail() {}

    static Map<String, Object> state(MailGames.Look look) {
        Party party = look.party();
        Map<String, Object> out;
        if (party instanceof TableParty<?, ?> table && table.view() != null) {
            out = table(table, look.yourMove());
        } else if (party instanceof DarkChessParty chess && chess.side() instanceof ChessSide side
                && chess.transcript().established()) {
            out = new LinkedHashMap<>();
            out.put("moves", look.yourMove() ? BrowserDarkChess.listed(side.view(), side.legalMoves()) : List.of());
            Map<String, Object> board = new LinkedHashMap<>(BrowserDarkChess.board(side.view(), chess.plies()));
            board.put("you", side.view().viewer() == Color.WHITE ? "white" : "black");
            board.put("drawOffered", look.yourMove() && side.drawOffered());
            board.put("notices", List.of());
            out.put("chess", board);
            chess.result().ifPresent(r -> out.put("outcome", r));
        } else {
            out = new LinkedHashMap<>();
            out.put("moves", List.of());
        }
        GameStatus status = look.status();
        out.put("type", "state");
        out.put("mail", look.name());
        out.put("directory", status.directory().toString());
        out.put("game", look.game());
        out.put("names", status.players());
        out.put("seat", party.seat());
        out.put("step", party.nextStep());
        out.put("awaiting", party.awaiting());
        out.put("messages", party.transcript().size());
        out.put("yourMove", look.yourMove());
        out.put("text", look.view().lines().toList());
        out.put("history", List.of());
        out.put("toSend", look.toSend());
        boolean finished = party.isFinished();
        out.put("finished", finished);
        if (finished) {
            Map<String, Object> verdict = new LinkedHashMap<>();
            verdict.put("verified", status.verdict().startsWith("VERIFIED") && party.failure().isEmpty());
            verdict.put("line", party.failure().map(f -> "cheat caught: " + f.getMessage() + "; ").orElse("")
                    + status.verdict());
            out.put("verdict", verdict);
        }
        return out;
    }

    /** A card table or dominoes: the same structure the live table page draws, for this seat alone. */
    private static Map<String, Object> table(TableParty<?, ?> party, boolean yourMove) {
        Map<String, Object> out = seatView(typed(party));
        if (!yourMove) {
            out.put("moves", List.of());
        }
        out.remove("clock");
        return out;
    }

    private static <S, M> Map<String, Object> seatView(TableParty<S, M> party) {
        @SuppressWarnings("unchecked")
        GameDefinition<S, M> game = (GameDefinition<S, M>) party.game();
        List<String> names = java.util.stream.IntStream.range(0, party.parameters().players())
                .mapToObj(party::nameOf).toList();
        try {
            return JSON.readValue(SeatView.of(game, party, party.seat(), names, List.of(), null, null, null),
                    new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a seat view that cannot be read back", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <S, M> TableParty<S, M> typed(TableParty<?, ?> party) {
        return (TableParty<S, M>) party;
    }
}
