package fairtable.net.correspondence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.Armor.ArmorException;
import fairtable.protocol.transcript.Envelope;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class ArmorTest {
    private static final SplittableRandom SEEDS = new SplittableRandom(2823580);

    private static Envelope message(SplittableRandom random, int bodyLength) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        byte[] session = new byte[32];
        random.nextBytes(session);
        byte[] prev = new byte[32];
        random.nextBytes(prev);
        byte[] body = new byte[bodyLength];
        random.nextBytes(body);
        return Envelope.sign(SigningKey.fromSeed(seed), session, random.nextInt(1000), prev, random.nextInt(4),
                random.nextInt(20), "deal2", body);
    }

    @Test
    void checksumIsTheOpenPgpCrc24() {
        // CRC-24/OPENPGP check value (RFC 4880 parameters): "123456789" -> 0x21CF02.
        String expected = Base64.getEncoder().encodeToString(new byte[] {0x21, (byte) 0xCF, 0x02});
        assertThat(Armor.checksum("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo(expected);
    }

    @RepeatedTest(20)
    void roundTripsAndShowsReadableHeaders() throws ArmorException {
        SplittableRandom random = SEEDS.split();
        Envelope e = message(random, random.nextInt(2000));
        String text = Armor.encode(e, "fr2823580/v1", "alice");
        assertThat(text).startsWith(Armor.BEGIN + "\n").endsWith(Armor.END + "\n")
                .contains("Protocol: fr2823580/v1\n", "Seq: " + e.seq() + "\n", "Step: " + e.step() + "\n",
                        "From: " + e.sender() + " (alice)\n", "Type: deal2\n");
        assertThat(text.lines().allMatch(l -> l.length() <= 64 || l.startsWith("-----"))).isTrue();
        assertThat(Armor.decodeAll(text)).containsExactly(e);
    }

    @RepeatedTest(10)
    void survivesProseQuotingAndRewrapping() throws ArmorException {
        SplittableRandom random = SEEDS.split();
        Envelope first = message(random, 500);
        Envelope second = message(random, 300);
        String quoted = Armor.encode(first, "p", "bob").lines().map(l -> "> " + l + "  ")
                .collect(Collectors.joining("\r\n"));
        // Re-wrap the second one at 45 columns the way a mail client does, joining and splitting lines.
        String armored = Armor.encode(second, "p", "carol");
        String header = armored.substring(0, armored.indexOf("\n\n") + 2);
        String data = armored.substring(header.length(), armored.indexOf(Armor.END)).replace("\n", " ");
        StringBuilder rewrapped = new StringBuilder(header);
        for (int i = 0; i < data.length(); i += 45) {
            rewrapped.append(data, i, Math.min(data.length(), i + 45)).append('\n');
        }
        rewrapped.append(Armor.END).append('\n');
        String mail = "Hi Bob,\nhere is my move:\n\nOn Monday you wrote:\n" + quoted + "\n\nand mine:\n" + rewrapped
                + "\nCheers,\nCarol\n";
        assertThat(Armor.decodeAll(mail)).containsExactly(first, second);
    }

    @RepeatedTest(20)
    void anyChangedCharacterIsCaught() {
        SplittableRandom random = SEEDS.split();
        String text = Armor.encode(message(random, 200), "p", "dave");
        int start = text.indexOf("\n\n") + 2;
        int end = text.indexOf("\n=");
        int at;
        do {
            at = start + random.nextInt(end - start);
        } while (text.charAt(at) == '\n');
        char original = text.charAt(at);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        char replacement;
        do {
            replacement = alphabet.charAt(random.nextInt(alphabet.length()));
        } while (replacement == original);
        String damaged = text.substring(0, at) + replacement + text.substring(at + 1);
        assertThatThrownBy(() -> Armor.decodeAll(damaged)).isInstanceOf(ArmorException.class)
                .hasMessageContaining("message 1");
    }

    @Test
    void truncationIsCaughtWithAClearReason() {
        String text = Armor.encode(message(new SplittableRandom(1), 400), "p", "erin");
        List<String> lines = new ArrayList<>(text.lines().toList());
        String noEnd = String.join("\n", lines.subList(0, lines.size() - 1));
        assertThatThrownBy(() -> Armor.decodeAll(noEnd)).hasMessageContaining("END line is missing");
        lines.remove(lines.size() - 3); // a whole line of base64 lost
        assertThatThrownBy(() -> Armor.decodeAll(String.join("\n", lines))).isInstanceOf(ArmorException.class)
                .hasMessageContaining("checksum does not match");
        String noChecksum = text.replaceAll("\n=[^\n]*\n", "\n");
        assertThatThrownBy(() -> Armor.decodeAll(noChecksum)).hasMessageContaining("checksum line is missing");
        assertThatThrownBy(() -> Armor.decodeAll("just some words")).hasMessageContaining("no fairtable message");
    }

    @Test
    void aHeaderThatContradictsTheSignedMessageIsRefused() {
        Envelope e = message(new SplittableRandom(2), 100);
        String text = Armor.encode(e, "p", "frank").replace("Seq: " + e.seq() + "\n", "Seq: " + (e.seq() + 1) + "\n");
        assertThatThrownBy(() -> Armor.decodeAll(text)).hasMessageContaining("header seq");
    }

    @Test
    void checksummedGarbageIsNotAMessage() {
        byte[] garbage = new byte[40];
        Arrays.fill(garbage, (byte) 7);
        String text = Armor.BEGIN + "\n\n" + Base64.getEncoder().encodeToString(garbage) + "\n="
                + Armor.checksum(garbage) + "\n" + Armor.END + "\n";
        assertThatThrownBy(() -> Armor.decodeAll(text)).hasMessageContaining("not a fairtable message");
    }
}
