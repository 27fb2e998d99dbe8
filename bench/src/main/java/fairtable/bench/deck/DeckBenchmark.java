package fairtable.bench.deck;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.shuffle.Permutation;
import fairtable.crypto.shuffle.ShuffleBatch;
import fairtable.crypto.shuffle.ShuffleProof;
import fairtable.crypto.shuffle.ShuffledDeck;
import fairtable.crypto.shuffle.VerifiableShuffle;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The verifiable deck's costs for one 52-card deck: one player's shuffle with its proof, checking it
 * (from the wire bytes: decoding included, and from decoded objects), a whole shuffle phase, and one
 * decryption share with its Chaum–Pedersen proof, alone and in a batch of 50. Production randomness (SecureRandom). The number of
 * players changes only the joint key's value, so per-operation costs should not depend on it; the
 * whole-phase benchmark scales with it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DeckBenchmark {
    @Param({"2", "6"})
    public int players;

    @Param({"52"})
    public int cards;

    private final SecureRandom rng = new SecureRandom();
    private List<KeyPair> keys;
    private JointKey jointKey;
    private List<Ciphertext> deck;
    private ShuffledDeck shuffled;
    private byte[] shuffledDeckBytes;
    private byte[] proofBytes;
    private ProofContext context;
    private DecryptionShare share;
    private Ciphertext dealt;
    private List<DecryptionShare> batchShares;
    private List<PublicKey> batchKeys;
    private List<SchnorrProof> batchKeyProofs;
    /** A round's decks: decks.get(p) is what seat p shuffled, decks.get(p + 1) what it sent. */
    private List<List<Ciphertext>> roundDecks;
    private List<ShuffleProof> roundProofs;

    @Setup(Level.Trial)
    public void setUp() {
        keys = new ArrayList<>();
        List<PublicKey> publicKeys = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            KeyPair k = KeyPair.generate(rng);
            keys.add(k);
            publicKeys.add(k.publicKey());
        }
        jointKey = JointKey.of(publicKeys);
        context = ProofContext.of("bench-session".getBytes(StandardCharsets.UTF_8), new byte[32],
                "player-0".getBytes(StandardCharsets.UTF_8));
        deck = new ArrayList<>();
        for (int j = 0; j < cards; j++) {
            RistrettoPoint card = Points.hashToGroup("fairtable/bench/card", new byte[] {(byte) j});
            deck.add(Ciphertext.mask(jointKey, card, rng));
        }
        shuffled = VerifiableShuffle.shuffle(jointKey, deck, Permutation.random(cards, rng), context, rng);
        shuffledDeckBytes = Ciphertext.encodeList(shuffled.deck());
        proofBytes = shuffled.proof().encode();
        dealt = shuffled.deck().get(0);
        share = keys.get(0).decryptionShare(dealt, context, rng);
        batchShares = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            byte[] wire = keys.get(0).decryptionShare(shuffled.deck().get(i), context, rng).encodeCommitted();
            try {
                batchShares.add(DecryptionShare.decodeCommitted(wire)); // as a verifier holds it
            } catch (MalformedEncodingException e) {
                throw new IllegalStateException(e);
            }
        }
        batchKeys = new ArrayList<>();
        batchKeyProofs = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            KeyPair k = KeyPair.generate(rng); // an audit's key proofs: every seat's key of every round
            try {
                batchKeyProofs.add(SchnorrProof.decodeCommitted(k.proveKnowledge(context, rng).encodeCommitted()));
            } catch (MalformedEncodingException e) {
                throw new IllegalStateException(e);
            }
            batchKeys.add(k.publicKey());
        }
        roundDecks = new ArrayList<>(List.of(deck));
        roundProofs = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            ShuffledDeck next = VerifiableShuffle.shuffle(jointKey, roundDecks.get(p), Permutation.random(cards, rng),
                    context, rng);
            roundDecks.add(next.deck());
            roundProofs.add(next.proof());
        }
        if (checkKeyProofsInABatchOf50() != -1 || !checkKeyProof() || verifyARoundOfShufflesInOneBatch() != -1
                || verifyARoundOfShufflesOneByOne() != -1) {
            throw new IllegalStateException("benchmark fixture does not verify");
        }
        if (!VerifiableShuffle.verify(jointKey, deck, shuffled.deck(), shuffled.proof(), context, rng)
                || !share.verify(keys.get(0).publicKey(), dealt, context) || checkSharesInABatchOf50() != -1) {
            throw new IllegalStateException("benchmark fixture does not verify");
        }
    }

    @Benchmark
    public ShuffledDeck shuffleAndProve() {
        return VerifiableShuffle.shuffle(jointKey, deck, Permutation.random(cards, rng), context, rng);
    }

    @Benchmark
    public boolean verifyShuffle() {
        return VerifiableShuffle.verify(jointKey, deck, shuffled.deck(), shuffled.proof(), context, rng);
    }

    @Benchmark
    public boolean decodeAndVerifyShuffle() throws MalformedEncodingException {
        List<Ciphertext> out = Ciphertext.decodeList(shuffledDeckBytes);
        ShuffleProof proof = ShuffleProof.decode(proofBytes);
        return VerifiableShuffle.verify(jointKey, deck, out, proof, context, rng);
    }

    /** A whole shuffle phase as one player's machine sees it: every player shuffles once, each shuffle is checked once. */
    @Benchmark
    public List<Ciphertext> everyPlayerShufflesAndEveryShuffleIsVerified() {
        List<Ciphertext> current = deck;
        for (int p = 0; p < players; p++) {
            ShuffledDeck next = VerifiableShuffle.shuffle(jointKey, current, Permutation.random(cards, rng), context, rng);
            if (!VerifiableShuffle.verify(jointKey, current, next.deck(), next.proof(), context, rng)) {
                throw new IllegalStateException("an honest shuffle failed to verify");
            }
            current = next.deck();
        }
        return current;
    }

    @Benchmark
    public DecryptionShare makeShare() {
        return keys.get(0).decryptionShare(dealt, context, rng);
    }

    @Benchmark
    public boolean checkShare() {
        return share.verify(keys.get(0).publicKey(), dealt, context);
    }

    private static final int BATCH = 50;

    /**
     * One seat's shares of 50 cards, in commitment form, checked as one batch as the deck observer checks a
     * message: JMH reports the time per share. Returns the first bad position, -1 when all verify.
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int checkSharesInABatchOf50() {
        ProofBatch<Integer> batch = new ProofBatch<>();
        for (int i = 0; i < BATCH; i++) {
            batchShares.get(i).addTo(batch, i, keys.get(0).publicKey(), shuffled.deck().get(i), context);
        }
        return batch.firstInvalid().orElse(-1);
    }

    /** One Schnorr proof of knowledge of a key, in commitment form, checked alone (as a seat checks a key message). */
    @Benchmark
    public boolean checkKeyProof() {
        return batchKeys.get(0).verifyKnowledge(batchKeyProofs.get(0), context);
    }

    /** Fifty key proofs by fifty keys, as an audit collects them from a long table, in one batch: time per proof. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int checkKeyProofsInABatchOf50() {
        ProofBatch<Integer> batch = new ProofBatch<>();
        for (int i = 0; i < BATCH; i++) {
            batch.addSchnorr(i, batchKeyProofs.get(i), batchKeys.get(i).point(), context);
        }
        return batch.firstInvalid().orElse(-1);
    }

    /** A round's shuffles (one per seat, each of the previous seat's deck) checked one by one; -1 when all verify. */
    @Benchmark
    public int verifyARoundOfShufflesOneByOne() {
        for (int p = 0; p < players; p++) {
            if (!VerifiableShuffle.verify(jointKey, roundDecks.get(p), roundDecks.get(p + 1), roundProofs.get(p), context,
                    rng)) {
                return p;
            }
        }
        return -1;
    }

    /** The same round's shuffles as one {@link ShuffleBatch}: one multi-scalar sum. */
    @Benchmark
    public int verifyARoundOfShufflesInOneBatch() {
        ShuffleBatch<Integer> batch = new ShuffleBatch<>(rng);
        for (int p = 0; p < players; p++) {
            batch.add(p, jointKey, roundDecks.get(p), roundDecks.get(p + 1), roundProofs.get(p), context);
        }
        return batch.firstInvalid().orElse(-1);
    }
}
