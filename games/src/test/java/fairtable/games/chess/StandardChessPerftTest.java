package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Perft counts against the published tables (Chess Programming Wiki, "Perft Results"): the start
 * position, "Kiwipete" and positions 3, 4 and 5. These exercise castling rights and legality, en
 * passant (including the rank pin of position 3), promotions and pins.
 */
class StandardChessPerftTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    private static final String POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    private static final String POSITION_4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
    private static final String POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

    @ParameterizedTest(name = "{0} depth {1} = {2}")
    @CsvSource(delimiter = ';', value = {
        START + ";1;20",
        START + ";2;400",
        START + ";3;8902",
        START + ";4;197281",
        START + ";5;4865609",
        KIWIPETE + ";1;48",
        KIWIPETE + ";2;2039",
        KIWIPETE + ";3;97862",
        KIWIPETE + ";4;4085603",
        POSITION_3 + ";1;14",
        POSITION_3 + ";2;191",
        POSITION_3 + ";3;2812",
        POSITION_3 + ";4;43238",
        POSITION_3 + ";5;674624",
        POSITION_4 + ";1;6",
        POSITION_4 + ";2;264",
        POSITION_4 + ";3;9467",
        POSITION_4 + ";4;422333",
        POSITION_4_MIRRORED + ";1;6",
        POSITION_4_MIRRORED + ";2;264",
        POSITION_4_MIRRORED + ";3;9467",
        POSITION_5 + ";1;44",
        POSITION_5 + ";2;1486",
        POSITION_5 + ";3;62379",
        POSITION_5 + ";4;2103487",
    })
    void matchesPublishedCounts(String fen, int depth, long expected) {
        assertThat(StandardChess.perft(fen, depth)).isEqualTo(expected);
    }
}
