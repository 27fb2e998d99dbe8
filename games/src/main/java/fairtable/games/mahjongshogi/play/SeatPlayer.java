package fairtable.games.mahjongshogi.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * One seat of a mahjong-shogi/v1 game decided by any {@link Seat} (a bot, a person), for a driver over a real
 * transport (net's session layer, whose actor is {@code seatPlayer::act}). With {@code Seat.bot} it is a bot.
 */
public final class SeatPlayer {
    private final MahjongShogiRules rules;
    private final Placement placement;
    private final Seat seat;
    private final MahjongParty party;
    // The public position after the first {@code told} moves, each of which the seat has been told about.
    private MahjongShogiState position;
    private int told;
    private boolean resigned;
    private String left;

    /** {@code play} draws the placement (and nothing else); {@code secrets} the keys and commitments. */
    public SeatPlayer(MahjongParameters params, int seatNumber, String name, SigningKey key, RandomGenerator play,
            RandomGenerator secrets, Seat seat) {
        this.rules = ProtocolRules.rules(params);
        this.placement = Placement.random(seatNumber, ProtocolRules.tileSet(params), play);
        this.seat = Objects.requireNonNull(seat);
        this.party = MahjongParty.create(params, seatNumber, name, key, ProtocolRules.kindBySquare(placement), secrets);
    }

    private SeatPlayer(MahjongParty party, Seat seat) {
        this.rules = ProtocolRules.rules(party.parameters());
        this.placement = placementOf(party);
        this.seat = Objects.requireNonNull(seat);
        this.party = party;
    }

    /** The placement {@code party} committed to, read back from it. */
    static Placement placementOf(MahjongParty party) {
        Map<Square, Integer> kinds = new TreeMap<>();
        party.placement().forEach((square, kind) -> kinds.put(Square.ofIndex(square), kind));
        return Placement.of(party.seat(), ProtocolRules.tileSet(party.parameters()), kinds);
    }

    /**
     * The seat taking over a party already under way, e.g. one restored from a journal; the seat is told again
     * every move made so far.
     */
    public static SeatPlayer resume(MahjongParty party, Seat seat) {
        return new SeatPlayer(party, seat);
    }

    /**
     * Tells the seat about every move completed since the last call (battles once confirmed), then, if it is this
     * seat's move, asks it: its move or its resignation is returned to send; after it has left, nothing more.
     */
    public List<Envelope> act() {
        if (left != null || !party.isStarted() || !party.observer().isSetUp()) {
            return List.of();
        }
        tell();
        if (!party.isMyTurn()) {
            return List.of();
        }
        Seat.Choice choice = seat.choose(PlayerView.of(position, placement)); // every move told: the whole position
        if (choice instanceof Seat.Play p) {
            return party.move(p.move().from().index(), p.move().to().index());
        }
        if (choice instanceof Seat.Resign) {
            resigned = true;
            return party.resign();
        }
        left = ((Seat.Leave) choice).reason();
        return List.of();
    }

    private void tell() {
        MahjongObserver observer = party.observer();
        if (position == null) {
            position = PlayerView.startState(observer, rules);
        }
        List<MahjongObserver.Played> moves = observer.moves();
        while (told < moves.size()) {
            MahjongObserver.Played p = moves.get(told);
            Move move = new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to()));
            MahjongShogiState next = position.apply(move);
            if (p.battle() >= 0) {
                MahjongObserver.Battle b = observer.battles().get(p.battle());
                if (!b.isConfirmed()) {
                    return; // told once its result is known
                }
                next = next.resolveBattle(ProtocolRules.battleResult(b.result(), b.attackerKingLost(), b.defenderKingLost()));
            }
            position = next;
            told++;
            seat.moved(p.seat(), move, PlayerView.of(position, placement));
        }
    }

    /** What this seat knows now: its placement and the public position. */
    public PlayerView view() {
        return PlayerView.of(party.observer(), rules, placement);
    }

    /** Whether this seat resigned (revealed early). */
    public boolean resigned() {
        return resigned;
    }

    /** Why this seat stopped taking part, if it did. */
    public Optional<String> left() {
        return Optional.ofNullable(left);
    }

    public MahjongParty party() {
        return party;
    }

    public Placement placement() {
        return placement;
    }
}
