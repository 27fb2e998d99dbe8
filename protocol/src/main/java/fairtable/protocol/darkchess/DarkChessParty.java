package fairtable.protocol.darkchess;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.ot.AndosTransfer;
import fairtable.crypto.ot.GoldwasserMicaliKey;
import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.Party;
import fairtable.protocol.PartyCore;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Move;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.darkchess.DarkChessMessages.OteMove;
import fairtable.protocol.darkchess.DarkChessMessages.OteReply;
import fairtable.protocol.darkchess.DarkChessMessages.Query;
import fairtable.protocol.darkchess.DarkChessMessages.Reply;
import fairtable.protocol.darkchess.DarkChessMessages.Round;
import fairtable.protocol.darkchess.DarkChessMessages.TableMove;
import fairtable.protocol.darkchess.DarkChessMessages.TableReply;
import fairtable.protocol.darkchess.DarkChessMessages.TableReveal;
import fairtable.protocol.darkchess.DarkChessSide.Moved;
import fairtable.protocol.darkchess.DarkChessSide.Rebuild;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;

/**
 * One of the two players of dark-chess/v1 (seat 0 plays White), as a sans-I/O state machine. Every ply: the mover
 * plays and announces only what the rules make public, both commit to their 64-square board, and each rebuilds its
 * vision by querying the other's offer through 1-out-of-64 oblivious transfer, in rounds whose sizes follow from
 * the public rebuild announcement (so a querier cannot ask more, and the count leaks nothing). At the end both reveal
 * their OT choices, then open every commitment and OT secret for the audit. See docs/dark-chess.md.
 *
 * <p>In the one-round-trip mode ({@link OtMode#OPRF_TABLE}) a ply is three messages instead: the move carries the
 * mover's sealed table and query batch, the reply the other's table, the answer to the mover's batch and its own
 * batch, and the mover's answer closes the ply; see {@link VisionOprf}.
 *
 * <p>The chess lives in a {@link DarkChessSide} from the games layer. A refused message leaves the party unchanged.
 */
public final class DarkChessParty implements Party {
    static final String COMMIT_DOMAIN = "fairtable/dark-chess/v1/board";

    private enum Stage { HELLO, MOVE, REPLY, VISION, REVEAL, DONE }

    private final DarkChessParameters params;
    private final int seat;
    private final RandomGenerator random;
    private final ObliviousTransfer ot;
    private final boolean tableMode;
    private final boolean kkrtMode;
    private GoldwasserMicaliKey andosKey;

    private final PartyCore core;
    private final Transcript transcript;

    private DarkChessSide side;
    private Stage stage = Stage.HELLO;
    private int ply;
    private String result;

    // The vision rebuilds of the current ply.
    private OtSender[] senders;
    private OtReceiver[] receivers;
    private List<DarkChessSide.Round> myRounds;
    private List<DarkChessSide.Round> peerRounds;
    private int myNext;
    private int peerNext;
    private int myOutstandingPhase = -1;
    private byte[] owedAnswer;

    // The one-round-trip rebuild of the current ply (oprf-table).
    private VisionOprf.Key tableKey;
    private VisionOprf.Batch tableBatch;
    private int[] tableIndexes;
    private int tableSize;
    private byte[] peerTableKey;
    private byte[] peerTable;

    // The OT-extension rebuild (ote-table): one sealer (for the peer's queries) and one querier (of the peer's
    // tables) per game, their base OTs exchanged in ply 1; the offsets of this seat's entries in the peer's next
    // sealed table, while it waits for it.
    private KkrtSealer kkrtSealer;
    private KkrtQuerier kkrtQuerier;
    private int[] kkrtOffsets;
    private int kkrtTableSize;

    // Evidence revealed at the end.
    private final List<Commitment.Opening> openings = new ArrayList<>();
    private final List<byte[]> senderStates = new ArrayList<>();
    private final List<byte[]> receiverStates = new ArrayList<>();
    private final List<Commitment> peerCommitments = new ArrayList<>();
    private int peerBatches;
    private int peerSenderSets;
    private boolean choicesSent;
    private boolean peerChoices;
    private boolean openSent;
    private boolean peerOpen;

    private DarkChessParty(DarkChessParameters params, int seat, String name, SigningKey key, DarkChessSide side,
            RandomGenerator random) {
        if (seat != 0 && seat != 1) {
            throw new IllegalArgumentException("seat is 0 (White) or 1 (Black)");
        }
        this.params = params;
        this.seat = seat;
        this.core = new PartyCore(seat, name, key);
        this.transcript = core.transcript();
        this.side = side;
        this.random = random;
        this.tableMode = params.otMode().isTable();
        this.kkrtMode = params.otMode().isKkrt();
        this.ot = tableMode ? null : params.otMode().scheme(params.andosModulusBits());
    }

    /**
     * A new player. {@code side} is this seat's rules knowledge at the start; {@code random} supplies every secret
     * (SecureRandom, except in tests).
     */
    public static DarkChessParty create(DarkChessParameters params, int seat, String name, SigningKey key,
            DarkChessSide side, RandomGenerator random) {
        return new DarkChessParty(params, seat, name, key, side, random);
    }

    @Override
    public List<Envelope> start() {
        return seat == 0 && transcript.size() == 0 ? List.of(sendHello()) : List.of();
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        return core.keepingRefused(e, this::receiveChecked);
    }

    private List<Envelope> receiveChecked(Envelope e) throws ProtocolViolation {
        if (transcript.established()) {
            transcript.requireFit(e);
        }
        if (stage == Stage.DONE) {
            throw core.alreadyOver(e);
        }
        if (!transcript.established()) {
            return receiveHello(e);
        }
        transcript.check(e);
        String peer = transcript.nameOf(1 - seat);
        if (e.sender() != 1 - seat) {
            // Signed with this seat's own key (the transcript checked it): the peer did not make it.
            throw new ProtocolViolation(e.step(), transcript.nameOf(seat), "a message in my own name that I did not send");
        }
        if (e.step() != transcript.size()) {
            throw new ProtocolViolation(e.step(), peer, "step " + e.step() + " where " + transcript.size()
                    + " was due");
        }
        String expected = expectedFromPeer();
        if (expected == null) {
            throw new ProtocolViolation(e.step(), peer, "sent '" + e.type() + "' when it is not its turn to speak");
        }
        if (!e.type().equals(expected)) {
            throw new ProtocolViolation(e.step(), peer, "sent '" + e.type() + "' where '" + expected
                    + "' was due");
        }
        try {
            return switch (e.type()) {
                case DarkChessMessages.MOVE -> kkrtMode ? onOteMove(e, DarkChessMessages.parseOteMove(e.body()))
                        : tableMode ? onTableMove(e, DarkChessMessages.parseTableMove(e.body()))
                        : onMove(e, DarkChessMessages.parseMove(e.body()));
                case DarkChessMessages.REPLY -> kkrtMode ? onOteReply(e, DarkChessMessages.parseOteReply(e.body()))
                        : tableMode ? onTableReply(e, DarkChessMessages.parseTableReply(e.body()))
                        : onReply(e, DarkChessMessages.parseReply(e.body()));
                case DarkChessMessages.ANSWER -> kkrtMode ? onOteAnswer(e, DarkChessMessages.parseOteAnswer(e.body()))
                        : onTableAnswer(e, DarkChessMessages.parseAnswer(e.body()));
                case DarkChessMessages.ROUND -> onRound(e, DarkChessMessages.parseRound(e.body()));
                case DarkChessMessages.CHOICES -> onChoices(e, DarkChessMessages.parseChoices(e.body()));
                default -> onOpen(e, DarkChessMessages.parseOpen(e.body()));
            };
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), peer, "malformed " + e.type() + ": " + m.getMessage());
        } catch (IllegalArgumentException | InvalidOtMessageException bad) {
            throw new ProtocolViolation(e.step(), peer, "refused " + e.type() + ": " + bad.getMessage());
        }
    }

    private List<Envelope> receiveHello(Envelope e) throws ProtocolViolation {
        core.acceptHello(e, DarkChessParameters.PROTOCOL, params.toBytes(), 2, hello -> PartyCore.proposes(hello, " ",
                DarkChessParameters::fromBytes, DarkChessParameters.PROTOCOL + " " + params));
        List<Envelope> out = new ArrayList<>();
        if (seat == 1) {
            out.add(sendHello());
        }
        stage = Stage.MOVE;
        if (seat == 0) {
            sendMove(out);
        }
        return out;
    }

    private Envelope sendHello() {
        return core.sendHello(DarkChessParameters.PROTOCOL, params.toBytes(), 2, random);
    }

    private int mover() {
        return ply % 2;
    }

    /** The type the peer must send next, or null if it is this seat's turn to speak or the game is done. */
    private String expectedFromPeer() {
        return switch (stage) {
            case HELLO, DONE -> null;
            case MOVE -> mover() != seat ? DarkChessMessages.MOVE : null;
            case REPLY -> mover() == seat ? DarkChessMessages.REPLY : null;
            // In the table mode only the mover's other is ever here, waiting for the answer that closes the ply.
            case VISION -> tableMode ? DarkChessMessages.ANSWER : peerSpeaksNext() ? DarkChessMessages.ROUND : null;
            case REVEAL -> {
                if (!peerChoices && (seat == 0 ? choicesSent : true)) {
                    yield DarkChessMessages.CHOICES;
                }
                if (peerChoices && !peerOpen && (seat == 1 || openSent)) {
                    yield DarkChessMessages.OPEN;
                }
                yield null;
            }
        };
    }

    // ---- moving and committing

    /**
     * Whether this seat must move and its side has not chosen the move by itself: a person who types the move
     * between two runs (correspondence) makes it with {@link #move(UnaryOperator)}.
     */
    public boolean isMyMove() {
        return stage == Stage.MOVE && mover() == seat && transcript.established();
    }

    /**
     * Makes this seat's move when {@link #isMyMove()}: {@code choosing} returns this seat's side made able to choose
     * it (in chess, a side holding the move the user typed). Nothing changes unless the move is made.
     *
     * @throws IllegalStateException if it is not this seat's move, or the side still chose none
     * @throws IllegalArgumentException if the side refuses the move it was given (not a legal move)
     */
    public List<Envelope> move(UnaryOperator<DarkChessSide> choosing) {
        if (!isMyMove()) {
            throw new IllegalStateException("it is not my move: awaiting " + awaiting());
        }
        Moved moved;
        try {
            moved = choosing.apply(side).move(random);
        } catch (IllegalStateException refused) {
            throw new IllegalArgumentException(refused.getMessage(), refused);
        }
        if (moved == null) {
            throw new IllegalStateException("the side chose no move");
        }
        List<Envelope> out = new ArrayList<>();
        play(moved, out);
        return out;
    }

    /** Moves if the side chooses a move now; false (nothing sent) if it waits for {@link #move(UnaryOperator)}. */
    private boolean sendMove(List<Envelope> out) {
        Moved moved = side.move(random);
        if (moved == null) {
            return false;
        }
        play(moved, out);
        return true;
    }

    private void play(Moved moved, List<Envelope> out) {
        side = moved.side();
        Commitment commitment = commit();
        boolean over = moved.gameOver().isPresent();
        if (kkrtMode) {
            out.add(seal(DarkChessMessages.MOVE, DarkChessMessages.oteMove(oteMove(moved, commitment, over))));
        } else if (tableMode) {
            TableMove m;
            if (over) {
                m = new TableMove(moved.announcement(), true, commitment.toBytes(), null, null, null, null);
            } else {
                byte[] sealed = newTable();
                DarkChessSide.TableRebuild rebuild = side.startTableRebuild();
                beginTableBatch(rebuild);
                m = new TableMove(moved.announcement(), false, commitment.toBytes(), publishedKey(), sealed,
                        rebuild.announcement(), tableBatch.message());
            }
            out.add(seal(DarkChessMessages.MOVE, DarkChessMessages.tableMove(m)));
        } else {
            Move m;
            if (over) {
                m = new Move(moved.announcement(), true, commitment.toBytes(), List.of(), null);
            } else {
                List<byte[]> setups = newSenders();
                Rebuild rebuild = startRebuild();
                m = new Move(moved.announcement(), false, commitment.toBytes(), setups, rebuild.announcement());
            }
            out.add(seal(DarkChessMessages.MOVE, DarkChessMessages.move(m)));
        }
        if (over) {
            ply++;
            endGame(moved.gameOver().get(), out);
        } else {
            stage = Stage.REPLY;
        }
    }

    private List<Envelope> onMove(Envelope e, Move m) throws ProtocolViolation {
        Moved moved = opponentMoved(e, m.announcement(), m.over());
        List<DarkChessSide.Round> theirRounds = null;
        OtReceiver[] theirOffers = null;
        if (!m.over()) {
            theirRounds = moved.side().peerRounds(m.rebuild());
            theirOffers = receiversFor(m.setups());
        }
        // Accepted: from here on the state changes.
        List<Envelope> out = new ArrayList<>();
        if (acceptMove(e, moved, m.commitment(), out)) {
            return out;
        }
        peerSenderSets++;
        peerRounds = theirRounds;
        receivers = theirOffers;
        Commitment commitment = commit();
        List<byte[]> setups = newSenders();
        Rebuild rebuild = startRebuild();
        Query query = nextQuery();
        out.add(seal(DarkChessMessages.REPLY, DarkChessMessages.reply(
                new Reply(commitment.toBytes(), setups, rebuild.announcement(), query))));
        stage = Stage.VISION;
        continueVision(out);
        return out;
    }

    private List<Envelope> onReply(Envelope e, Reply m) throws ProtocolViolation {
        List<DarkChessSide.Round> theirRounds = side.peerRounds(m.rebuild());
        OtReceiver[] theirOffers = receiversFor(m.setups());
        Answered answered = answerPeer(theirRounds, 0, m.query());
        transcript.append(e);
        peerCommitments.add(Commitment.fromBytes(m.commitment()));
        peerSenderSets++;
        peerRounds = theirRounds;
        receivers = theirOffers;
        acceptPeerQuery(answered);
        stage = Stage.VISION;
        List<Envelope> out = new ArrayList<>();
        continueVision(out);
        return out;
    }

    /** Takes the peer's accepted move and its commitment; true if the move ended the game (then ended here). */
    private boolean acceptMove(Envelope e, Moved moved, byte[] commitment, List<Envelope> out)
            throws ProtocolViolation {
        transcript.append(e);
        side = moved.side();
        peerCommitments.add(Commitment.fromBytes(commitment));
        if (moved.gameOver().isEmpty()) {
            return false;
        }
        ply++;
        endGame(moved.gameOver().get(), out);
        return true;
    }

    /** The peer's move as the side reads it, refused unless the message says whether it ends the game truly. */
    private Moved opponentMoved(Envelope e, byte[] announcement, boolean over) throws ProtocolViolation {
        Moved moved;
        try {
            moved = side.opponentMoved(announcement);
        } catch (DarkChessSide.ContradictsOwnPieces probe) {
            // Refused and waited on, such moves would let the peer ask square after square whether a piece stands there.
            throw stopNamingPeer(e, "its move announcement contradicts my own pieces (" + probe.getMessage() + ")");
        }
        if (moved.gameOver().isPresent() != over) {
            throw new IllegalArgumentException(over ? "claims the game is over, it is not"
                    : "the move ends the game, yet it is not marked so");
        }
        return moved;
    }

    // ---- the OT-extension rebuild (ote-table)

    /**
     * The mover's ote-table move. In ply 1 White sends its base keys and base setup and no query: Black's pieces are
     * public, so White's rebuild needs nobody ({@link DarkChessSide#rebuiltAgainstPublicBoard}).
     */
    private OteMove oteMove(Moved moved, Commitment commitment, boolean over) {
        if (over) {
            return new OteMove(moved.announcement(), true, commitment.toBytes(), null, null, null, null);
        }
        if (ply == 0) {
            kkrtSealer = KkrtSealer.start(VisionKkrt.pairContext(transcript.sessionId(), seat), random);
            kkrtQuerier = KkrtQuerier.start(VisionKkrt.pairContext(transcript.sessionId(), 1 - seat), random);
            DarkChessSide rebuilt = side.rebuiltAgainstPublicBoard();
            if (rebuilt == null) {
                throw new IllegalStateException("White's first rebuild needs Black's public start board");
            }
            side = rebuilt;
            return new OteMove(moved.announcement(), false, commitment.toBytes(), kkrtSealer.baseKeys(),
                    kkrtQuerier.baseSetup(), null, null);
        }
        DarkChessSide.SlottedRebuild mine = side.startSlottedRebuild();
        return new OteMove(moved.announcement(), false, commitment.toBytes(), null, null, mine.announcement(),
                oteQuery(mine));
    }

    /** This seat's query for the peer's next sealed table; its inputs kept for the reveal. */
    private byte[] oteQuery(DarkChessSide.SlottedRebuild mine) {
        int[] inputs = VisionKkrt.inputs(mine.indexes());
        byte[] query = kkrtQuerier.query(VisionKkrt.batchContext(transcript.sessionId(), ply, seat), inputs);
        kkrtOffsets = mine.offsets().clone();
        kkrtTableSize = mine.tableSize();
        receiverStates.add(VisionKkrt.revealInputs(inputs));
        return query;
    }

    /** This seat's table sealed for the peer's last query, over the candidates its announcement allows. */
    private byte[] oteTable(int[][] candidates) {
        return VisionKkrt.seal(kkrtSealer, candidates, side.table());
    }

    /**
     * Checks a message's optional parts against the ply: base keys in ply 1 only; a move's query and a reply's table
     * (for that query) in every later ply only.
     */
    private void requireOteParts(boolean bases, boolean laterPart, String part) {
        if (bases != (ply == 0)) {
            throw new IllegalArgumentException(ply == 0 ? "carries no base keys in ply 1" : "carries base keys after ply 1");
        }
        if (laterPart == (ply == 0)) {
            throw new IllegalArgumentException(ply == 0 ? "carries " + part + " in ply 1, where none is due"
                    : "carries no " + part);
        }
    }

    /** The peer's candidates for its announcement, and its query's instance count checked against them. */
    private static int[][] peerCandidates(DarkChessSide seen, byte[] rebuild, byte[] query) {
        int[][] candidates = seen.peerSlotCandidates(rebuild);
        int instances = VisionKkrt.queryInstances(query);
        if (instances != candidates.length) {
            throw new IllegalArgumentException("a query of " + instances + " instances where the announcement allows "
                    + candidates.length);
        }
        return candidates;
    }

    private List<Envelope> onOteMove(Envelope e, OteMove m) throws ProtocolViolation {
        Moved moved = opponentMoved(e, m.announcement(), m.over());
        KkrtSealer sealer = kkrtSealer;
        KkrtQuerier querier = kkrtQuerier;
        int[][] candidates = null;
        if (!m.over()) {
            requireOteParts(m.baseKeys() != null, m.query() != null, "query");
            if (ply == 0) {
                querier = KkrtQuerier.start(VisionKkrt.pairContext(transcript.sessionId(), 1 - seat), random);
                querier.receiveBaseKeys(m.baseKeys());
                sealer = KkrtSealer.start(VisionKkrt.pairContext(transcript.sessionId(), seat), random);
                sealer.receiveBaseSetup(m.baseSetup());
            } else {
                candidates = peerCandidates(moved.side(), m.rebuild(), m.query());
                receiveOteQuery(e, sealer, m.query());
            }
        }
        // Accepted: from here on the state changes.
        List<Envelope> out = new ArrayList<>();
        if (acceptMove(e, moved, m.commitment(), out)) {
            return out;
        }
        kkrtSealer = sealer;
        kkrtQuerier = querier;
        Commitment commitment = commit();
        byte[] sealed = null;
        if (ply == 0) {
            peerSenderSets = 1;
        } else {
            peerBatches++;
            sealed = oteTable(candidates);
        }
        DarkChessSide.SlottedRebuild mine = side.startSlottedRebuild();
        byte[] query = oteQuery(mine);
        out.add(seal(DarkChessMessages.REPLY, DarkChessMessages.oteReply(new OteReply(commitment.toBytes(),
                ply == 0 ? kkrtSealer.baseKeys() : null, ply == 0 ? kkrtQuerier.baseSetup() : null, sealed,
                mine.announcement(), query))));
        stage = Stage.VISION;
        return out;
    }

    private List<Envelope> onOteReply(Envelope e, OteReply m) throws ProtocolViolation {
        requireOteParts(m.baseKeys() != null, m.table() != null, "table");
        int[][] candidates = peerCandidates(side, m.rebuild(), m.query());
        KkrtSealer sealer = kkrtSealer;
        KkrtQuerier querier = kkrtQuerier;
        DarkChessSide rebuilt = side;
        if (ply == 0) {
            // Copies, so that a refused reply leaves the base OTs as they were.
            querier = KkrtQuerier.restore(kkrtQuerier.state(), random);
            querier.receiveBaseKeys(m.baseKeys());
            sealer = KkrtSealer.restore(kkrtSealer.state());
            sealer.receiveBaseSetup(m.baseSetup());
        } else {
            rebuilt = oteTableAnswered(e, m.table());
        }
        // Last, since an accepted query advances the sealer; a refused one changes nothing, unless it failed the check.
        receiveOteQuery(e, sealer, m.query());
        transcript.append(e);
        peerCommitments.add(Commitment.fromBytes(m.commitment()));
        if (ply == 0) {
            peerSenderSets = 1;
        }
        peerBatches++;
        kkrtSealer = sealer;
        kkrtQuerier = querier;
        side = rebuilt;
        List<Envelope> out = new ArrayList<>();
        out.add(seal(DarkChessMessages.ANSWER, DarkChessMessages.oteAnswer(oteTable(candidates))));
        completePly(out);
        return out;
    }

    /**
     * Hands the peer's query to {@code sealer} (this seat's, or in ply 1 a copy holding the peer's base setup). A query
     * that fails the consistency check stops the game naming the peer, and the failed sealer is kept: whether a bent
     * row passes depends on one bit of this seat's secret s, so a sealer that judged a second query, even on a fresh
     * copy, would give s away a bit per message. No honest query fails it.
     */
    private void receiveOteQuery(Envelope e, KkrtSealer sealer, byte[] query) throws ProtocolViolation {
        try {
            sealer.receiveQuery(VisionKkrt.batchContext(transcript.sessionId(), ply, 1 - seat), query);
        } catch (InvalidOtMessageException refused) {
            if (!sealer.hasFailedCheck()) {
                throw refused;
            }
            kkrtSealer = sealer;
            throw stopNamingPeer(e, "its query failed the OT-extension consistency check, which no honest query fails ("
                    + refused.getMessage() + ")");
        }
    }

    /**
     * Stops the game for good naming the peer, for a cheat this seat sees only through its own secrets: were the
     * message merely refused, the peer could send variant after variant and read those secrets from the refusals.
     */
    private ProtocolViolation stopNamingPeer(Envelope e, String reason) {
        ProtocolViolation cheat = new ProtocolViolation(e.step(), transcript.nameOf(1 - seat), reason
                + "; the game is stopped");
        stage = Stage.DONE;
        core.stop(cheat);
        return cheat;
    }

    private List<Envelope> onOteAnswer(Envelope e, byte[] table) throws ProtocolViolation {
        DarkChessSide rebuilt = oteTableAnswered(e, table);
        transcript.append(e);
        side = rebuilt;
        List<Envelope> out = new ArrayList<>();
        completePly(out);
        return out;
    }

    /**
     * This seat's side with the view its entries of the peer's sealed table open to. A table of another size is
     * refused (its size is public); an entry no honest table holds stops the game ({@link #answeredOrStop}).
     */
    private DarkChessSide oteTableAnswered(Envelope e, byte[] table) throws ProtocolViolation {
        requireTableSize(table, kkrtTableSize);
        return answeredOrStop(e, VisionKkrt.open(kkrtQuerier, table, kkrtOffsets), side::slottedTableAnswered);
    }

    /**
     * The side with the peer's answers to this seat's vision queries (the entries a sealed table opens to, or the
     * items an OT round delivers), in every mode. An answer no honest peer gives stops the game naming the peer:
     * whether this seat refuses depends on what it asked, a secret, so a peer whose spoilt answer was merely refused
     * could send another, spoilt elsewhere, and read this seat's pieces from the refusals. Everything public about
     * the message (sizes, proofs, the OT's framing) is checked before, and refused without a stop.
     */
    private <T> DarkChessSide answeredOrStop(Envelope e, T answers, Function<T, DarkChessSide> answered)
            throws ProtocolViolation {
        try {
            return answered.apply(answers);
        } catch (IllegalArgumentException undecodable) {
            throw stopNamingPeer(e, "its answers to my vision queries hold a value no honest answer holds ("
                    + undecodable.getMessage() + ")");
        }
    }

    // ---- the one-round-trip rebuild (oprf-table)

    private List<Envelope> onTableMove(Envelope e, TableMove m) throws ProtocolViolation {
        Moved moved = opponentMoved(e, m.announcement(), m.over());
        DarkChessSide.TableRebuild mine = null;
        if (!m.over()) {
            VisionOprf.checkPublicKey(m.key());
            VisionOprf.checkBatch(m.batch(), moved.side().peerTableQueries(m.rebuild()));
            mine = moved.side().startTableRebuild();
            requireTableSize(m.table(), mine.tableSize());
        }
        // Accepted: from here on the state changes.
        List<Envelope> out = new ArrayList<>();
        if (acceptMove(e, moved, m.commitment(), out)) {
            return out;
        }
        peerSenderSets++;
        peerBatches++;
        peerTableKey = m.key();
        peerTable = m.table();
        Commitment commitment = commit();
        byte[] sealed = newTable();
        byte[] answer = answerTable(m.batch());
        beginTableBatch(mine);
        out.add(seal(DarkChessMessages.REPLY, DarkChessMessages.tableReply(new TableReply(commitment.toBytes(),
                publishedKey(), sealed, answer, mine.announcement(), tableBatch.message()))));
        stage = Stage.VISION;
        return out;
    }

    private List<Envelope> onTableReply(Envelope e, TableReply m) throws ProtocolViolation {
        VisionOprf.checkPublicKey(m.key());
        VisionOprf.checkBatch(m.batch(), side.peerTableQueries(m.rebuild()));
        requireTableSize(m.table(), tableSize);
        DarkChessSide rebuilt = answeredOrStop(e, VisionOprf.open(tableBatch, m.key(), m.answer(),
                tableContext(transcript.sessionId(), ply, 1 - seat), m.table(), tableIndexes), side::tableAnswered);
        transcript.append(e);
        peerCommitments.add(Commitment.fromBytes(m.commitment()));
        peerSenderSets++;
        peerBatches++;
        side = rebuilt;
        List<Envelope> out = new ArrayList<>();
        out.add(seal(DarkChessMessages.ANSWER, DarkChessMessages.answer(answerTable(m.batch()))));
        completePly(out);
        return out;
    }

    private List<Envelope> onTableAnswer(Envelope e, byte[] answer) throws ProtocolViolation {
        DarkChessSide rebuilt = answeredOrStop(e, VisionOprf.open(tableBatch, peerTableKey, answer,
                tableContext(transcript.sessionId(), ply, 1 - seat), peerTable, tableIndexes), side::tableAnswered);
        transcript.append(e);
        side = rebuilt;
        List<Envelope> out = new ArrayList<>();
        completePly(out);
        return out;
    }

    private static void requireTableSize(byte[] table, int size) {
        if (table.length != size) {
            throw new IllegalArgumentException("a table of " + table.length + " entries where " + size + " are due");
        }
    }

    /** A fresh key for this ply's table, kept for the reveal, and the side's table sealed under it. */
    private byte[] newTable() {
        tableKey = VisionOprf.Key.generate(random);
        senderStates.add(tableKey.secretBytes());
        return VisionOprf.seal(tableKey, side.tableInputs(), side.table());
    }

    private byte[] publishedKey() {
        return tableTamper == null ? tableKey.publicKey() : tableTamper.publicKey(tableKey.publicKey().clone());
    }

    /** Blinds this seat's inputs and keeps what the answer will need and what the reveal will show. */
    private void beginTableBatch(DarkChessSide.TableRebuild rebuild) {
        tableBatch = VisionOprf.blind(rebuild.inputs(), random);
        tableIndexes = rebuild.indexes().clone();
        tableSize = rebuild.tableSize();
        receiverStates.add(tableReveal(tableBatch));
    }

    private static byte[] tableReveal(VisionOprf.Batch batch) {
        return DarkChessMessages.tableReveal(new TableReveal(batch.inputs(),
                batch.blinds().stream().map(Scalar::toByteArray).toList()));
    }

    /** The answer to a batch already checked, under this ply's table key. */
    private byte[] answerTable(byte[] batch) {
        byte[] answer;
        try {
            answer = VisionOprf.answer(tableKey, batch, tableContext(transcript.sessionId(), ply, seat), random);
        } catch (MalformedEncodingException checkedBefore) {
            throw new IllegalStateException("a batch checked on receipt does not decode", checkedBefore);
        }
        return tableTamper == null ? answer : tableTamper.answer(answer.clone());
    }

    /** The proof context of a table answer: the game, the ply and the answering seat, so no answer moves elsewhere. */
    static ProofContext tableContext(byte[] gameSession, int ply, int answerer) {
        return ProofContext.of(gameSession, new byte[] {(byte) (ply >>> 24), (byte) (ply >>> 16), (byte) (ply >>> 8),
                (byte) ply}, new byte[] {(byte) answerer});
    }

    private Commitment commit() {
        Commitment.Committed c = Commitment.commit(COMMIT_DOMAIN, side.board(), random);
        openings.add(c.opening());
        return c.commitment();
    }

    private List<byte[]> newSenders() {
        senders = new OtSender[DarkChessSide.PHASES];
        List<byte[]> setups = new ArrayList<>();
        byte[] session = otSession(transcript.sessionId(), ply, seat);
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            byte[] offer = side.offer(p);
            List<byte[]> items = new ArrayList<>(OtMode.ITEMS);
            for (byte b : offer) {
                items.add(new byte[] {b});
            }
            if (ot instanceof AndosTransfer andos) {
                if (andosKey == null) {
                    andosKey = GoldwasserMicaliKey.generate(params.andosModulusBits(), random);
                }
                senders[p] = andos.newSender(andosKey, items, session, random);
            } else {
                senders[p] = ot.newSender(items, session, random);
            }
            senderStates.add(senders[p].state());
            setups.add(senders[p].setupMessage());
        }
        return setups;
    }

    private OtReceiver[] receiversFor(List<byte[]> setups) {
        OtReceiver[] result = new OtReceiver[DarkChessSide.PHASES];
        byte[] session = otSession(transcript.sessionId(), ply, 1 - seat);
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            result[p] = ot.newReceiver(setups.get(p), session, random);
        }
        return result;
    }

    /** The OT session of one sender's offers in one ply: binds every transfer to its game, ply and sender. */
    static byte[] otSession(byte[] gameSession, int ply, int sender) {
        byte[] s = Arrays.copyOf(gameSession, gameSession.length + 5);
        s[gameSession.length] = (byte) (ply >>> 24);
        s[gameSession.length + 1] = (byte) (ply >>> 16);
        s[gameSession.length + 2] = (byte) (ply >>> 8);
        s[gameSession.length + 3] = (byte) ply;
        s[gameSession.length + 4] = (byte) sender;
        return s;
    }

    private Rebuild startRebuild() {
        Rebuild rebuild = side.startRebuild();
        side = rebuild.side();
        myRounds = rebuild.rounds();
        myNext = 0;
        myOutstandingPhase = -1;
        owedAnswer = null;
        peerNext = 0;
        return rebuild;
    }

    // ---- vision rounds

    private boolean iHaveQueries() {
        return myRounds != null && myNext < myRounds.size();
    }

    private boolean peerHasQueries() {
        return peerRounds != null && peerNext < peerRounds.size();
    }

    /** Whether the peer speaks next: I owe nothing and it owes me an answer or has queries left. */
    private boolean peerSpeaksNext() {
        return owedAnswer == null && (myOutstandingPhase >= 0 || peerHasQueries());
    }

    private Query nextQuery() {
        if (!iHaveQueries()) {
            return null;
        }
        DarkChessSide.Round round = myRounds.get(myNext);
        int[] choices = side.nextChoices();
        if (choices.length != round.size()) {
            throw new IllegalStateException("the side chose " + choices.length + " squares for a round of "
                    + round.size());
        }
        byte[] query = receivers[round.phase()].query(choices);
        receiverStates.add(receivers[round.phase()].state());
        myOutstandingPhase = round.phase();
        myNext++;
        return new Query(round.phase(), query);
    }

    /** An answer computed on a copy of the sender, installed only if the whole message is accepted. */
    private record Answered(int phase, byte[] answer, OtSender advanced) {}

    /** Checks the peer's query against its announced round and answers it on a copy; changes nothing. */
    private Answered answerPeer(List<DarkChessSide.Round> rounds, int index, Query query) {
        boolean due = index < rounds.size();
        if (query == null) {
            if (due) {
                throw new IllegalArgumentException("round " + index + " of its rebuild is missing");
            }
            return null;
        }
        if (!due) {
            throw new IllegalArgumentException("a query beyond its " + rounds.size() + " announced rounds");
        }
        DarkChessSide.Round round = rounds.get(index);
        if (query.phase() != round.phase()) {
            throw new IllegalArgumentException("a query for phase " + query.phase() + " where phase "
                    + round.phase() + " was due");
        }
        int size = OtMode.batchSize(query.message());
        if (size != round.size()) {
            throw new IllegalArgumentException(size + " queries where the padded count is " + round.size());
        }
        OtSender copy = ot.restoreSender(senders[round.phase()].state());
        return new Answered(round.phase(), copy.answer(query.message()), copy);
    }

    private void acceptPeerQuery(Answered answered) {
        if (answered != null) {
            peerBatches++;
            senders[answered.phase()] = answered.advanced();
            peerNext++;
            owedAnswer = answered.answer();
        }
    }

    private List<Envelope> onRound(Envelope e, Round m) throws ProtocolViolation {
        if ((m.answer() != null) != (myOutstandingPhase >= 0)) {
            throw new IllegalArgumentException(m.answer() == null ? "the answer to my query is missing"
                    : "an answer to no query");
        }
        DarkChessSide answeredSide = side;
        OtReceiver finished = null;
        if (m.answer() != null) {
            finished = ot.restoreReceiver(receivers[myOutstandingPhase].state(), random);
            List<byte[]> items = finished.finish(m.answer());
            int[] codes = new int[items.size()];
            for (int i = 0; i < codes.length; i++) {
                codes[i] = items.get(i)[0] & 0xff;
            }
            answeredSide = answeredOrStop(e, codes, side::answered);
        }
        Answered answered = answerPeer(peerRounds, peerNext, m.query());
        transcript.append(e);
        if (finished != null) {
            receivers[myOutstandingPhase] = finished;
            myOutstandingPhase = -1;
            side = answeredSide;
        }
        acceptPeerQuery(answered);
        List<Envelope> out = new ArrayList<>();
        continueVision(out);
        return out;
    }

    /** Speaks while it is this seat's turn in the rounds, then moves on when both rebuilds are complete. */
    private void continueVision(List<Envelope> out) {
        while (stage == Stage.VISION) {
            boolean peerOwes = myOutstandingPhase >= 0;
            if (owedAnswer != null || (iHaveQueries() && !peerOwes)) {
                byte[] answer = owedAnswer;
                owedAnswer = null;
                Query query = iHaveQueries() ? nextQuery() : null;
                out.add(seal(DarkChessMessages.ROUND, DarkChessMessages.round(new Round(answer, query))));
                continue;
            }
            if (peerOwes || peerHasQueries()) {
                return; // the peer speaks
            }
            completePly(out);
        }
    }

    private void completePly(List<Envelope> out) {
        senders = null;
        receivers = null;
        tableKey = null;
        tableBatch = null;
        tableIndexes = null;
        tableSize = 0;
        peerTableKey = null;
        peerTable = null;
        kkrtOffsets = null;
        kkrtTableSize = 0;
        myRounds = null;
        peerRounds = null;
        ply++;
        if (ply >= params.maxPlies()) {
            endGame("draw: the cap of " + params.maxPlies() + " plies was reached", out);
            return;
        }
        stage = Stage.MOVE;
        if (mover() == seat) {
            sendMove(out);
        }
    }

    // ---- the end

    private void endGame(String outcome, List<Envelope> out) {
        result = outcome;
        stage = Stage.REVEAL;
        continueReveal(out);
    }

    private void continueReveal(List<Envelope> out) {
        if (!choicesSent && (seat == 0 || peerChoices)) {
            List<byte[]> revealed = new ArrayList<>();
            if (kkrtSealer != null) {
                revealed.add(kkrtSealer.revealChoices()); // the sealer's s and b_i, before any querier's r
            }
            revealed.addAll(receiverStates);
            if (tamper != null) {
                for (int batch = 0; batch < revealed.size(); batch++) {
                    revealed.set(batch, tamper.revealedReceiverState(batch, revealed.get(batch).clone()));
                }
            }
            out.add(seal(DarkChessMessages.CHOICES, DarkChessMessages.choices(
                    new Choices(side.record(), List.copyOf(revealed)))));
            choicesSent = true;
        }
        if (choicesSent && peerChoices && !openSent && (seat == 0 || peerOpen)) {
            List<byte[]> nonces = new ArrayList<>();
            List<byte[]> boards = new ArrayList<>();
            for (Commitment.Opening o : openings) {
                nonces.add(o.nonce());
                boards.add(o.value());
            }
            List<byte[]> secrets = new ArrayList<>(senderStates);
            if (kkrtQuerier != null) {
                secrets.add(kkrtQuerier.revealSecret());
            }
            if (tableTamper != null) {
                for (int table = 0; table < secrets.size(); table++) {
                    secrets.set(table, tableTamper.revealedKey(table, secrets.get(table).clone()));
                }
            }
            out.add(seal(DarkChessMessages.OPEN, DarkChessMessages.open(new Open(nonces, boards, List.copyOf(secrets)))));
            openSent = true;
        }
        if (openSent && peerOpen) {
            stage = Stage.DONE;
        }
    }

    private List<Envelope> onChoices(Envelope e, Choices m) throws ProtocolViolation {
        int due = peerBatches + (kkrtMode ? peerSenderSets : 0); // ote-table: the sealer's choices first
        if (m.receiverStates().size() != due) {
            throw new IllegalArgumentException("reveals " + m.receiverStates().size() + " OT choices for "
                    + peerBatches + " query batches");
        }
        transcript.append(e);
        peerChoices = true;
        List<Envelope> out = new ArrayList<>();
        continueReveal(out);
        return out;
    }

    private List<Envelope> onOpen(Envelope e, Open m) throws ProtocolViolation {
        int secrets = offersPerSet() * peerSenderSets;
        if (m.nonces().size() != peerCommitments.size() || m.senderStates().size() != secrets) {
            throw new IllegalArgumentException("opens " + m.nonces().size() + " boards and " + m.senderStates().size()
                    + " OT secrets for " + peerCommitments.size() + " commitments and " + secrets + " OT offers");
        }
        for (int i = 0; i < m.nonces().size(); i++) {
            if (!peerCommitments.get(i).isOpenedBy(COMMIT_DOMAIN, new Commitment.Opening(m.nonces().get(i),
                    m.boards().get(i)))) {
                throw new IllegalArgumentException("board commitment " + i + " does not open");
            }
        }
        transcript.append(e);
        peerOpen = true;
        List<Envelope> out = new ArrayList<>();
        continueReveal(out);
        return out;
    }

    /** The secrets revealed per offer: a key per table, or one OT sender state per phase. */
    private int offersPerSet() {
        return tableMode ? 1 : DarkChessSide.PHASES;
    }

    /** Rewrites what this party sends of its table answers: the seam through which tests play a lying answerer. */
    interface TableTamper {
        /** The table key K to send instead of {@code honest} = k·G. */
        default byte[] publicKey(byte[] honest) {
            return honest;
        }

        /** The answer (β's and proof) to send instead of {@code honest}. */
        default byte[] answer(byte[] honest) {
            return honest;
        }

        /** The key k to reveal for table {@code table} (counted from 0) instead of {@code honest}. */
        default byte[] revealedKey(int table, byte[] honest) {
            return honest;
        }
    }

    private TableTamper tableTamper;

    /** Makes this party a lying table answerer; package-private, for the adversarial tests only. Not in the snapshot. */
    void cheatWith(TableTamper tamper) {
        this.tableTamper = tamper;
    }

    /** Rewrites what this party reveals of its OT queries: the seam through which tests play a lying querier. */
    @FunctionalInterface
    interface Tamper {
        /** The receiver state to reveal for query batch {@code batch} (counted from 0) instead of {@code honest}. */
        byte[] revealedReceiverState(int batch, byte[] honest);
    }

    private Tamper tamper;

    /** Makes this party a cheater; package-private, for the adversarial tests only. Not part of the snapshot. */
    void cheatWith(Tamper tamper) {
        this.tamper = tamper;
    }

    private Envelope seal(String type, byte[] body) {
        return core.seal(transcript.size(), type, body);
    }

    // ---- Party

    /** The result once the game is over ("white wins: ...", "draw: ..."), else empty. */
    public Optional<String> result() {
        return Optional.ofNullable(result);
    }

    /** The plies played so far (a ply counts once both rebuilds after it are done, or once it ended the game). */
    public int plies() {
        return ply;
    }

    public DarkChessParameters parameters() {
        return params;
    }

    /** This seat's rules knowledge now (its view, for display). */
    public DarkChessSide side() {
        return side;
    }

    @Override
    public int nextStep() {
        // Every message after the hellos is a step of its own, numbered by its place in the transcript.
        return transcript.established() ? transcript.size() : 0;
    }

    @Override
    public String awaiting() {
        if (stage == Stage.DONE) {
            return core.awaitingUnlessStopped("nothing: the game is over (" + result + ")");
        }
        String expected = expectedFromPeer();
        String peer = transcript.hellos().size() > 1 - seat ? transcript.nameOf(1 - seat) : "the other player";
        if (expected == null) {
            return isMyMove() ? "my move" : "my own turn";
        }
        return "'" + expected + "' from " + peer;
    }

    @Override
    public boolean isFinished() {
        return stage == Stage.DONE;
    }

    /**
     * The cheat that stopped the game, if any: a move announcement that contradicts this seat's own pieces, answers
     * to this seat's vision queries that no honest peer gives ({@link #answeredOrStop}), both in every mode, or an
     * ote-table query that failed the consistency check ({@link #receiveOteQuery}). Every other cheat this party can
     * see is refused on receipt (kept in {@link #rejected()}) and the game waits for an honest message.
     */
    @Override
    public Optional<ProtocolViolation> failure() {
        return core.failure();
    }

    @Override
    public Transcript transcript() {
        return transcript;
    }

    // ---- Serialisation: every private field, then the messages, which rebuild the transcript.

    /**
     * Version 2 added the table rebuild in progress, version 3 the ote-table sealer, querier and offsets and the cheat
     * that stopped the game; versions 1 (rounds only) and 2 still restore.
     */
    private static final int SNAPSHOT_VERSION = 3;
    private static final int MAX_STATE_BYTES = 1 << 24;
    private static final int MAX_ITEMS = 1 << 20;
    private static final int NONE = 255;

    /**
     * This party's whole state as bytes, secrets included (commitment openings, OT states, its side's private
     * knowledge): store it as carefully as a key. The Andos-mode Goldwasser–Micali key is not kept: a restored
     * party generates a fresh one for its later offers (each offer's state carries its own key for the audit).
     */
    @Override
    public byte[] snapshot() {
        WireWriter w = core.snapshotHeader(SNAPSHOT_VERSION, params.toBytes()).u8(stage.ordinal()).u32(ply).u8(result == null ? 0 : 1);
        if (result != null) {
            w.string(result);
        }
        w.blob(side.toBytes());
        w.u8(senders == null ? 0 : 1);
        if (senders != null) {
            for (OtSender sender : senders) {
                w.blob(sender.state());
            }
        }
        w.u8(receivers == null ? 0 : 1);
        if (receivers != null) {
            for (OtReceiver receiver : receivers) {
                w.blob(receiver.state());
            }
        }
        writeRounds(w, myRounds);
        writeRounds(w, peerRounds);
        w.u32(myNext).u32(peerNext).u8(myOutstandingPhase < 0 ? NONE : myOutstandingPhase)
                .u8(owedAnswer == null ? 0 : 1);
        if (owedAnswer != null) {
            w.blob(owedAnswer);
        }
        w.u32(openings.size());
        for (Commitment.Opening o : openings) {
            w.fixed(o.nonce()).blob(o.value());
        }
        w.u32(senderStates.size());
        senderStates.forEach(w::blob);
        w.u32(receiverStates.size());
        receiverStates.forEach(w::blob);
        w.u32(peerCommitments.size());
        peerCommitments.forEach(c -> w.fixed(c.toBytes()));
        w.u32(peerBatches).u32(peerSenderSets).u8((choicesSent ? 1 : 0) | (peerChoices ? 2 : 0) | (openSent ? 4 : 0)
                | (peerOpen ? 8 : 0));
        w.u8((tableKey != null ? 1 : 0) | (tableBatch != null ? 2 : 0) | (peerTable != null ? 4 : 0));
        if (tableKey != null) {
            w.fixed(tableKey.secretBytes());
        }
        if (tableBatch != null) {
            w.blob(tableBatch.message()).blob(tableReveal(tableBatch)).u32(tableSize).u32(tableIndexes.length);
            for (int index : tableIndexes) {
                w.u32(index + 1L);
            }
        }
        if (peerTable != null) {
            w.fixed(peerTableKey).blob(peerTable);
        }
        w.u8((kkrtSealer != null ? 1 : 0) | (kkrtQuerier != null ? 2 : 0) | (kkrtOffsets != null ? 4 : 0));
        if (kkrtSealer != null) {
            w.blob(kkrtSealer.state());
        }
        if (kkrtQuerier != null) {
            w.blob(kkrtQuerier.state());
        }
        if (kkrtOffsets != null) {
            w.u32(kkrtTableSize).u32(kkrtOffsets.length);
            for (int offset : kkrtOffsets) {
                w.u32(offset + 1L);
            }
        }
        core.writeFailure(w);
        core.writeHistory(w);
        return w.toBytes();
    }

    private static void writeRounds(WireWriter w, List<DarkChessSide.Round> rounds) {
        w.u8(rounds == null ? 0 : 1);
        if (rounds != null) {
            w.u32(rounds.size());
            rounds.forEach(r -> w.u8(r.phase()).u32(r.size()));
        }
    }

    private static List<DarkChessSide.Round> readRounds(WireReader r) throws MalformedMessageException {
        if (r.u8() == 0) {
            return null;
        }
        int count = r.count(MAX_ITEMS, "the number of rounds");
        List<DarkChessSide.Round> rounds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rounds.add(new DarkChessSide.Round(r.u8(), r.count(OtMode.ITEMS * 64, "a round's size")));
        }
        return List.copyOf(rounds);
    }

    private static List<byte[]> readBlobs(WireReader r, String what) throws MalformedMessageException {
        int count = r.count(MAX_ITEMS, "the number of " + what);
        List<byte[]> blobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            blobs.add(r.blob(MAX_STATE_BYTES, what));
        }
        return blobs;
    }

    /**
     * Rebuilds a party from {@link #snapshot()}; {@code key} must be the one it was created with, {@code random}
     * supplies fresh secrets from here on, and {@code sides} decodes the side (the rules layer's
     * {@code ChessSide::fromBytes}).
     *
     * @throws MalformedMessageException if the bytes are not a dark-chess snapshot, or their parts do not agree
     */
    public static DarkChessParty restore(byte[] snapshot, SigningKey key, RandomGenerator random,
            DarkChessSide.Decoder sides) throws MalformedMessageException {
        return restore(snapshot, key, random, sides, false);
    }

    /**
     * {@link #restore} for a snapshot its owner signed and the caller has checked that signature (the last entry of
     * the owner's journal): the messages are placed in the chain again but their signatures are not verified again
     * ({@link Transcript#appendVouched}), which was most of the cost of waking a long game. Never for bytes from
     * anyone else.
     */
    public static DarkChessParty restoreVouched(byte[] snapshot, SigningKey key, RandomGenerator random,
            DarkChessSide.Decoder sides) throws MalformedMessageException {
        return restore(snapshot, key, random, sides, true);
    }

    private static DarkChessParty restore(byte[] snapshot, SigningKey key, RandomGenerator random,
            DarkChessSide.Decoder sides, boolean vouched) throws MalformedMessageException {
        WireReader r = new WireReader(snapshot);
        int version = snapshot.length > 0 && snapshot[0] >= 1 && snapshot[0] < SNAPSHOT_VERSION ? snapshot[0]
                : SNAPSHOT_VERSION;
        PartyCore.Header header = PartyCore.readHeader(r, version, "unknown dark-chess snapshot version");
        try {
            DarkChessParameters params = DarkChessParameters.fromBytes(header.parameters());
            int seat = header.seat();
            if (seat > 1) {
                throw new MalformedMessageException("seat " + seat);
            }
            String name = header.name();
            int stageIndex = r.u8();
            if (stageIndex >= Stage.values().length) {
                throw new MalformedMessageException("stage " + stageIndex);
            }
            int ply = r.count(params.maxPlies(), "the ply");
            String result = r.u8() == 0 ? null : r.string(1 << 12, "the result");
            DarkChessSide side = sides.decode(r.blob(MAX_STATE_BYTES, "the side"));
            DarkChessParty p = new DarkChessParty(params, seat, name, key, side, random);
            p.stage = Stage.values()[stageIndex];
            p.ply = ply;
            p.result = result;
            if (r.u8() == 1) {
                p.senders = new OtSender[DarkChessSide.PHASES];
                for (int i = 0; i < DarkChessSide.PHASES; i++) {
                    p.senders[i] = p.ot.restoreSender(r.blob(MAX_STATE_BYTES, "an OT sender"));
                }
            }
            if (r.u8() == 1) {
                p.receivers = new OtReceiver[DarkChessSide.PHASES];
                for (int i = 0; i < DarkChessSide.PHASES; i++) {
                    p.receivers[i] = p.ot.restoreReceiver(r.blob(MAX_STATE_BYTES, "an OT receiver"), random);
                }
            }
            p.myRounds = readRounds(r);
            p.peerRounds = readRounds(r);
            // Between plies the rounds are gone but the counters keep their last values.
            p.myNext = r.count(p.myRounds == null ? MAX_ITEMS : p.myRounds.size(), "my next round");
            p.peerNext = r.count(p.peerRounds == null ? MAX_ITEMS : p.peerRounds.size(), "the peer's next round");
            int outstanding = r.u8();
            if (outstanding != NONE && (outstanding >= DarkChessSide.PHASES || p.receivers == null)) {
                throw new MalformedMessageException("outstanding query phase " + outstanding);
            }
            p.myOutstandingPhase = outstanding == NONE ? -1 : outstanding;
            p.owedAnswer = r.u8() == 0 ? null : r.blob(MAX_STATE_BYTES, "the owed answer");
            int openings = r.count(MAX_ITEMS, "the number of openings");
            for (int i = 0; i < openings; i++) {
                p.openings.add(new Commitment.Opening(r.fixed(Commitment.NONCE_LENGTH, "a nonce"),
                        r.blob(4096, "a committed board")));
            }
            p.senderStates.addAll(readBlobs(r, "OT sender states"));
            p.receiverStates.addAll(readBlobs(r, "OT receiver states"));
            int commitments = r.count(MAX_ITEMS, "the number of peer commitments");
            for (int i = 0; i < commitments; i++) {
                p.peerCommitments.add(Commitment.fromBytes(r.fixed(32, "a peer commitment")));
            }
            p.peerBatches = r.count(MAX_ITEMS, "the peer's query batches");
            p.peerSenderSets = r.count(MAX_ITEMS, "the peer's OT offers");
            int flags = r.u8();
            if (flags > 15) {
                throw new MalformedMessageException("reveal flags " + flags);
            }
            p.choicesSent = (flags & 1) != 0;
            p.peerChoices = (flags & 2) != 0;
            p.openSent = (flags & 4) != 0;
            p.peerOpen = (flags & 8) != 0;
            if (version >= 2) {
                p.readTableRebuild(r);
            }
            if (version >= 3) {
                p.readOteRebuild(r);
                p.core.readFailure(r);
            }
            p.core.readHistory(r, vouched ? p.transcript::appendVouched : p.transcript::append);
            r.end();
            p.checkRestored();
            return p;
        } catch (IllegalArgumentException | InvalidOtMessageException | MalformedEncodingException bad) {
            throw new MalformedMessageException("dark-chess snapshot: " + bad.getMessage());
        }
    }

    private void readTableRebuild(WireReader r) throws MalformedMessageException, MalformedEncodingException {
        int flags = r.u8();
        if (flags > 7 || (flags != 0 && !tableMode)) {
            throw new MalformedMessageException("table flags " + flags);
        }
        if ((flags & 1) != 0) {
            tableKey = VisionOprf.Key.fromSecret(r.fixed(32, "the table key"));
        }
        if ((flags & 2) != 0) {
            byte[] message = r.blob(DarkChessMessages.MAX_BATCH, "the table batch");
            TableReveal reveal = DarkChessMessages.parseTableReveal(r.blob(MAX_STATE_BYTES, "the table batch's secrets"));
            List<Scalar> blinds = new ArrayList<>();
            for (byte[] b : reveal.blinds()) {
                blinds.add(Scalars.decode(b));
            }
            tableBatch = new VisionOprf.Batch(message, reveal.inputs(), List.copyOf(blinds));
            tableSize = r.count(DarkChessMessages.MAX_TABLE, "the table size");
            int n = r.count(DarkChessMessages.MAX_BATCH, "the number of table indexes");
            if (n != reveal.inputs().size() || message.length != n * VisionOprf.POINT) {
                throw new MalformedMessageException("the table batch does not match its secrets");
            }
            tableIndexes = new int[n];
            for (int i = 0; i < n; i++) {
                tableIndexes[i] = r.count(tableSize, "a table index") - 1;
            }
        }
        if ((flags & 4) != 0) {
            peerTableKey = r.fixed(32, "the peer's table key");
            peerTable = r.blob(DarkChessMessages.MAX_TABLE, "the peer's table");
        }
    }

    private void readOteRebuild(WireReader r) throws MalformedMessageException {
        int flags = r.u8();
        if (flags > 7 || (flags != 0 && !kkrtMode)) {
            throw new MalformedMessageException("ote-table flags " + flags);
        }
        if ((flags & 1) != 0) {
            kkrtSealer = KkrtSealer.restore(r.blob(MAX_STATE_BYTES, "the KKRT sealer"));
        }
        if ((flags & 2) != 0) {
            kkrtQuerier = KkrtQuerier.restore(r.blob(MAX_STATE_BYTES, "the KKRT querier"), random);
        }
        if ((flags & 4) != 0) {
            kkrtTableSize = r.count(DarkChessMessages.MAX_TABLE, "the sealed table's size");
            kkrtOffsets = new int[r.count(KkrtQuerier.MAX_INSTANCES, "the number of offsets")];
            for (int j = 0; j < kkrtOffsets.length; j++) {
                kkrtOffsets[j] = r.count(kkrtTableSize, "an offset") - 1;
            }
        }
    }

    /** Cross-checks the restored private fields against the replayed messages, which are signed and chained. */
    private void checkRestored() throws MalformedMessageException {
        if (transcript.size() > 0 && transcript.envelopes().get(0).sender() != 0) {
            throw new MalformedMessageException("the transcript does not open with White's hello");
        }
        if ((stage == Stage.HELLO) == transcript.established()) {
            throw new MalformedMessageException("the stage " + stage + " does not match the transcript");
        }
        if (transcript.established() && !transcript.nameOf(seat).equals(core.name())) {
            throw new MalformedMessageException("the snapshot's name is not this seat's hello");
        }
        int peerBoards = 0;
        int peerOffers = 0;
        int mine = 0;
        for (Envelope e : transcript.envelopes()) {
            boolean peers = e.sender() != seat;
            if (e.type().equals(DarkChessMessages.MOVE) || e.type().equals(DarkChessMessages.REPLY)) {
                if (peers) {
                    peerBoards++;
                    if (e.type().equals(DarkChessMessages.REPLY)) {
                        peerOffers++;
                    } else {
                        try {
                            peerOffers += moveEnded(e.body()) ? 0 : 1;
                        } catch (MalformedMessageException m) {
                            throw new MalformedMessageException("an accepted move does not parse: " + m.getMessage());
                        }
                    }
                } else {
                    mine++;
                }
            }
        }
        if (kkrtMode) {
            // One base exchange a game, not an offer per message: the counts of boards, and the pair with the bases.
            if (peerBoards != peerCommitments.size() || mine != openings.size() || peerSenderSets > 1
                    || (peerSenderSets == 1 && kkrtSealer == null) || (kkrtSealer != null) != (kkrtQuerier != null)) {
                throw new MalformedMessageException("the commitments and base OTs do not match the messages");
            }
        } else if (peerBoards != peerCommitments.size() || peerOffers != peerSenderSets || mine != openings.size()
                || senderStates.size() != offersPerSet() * (mine - (stage.ordinal() >= Stage.REVEAL.ordinal()
                        && result != null && ownMoveEnded() ? 1 : 0))) {
            throw new MalformedMessageException("the commitments and OT offers do not match the messages");
        }
        if (core.hasStopped() ? stage != Stage.DONE || result != null
                : (result != null) != (stage.ordinal() >= Stage.REVEAL.ordinal())) {
            throw new MalformedMessageException((result == null ? "no result" : "a result") + " at stage " + stage
                    + (core.hasStopped() ? " of a stopped game" : ""));
        }
    }

    /** Whether this seat's last move message ended the game (it then made no OT offer). */
    private boolean ownMoveEnded() throws MalformedMessageException {
        List<Envelope> all = transcript.envelopes();
        for (int i = all.size() - 1; i >= 0; i--) {
            Envelope e = all.get(i);
            if (e.sender() == seat && e.type().equals(DarkChessMessages.MOVE)) {
                return moveEnded(e.body());
            }
            if (e.sender() == seat && e.type().equals(DarkChessMessages.REPLY)) {
                return false;
            }
        }
        return false;
    }

    private boolean moveEnded(byte[] body) throws MalformedMessageException {
        return kkrtMode ? DarkChessMessages.parseOteMove(body).over()
                : tableMode ? DarkChessMessages.parseTableMove(body).over() : DarkChessMessages.parseMove(body).over();
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public List<Rejected> rejected() {
        return core.rejected();
    }
}
