package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import org.junit.jupiter.api.Test;

/** The deck a table names in its parameters: the verifiable deck by default, unwritten; the patent's draw for two. */
class TableParametersTest {
    private static final byte[] OPTIONS = {1, 2, 3};
    private static final PatentParameters PATENT = new PatentParameters(PatentMode.DEFAULT, 52, 5);

    @Test
    void aTableOverThePatentsDrawReadsBackAsItWasWrittenAndDiffersFromTheSameTableOverTheDeck() throws Exception {
        TableParameters patent = new TableParameters("draw-poker", 2, OPTIONS, PATENT);
        TableParameters deck = new TableParameters("draw-poker", 2, OPTIONS);

        assertThat(TableParameters.fromBytes(patent.toBytes())).isEqualTo(patent);
        assertThat(TableParameters.fromBytes(patent.toBytes()).patent()).hasToString(PATENT.toString());
        assertThat(TableParameters.fromBytes(deck.toBytes()).patent()).isNull();
        assertThat(patent).isNotEqualTo(deck);
        assertThat(patent.deckProtocol()).isEqualTo(PatentParameters.PROTOCOL);
        assertThat(deck.deckProtocol()).isEqualTo(DeckParameters.PROTOCOL);
        // The default deck is never written: the bytes are those of a table before decks could be named.
        assertThat(deck.toBytes()).isEqualTo(new WireWriter().string("draw-poker").u8(2).blob(OPTIONS).toBytes());
    }

    @Test
    void theDefaultDeckWrittenOutOrAnotherDeckOrThePatentForThreeIsRefused() {
        byte[] namedDefault = new WireWriter().string("draw-poker").u8(2).blob(OPTIONS)
                .string(DeckParameters.PROTOCOL).blob(new byte[0]).toBytes();
        assertThatThrownBy(() -> TableParameters.fromBytes(namedDefault)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("no table deck '" + DeckParameters.PROTOCOL + "'");
        byte[] forThree = new WireWriter().string("draw-poker").u8(3).blob(OPTIONS)
                .string(PatentParameters.PROTOCOL).blob(PATENT.toBytes()).toBytes();
        assertThatThrownBy(() -> TableParameters.fromBytes(forThree)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the FR 2823580 draw is for two seats, not 3");
        byte[] trailing = new WireWriter().string("draw-poker").u8(2).blob(OPTIONS)
                .string(PatentParameters.PROTOCOL).blob(PATENT.toBytes()).u8(0).toBytes();
        assertThatThrownBy(() -> TableParameters.fromBytes(trailing)).isInstanceOf(MalformedMessageException.class);
    }

    private static byte[] written(String game, int players, byte[] options) {
        return new WireWriter().string(game).u8(players).blob(options).toBytes();
    }

    @Test
    void aHelloReadsTwoToTenSeatsANameOfOneTo64CharactersAndOptionsOfUpTo1024Bytes() throws Exception {
        for (int players : new int[] {2, 10}) {
            assertThat(TableParameters.fromBytes(written("draw-poker", players, OPTIONS)).players()).isEqualTo(players);
        }
        for (int players : new int[] {0, 1, 11, 255}) {
            assertThatThrownBy(() -> TableParameters.fromBytes(written("draw-poker", players, OPTIONS)))
                    .isInstanceOf(MalformedMessageException.class).hasMessage("a table has 2 to 10 seats, not " + players);
        }
        assertThatThrownBy(() -> TableParameters.fromBytes(written("", 2, OPTIONS)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("a game name of 1 to 64 characters, not ''");
        String longest = "g".repeat(64);
        assertThat(TableParameters.fromBytes(written(longest, 2, OPTIONS)).game()).isEqualTo(longest);
        assertThatThrownBy(() -> new TableParameters(longest + "g", 2, OPTIONS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a game name of 1 to 64 characters, not '" + longest + "g'");
        assertThat(TableParameters.fromBytes(written("draw-poker", 2, new byte[1024])).options()).hasSize(1024);
        assertThatThrownBy(() -> new TableParameters("draw-poker", 2, new byte[1025]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("options of at most 1024 bytes");
    }

    @Test
    void twoTablesAreEqualWithEqualHashesExactlyWhenGameSeatsOptionsAndDeckAreEqual() {
        TableParameters table = new TableParameters("draw-poker", 2, OPTIONS, PATENT);
        TableParameters same = new TableParameters("draw-poker", 2, OPTIONS.clone(),
                new PatentParameters(PatentMode.DEFAULT, 52, 5));
        assertThat(same).isEqualTo(table).hasSameHashCodeAs(table).hasToString(table.toString());
        assertThat(table).hasToString("draw-poker for 2 over " + PatentParameters.PROTOCOL + " " + PATENT)
                .isNotEqualTo("draw-poker for 2");
        assertThat(new TableParameters("draw-poker", 3, OPTIONS)).hasToString("draw-poker for 3");
        for (TableParameters other : new TableParameters[] {new TableParameters("stud-poker", 2, OPTIONS, PATENT),
                new TableParameters("draw-poker", 2, new byte[] {1, 2, 4}, PATENT),
                new TableParameters("draw-poker", 2, OPTIONS, new PatentParameters(PatentMode.DEFAULT, 52, 6)),
                new TableParameters("draw-poker", 2, OPTIONS)}) {
            assertThat(other).isNotEqualTo(table);
            assertThat(other.hashCode()).isNotEqualTo(table.hashCode());
        }
        TableParameters three = new TableParameters("draw-poker", 3, OPTIONS);
        TableParameters four = new TableParameters("draw-poker", 4, OPTIONS);
        assertThat(three).isNotEqualTo(four);
        assertThat(three.hashCode()).isNotEqualTo(four.hashCode());
        // the options are the table's own: neither the caller's array nor a reader's copy changes them
        byte[] mine = OPTIONS.clone();
        TableParameters copied = new TableParameters("draw-poker", 2, mine);
        mine[0] = 9;
        copied.options()[1] = 9;
        assertThat(copied.options()).isEqualTo(OPTIONS);
    }
}
