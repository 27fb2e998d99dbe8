package fairtable.protocol.darkchess;

import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One seat's game knowledge, supplied by the rules layer (games) so that this protocol layer stays free of chess:
 * what it commits to, what it offers through oblivious transfer, how it chooses queries and what it concludes from
 * answers. Immutable: every change returns a new side, so a refused message leaves the party unchanged.
 * Methods that judge the peer throw {@link IllegalArgumentException} for anything an honest peer cannot send.
 */
public interface DarkChessSide {
    /** The three query phases, in order: general, pawn-ahead, en passant. */
    int PHASES = 3;

    /** One round of a rebuild: a batch of {@code size} queries against the offer of {@code phase}. */
    record Round(int phase, int size) {
        public Round {
            if (phase < 0 || phase >= PHASES || size < 1) {
                throw new IllegalArgumentException("bad round " + phase + "/" + size);
            }
        }
    }

    /** The side after a move, the public announcement of the move, and the result if it ended the game. */
    record Moved(DarkChessSide side, byte[] announcement, Optional<String> gameOver) {}

    /** The side with a rebuild begun, its public announcement (the pieces that query) and its rounds. */
    record Rebuild(DarkChessSide side, byte[] announcement, List<Round> rounds) {}

    /**
     * Chooses and plays this seat's move (or announces it has none); or returns null when the move is not chosen
     * yet (a person who types it later), and the party waits for {@link DarkChessParty#move}.
     */
    Moved move(RandomGenerator random);

    /** Takes the peer's announcement of its move. */
    Moved opponentMoved(byte[] announcement);

    /** This seat's 64 square codes now: what it commits to after every ply. */
    byte[] board();

    /** The 64 one-byte items this seat offers in {@code phase} of the peer's rebuild now. */
    byte[] offer(int phase);

    /** Begins this seat's vision rebuild. */
    Rebuild startRebuild();

    /** The rounds the peer's rebuild announcement implies, checked against what this seat knows of the peer. */
    List<Round> peerRounds(byte[] announcement);

    /** The choices (squares 0..63) of the next round of this seat's rebuild. */
    int[] nextChoices();

    /** Takes the answers to the last round of choices. */
    DarkChessSide answered(int[] codes);

    /** What this seat reveals at the end for the audit: its moves. */
    byte[] record();

    /**
     * The canonical encoding of this side's whole state, a rebuild in progress included, for party snapshots;
     * it is private knowledge, keep it as secret as the snapshot.
     */
    byte[] toBytes();

    /** Turns {@link #toBytes()} back into a side; supplied by the rules layer, which alone can build one. */
    @FunctionalInterface
    interface Decoder {
        /** @throws MalformedMessageException if the bytes are not a side's encoding */
        DarkChessSide decode(byte[] bytes) throws MalformedMessageException;
    }
}
