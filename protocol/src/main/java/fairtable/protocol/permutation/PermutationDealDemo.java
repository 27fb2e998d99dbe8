package fairtable.protocol.permutation;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * A short scripted permutation deal played in memory, for the command line's demo: every player is dealt
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
        for (int s = 0; s < players; s++) {
            byte[] seed = new byte[32];
            random.nextBytes(seed);
            seats.add(PermutationParty.create(params, players, s, "P" + (s + 1), SigningKey.fromSeed(seed), random));
        }
        deliver(seats, seats.get(0), seats.get(0).start());
        for (int p = 0; p < HAND * players; p++) {
            deliver(seats, seats.get(0), seats.get(0).revealTo(p, p % players));
        }
        for (int p = HAND * players; p < HAND * players + BOARD; p++) {
            deliver(seats, seats.get(0), seats.get(0).revealPublicly(p));
        }
        deliver(seats, seats.get(0), seats.get(0).finish());

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

    /** Broadcasts {@code sent} and every reply to every other seat, in order, until nobody speaks. */
    private static void deliver(List<PermutationParty> seats, PermutationParty from, List<Envelope> sent) {
        Deque<PermutationParty> senders = new ArrayDeque<>();
        Deque<Envelope> queue = new ArrayDeque<>();
        for (Envelope e : sent) {
            senders.add(from);
            queue.add(e);
        }
        while (!queue.isEmpty()) {
            PermutationParty sender = senders.poll();
            Envelope e = queue.poll();
            for (PermutationParty to : seats) {
                if (to == sender) {
                    continue;
                }
                try {
                    for (Envelope reply : to.receive(e)) {
                        senders.add(to);
                        queue.add(reply);
                    }
                } catch (ProtocolViolation v) {
                    throw new IllegalStateException("an honest demo seat refused a message: " + v.getMessage(), v);
                }
            }
        }
    }
}
