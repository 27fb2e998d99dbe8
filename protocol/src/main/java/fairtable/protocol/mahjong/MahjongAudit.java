package fairtable.protocol.mahjong;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.mahjong.MahjongMessage.Reveal;
import fairtable.protocol.mahjong.MahjongMessage.Setup;
import fairtable.protocol.mahjong.MahjongObserver.Battle;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end-of-game verification of seed 003 §4, made third-party: replay the public checks, open every
 * commitment, check that each placement obeys the tile set, then for every battle, with both players' revealed
 * keys, that the row is the attacker's true row under one key, the pick is the defender's true column under its
 * key, the strip removes exactly the attacker's key, the announced result is t(kind(a), kind(b)), and both king
 * flags are true. The first false message, in transcript order, names its author.
 *
 * <p>A refused message kept as evidence convicts its signer if it fits the chain where it claims to and breaks
 * the protocol there. The audit cannot force a loser to reveal; a missing reveal is named as such.
 */
public final class MahjongAudit implements ProtocolAudit {
    @Override
    public String protocol() {
        return MahjongParameters.PROTOCOL;
    }

    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        try {
            MahjongParameters params = ProtocolAudit.parameters(transcript, MahjongParameters::fromBytes);
            ProtocolAudit.requireTwoPlayers(transcript);
            List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
            MahjongObserver observer = new MahjongObserver(params, names);
            ProtocolAudit.walk(transcript, refused, observer::parse, e -> observer.apply(observer.parse(e)));
            return verify(params, observer, names, transcript.sessionId());
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    private static AuditVerdict verify(MahjongParameters params, MahjongObserver observer, List<String> names,
            byte[] session) throws ProtocolViolation {
        for (int seat = 0; seat < 2; seat++) {
            if (observer.setup(seat).isEmpty()) {
                throw new ProtocolViolation(observer.nextStep(), names.get(seat), "the transcript ends before its setup");
            }
        }
        for (int seat = 0; seat < 2; seat++) {
            if (!observer.hasRevealed(seat)) {
                throw new ProtocolViolation(observer.nextStep(), names.get(seat),
                        "did not reveal its battle keys and openings, so its moves cannot be verified");
            }
        }
        int[][] kinds = new int[2][];
        for (int seat = 0; seat < 2; seat++) {
            kinds[seat] = open(params, observer, names, session, seat);
        }
        for (Battle b : observer.battles()) {
            checkBattle(params, observer, names, session, kinds, b);
        }
        MahjongObserver.Outcome outcome = observer.outcome().orElseThrow();
        Map<String, List<Integer>> holdings = new LinkedHashMap<>();
        for (int seat = 0; seat < 2; seat++) {
            List<Integer> list = new ArrayList<>();
            for (int k : kinds[seat]) {
                list.add(k);
            }
            holdings.put(names.get(seat), list);
        }
        String winner = outcome.winner() < 0 ? "no winner" : "winner " + names.get(outcome.winner());
        return AuditVerdict.verified(params.mode().modeName() + " mode, " + observer.movesMade() + " moves, "
                + observer.battles().size() + " battles, " + winner + " (" + outcome.reason()
                + "); every commitment, row, pick, strip, result and king flag checked", holdings);
    }

    /** The kinds of {@code seat}'s tiles by id, from its openings, checked against the tile set. */
    private static int[] open(MahjongParameters params, MahjongObserver observer, List<String> names, byte[] session,
            int seat) throws ProtocolViolation {
        Setup setup = observer.setup(seat).orElseThrow();
        Reveal reveal = observer.reveal(seat);
        int step = observer.revealStep(seat);
        int[] kinds = new int[setup.squares().size()];
        int[] counts = new int[MahjongTable.KINDS + 1];
        for (int id = 0; id < kinds.length; id++) {
            int square = setup.squares().get(id);
            byte[] commitment = setup.commitments().get(id);
            byte[] opening = reveal.openings().get(id);
            int kind = params.mode() == MahjongMode.FAITHFUL
                    ? TileCommitments.openRsa(setup.rsaModulus(), commitment, opening)
                    : TileCommitments.openHash(session, seat, square, commitment, opening);
            if (kind < 0) {
                throw new ProtocolViolation(step, names.get(seat), "the opening of its tile on "
                        + MahjongObserver.squareName(square) + " does not open its commitment to a kind");
            }
            kinds[id] = kind;
            counts[kind]++;
        }
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            if (counts[k] != params.counts().get(k - 1)) {
                throw new ProtocolViolation(step, names.get(seat), "its placement has " + counts[k] + " tiles of kind "
                        + k + ", the tile set has " + params.counts().get(k - 1) + ": every move it made broke the rules");
            }
        }
        return kinds;
    }

    private static void checkBattle(MahjongParameters params, MahjongObserver observer, List<String> names,
            byte[] session, int[][] kinds, Battle b) throws ProtocolViolation {
        String attacker = names.get(b.attacker);
        String defender = names.get(b.defender());
        int x = kinds[b.attacker][b.attackerTile];
        int y = kinds[b.defender()][b.defenderTile];
        ObliviousLookup lookup = new ObliviousLookup(params, session, b.number);
        CommutativeKey alpha = key(params, observer, b.attacker, b.number, attacker, b.attackStep);
        for (int k = 1; k <= MahjongTable.KINDS; k++) {
            Element plain = alpha.decrypt(b.row.get(k - 1));
            if (lookup.decodeEntry(k, plain) != MahjongTable.t(x, k)) {
                throw new ProtocolViolation(b.attackStep, attacker, "entry " + k + " of its row in battle " + (b.number + 1)
                        + " is not t(" + x + ", " + k + ") under its revealed key");
            }
        }
        if (b.pick == null) {
            return;
        }
        CommutativeKey beta = key(params, observer, b.defender(), b.number, defender, b.pickStep);
        if (!b.pick.equals(beta.encrypt(b.row.get(y - 1)))) {
            throw new ProtocolViolation(b.pickStep, defender, "its pick in battle " + (b.number + 1)
                    + " is not the column of its tile's kind " + y + " under its revealed key");
        }
        if (b.strip == null) {
            return;
        }
        if (!b.strip.equals(alpha.decrypt(b.pick))) {
            throw new ProtocolViolation(b.stripStep, attacker, "its strip in battle " + (b.number + 1)
                    + " does not remove exactly its revealed key");
        }
        if (b.result() < 0) {
            return;
        }
        int truth = MahjongTable.t(x, y);
        if (b.result() != truth) {
            throw new ProtocolViolation(b.resultStep, defender, "announced result " + b.result() + " in battle "
                    + (b.number + 1) + ", but t(" + x + ", " + y + ") = " + truth);
        }
        boolean defenderKing = y == params.kingKind() && MahjongTable.defenderRemoved(truth);
        if (b.defenderKingLost != defenderKing) {
            throw new ProtocolViolation(b.resultStep, defender, "said its king " + (defenderKing ? "survived" : "fell")
                    + " in battle " + (b.number + 1) + "; its tile was of kind " + y);
        }
        if (!b.isConfirmed()) {
            return;
        }
        boolean attackerKing = x == params.kingKind() && MahjongTable.attackerRemoved(truth);
        if (b.attackerKingLost != attackerKing) {
            throw new ProtocolViolation(b.confirmStep, attacker, "said its king " + (attackerKing ? "survived" : "fell")
                    + " in battle " + (b.number + 1) + "; its tile was of kind " + x);
        }
    }

    /** The key {@code seat} used in battle {@code number}: its revealed keys follow the battles it took part in. */
    private static CommutativeKey key(MahjongParameters params, MahjongObserver observer, int seat, int number,
            String who, int step) throws ProtocolViolation {
        int index = 0;
        for (Battle b : observer.battles()) {
            if (b.number == number) {
                break;
            }
            if (b.attacker == seat || b.pick != null) {
                index++;
            }
        }
        BigInteger exponent = observer.reveal(seat).keys().get(index);
        try {
            return CommutativeKey.of(params.group(), exponent);
        } catch (IllegalArgumentException e) {
            throw new ProtocolViolation(step, who, "its revealed key for battle " + (number + 1) + " is no key");
        }
    }
}
