package fairtable.protocol.mahjong;

import fairtable.protocol.LiveFuzz;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing Mahjong Shogi's peer sends throws past {@code receive}: every message of a game, mutated and signed again by
 * its sender at its place ({@link LiveFuzz}), is taken or refused naming its signer, and the genuine one is then
 * taken.
 */
class MahjongReceiveFuzzTest {
    @ParameterizedTest
    @ValueSource(strings = {"ristretto", "fixed", "faithful"})
    void everyMutatedMessageIsTakenOrRefusedNamingItsSigner(String mode) throws Exception {
        MahjongParameters params = mode.equals("faithful") ? Match.faithfulSmall()
                : MahjongParameters.standard(MahjongMode.byName(mode));
        Match match = new Match(params.withMoveLimit(8), 301);
        LiveFuzz.Session fuzz = new LiveFuzz.Session(List.of(match.aliceKey, match.bobKey), MahjongParty::restore, 302);
        match.wire = e -> {
            fuzz.offer(e.sender() == 0 ? match.bob : match.alice, e);
            return e;
        };
        match.start().playOut();
        LiveFuzz.assertNothingEscaped(fuzz.result());
    }
}
