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
}
