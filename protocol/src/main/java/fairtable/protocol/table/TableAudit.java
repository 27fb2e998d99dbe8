package fairtable.protocol.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The audit of a whole table/v1 session: it replays every round's deck (every key, shuffle and decryption
 * proof) and every move through the game's registered rules, so it checks who was allowed to do what and
 * when, the chips or scores round by round, and the result. Refused messages kept as evidence are judged at
 * the place they were offered (docs/evidence.md), so a victim's evidence file convicts the cheater.
 */
public final class TableAudit implements ProtocolAudit {
    private final GameCatalog games;

    public TableAudit(GameCatalog games) {
        this.games = games;
    }

    @Override
    public String protocol() {
        return TableParameters.PROTOCOL;
    }

    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        try {
            TableParameters params = ProtocolAudit.parameters(transcript, TableParameters::fromBytes);
            if (params.players() != transcript.hellos().size()) {
                throw new ProtocolViolation(0, transcript.nameOf(0), "the parameters say " + params.players()
                        + " players, but " + transcript.hellos().size() + " said hello");
            }
            Optional<TableGame<?, ?>> game = games.find(params.game());
            if (game.isEmpty()) {
                throw new ProtocolViolation(0, transcript.nameOf(0), "proposes an unknown game '" + params.game() + "'");
            }
            return replay(game.get(), params, transcript, refused);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    /**
     * Replays with every round's deck proofs kept for one batch at the end (see {@link DeferredProofs}); if the batch
     * fails, or the unchecked proofs led the replay astray, replays again checking each proof in its message, so the
     * verdict names the same message and party as checking one by one always would.
     */
    private static <S, M> AuditVerdict replay(TableGame<S, M> game, TableParameters params, Transcript transcript,
            List<Envelope> refused) throws ProtocolViolation {
        DeferredProofs pending = new DeferredProofs(new SecureRandom());
        try {
            AuditVerdict batched;
            try {
                batched = replay(game, params, transcript, refused, pending);
            } catch (ProtocolViolation v) {
                batched = AuditVerdict.failed(v);
            }
            if (pending.verify()) {
                return batched;
            }
        } catch (RuntimeException astray) {
            // a bad proof accepted for now can lead the replay where no honest transcript goes: replay one by one
        }
        return replay(game, params, transcript, refused, null);
    }

    /** The replay, with every round's deck proofs kept in {@code pending}, or checked in each message when it is null. */
    static <S, M> AuditVerdict replay(TableGame<S, M> game, TableParameters params, Transcript transcript,
            List<Envelope> refused, DeferredProofs pending) throws ProtocolViolation {
        TableObserver<S, M> judge = TableObserver.judge(game, params, transcript.hellos(), new SecureRandom(), pending);
        ProtocolAudit.walk(transcript, refused, judge::judge, e -> {
            judge.accept(e);
            if (judge.stopped() != null) {
                throw judge.stopped();
            }
        });
        Outcome outcome = judge.outcome();
        Map<String, List<Integer>> totals = new LinkedHashMap<>();
        for (int s = 0; s < params.players(); s++) {
            totals.put(judge.nameOf(s), List.of(outcome.totals().get(s)));
        }
        String state = judge.isOver() ? "game over" : "unfinished, awaiting " + judge.awaiting();
        return AuditVerdict.verified(params.game() + " for " + params.players() + ", " + (judge.round()) + " round"
                + (judge.round() == 1 ? "" : "s") + ": " + outcome.text() + "; " + state, totals);
    }
}
