package fairtable.games.mahjongshogi.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.MahjongShogiBot;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One seat of a mahjong-shogi/v1 game played by a {@link MahjongShogiBot}, for a driver over a real transport
 * (net's PartyRunner, whose actor is {@code botPlayer::act}): after every step, if it is this seat's move, the bot
 * chooses from this seat's {@link PlayerView}.
 */
public final class BotPlayer {
    private final MahjongShogiRules rules;
    private final Placement placement;
    private final MahjongShogiBot bot;
    private final MahjongParty party;

    /** {@code play} drives the placement and the bot's choices; {@code secrets} the keys and commitments. */
    public BotPlayer(MahjongParameters params, int seat, String name, SigningKey key, RandomGenerator play,
            RandomGenerator secrets) {
        this.rules = ProtocolRules.rules(params);
        this.placement = Placement.random(seat, ProtocolRules.tileSet(params), play);
        this.bot = new MahjongShogiBot(placement, play);
        this.party = MahjongParty.create(params, seat, name, key, ProtocolRules.kindBySquare(placement), secrets);
    }

    private BotPlayer(MahjongParty party, RandomGenerator play) {
        this.rules = ProtocolRules.rules(party.parameters());
        Map<Square, Integer> kinds = new TreeMap<>();
        party.placement().forEach((square, kind) -> kinds.put(Square.ofIndex(square), kind));
        this.placement = Placement.of(party.seat(), ProtocolRules.tileSet(party.parameters()), kinds);
        this.bot = new MahjongShogiBot(placement, play);
        this.party = party;
    }

    /** The bot taking over a party already under way, e.g. one restored from a journal. */
    public static BotPlayer resume(MahjongParty party, RandomGenerator play) {
        return new BotPlayer(party, play);
    }

    /** This seat's move if it is its turn, else nothing. */
    public List<Envelope> act() {
        if (!party.isMyTurn()) {
            return List.of();
        }
        Move move = bot.choose(view().state());
        return party.move(move.from().index(), move.to().index());
    }

    public PlayerView view() {
        return PlayerView.of(PlayerView.publicState(party.observer(), rules), placement);
    }

    public MahjongParty party() {
        return party;
    }

    public Placement placement() {
        return placement;
    }
}
