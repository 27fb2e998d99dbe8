package fairtable.games.permutation;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * A short scripted permutation deal played in one process through the session layer ({@link LocalSession}), for the
 * command line's demo: every player is dealt
 * {@link #HAND} private cards, {@link #BOARD} cards are then shown to everyone, and every player opens its
 * commitments. Returns the transcript, what each player saw, and the audit of the transcript.
 */
public final class PermutationDealDemo {
    public static final int HAND = 2;
    public static final int BOARD = 3;

    private PermutationDealDemo() {}

    /** What one player saw: position to card, for the cards shown to it alone and to everyone. */
    public record View(int seat, String name, Map<Integer, Integer> privateCards, Map<Integer, Integer> publicCards) {}

    public record Result(List<Envelope> transcript, List<View> views, AuditVerdict verdict) {}

    /**
     * Plays the demo game. Cards at positions 0..HAND*players-1 go round the table (position p to seat
     * p mod players), the next BOARD positions are shown to everyone. {@code random} supplies every key and
     * secret: SecureRandom for a real demonstration, a seeded generator for a reproducible one.
     */
    public static Result run(int players, int cards, RandomGenerator random) {
        if (players < PermutationParameters.MIN_PLAYERS || players > 26) {
            throw new IllegalArgumentException("the demo seats 3 to 26 players, not " + players);
        }
        if (cards < HAND * players + BOARD) {
            throw new IllegalArgumentException("the demo needs at least " + (HAND * players + BOARD) + " cards for "
                    + players + " players, not " + cards);
        }
        PermutationParameters params = new PermutationParameters(cards);
        List<PermutationParty> seats = new ArrayList<>();
        List<LocalSession.Seat> sessionSeats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            byte[] seed = new byte[32];
            random.nextBytes(seed);
            SigningKey key = SigningKey.fromSeed(seed);
            seats.add(PermutationParty.create(params, players, s, "P" + (s + 1), key, random));
            sessionSeats.add(new LocalSession.Seat(seats.get(s), key, Actor.PASSIVE));
        }
        PermutationParty dealer = seats.get(0);
        LocalSession session = new LocalSession(sessionSeats);
        try {
            session.play();
            for (int p = 0; p < HAND * players; p++) {
                session.send(0, dealer.revealTo(p, p % players));
            }
            for (int p = HAND * players; p < HAND * players + BOARD; p++) {
                session.send(0, dealer.revealPublicly(p));
            }
            session.send(0, dealer.finish());
        } catch (ProtocolViolation v) {
            throw new IllegalStateException("an honest demo seat refused a message: " + v.getMessage(), v);
        }

        List<Envelope> transcript = seats.get(0).transcript().envelopes();
        List<View> views = new ArrayList<>();
        for (PermutationParty p : seats) {
            Map<Integer, Integer> privately = new TreeMap<>(p.knownCards());
            privately.keySet().removeAll(p.publicCards().keySet());
            views.add(new View(p.seat(), p.name(), privately, new TreeMap<>(p.publicCards())));
        }
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(List.copyOf(transcript), List.of()));
        return new Result(List.copyOf(transcript), List.copyOf(views), verdict);
    }
}
