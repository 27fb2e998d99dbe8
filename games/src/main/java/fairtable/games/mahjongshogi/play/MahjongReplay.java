package fairtable.games.mahjongshogi.play;

import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongObserver.Battle;
import fairtable.protocol.mahjong.MahjongObserver.Played;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished mahjong-shogi/v1 game, move by move, for a person stepping through it: at its end both players opened
 * every tile, so the audit knows both placements, and each position is the rules engine's. A side's view of a step
 * is that side's {@link PlayerView} (its own kinds, the other's tiles as backs); the whole board is public only
 * because the game is over.
 */
public final class MahjongReplay {

    /** One move: who made it, the move, and the position once its battle (if any) was resolved. */
    public record Step(int mover, Move move, MahjongShogiState after) {}

    /** The players, both placements, the position before the first move, and the moves. */
    public record Walked(List<String> names, List<Placement> placements, MahjongShogiState start, List<Step> steps) {}

    private MahjongReplay() {}

    /**
     * Walks a transcript whose audit verified it, with the kinds of each seat's tiles by tile id as that audit opened
     * them ({@code kinds.get(seat)}, in the order of the seat's setup).
     *
     * @throws ProtocolViolation        if the transcript is not one the public observer follows
     * @throws IllegalArgumentException if the kinds do not make a placement of the seat's setup
     */
    public static Walked of(Transcript transcript, List<List<Integer>> kinds) throws ProtocolViolation {
        MahjongParameters params = ProtocolAudit.parameters(transcript, MahjongParameters::fromBytes);
        List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
        MahjongObserver observer = new MahjongObserver(params, names);
        List<Envelope> messages = transcript.envelopes();
        for (Envelope e : messages.subList(transcript.hellos().size(), messages.size())) {
            observer.apply(observer.parse(e));
        }
        MahjongShogiRules rules = ProtocolRules.rules(params);
        List<Placement> placements = new ArrayList<>();
        for (int seat = 0; seat < 2; seat++) {
            List<Integer> squares = observer.setup(seat).orElseThrow(
                    () -> new IllegalArgumentException("the transcript has no setup of seat 0 and 1")).squares();
            if (squares.size() != kinds.get(seat).size()) {
                throw new IllegalArgumentException("seat " + seat + " placed " + squares.size() + " tiles, "
                        + kinds.get(seat).size() + " kinds were opened");
            }
            Map<Square, Integer> bySquare = new HashMap<>();
            for (int id = 0; id < squares.size(); id++) {
                bySquare.put(Square.ofIndex(squares.get(id)), kinds.get(seat).get(id));
            }
            placements.add(Placement.of(seat, ProtocolRules.tileSet(params), bySquare));
        }
        MahjongShogiState start = PlayerView.startState(observer, rules);
        MahjongShogiState state = start;
        List<Step> steps = new ArrayList<>();
        for (Played p : observer.moves()) {
            Move move = new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to()));
            state = state.apply(move);
            if (p.battle() >= 0) {
                // The audit checked every announced result against both openings: the announced one is the truth.
                Battle b = observer.battles().get(p.battle());
                state = state.resolveBattle(ProtocolRules.battleResult(b.result(), b.attackerKingLost(),
                        b.defenderKingLost()));
            }
            steps.add(new Step(p.seat(), move, state));
        }
        return new Walked(names, List.copyOf(placements), start, List.copyOf(steps));
    }
}
