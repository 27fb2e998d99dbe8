package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.games.mahjongshogi.play.ProtocolRules;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * Mahjong Shogi (mahjong-shogi/v1) by mail. The user types each move on their turn ({@code mail move}); the
 * battle's messages (pick, strip, result, confirmation) and the reveals at the end are answered by every
 * {@code receive}. The hidden placement is drawn at random when the game is created or joined and lives only in
 * the party's state, which is in the signed journal.
 */
final class MahjongShogiByMail implements MailGame<MahjongParty> {
    static final String NAME = "mahjong-shogi";
    static final String RESIGN = "resign";

    static final class MahjongRules implements CorrespondenceGame.Rules<MahjongParty> {
        @Override
        public MahjongParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return MahjongParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(MahjongParty party) {
            return List.of();
        }

        @Override
        public boolean awaitsUser(MahjongParty party) {
            return party.isMyTurn();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String protocol() {
        return MahjongParameters.PROTOCOL;
    }

    @Override
    public CorrespondenceGame.Rules<MahjongParty> rules() {
        return new MahjongRules();
    }

    @Override
    public MahjongParty start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        choices.refuse(NAME, choices.cards(), "--cards");
        choices.refuse(NAME, choices.each(), "--each");
        MahjongParameters params = MahjongParameters.standard(
                MahjongMode.byName(choices.mode() != null ? choices.mode() : MahjongMode.DEFAULT.modeName()));
        if (choices.moveLimit() != null) {
            params = params.withMoveLimit(choices.moveLimit());
        }
        return create(params, 0, me, key, choices.seed(), secrets);
    }

    @Override
    public MahjongParty join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        return create(MahjongParameters.fromBytes(hello.parameters()), 1, me, key, choices.seed(), secrets);
    }

    /** A party with a random placement; {@code seed} (for tests) draws the placement only, never a secret key. */
    private static MahjongParty create(MahjongParameters params, int seat, String me, SigningKey key, Long seed,
            SecureRandom secrets) {
        RandomGenerator placing = seed != null ? new SplittableRandom(seed) : secrets;
        Placement placement = Placement.random(seat, ProtocolRules.tileSet(params), placing);
        return MahjongParty.create(params, seat, me, key, ProtocolRules.kindBySquare(placement), secrets);
    }

    @Override
    public String describe(MahjongParty party, String me) {
        return party.parameters() + ", you are " + me + " (seat " + party.seat() + ", "
                + (party.seat() == 0 ? "moves first from ranks 1-3" : "moves second from ranks 7-9") + ")";
    }

    @Override
    public List<String> warnings(MahjongParty party) {
        return party.parameters().mode() == MahjongMode.FAITHFUL
                ? List.of("WARNING: the faithful mode is INSECURE on purpose (every battle leaks a bit of the hidden tile);"
                        + " it is for demonstration only.")
                : List.of();
    }

    @Override
    public java.util.Optional<String> insecureMode(MahjongParty party) {
        return party.parameters().mode() == MahjongMode.FAITHFUL ? java.util.Optional.of(MahjongMode.FAITHFUL.modeName())
                : java.util.Optional.empty();
    }

    /** The user's own placement as the rules engine takes it; it is part of the party's journaled state. */
    static Placement placement(MahjongParty party) {
        Map<Square, Integer> kinds = new TreeMap<>();
        party.placement().forEach((square, kind) -> kinds.put(Square.ofIndex(square), kind));
        return Placement.of(party.seat(), ProtocolRules.tileSet(party.parameters()), kinds);
    }

    @Override
    public String view(MahjongParty party) {
        if (!party.isStarted() || !party.observer().isSetUp()) {
            return "Your tiles are placed; the board shows once both setups are exchanged.\n";
        }
        MahjongObserver observer = party.observer();
        String me = party.transcript().nameOf(party.seat());
        String opponent = party.transcript().nameOf(1 - party.seat());
        PlayerView view = PlayerView.of(observer, ProtocolRules.rules(party.parameters()), placement(party));
        StringBuilder out = new StringBuilder();
        out.append("Your board (your tiles by kind, ").append(opponent).append("'s hidden as ??):\n");
        out.append(view.render(me, opponent));
        out.append(summary(party));
        if (party.isMyTurn()) {
            List<String> steps = new ArrayList<>();
            List<String> attacks = new ArrayList<>();
            for (int[] m : observer.legalMoves(party.seat())) {
                String text = MahjongObserver.squareName(m[0]) + "-" + MahjongObserver.squareName(m[1]);
                (observer.ownerAt(m[1]) == 1 - party.seat() ? attacks : steps).add(text);
            }
            out.append("YOUR MOVE. Legal moves: ").append(steps.isEmpty() ? "(none)" : String.join(" ", steps)).append('\n');
            out.append("Attacks (a battle against a hidden tile): ")
                    .append(attacks.isEmpty() ? "(none)" : String.join(" ", attacks)).append('\n');
        }
        return out.toString();
    }

    /** Public facts only (moves, battles, the result): no kind of the user's tiles. */
    @Override
    public String summary(MahjongParty party) {
        if (!party.isStarted() || !party.observer().isSetUp()) {
            return "";
        }
        MahjongObserver observer = party.observer();
        StringBuilder out = new StringBuilder();
        List<MahjongObserver.Played> moves = observer.moves();
        out.append("Moves made: ").append(observer.movesMade()).append(" of ").append(party.parameters().moveLimit())
                .append(", battles: ").append(observer.battles().size());
        if (!moves.isEmpty()) {
            MahjongObserver.Played last = moves.get(moves.size() - 1);
            out.append("; last move: ").append(party.transcript().nameOf(last.seat())).append(' ')
                    .append(MahjongObserver.squareName(last.from())).append('-').append(MahjongObserver.squareName(last.to()));
        }
        out.append(".\n");
        List<MahjongObserver.Battle> battles = observer.battles();
        if (!battles.isEmpty() && battles.get(battles.size() - 1).isConfirmed()) {
            MahjongObserver.Battle b = battles.get(battles.size() - 1);
            String verdict = switch (ProtocolRules.outcome(b.result())) {
                case ATTACKER_WINS -> "the attacker won";
                case DEFENDER_WINS -> "the defender won";
                case BOTH_REMOVED -> "both tiles removed (equal kinds)";
            };
            out.append("Last battle: ").append(party.transcript().nameOf(b.attacker)).append(" attacked ")
                    .append(MahjongObserver.squareName(b.to)).append(" from ").append(MahjongObserver.squareName(b.from))
                    .append(": ").append(verdict).append(".\n");
        }
        observer.outcome().ifPresent(o -> out.append("Result: ")
                .append(o.winner() < 0 ? "a draw" : party.transcript().nameOf(o.winner()) + " wins")
                .append(" (").append(o.reason()).append(").\n"));
        return out.toString();
    }

    @Override
    public List<Envelope> move(MahjongParty party, String text) {
        if (!party.isMyTurn()) {
            throw new IllegalStateException("it is not your move: awaiting " + party.awaiting());
        }
        if (RESIGN.equals(text.strip())) {
            return party.resign();
        }
        Move move;
        try {
            move = Move.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("illegal move '" + text.strip() + "': " + e.getMessage());
        }
        int from = move.from().index();
        int to = move.to().index();
        MahjongObserver observer = party.observer();
        String why = observer.ownerAt(from) != party.seat() ? "you have no tile on " + move.from()
                : observer.ownerAt(to) == party.seat() ? "your own tile stands on " + move.to()
                : null;
        if (why != null) {
            throw new IllegalArgumentException("illegal move " + move + ": " + why);
        }
        return party.move(from, to);
    }
}
