package fairtable.protocol.darkchess;

import java.util.Optional;

/**
 * The rules half of the dark-chess audit, implemented by the games layer and registered with
 * a {@link DarkChessAudit} by its constructor: replays every move and every rebuild of a {@link DarkChessRecord}.
 */
public interface DarkChessVerifier {
    /** A cheat found: in which ply (index into the record), by which seat, and why. */
    record Blame(int ply, int seat, String reason) {}

    /** The first cheat in the record, or empty if the game was played by the rules; summary in {@link #summary}. */
    Optional<Blame> verify(DarkChessRecord record);

    /** A one-line account of a verified game (result, plies). */
    String summary(DarkChessRecord record);
}
