package fairtable.games.mahjongshogi.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.MahjongShogiBot;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A whole mahjong-shogi/v1 game between two {@link MahjongShogiBot}s in one process, the messages delivered in
 * memory. Each bot decides from its own {@link PlayerView} only. The placements and the bots' choices come from
 * {@code play} (a seed makes the game repeatable); keys, commitments and paddings come from {@code secrets}.
 */
public final class BotGame {
    private final MahjongParameters params;
    private final MahjongShogiRules rules;
    private final List<MahjongParty> parties = new ArrayList<>();
    private final List<Placement> placements = new ArrayList<>();
    private final List<MahjongShogiBot> bots = new ArrayList<>();
    private final List<String> names;
    // The public position, shared by both bots' views, and how many of the observer's moves it holds.
    private MahjongShogiState position;
    private int applied;

    public BotGame(MahjongParameters params, List<String> names, RandomGenerator play, RandomGenerator secrets) {
        if (names.size() != 2) {
            throw new IllegalArgumentException("two players");
        }
        this.params = params;
        this.rules = ProtocolRules.rules(params);
        this.names = List.copyOf(names);
        for (int seat = 0; seat < 2; seat++) {
            Placement placement = Placement.random(seat, ProtocolRules.tileSet(params), play);
            placements.add(placement);
            bots.add(new MahjongShogiBot(placement, play));
            byte[] seed = new byte[32];
            secrets.nextBytes(seed);
            parties.add(MahjongParty.create(params, seat, names.get(seat), SigningKey.fromSeed(seed),
                    ProtocolRules.kindBySquare(placement), secrets));
        }
    }

    /** Plays to the end (both reveals, or a cheat caught). */
    public BotGame play() throws ProtocolViolation {
        deliver(0, parties.get(0).start());
        while (true) {
            MahjongParty mover = parties.stream().filter(MahjongParty::isMyTurn).findFirst().orElse(null);
            if (mover == null) {
                return this;
            }
            Move move = bots.get(mover.seat()).choose(view(mover.seat()).state());
            deliver(mover.seat(), mover.move(move.from().index(), move.to().index()));
        }
    }

    private void deliver(int from, List<Envelope> sent) throws ProtocolViolation {
        Deque<Object[]> queue = new ArrayDeque<>();
        sent.forEach(e -> queue.add(new Object[] {1 - from, e}));
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            int to = (Integer) item[0];
            for (Envelope reply : parties.get(to).receive((Envelope) item[1])) {
                queue.add(new Object[] {1 - to, reply});
            }
        }
    }

    /** What {@code seat} knows now: its placement and the public position. */
    public PlayerView view(int seat) {
        MahjongObserver observer = parties.get(seat).observer();
        if (position == null) {
            position = PlayerView.publicState(observer, rules);
        } else {
            position = PlayerView.advance(position, applied, observer);
        }
        applied = observer.moves().size();
        PlayerView view = PlayerView.of(position, placements.get(seat));
        if (position.awaiting() instanceof MahjongShogiState.PendingBattle) {
            position = null; // a battle stopped half-way: rebuild from the start next time
        }
        return view;
    }

    public MahjongParty party(int seat) {
        return parties.get(seat);
    }

    public Placement placement(int seat) {
        return placements.get(seat);
    }

    public String name(int seat) {
        return names.get(seat);
    }

    public MahjongParameters parameters() {
        return params;
    }

    public MahjongShogiRules rules() {
        return rules;
    }

    /** The transcript seat 0 kept, and what it refused. */
    public List<Envelope> transcript() {
        return parties.get(0).transcript().envelopes();
    }

    public List<Party.Rejected> refused() {
        List<Party.Rejected> all = new ArrayList<>(parties.get(0).rejected());
        all.addAll(parties.get(1).rejected());
        return all;
    }
}
