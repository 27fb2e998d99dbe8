package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoardRendererTest {

    @Test
    void showsExactlyWhatWhiteSees() {
        Position p = Position.fromFen("4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1");
        String expected = String.join("\n",
                "8  ? ? ? ? ? ? ? ?",
                "7  ? ? ? ? ? ? ? ?",
                "6  ? ? ? ? ? ? ? ?",
                "5  ? ? ? . * . ? ?",
                "4  ? ? ? ? P ? ? ?",
                "3  ? ? ? ? ? ? ? ?",
                "2  ? ? ? . . . ? ?",
                "1  ? ? ? . K . ? ?",
                "   a b c d e f g h",
                "you to move",
                "");
        assertThat(BoardRenderer.render(DarkChessVision.view(p, Color.WHITE))).isEqualTo(expected);
    }

    @Test
    void blackSeesTheBoardFromItsSide() {
        String expected = String.join("\n",
                "1  ? ? ? ? ? ? ? ?",
                "2  ? ? ? ? ? ? ? ?",
                "3  ? ? ? ? ? ? ? ?",
                "4  ? ? ? ? ? ? ? ?",
                "5  . . . . . . . .",
                "6  . . . . . . . .",
                "7  p p p p p p p p",
                "8  r n b k q b n r",
                "   h g f e d c b a",
                "opponent to move",
                "");
        assertThat(BoardRenderer.render(DarkChessGame.start().view(Color.BLACK))).isEqualTo(expected);
    }

    @Test
    void rendersAWholePosition() {
        String expected = String.join("\n",
                "8  r n b q k b n r",
                "7  p p p p p p p p",
                "6  . . . . . . . .",
                "5  . . . . . . . .",
                "4  . . . . P . . .",
                "3  . . . . . . . .",
                "2  P P P P . P P P",
                "1  R N B Q K B N R",
                "   a b c d e f g h",
                "black to move",
                "");
        assertThat(BoardRenderer.render(StandardChess.apply(Position.start(), Move.parseUci("e2e4")))).isEqualTo(expected);
    }
}
