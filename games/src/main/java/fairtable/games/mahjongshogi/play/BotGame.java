package fairtable.games.mahjongshogi.play;

import fairtable.games.mahjongshogi.MahjongShogiBot;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.Placement;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A whole mahjong-shogi/v1 game between two {@link MahjongShogiBot}s in one process: a {@link LocalGame} whose
 * seats are both {@link Seat#bot}. The placements and the bots' choices come from {@code play} (a seed makes the
 * game repeatable); keys, commitments and paddings come from {@code secrets}.
 */
public final class BotGame {
    private final LocalGame game;

    public BotGame(MahjongParameters params, List<String> names, RandomGenerator play, RandomGenerator secrets) {
        this.game = new LocalGame(params, names, List.of(Seat.bot(play), Seat.bot(play)), play, secrets);
    }

    /** Plays to the end (both reveals, or a cheat caught). */
    public BotGame play() throws ProtocolViolation {
        game.play();
        return this;
    }

    /** The same game seen through its seats (bots never resign nor leave). */
    public LocalGame game() {
        return game;
    }

    /** What {@code seat} knows now: its placement and the public position. */
    public PlayerView view(int seat) {
        return game.view(seat);
    }

    public MahjongParty party(int seat) {
        return game.party(seat);
    }

    public Placement placement(int seat) {
        return game.placement(seat);
    }

    public String name(int seat) {
        return game.name(seat);
    }

    public MahjongParameters parameters() {
        return game.parameters();
    }

    public MahjongShogiRules rules() {
        return game.rules();
    }

    /** The transcript seat 0 kept. */
    public List<Envelope> transcript() {
        return game.transcript();
    }

    /** What either seat refused. */
    public List<Party.Rejected> refused() {
        return game.refused();
    }
}
