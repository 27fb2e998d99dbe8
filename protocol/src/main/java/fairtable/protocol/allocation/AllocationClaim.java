package fairtable.protocol.allocation;

import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.hash.Hashes;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An institution's claim of its own numbers after an allocation: a signed {@link Envelope} that would follow
 * the allocation's last message (same session, next number, the last message's hash as its previous hash),
 * of type {@value #TYPE}, whose body lists each claimed number with the institution's own decryption share
 * of that position and its Chaum–Pedersen proof. The proofs are bound to the allocation's session, to
 * SHA-256("fairtable/allocation/claim/v1", last hash) in place of the transcript hash (so no share of a claim
 * can pass for a message of the draw) and to the claimant.
 *
 * <p>With the transcript, anyone can check it ({@link #check}): the shares complete the others' public
 * shares, so each position reads as exactly one number, and the claim stands only if that is the number
 * claimed. A claim that names another number, or whose share was not made with the claimant's deck key, is
 * refused naming the claimant; a claim not signed by the institution it names proves nothing about it.
 */
public final class AllocationClaim {
    public static final String TYPE = "claim";
    private static final String DOMAIN = "fairtable/allocation/claim/v1";

    private AllocationClaim() {}

    /** The institution and the numbers a claim proves. */
    public record Confirmed(int seat, String institution, List<Integer> numbers) {}

    /** One claimed number and the share that proves it. */
    record Entry(int number, DecryptionShare share) {}

    static Envelope make(AllocationObserver observer, Transcript transcript, int seat, SigningKey key, KeyPair elgamal,
            List<Integer> numbers, RandomGenerator random) {
        ProofContext context = context(observer, transcript.head(), seat);
        List<Integer> positions = observer.parameters().positionsOf(seat);
        WireWriter w = new WireWriter().u32(positions.size());
        for (int i = 0; i < positions.size(); i++) {
            w.u32(numbers.get(i)).fixed(elgamal.decryptionShare(observer.deck().deck().get(positions.get(i)), context,
                    random).encode());
        }
        return Envelope.sign(key, transcript.sessionId(), transcript.size(), transcript.head(), seat,
                observer.nextStep(), TYPE, w.toBytes());
    }

    private static ProofContext context(AllocationObserver observer, byte[] head, int seat) {
        return observer.context(Hashes.sha256(DOMAIN, head), seat);
    }

    /**
     * Checks {@code claim} against a complete allocation transcript.
     *
     * @return the claimant and its numbers, if every share verifies and reads as the number claimed
     * @throws ProtocolViolation naming the claimant and why the claim is refused (or, for a claim not signed by
     *                           the institution it names, saying so without blaming it)
     */
    public static Confirmed check(Transcript transcript, Envelope claim) throws ProtocolViolation {
        AllocationObserver observer = AllocationObserver.replay(transcript);
        if (!observer.isDone()) {
            throw new ProtocolViolation(observer.nextStep(), observer.nameOf(observer.awaitedSeat().orElse(0)),
                    "the allocation is not complete (awaiting " + observer.awaiting() + "), so no claim can be checked");
        }
        int seat = claim.sender();
        int institutions = observer.parameters().institutions();
        if (seat >= institutions) {
            throw new ProtocolViolation(claim.step(), "seat " + seat, "there is no seat " + seat + " in this allocation");
        }
        String who = observer.nameOf(seat);
        if (!claim.isSignedBy(transcript.hellos().get(seat).key())) {
            throw new ProtocolViolation(claim.step(), "nobody", "the claim in " + who + "'s name is not signed by "
                    + who + "'s key: it proves nothing, and nothing against " + who);
        }
        if (!Arrays.equals(claim.session(), transcript.sessionId()) || claim.seq() != transcript.size()
                || !Arrays.equals(claim.prev(), transcript.head()) || !TYPE.equals(claim.type())) {
            throw new ProtocolViolation(claim.step(), who, "its claim is not about this allocation (another session, "
                    + "or it does not follow the last message)");
        }
        List<Entry> entries;
        try {
            entries = decode(claim.body(), observer.parameters().each());
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(claim.step(), who, "its claim is malformed: " + e.getMessage());
        }
        ProofContext context = context(observer, transcript.head(), seat);
        List<Integer> positions = observer.parameters().positionsOf(seat);
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            int p = positions.get(i);
            Entry entry = entries.get(i);
            if (!entry.share().verify(observer.deck().publicKey(seat), observer.deck().deck().get(p), context)) {
                throw new ProtocolViolation(claim.step(), who, "its claim is false: the share for its number "
                        + entry.number() + " was not made with its deck key for that position");
            }
            List<DecryptionShare> all = observer.othersShares(p, seat);
            all.add(entry.share());
            int read = observer.deck().parameters().cardOf(observer.deck().deck().get(p).decrypt(all)) + 1;
            if (read != entry.number()) {
                throw new ProtocolViolation(claim.step(), who, "its claim is false: it claims " + entry.number()
                        + " where the transcript and its own share read " + read);
            }
            numbers.add(read);
        }
        return new Confirmed(seat, who, List.copyOf(numbers));
    }

    private static List<Entry> decode(byte[] body, int expected) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        int n = r.count(Integer.MAX_VALUE, "the number of claimed numbers");
        if (n != expected) {
            throw new MalformedMessageException(n + " numbers claimed where the allocation dealt " + expected);
        }
        List<Entry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int number = r.count(Integer.MAX_VALUE, "a claimed number");
            try {
                out.add(new Entry(number, DecryptionShare.decode(r.fixed(DecryptionShare.ENCODED_LENGTH, "a share"))));
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException("the share of claimed number " + number + ": " + e.getMessage());
            }
        }
        r.end();
        return out;
    }
}
