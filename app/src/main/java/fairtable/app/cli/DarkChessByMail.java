package fairtable.app.cli;

import fairtable.app.play.TerminalChessPlayer;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.Move;
import fairtable.games.chess.play.ChessSide;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.app.Audits;
import fairtable.games.definitions.Games;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Dark chess (dark-chess/v1) by mail. The user types each move on their turn ({@code mail move e2e4}; {@code e2e4
 * draw} offers a draw with the move, {@code draw} accepts the draw the other side's last move offered, and
 * {@code resign} resigns); the vision
 * rebuild after every ply (padded rounds of oblivious transfer) and the reveals at the end are answered by every
 * {@code receive}, one paste per round. The party's side never chooses a move by itself here
 * ({@link ChessSide#LATER}), so the game stops at the user's turn until they type it.
 */
final class DarkChessByMail implements MailGame<DarkChessParty> {
    static final String NAME = "dark-chess";

    static final class DarkChessRules implements CorrespondenceGame.Rules<DarkChessParty> {
        @Override
        public DarkChessParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return DarkChessParty.restore(snapshot, key, random, bytes -> ChessSide.fromBytes(bytes, ChessSide.LATER));
        }

        @Override
        public DarkChessParty restoreJournaled(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return DarkChessParty.restoreVouched(snapshot, key, random,
                    bytes -> ChessSide.fromBytes(bytes, ChessSide.LATER));
        }

        @Override
        public List<Envelope> act(DarkChessParty party) {
            return List.of();
        }

        @Override
        public boolean awaitsUser(DarkChessParty party) {
            return party.isMyMove();
        }

        @Override
        public List<ProtocolAudit> audits() {
            return Audits.needingGames(Games.ALL);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String protocol() {
        return DarkChessParameters.PROTOCOL;
    }

    @Override
    public CorrespondenceGame.Rules<DarkChessParty> rules() {
        return new DarkChessRules();
    }

    @Override
    public DarkChessParty start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        choices.refuse(NAME, choices.cards(), "--cards");
        choices.refuse(NAME, choices.each(), "--each");
        choices.refuse(NAME, choices.seed(), "--seed");
        DarkChessParameters defaults = DarkChessParameters.defaults();
        DarkChessParameters params = new DarkChessParameters(
                choices.mode() != null ? OtMode.parse(choices.mode()) : defaults.otMode(), defaults.andosModulusBits(),
                choices.moveLimit() != null ? choices.moveLimit() : defaults.maxPlies());
        return DarkChessParty.create(params, 0, me, key, ChessSide.start(Color.WHITE, ChessSide.LATER), secrets);
    }

    @Override
    public DarkChessParty join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        choices.refuse(NAME, choices.seed(), "--seed");
        DarkChessParameters params = DarkChessParameters.fromBytes(hello.parameters());
        int strongest = DarkChessParameters.defaults().andosModulusBits();
        if (params.otMode() == OtMode.ANDOS && params.andosModulusBits() < strongest) {
            // mail new always writes the default; a smaller modulus, which its sender may factor, is crafted.
            throw new MalformedMessageException("an ANDOS modulus of " + params.andosModulusBits() + " bits, weaker than"
                    + " the " + strongest + " bits every mail game of dark chess uses");
        }
        return DarkChessParty.create(params, 1, me, key,
                ChessSide.start(Color.BLACK, ChessSide.LATER), secrets);
    }

    @Override
    public String describe(DarkChessParty party, String me) {
        return party.parameters() + ", you are " + me + " (" + (party.seat() == 0 ? "White, moves first" : "Black")
                + ")";
    }

    @Override
    public List<String> warnings(DarkChessParty party) {
        return List.of();
    }

    @Override
    public String view(DarkChessParty party) {
        if (!(party.side() instanceof ChessSide side)) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        out.append("What you see (your pieces, and the other's only where your pieces see them):\n");
        out.append(BoardRenderer.render(side.view())).append('\n');
        out.append(summary(party));
        if (party.isMyMove()) {
            out.append("YOUR MOVE. Legal moves: ").append(side.legalMoves().stream().map(Move::uci)
                    .collect(Collectors.joining(" "))).append('\n');
            if (side.drawOffered()) {
                out.append("The other side offers a draw: 'draw' accepts it, a move declines it.\n");
            }
            out.append("(or resign; a move followed by 'draw', e.g. e2e4 draw, offers a draw)\n");
        }
        return out.toString();
    }

    /** Public facts only: the plies played and the result. */
    @Override
    public String summary(DarkChessParty party) {
        if (!party.transcript().established()) {
            return "";
        }
        return "Plies played: " + party.plies() + " of at most " + party.parameters().maxPlies()
                + party.result().map(r -> "; result: " + r).orElse("") + ".\n";
    }

    @Override
    public List<Envelope> move(DarkChessParty party, String text) {
        if (!party.isMyMove() || !(party.side() instanceof ChessSide side)) {
            throw new IllegalStateException("it is not your move: awaiting " + party.awaiting());
        }
        String typed = text.strip();
        if (typed.equals(ChessSide.RESIGN_RECORD)) {
            return party.move(s -> ((ChessSide) s).resigning());
        }
        if (typed.equals(ChessSide.DRAW_RECORD)) {
            if (!side.drawOffered()) {
                throw new IllegalArgumentException("no draw is on offer: the other side's last move did not offer one");
            }
            return party.move(s -> ((ChessSide) s).acceptingDraw());
        }
        boolean offering = typed.endsWith(" " + ChessSide.DRAW_RECORD);
        String uci = offering ? typed.substring(0, typed.length() - ChessSide.DRAW_RECORD.length()).strip() : typed;
        Move move;
        try {
            move = Move.parseUci(uci);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + typed + "' is not a move such as e2e4 or e7e8q (or e2e4 draw)");
        }
        List<Move> legal = side.legalMoves();
        if (!legal.contains(move)) {
            throw new IllegalArgumentException(TerminalChessPlayer.whyIllegal(move, side.view(), legal));
        }
        return party.move(s -> offering ? ((ChessSide) s).offeringDraw(move) : ((ChessSide) s).choosing(move));
    }
}
