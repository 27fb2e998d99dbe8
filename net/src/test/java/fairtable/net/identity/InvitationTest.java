package fairtable.net.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InvitationTest {
    private static final Fingerprint HOST_KEY = Fingerprint.of(FingerprintTest.KEY_1);

    @Test
    void formatsAsTheDocumentedUri() {
        Invitation invitation = new Invitation("table.example.org", 7777, HOST_KEY, Optional.of("holdem"));
        assertThat(invitation.format())
                .isEqualTo("fairtable://table.example.org:7777/" + HOST_KEY + "?game=holdem");
        assertThat(new Invitation("::1", 80, HOST_KEY).format()).isEqualTo("fairtable://[::1]:80/" + HOST_KEY);
    }

    @Test
    void aRelaysTableIsNamedAfterTheFingerprintAndOnlyByAShortLowerCaseName() {
        assertThat(Invitation.parse("fairtable://127.0.0.1:7000/" + HOST_KEY + "/red").session()).contains("red");
        assertThat(Invitation.parse("fairtable://127.0.0.1:7000/" + HOST_KEY).session()).isEmpty();
        for (String bad : new String[] {"Red", "-red", "red/blue", "", "a".repeat(33), "r\u001bd"}) {
            assertThatThrownBy(() -> Invitation.parse("fairtable://127.0.0.1:7000/" + HOST_KEY + "/" + bad))
                    .as(bad).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a fairtable invitation");
        }
    }

    @Test
    void parsesWhatItFormats() {
        for (Invitation invitation : new Invitation[] {
            new Invitation("table.example.org", 7777, HOST_KEY, Optional.of("holdem")),
            new Invitation("192.168.1.20", 1, HOST_KEY),
            new Invitation("2001:db8::7", 65535, HOST_KEY, Optional.of("draw-5.v2")),
            new Invitation("localhost", 4242, HOST_KEY, Optional.empty()),
            new Invitation("relay.example.org", 7000, HOST_KEY, Optional.of("holdem"), Optional.of("friday-9"), Map.of()),
            new Invitation("127.0.0.1", 7000, HOST_KEY).forSession("red")
        }) {
            assertThat(Invitation.parse(invitation.format())).isEqualTo(invitation);
        }
    }

    @Test
    void theTablesSettingsTravelWithTheGameInTheHostsOrder() {
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("players", "2");
        settings.put("stack", "1000");
        settings.put("mode", "patent-ristretto");
        Invitation invitation = new Invitation("127.0.0.1", 7777, HOST_KEY).forTable("holdem", settings);
        assertThat(invitation.format()).isEqualTo("fairtable://127.0.0.1:7777/" + HOST_KEY
                + "?game=holdem&players=2&stack=1000&mode=patent-ristretto");
        Invitation parsed = Invitation.parse(invitation.format());
        assertThat(parsed).isEqualTo(invitation);
        assertThat(parsed.settings().keySet()).containsExactly("players", "stack", "mode");
        assertThatThrownBy(() -> new Invitation("h", 1, HOST_KEY, Optional.empty(), Optional.empty(), settings))
                .hasMessageContaining("after ?game=NAME");
    }

    @RepeatedTest(10)
    void randomInvitationsRoundTrip(RepetitionInfo repetition) {
        SplittableRandom random = new SplittableRandom(repetition.getCurrentRepetition());
        StringBuilder host = new StringBuilder();
        int labels = 1 + random.nextInt(4);
        for (int i = 0; i < labels; i++) {
            if (i > 0) {
                host.append('.');
            }
            int length = 1 + random.nextInt(12);
            for (int j = 0; j < length; j++) {
                host.append("abcdefghijklmnopqrstuvwxyz0123456789".charAt(random.nextInt(36)));
            }
        }
        byte[] digits = new byte[10];
        random.nextBytes(digits);
        Fingerprint fingerprint = Fingerprint.parse(java.util.HexFormat.of().formatHex(digits));
        Invitation invitation = new Invitation(host.toString(), 1 + random.nextInt(65535), fingerprint,
                random.nextBoolean() ? Optional.of("g" + random.nextInt(1000)) : Optional.empty());
        assertThat(Invitation.parse(invitation.format())).isEqualTo(invitation);
    }

    @Test
    void pastedTextIsForgivenSurroundingSpaceAndSchemeCase() {
        Invitation parsed = Invitation.parse("  FairTable://Host.Example:12/" + HOST_KEY.toString().toUpperCase() + "\n");
        assertThat(parsed).isEqualTo(new Invitation("Host.Example", 12, HOST_KEY));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "http://host:1/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host:1",
        "fairtable://host:1/",
        "fairtable://host:0/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host:65536/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host:-1/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host:+80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://ho_st:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://-host:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host..example:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://user@host:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://::1:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://[::1]/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://[1:2:3]:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://[host]:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0z",
        "fairtable://host:80/1a2b 3c4d 5e6f 7a8b 9c0d",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d/",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d#x",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=Hold'em",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&x",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&x=",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&X=1",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&x=1&x=1",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&game=dominoes",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&x=a%20b",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?game=holdem&x=1&",
        "fairtable://host:80/1a2b-3c4d-5e6f-7a8b-9c0d?seats=2",
        "fairtable://256.1.1.1:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://10.0.0:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://010.0.0.1:80/1a2b-3c4d-5e6f-7a8b-9c0d",
        "fairtable://ho\u0000st:80/1a2b-3c4d-5e6f-7a8b-9c0d"
    })
    void malformedInvitationsAreRefusedWithAReason(String text) {
        assertThatThrownBy(() -> Invitation.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a fairtable invitation (")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u0000"));
    }
}
