package fairtable.games.chess.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

/**
 * Two dark-chess/v1 players in one process, through the session layer ({@link LocalSession}): what `fairtable play-dark-chess --bots all`
 * (two bots) and `--bots white|black` (a person against a bot) run, and what tests and benchmarks drive. Seat 0
 * plays White.
 */
public final class DarkChessTable {
    private final DarkChessParty[] parties;
    private final SigningKey[] keys;

    private DarkChessTable(DarkChessParty white, DarkChessParty black, SigningKey whiteKey, SigningKey blackKey) {
        this.parties = new DarkChessParty[] {white, black};
        this.keys = new SigningKey[] {whiteKey, blackKey};
    }

    /**
     * Two players with the given sides (usually {@link ChessSide#start}); {@code random} supplies their keys
     * (per seat) and every secret.
     */
    public static DarkChessTable create(DarkChessParameters params, DarkChessSide white, DarkChessSide black,
            SigningKey whiteKey, SigningKey blackKey, RandomGenerator whiteRandom, RandomGenerator blackRandom) {
        return new DarkChessTable(
                DarkChessParty.create(params, 0, "white", whiteKey, white, whiteRandom),
                DarkChessParty.create(params, 1, "black", blackKey, black, blackRandom), whiteKey, blackKey);
    }

    /** Two bots from the standard start. */
    public static DarkChessTable bots(DarkChessParameters params, SigningKey whiteKey, SigningKey blackKey,
            RandomGenerator whiteRandom, RandomGenerator blackRandom) {
        return create(params, ChessSide.start(Color.WHITE), ChessSide.start(Color.BLACK), whiteKey, blackKey,
                whiteRandom, blackRandom);
    }

    /**
     * A person (any {@code personChooser}, e.g. one reading a terminal) playing {@code personColor} against a bot
     * playing the other colour. Keys and randomness are per seat, White's first, as in {@link #bots}.
     */
    public static DarkChessTable personAgainstBot(DarkChessParameters params, Color personColor,
            ChessSide.MoveChooser personChooser, SigningKey whiteKey, SigningKey blackKey,
            RandomGenerator whiteRandom, RandomGenerator blackRandom) {
        Objects.requireNonNull(personChooser, "personChooser");
        ChessSide person = ChessSide.start(personColor, personChooser);
        ChessSide bot = ChessSide.start(personColor.opposite());
        return personColor == Color.WHITE
                ? create(params, person, bot, whiteKey, blackKey, whiteRandom, blackRandom)
                : create(params, bot, person, whiteKey, blackKey, whiteRandom, blackRandom);
    }

    /**
     * Two players taken up again from their snapshots (e.g. a journal's, after a crash), each with the key it signs
     * with; {@link #play} goes on where the one that holds more of the game stands.
     */
    public static DarkChessTable resumed(DarkChessParty white, DarkChessParty black, SigningKey whiteKey,
            SigningKey blackKey) {
        if (white.seat() != 0 || black.seat() != 1) {
            throw new IllegalArgumentException("White is seat 0 and Black seat 1");
        }
        return new DarkChessTable(white, black, whiteKey, blackKey);
    }

    public DarkChessParty party(int seat) {
        return parties[seat];
    }

    /**
     * Plays until neither player has anything to send; {@code afterPly} hears the number of each completed ply (both
     * rebuilds done), as seen by White's party.
     *
     * <p>A move chooser that throws (a person who leaves: end of input) stops the table with that exception: the
     * player choosing has accepted the message it was handed, and its party may hold messages it sealed in the same
     * step (its last vision round) that were never delivered; nothing of its move exists. No party records a failure
     * or a refused message, and the game stays unfinished (this table is not played further).
     *
     * @throws ProtocolViolation if a player refuses a message (a cheat caught live)
     */
    public void play(IntConsumer afterPly) throws ProtocolViolation {
        play(afterPly, () -> { });
    }

    /**
     * As {@link #play(IntConsumer)}; {@code afterEachMessage} also runs each time a message has reached both players,
     * when neither is inside a step: a moment at which both parties' snapshots make one consistent table.
     */
    public void play(IntConsumer afterPly, Runnable afterEachMessage) throws ProtocolViolation {
        int[] seen = {0};
        new LocalSession(List.of(new LocalSession.Seat(parties[0], keys[0], Actor.PASSIVE),
                new LocalSession.Seat(parties[1], keys[1], Actor.PASSIVE))).watchedBy(() -> {
                    int plies = parties[0].plies();
                    while (seen[0] < plies) {
                        afterPly.accept(++seen[0]);
                    }
                    afterEachMessage.run();
                }).play();
    }

    /** The full signed transcript (both parties hold the same one). */
    public List<Envelope> transcript() {
        List<Envelope> a = parties[0].transcript().envelopes();
        List<Envelope> b = parties[1].transcript().envelopes();
        return a.size() >= b.size() ? a : b;
    }
}
