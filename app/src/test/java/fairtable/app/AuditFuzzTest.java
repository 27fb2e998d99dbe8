package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.mahjongshogi.play.BotGame;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Crafted and truncated transcripts of every protocol against {@code fairtable audit} (issue 13): a valid file of each
 * protocol, from a whole game played with known keys, is cut at a random line, has lines deleted, repeated or swapped,
 * has bytes flipped, cut or spliced in a body, or gains a mutated message as a refused line. Where the keys allow,
 * every message from the first one changed on is signed again with its sender's real key and chained to the one
 * before, so that the signature and the chain hold and the audit's own checks are what judge it. The untouched file
 * audits VERIFIED; every other one gives FAILED with a party, or exit 2 with one line, and never a Java exception's
 * name or text nor a stack frame. Seeded and bounded.
 */
class AuditFuzzTest {
    /** What no audit output may contain: Java exception names, their texts, stack frames. */
    private static final Pattern JAVA = Pattern.compile(
            "[A-Z][A-Za-z]*(Exception|Error)\\b|\\bat (fairtable|java)\\.|out of bounds for length|\\bjava\\.[a-z]");

    @TempDir
    Path dir;

    /** A valid game's file and every seat's signing key. */
    private record Sample(List<Envelope> messages, List<Envelope> refused, Map<VerifyingKey, SigningKey> keys) {}

    enum Protocol {
        PATENT(40, AuditFuzzTest::patent),
        DECK(25, AuditFuzzTest::deck),
        PERMUTATION(35, AuditFuzzTest::permutation),
        MAHJONG(60, AuditFuzzTest::mahjong),
        DARKCHESS(8, AuditFuzzTest::darkChess), // its audit takes over a second
        ALLOCATION(40, AuditFuzzTest::allocation);

        final int mutations;
        final Function<Path, Sample> game;

        Protocol(int mutations, Function<Path, Sample> game) {
            this.mutations = mutations;
            this.game = game;
        }
    }

    // ---- Valid games, played with known keys.

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static Map<VerifyingKey, SigningKey> byVerifyingKey(List<SigningKey> keys) {
        Map<VerifyingKey, SigningKey> out = new HashMap<>();
        keys.forEach(k -> out.put(k.verifyingKey(), k));
        return out;
    }

    /** Broadcasts what each move sends, and every reply, until nobody speaks; returns the first seat's file. */
    private static Sample played(List<? extends Party> seats, List<SigningKey> keys,
            List<Function<List<? extends Party>, List<Envelope>>> moves) {
        try {
            Deque<Envelope> queue = new ArrayDeque<>();
            for (var move : moves) {
                queue.addAll(move.apply(seats));
                while (!queue.isEmpty()) {
                    Envelope e = queue.poll();
                    for (Party to : seats) {
                        if (to.seat() != e.sender() && !to.isFinished()) {
                            queue.addAll(to.receive(e));
                        }
                    }
                }
            }
        } catch (ProtocolViolation v) {
            throw new AssertionError(v);
        }
        return new Sample(seats.get(0).transcript().envelopes(), List.of(), byVerifyingKey(keys));
    }

    private static Sample patent(Path dir) {
        SplittableRandom seeds = new SplittableRandom(211);
        PatentParameters params = new PatentParameters(PatentMode.RISTRETTO, 20, 3);
        List<SigningKey> keys = List.of(key(seeds), key(seeds));
        PatentParty alice = PatentParty.create(params, 0, "alice", keys.get(0), seeds.split());
        PatentParty bob = PatentParty.create(params, 1, "bob", keys.get(1), seeds.split());
        return played(List.of(alice, bob), keys, List.of(s -> alice.start(), s -> alice.draw(2),
                s -> bob.giveBack(List.of(bob.hand().get(0))), s -> alice.reveal()));
    }

    private static Sample deck(Path dir) {
        SplittableRandom seeds = new SplittableRandom(212);
        DeckParameters params = new DeckParameters(3, 8);
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<DeckParty> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(DeckParty.create(params, s, List.of("alice", "bob", "carol").get(s), keys.get(s), seeds.split()));
        }
        DeckParty dealer = seats.get(0);
        return played(seats, keys, List.of(s -> dealer.start(), s -> dealer.dealEach(1), s -> dealer.open(1),
                s -> dealer.reveal()));
    }

    private static Sample permutation(Path dir) {
        SplittableRandom seeds = new SplittableRandom(213);
        PermutationParameters params = new PermutationParameters(8);
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<PermutationParty> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(PermutationParty.create(params, 3, s, List.of("alice", "bob", "carol").get(s), keys.get(s),
                    seeds.split()));
        }
        PermutationParty dealer = seats.get(0);
        return played(seats, keys, List.of(s -> dealer.start(), s -> dealer.revealTo(0, 1), s -> dealer.revealTo(1, 2),
                s -> dealer.revealTo(2, 0), s -> dealer.revealPublicly(3), s -> dealer.finish()));
    }

    private static Sample allocation(Path dir) {
        SplittableRandom seeds = new SplittableRandom(214);
        AllocationParameters params = new AllocationParameters(3, 6, 1, Optional.empty());
        List<SigningKey> keys = List.of(key(seeds), key(seeds), key(seeds));
        List<AllocationParty> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(AllocationParty.create(params, s, List.of("alpha", "beta", "gamma").get(s), keys.get(s),
                    seeds.split()));
        }
        return played(seats, keys, List.of(s -> s.get(0).start()));
    }

    /** Every 32-byte draw, so that the signing keys the game drew from it can be found again. */
    private static final class Recording implements RandomGenerator {
        private final SplittableRandom inner;
        final List<SigningKey> drawn = new ArrayList<>();

        Recording(long seed) {
            inner = new SplittableRandom(seed);
        }

        @Override
        public long nextLong() {
            return inner.nextLong();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            inner.nextBytes(bytes);
            if (bytes.length == 32) {
                drawn.add(SigningKey.fromSeed(bytes.clone()));
            }
        }
    }

    private static Sample mahjong(Path dir) {
        Recording secrets = new Recording(215);
        BotGame game = new BotGame(MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(6),
                List.of("east", "west"), new SplittableRandom(216), secrets);
        try {
            game.play();
        } catch (ProtocolViolation v) {
            throw new AssertionError(v);
        }
        return new Sample(game.game().transcript(), List.of(), byVerifyingKey(secrets.drawn));
    }

    /** The dark chess game, played once for the two tests that take it: at over a second a ply, the costliest. */
    private static Sample darkChessPlayed;

    /** A bots game of the command, whose keys come from its seed as the command draws them. */
    private static synchronized Sample darkChess(Path dir) {
        if (darkChessPlayed == null) {
            darkChessPlayed = playDarkChess(dir);
        }
        return darkChessPlayed;
    }

    private static Sample playDarkChess(Path dir) {
        Path file = dir.resolve("dark.jsonl");
        Audit played = run("play-dark-chess", "--bots", "all", "--seed", "3", "--max-moves", "1", "--transcript",
                file.toString());
        assertThat(played.code()).as(played.out()).isZero();
        SplittableRandom seeds = new SplittableRandom(3);
        try {
            TranscriptFile.Contents contents = TranscriptFile.read(file);
            return new Sample(contents.messages(), contents.refused(), byVerifyingKey(List.of(key(seeds), key(seeds))));
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            throw new AssertionError(e);
        }
    }

    // ---- Mutations.

    private record Audit(int code, String out) {}

    private static Audit run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Audit(code, out.toString());
    }

    private static byte[] mutateBody(byte[] body, SplittableRandom random) {
        byte[] b = body.clone();
        switch (b.length == 0 ? 2 : random.nextInt(4)) {
            case 0 -> {
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
                    b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
                }
            }
            case 1 -> b = Arrays.copyOf(b, random.nextInt(b.length));
            case 2 -> {
                int at = random.nextInt(b.length + 1);
                byte[] junk = new byte[1 + random.nextInt(16)];
                random.nextBytes(junk);
                byte[] spliced = new byte[b.length + junk.length];
                System.arraycopy(b, 0, spliced, 0, at);
                System.arraycopy(junk, 0, spliced, at, junk.length);
                System.arraycopy(b, at, spliced, at + junk.length, b.length - at);
                b = spliced;
            }
            default -> {
                int at = random.nextInt(b.length);
                for (int i = at; i < Math.min(b.length, at + 4); i++) {
                    b[i] = (byte) 0xff; // large counts and lengths
                }
            }
        }
        return b;
    }

    /** The key that signed {@code e}, if the sample holds it: the hello's key for its sender. */
    private static Optional<SigningKey> signer(Sample s, List<Envelope> hellos, Envelope e) {
        for (Envelope h : hellos) {
            try {
                Hello hello = Hello.fromBytes(h.body());
                if (hello.seat() == e.sender()) {
                    return Optional.ofNullable(s.keys().get(hello.key()));
                }
            } catch (MalformedMessageException ignored) {
                // not a hello any more: no key for it
            }
        }
        return Optional.empty();
    }

    /** {@code messages} from index {@code from} on, each signed again by its sender and chained to the one before. */
    private static List<Envelope> resigned(Sample s, List<Envelope> messages, int from) {
        List<Envelope> hellos = messages.stream().filter(e -> e.type().equals(Hello.TYPE)).toList();
        List<Envelope> out = new ArrayList<>(messages.subList(0, from));
        for (int i = from; i < messages.size(); i++) {
            Envelope e = messages.get(i);
            Optional<SigningKey> key = e.type().equals(Hello.TYPE) ? Optional.empty() : signer(s, hellos, e);
            if (key.isEmpty()) {
                out.add(e);
                continue;
            }
            byte[] prev = i == 0 ? e.prev() : out.get(i - 1).hash();
            out.add(Envelope.sign(key.get(), e.session(), i, prev, e.sender(), e.step(), e.type(), e.body()));
        }
        return out;
    }

    /**
     * One mutated file's lines; its transcript part, and whether it is the sample's or a prefix of it; the message
     * added as refused, if any.
     */
    private record Mutant(List<String> lines, List<Envelope> messages, List<Envelope> original,
            Optional<Envelope> addedRefused) {
        boolean untouched() {
            return messages.equals(original) && addedRefused.isEmpty();
        }

        boolean samePrefix() {
            return messages.size() <= original.size() && messages.equals(original.subList(0, messages.size()));
        }
    }

    private static List<String> lines(List<Envelope> messages, List<Envelope> refused) {
        List<String> out = new ArrayList<>();
        messages.forEach(e -> out.add(TranscriptFile.line(e, null)));
        refused.forEach(e -> out.add(TranscriptFile.line(e, new ProtocolViolation(e.step(), "someone", "refused"))));
        return out;
    }

    private static Mutant mutant(Sample s, SplittableRandom random) {
        List<Envelope> m = new ArrayList<>(s.messages());
        List<Envelope> refused = new ArrayList<>(s.refused());
        int n = m.size();
        int firstMove = (int) m.stream().filter(e -> e.type().equals(Hello.TYPE)).count();
        int at = firstMove + random.nextInt(n - firstMove);
        Optional<Envelope> added = Optional.empty();
        switch (random.nextInt(8)) {
            case 0 -> { // cut the file at a random line, maybe in the middle of it
                List<String> all = lines(m, refused);
                int keep = random.nextInt(all.size());
                List<String> cut = new ArrayList<>(all.subList(0, keep));
                if (random.nextBoolean()) {
                    String line = all.get(keep);
                    cut.add(line.substring(0, random.nextInt(line.length())));
                }
                return new Mutant(cut, m.subList(0, Math.min(keep, n)), m, Optional.empty());
            }
            case 1 -> { // delete a message, the rest signed again
                m.remove(at);
                m = resigned(s, m, Math.min(at, m.size()));
            }
            case 2 -> { // repeat a message, the rest signed again
                m.add(at, m.get(at));
                m = resigned(s, m, at + 1);
            }
            case 3 -> { // swap two messages, signed again from the first
                int other = firstMove + random.nextInt(n - firstMove);
                Envelope x = m.get(at);
                m.set(at, m.get(other));
                m.set(other, x);
                m = resigned(s, m, Math.min(at, other));
            }
            case 4, 5 -> { // change a body, signed again, and the rest chained to it
                Envelope e = m.get(at);
                m.set(at, Envelope.of(e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(),
                        mutateBody(e.body(), random), e.signature()));
                m = resigned(s, m, at);
            }
            case 6 -> { // a changed body offered as a refused message where it fits, the transcript cut there
                Envelope e = m.get(at);
                List<Envelope> cut = new ArrayList<>(m.subList(0, at));
                cut.add(Envelope.of(e.session(), e.seq(), e.prev(), e.sender(), e.step(), e.type(),
                        mutateBody(e.body(), random), e.signature()));
                cut = resigned(s, cut, at);
                added = Optional.of(cut.remove(at));
                refused.add(added.get());
                if (random.nextBoolean()) {
                    cut.addAll(m.subList(at, n)); // and the game went on with the genuine one
                }
                m = cut;
            }
            default -> { // a changed type, signed again
                Envelope e = m.get(at);
                Envelope other = m.get(firstMove + random.nextInt(n - firstMove));
                m.set(at, Envelope.of(e.session(), e.seq(), e.prev(), e.sender(), e.step(), other.type(), e.body(),
                        e.signature()));
                m = resigned(s, m, at);
            }
        }
        return new Mutant(lines(m, refused), m, s.messages(), added);
    }

    private static String nameOf(Sample s, int seat) {
        for (Envelope h : s.messages()) {
            if (!h.type().equals(Hello.TYPE)) {
                continue;
            }
            try {
                Hello hello = Hello.fromBytes(h.body());
                if (hello.seat() == seat) {
                    return hello.name();
                }
            } catch (MalformedMessageException ignored) {
                // not a hello
            }
        }
        return "seat " + seat;
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void everyCraftedOrTruncatedFileGetsAVerdictNamingAPartyOrAOneLineError(Protocol protocol) throws Exception {
        Sample sample = protocol.game.apply(dir);
        Path original = dir.resolve(protocol + ".jsonl");
        Files.write(original, lines(sample.messages(), sample.refused()), StandardCharsets.UTF_8);
        Audit honest = run("audit", original.toString());
        assertThat(honest.out()).as("the untouched file").startsWith("VERIFIED");
        assertThat(honest.code()).isZero();

        SplittableRandom random = new SplittableRandom(20261127L + protocol.ordinal());
        List<String> wrong = new ArrayList<>();
        for (int trial = 0; trial < protocol.mutations; trial++) {
            Mutant mutant = mutant(sample, random);
            Path file = dir.resolve(protocol + "-" + trial + ".jsonl");
            Files.write(file, mutant.lines(), StandardCharsets.UTF_8);
            Audit audit = run("audit", file.toString());
            String out = audit.out().strip();
            boolean failedNamingAParty = audit.code() == 1 && out.startsWith("FAILED: step ") && !out.contains("\n");
            // The audit command's own refusal of a file it cannot read; an exception escaping it says "fairtable: ...".
            boolean oneLineError = audit.code() == 2 && out.startsWith("Cannot audit: ") && !out.contains("\n");
            boolean verified = audit.code() == 0 && out.startsWith("VERIFIED");
            // VERIFIED only where the evidence rule or the protocol allows it: the untouched game; the same game with
            // a refused message that proves nothing (it is valid where it stands); a cut game its audit calls
            // unfinished (the verifiable deck's audit verifies what a prefix shows).
            boolean verifiedRightly = mutant.untouched()
                    || (mutant.messages().equals(sample.messages()) && out.equals(honest.out().strip()))
                    || (mutant.samePrefix() && !mutant.messages().isEmpty() && out.contains("unfinished"));
            boolean blamesTheRefused = mutant.addedRefused().isEmpty() || !mutant.messages().equals(sample.messages())
                    || !failedNamingAParty || out.startsWith("FAILED: step " + mutant.addedRefused().get().step()
                            + ", party " + nameOf(sample, mutant.addedRefused().get().sender()) + ": ");
            boolean ok = (failedNamingAParty || oneLineError || (verified && verifiedRightly)) && blamesTheRefused
                    && !JAVA.matcher(out).find();
            if (!ok) {
                wrong.add("trial " + trial + " (exit " + audit.code() + "): " + out);
            }
        }
        assertThat(wrong).as(protocol + ": audits that crashed, leaked Java text or passed a changed file").isEmpty();
    }

    /**
     * The case: a dark-chess file whose first message after the hellos is Black's reply (White's move left
     * out, the rest signed again). The audit names Black there instead of printing {@code Index -1 out of bounds}.
     */
    @org.junit.jupiter.api.Test
    void aDarkChessReplyBeforeAnyMoveFailsNamingItsSender() throws Exception {
        Sample sample = darkChess(dir);
        List<Envelope> m = new ArrayList<>(sample.messages());
        assertThat(m.get(2).type()).isEqualTo("move");
        assertThat(m.get(3).type()).isEqualTo("reply");
        m.remove(2);
        Path file = dir.resolve("reply-first.jsonl");
        Files.write(file, lines(resigned(sample, m, 2), List.of()), StandardCharsets.UTF_8);
        Audit audit = run("audit", file.toString());
        assertThat(audit.out().strip()).isEqualTo("FAILED: step 3, party black: sent 'reply' before any move");
        assertThat(audit.code()).isEqualTo(1);
    }
}
