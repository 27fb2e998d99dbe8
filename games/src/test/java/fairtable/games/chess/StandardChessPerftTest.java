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

    /**
     * Martin Sedlak's edge-case positions (widely reproduced perft suite): illegal en passant through
     * a rank or diagonal pin, en passant giving check, castling giving check, castling rights lost by
     * captures, castling prevented by attacks, promotions out of and into check, stalemate traps.
     */
    @ParameterizedTest(name = "{0} depth {1} = {2}")
    @CsvSource(delimiter = ';', value = {
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1;6;1134888",
        "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1;6;1015133",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1;6;1440467",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1;6;661072",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1;6;803711",
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1;4;1274206",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1;4;1720476",
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1;6;3821001",
        "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1;5;1004658",
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1;6;217342",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1;6;92683",
        "K1k5/8/P7/8/8/8/8/8 w - - 0 1;6;2217",
        "8/k1P5/8/1K6/8/8/8/8 w - - 0 1;7;567584",
        "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1;4;23527",
    })
    void matchesEdgeCaseSuite(String fen, int depth, long expected) {
        assertThat(StandardChess.perft(fen, depth)).isEqualTo(expected);
    }
}
