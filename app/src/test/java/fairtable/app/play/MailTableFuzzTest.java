package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Mutated texts against a card table by mail, bounded and seeded: the bodies of real texts with bytes flipped,
 * cut or spliced, and random bodies, each signed again with the sender's real key so that it passes the
 * signature and reaches the decoders and the seat behind them. Every one is taken or refused with a
 * {@link MailTable.Refused} or a {@link ProtocolViolation}, never anything else; a refused text changes no file,
 * and a violation leaves a table that still opens.
 */
class MailTableFuzzTest {
    private static final int MUTATIONS = 80;

    @TempDir
    Path root;

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    private static Map<String, String> files(Path dir) throws Exception {
        Map<String, String> contents = new HashMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                contents.put(dir.relativize(p).toString(), Arrays.toString(Files.readAllBytes(p)));
            }
        }
        return contents;
    }

    private static byte[] mutate(byte[] body, SplittableRandom random) {
        byte[] out = body.clone();
        switch (random.nextInt(4)) {
            case 0 -> {
                for (int i = 0, n = 1 + random.nextInt(4); i < n && out.length > 0; i++) {
                    out[random.nextInt(out.length)] ^= (byte) (1 + random.nextInt(255));
                }
            }
            case 1 -> out = Arrays.copyOf(out, random.nextInt(out.length + 1));
            case 2 -> {
                int at = random.nextInt(out.length + 1);
                byte[] junk = new byte[1 + random.nextInt(64)];
                random.nextBytes(junk);
                byte[] spliced = new byte[out.length + junk.length];
                System.arraycopy(out, 0, spliced, 0, at);
                System.arraycopy(junk, 0, spliced, at, junk.length);
                System.arraycopy(out, at, spliced, at + junk.length, out.length - at);
                out = spliced;
            }
            default -> {
                out = new byte[random.nextInt(256)];
                random.nextBytes(out);
            }
        }
        return out;
    }

    private static void copy(Path from, Path to) throws Exception {
        if (Files.exists(to)) {
            try (Stream<Path> all = Files.walk(to)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        }
    }

    /**
     * Feeds mutations of {@code text}, re-signed by {@code signer}, to the table in {@code dir}, each to the table
     * as it was before the text (a mutation taken would otherwise change what the next one meets).
     */
    private void fuzz(Path dir, SigningKey owner, Envelope text, SigningKey signer, long seed) throws Exception {
        Path pristine = root.resolve("pristine");
        copy(dir, pristine);
        SplittableRandom random = new SplittableRandom(seed);
        int refused = 0;
        int violations = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            copy(pristine, dir);
            byte[] body = mutate(text.body(), random);
            Envelope mutated = Envelope.sign(signer, text.session(), text.seq(), text.prev(), text.sender(),
                    text.step(), text.type(), body);
            Map<String, String> before = files(dir);
            try (MailTable t = MailTable.open(dir, owner)) {
                t.receive(List.of(mutated));
                // Taken: a mutation can leave a text that is still well formed (e.g. a copy of positions held).
            } catch (MailTable.Refused e) {
                assertThat(files(dir)).as("refused: " + e.getMessage()).isEqualTo(before);
                refused++;
            } catch (ProtocolViolation violation) {
                assertThat(violation.party()).isNotBlank();
                try (MailTable again = MailTable.open(dir, owner)) {
                    assertThat(again.awaiting()).isNotBlank();
                }
                violations++;
            }
        }
        // Both defences were reached: the decoders (refusals) and the seat behind them (violations).
        assertThat(refused).isPositive();
        assertThat(violations).isPositive();
    }

    private static final SigningKey ANN = key(100);
    private static final SigningKey BEN = key(101);

    /** Ann hosts heads-up Hold'em in "ann", ben joins in "ben"; returns the host's first relay text (the deal). */
    private Envelope dealt() throws Exception {
        MailTable.Step invite = MailTable.create(root.resolve("ann"), ANN, GameKind.HOLDEM, 2, 1, 1000, false, "ann",
                true, new SecureRandom());
        MailTable.Step joined = MailTable.join(root.resolve("ben"), BEN, invite.toSend().get(0), "ben", true);
        try (MailTable t = MailTable.open(root.resolve("ann"), ANN)) {
            return t.receive(joined.toSend()).toSend().get(0);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void aGuestTakesOrRefusesEveryMutatedRelayText(long seed) throws Exception {
        fuzz(root.resolve("ben"), BEN, dealt(), ANN, seed);
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 4})
    void theHostTakesOrRefusesEveryMutatedGuestText(long seed) throws Exception {
        Envelope dealt = dealt();
        MailTable.Step answer;
        try (MailTable t = MailTable.open(root.resolve("ben"), BEN)) {
            answer = t.receive(List.of(dealt));
        }
        assertThat(answer.toSend()).isNotEmpty();
        fuzz(root.resolve("ann"), ANN, answer.toSend().get(0), BEN, seed);
    }
}
