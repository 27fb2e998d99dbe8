package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * A table/v1 session walked move by move as its audit walks it, for a person stepping through a finished game: the
 * public state (what an observer sees: a card stays face down until the transcript opens it) before the first move
 * and after each move, or one seat's view of it ({@link #asSeen}, {@link #asRevealed}). The deck messages a move sets
 * off (dealing, opening) belong to that move's step. It follows the accepted messages only, so it is meant for a
 * transcript the audit has verified; anything else is refused with the judge's own words.
 */
public final class TableReplay {
    /**
     * One move: its message, the move as the game reads it, how many deck messages followed before the next move,
     * and the state once they were applied (the public state, or the seat's view the replay follows).
     */
    public record Step(Envelope message, Object move, int deckMessages, Object state) {}

    /** The game, the players' names, the state before the first move (after the first deal), the moves. */
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

    /** The observer's walk, with every round's deck proofs kept in {@code pending}, or checked in each message when it is null. */
    static <S, M> Replay walk(TableGame<S, M> game, TableParameters params, Transcript transcript,
            DeferredProofs pending) throws ProtocolViolation {
        return walk(game, params, transcript, -1,
                round -> TableObserver.publicDeck(params, game.deckSize(), new SecureRandom(), pending));
    }

    /**
     * The game as {@code seat} saw it: each state is that seat's own view, with the cards dealt to it read from
     * {@code held}, the seat's own record of what it read in each round ({@link TableParty#seenCards}, by round
     * from 1; a round missing from it is shown as an observer saw it). Only positions the transcript dealt to the
     * seat are read from the record, so nothing another seat held can show; and where the transcript itself opens
     * such a card, the record must agree with it.
     *
     * @throws IllegalArgumentException if the record is not one of this game's (deck size, cards) or contradicts the transcript
     * @throws ProtocolViolation         if the transcript is not a table/v1 game the public judge follows
     */
    public static Replay asSeen(GameCatalog games, Transcript transcript, int seat, Map<Integer, int[]> held)
            throws ProtocolViolation {
        TableParameters params = ProtocolAudit.parameters(transcript, TableParameters::fromBytes);
        TableGame<?, ?> game = games.find(params.game()).orElseThrow(
                () -> new ProtocolViolation(0, transcript.nameOf(0), "proposes an unknown game '" + params.game() + "'"));
        if (seat < 0 || seat >= params.players()) {
            throw new IllegalArgumentException("no seat " + seat + " at this table of " + params.players());
        }
        for (int[] cards : held.values()) {
            if (cards.length != game.deckSize()) {
                throw new IllegalArgumentException("a record of " + cards.length + " deck positions, where "
                        + game.name() + " deals " + game.deckSize());
            }
            for (int card : cards) {
                // A forged record could otherwise draw a card no deck holds as the seat's own.
                if (card < -1 || card >= game.deckSize()) {
                    throw new IllegalArgumentException("a record of card " + card + ", where " + game.name()
                            + "'s cards are 0 to " + (game.deckSize() - 1));
                }
            }
        }
        Map<Integer, SeenDeck> decks = new TreeMap<>();
        int[] unread = new int[game.deckSize()];
        Arrays.fill(unread, -1);
        String whose = "the record of " + transcript.nameOf(seat) + "'s cards";
        Replay replay;
        try {
            replay = walk(game, params, transcript, seat, round -> {
                SeenDeck deck = new SeenDeck(TableObserver.publicDeck(params, game.deckSize(), new SecureRandom()), seat,
                        held.getOrDefault(round, unread));
                decks.put(round, deck);
                return deck;
            });
        } catch (ProtocolViolation v) {
            // The public judge follows this transcript (the audit verified it), so the seat's view refused the record.
            throw new IllegalArgumentException(whose + " disagrees with the transcript at step " + v.step() + ": "
                    + v.reason());
        }
        for (Map.Entry<Integer, SeenDeck> round : decks.entrySet()) {
            int position = round.getValue().contradicted();
            if (position >= 0) {
                throw new IllegalArgumentException(whose + " disagrees with the transcript in round " + round.getKey()
                        + ": card " + held.get(round.getKey())[position] + " at deck position " + position
                        + ", where the transcript opens card " + round.getValue().publicCards().at(position));
            }
        }
        return replay;
    }

    /**
     * The game as {@code seat} saw it, as far as the transcript alone tells: its own cards only where the transcript
     * opened them (proved at a showdown, shown, discarded face up), from the moment they were dealt to it. A card it
     * never showed stays face down, as it does for an observer.
     */
    public static Replay asRevealed(GameCatalog games, Transcript transcript, int seat) throws ProtocolViolation {
        TableParameters params = ProtocolAudit.parameters(transcript, TableParameters::fromBytes);
        TableGame<?, ?> game = games.find(params.game()).orElseThrow(
                () -> new ProtocolViolation(0, transcript.nameOf(0), "proposes an unknown game '" + params.game() + "'"));
        Map<Integer, RoundDeck> decks = new TreeMap<>();
        walk(game, params, transcript, -1, round -> {
            RoundDeck deck = TableObserver.publicDeck(params, game.deckSize(), new SecureRandom());
            decks.put(round, deck);
            return deck;
        });
        Map<Integer, int[]> opened = new TreeMap<>();
        for (Map.Entry<Integer, RoundDeck> round : decks.entrySet()) {
            int[] cards = new int[game.deckSize()];
            for (int position = 0; position < cards.length; position++) {
                cards[position] = round.getValue().publicCards().at(position);
            }
            opened.put(round.getKey(), cards);
        }
        return asSeen(games, transcript, seat, opened);
    }

    private static <S, M> Replay walk(TableGame<S, M> game, TableParameters params, Transcript transcript, int viewer,
            IntFunction<RoundDeck> decks) throws ProtocolViolation {
        TableObserver<S, M> judge = new TableObserver<>(game, params, transcript.hellos(), decks, viewer);
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
                    start = judge.view();
                } else {
                    steps.add(new Step(move, decoded, deckMessages, judge.view()));
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
            start = judge.view();
        } else {
            steps.add(new Step(move, decoded, deckMessages, judge.view()));
        }
        List<String> names = transcript.hellos().stream().map(h -> h.name()).toList();
        return new Replay(game, names, start, List.copyOf(steps));
    }
}
