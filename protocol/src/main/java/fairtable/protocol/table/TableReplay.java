package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A table/v1 session walked move by move as its audit walks it, for a person stepping through a finished game: the
 * public state (what an observer sees: a card stays face down until the transcript opens it) before the first move
 * and after each move. The deck messages a move sets off (dealing, opening) belong to that move's step. It follows
 * the accepted messages only, so it is meant for a transcript the audit has verified; anything else is refused
 * with the judge's own words.
 */
public final class TableReplay {
    /**
     * One move: its message, the move as the game reads it, how many deck messages followed before the next move,
     * and the public state once they were applied.
     */
    public record Step(Envelope message, Object move, int deckMessages, Object state) {}

    /** The game, the players' names, the public state before the first move (after the first deal), the moves. */
    public record Replay(TableGame<?, ?> game, List<String> names, Object start, List<Step> steps) {}

    private TableReplay() {}

    public static Replay of(GameCatalog games, Transcript transcript) throws ProtocolViolation {
        TableParameters params = ProtocolAudit.parameters(transcript, TableParameters::fromBytes);
        Optional<TableGame<?, ?>> game = games.find(params.game());
        if (game.isEmpty()) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "proposes an unknown game '" + params.game() + "'");
        }
        return walk(game.get(), params, transcript);
    }

    /**
     * Walks with every round's deck proofs kept for one batch at the end (see {@link DeferredProofs}); if the batch
     * fails, or the unchecked proofs led the walk astray, walks again checking each proof in its message, so a
     * refusal names the message and party that checking one by one names.
     */
    private static <S, M> Replay walk(TableGame<S, M> game, TableParameters params, Transcript transcript)
            throws ProtocolViolation {
        DeferredProofs pending = new DeferredProofs(new SecureRandom());
        try {
            Replay batched = walk(game, params, transcript, pending);
            if (pending.verify()) {
                return batched;
            }
        } catch (ProtocolViolation | RuntimeException astray) {
            // a refusal or a failure after a bad proof accepted for now is judged again one by one
        }
        return walk(game, params, transcript, null);
    }

    /** The walk, with every round's deck proofs kept in {@code pending}, or checked in each message when it is null. */
    static <S, M> Replay walk(TableGame<S, M> game, TableParameters params, Transcript transcript,
            DeferredProofs pending) throws ProtocolViolation {
        TableObserver<S, M> judge = TableObserver.judge(game, params, transcript.hellos(), new SecureRandom(), pending);
        List<Envelope> messages = transcript.envelopes();
        Object start = null;
        List<Step> steps = new ArrayList<>();
        Envelope move = null;
        M decoded = null;
        int deckMessages = 0;
        for (int i = transcript.hellos().size(); i < messages.size(); i++) {
            Envelope e = messages.get(i);
            if (TableObserver.MOVE.equals(e.type())) {
                if (move == null) {
                    start = judge.state();
                } else {
                    steps.add(new Step(move, decoded, deckMessages, judge.state()));
                }
                try {
                    decoded = TableObserver.moveIn(game, e);
                } catch (MalformedMessageException m) {
                    throw new ProtocolViolation(e.step(), judge.nameOf(e.sender()), "an unreadable move: " + m.getMessage());
                }
                move = e;
                deckMessages = 0;
            } else {
                deckMessages++;
            }
            judge.accept(e);
            if (judge.stopped() != null) {
                throw judge.stopped();
            }
        }
        if (move == null) {
            start = judge.state();
        } else {
            steps.add(new Step(move, decoded, deckMessages, judge.state()));
        }
        List<String> names = transcript.hellos().stream().map(h -> h.name()).toList();
        return new Replay(game, names, start, List.copyOf(steps));
    }
}
