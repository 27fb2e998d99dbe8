package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import fairtable.games.dominoes.Tile;
import fairtable.protocol.ProtocolViolation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Dishonest declarations at the table: each is refused by the honest seats, naming the player. */
class TableCheatTest {

    /** Delivers like {@link LocalTable}, letting {@code tamper} rewrite what a seat sends before delivery. */
    static void play(List<? extends TableNode> seats, UnaryOperator<TableMessage> tamper) throws ProtocolViolation {
        Deque<TableMessage> queue = new ArrayDeque<>();
        for (TableNode s : seats) {
            queue.addAll(s.start());
        }
        while (!queue.isEmpty()) {
            TableMessage m = tamper.apply(queue.poll());
            for (TableNode to : seats) {
                if (to.seat() != m.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(m));
                }
            }
        }
    }

    @Test
    void aShowdownNamingOtherCardsThanTheDeckProvedIsRefused() {
        List<PokerSeat> seats = PokerTableTest.holdemTable(2, 8, 71, 2000);
        assertThatThrownBy(() -> play(seats, m -> {
            if (m instanceof TableMessage.Declaration d && d.sender() == 1 && d.words().startsWith("show ")) {
                List<Card> named = Card.parseAll(d.words().substring(5));
                String other = named.contains(Card.parse("As")) ? "Ks Qs" : "As Qs";
                return seats.get(1).reword(d, "show " + other); // bob signs his lie
            }
            return m;
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> {
            assertThat(v.party()).isEqualTo("bob");
            assertThat(v.reason()).contains("but the deck proved");
        });
        // The refused claim changed nothing: alice still waits for bob's showdown decision.
        assertThat(seats.get(0).view().isComplete()).isFalse();
    }

    @Test
    void aDecisionOutOfTurnIsRefusedAndChangesNothing() throws Exception {
        List<PokerSeat> seats = PokerTableTest.holdemTable(3, 1, 72, 500);
        boolean[] tried = {false};
        play(seats, m -> {
            if (!tried[0] && m instanceof TableMessage.Declaration d) {
                tried[0] = true;
                int intruder = (d.sender() + 1) % 3;
                int victim = (d.sender() + 2) % 3;
                var before = seats.get(victim).view();
                TableMessage.Declaration forged = seats.get(intruder).reword(
                        new TableMessage.Declaration(d.round(), intruder, d.seq(), d.after(), "fold", new byte[64]), "fold");
                assertThatThrownBy(() -> seats.get(victim).receive(forged))
                        .isInstanceOfSatisfying(ProtocolViolation.class, v -> {
                            assertThat(v.party()).isEqualTo(seats.get(0).nameOf(intruder));
                            assertThat(v.reason()).contains("out of turn");
                        });
                assertThat(seats.get(victim).view()).isSameAs(before);
            }
            return m;
        });
        assertThat(tried[0]).isTrue();
        assertThat(seats.get(0).reports()).hasSize(1);
    }

    @Test
    void aDominoPlayNamingAnotherTileThanTheOneTurnedUpIsRefused() {
        List<DominoSeat> seats = DominoTableTest.table(2, 1, 1000, 73);
        assertThatThrownBy(() -> play(seats, m -> {
            if (m instanceof TableMessage.Declaration d && d.sender() == 0 && d.words().startsWith("play ")) {
                String[] w = d.words().split(" ");
                String[] pips = w[1].split("-");
                Tile claimed = Tile.of(Integer.parseInt(pips[0]), Integer.parseInt(pips[1]));
                Tile other = Tile.ofIndex((claimed.index() + 1) % Tile.COUNT);
                return seats.get(0).reword(d, "play " + other + " " + w[2]);
            }
            return m;
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> {
            assertThat(v.party()).isEqualTo("alice");
            assertThat(v.reason()).contains("but the deck proved");
        });
    }

    @Test
    void overThePatentProtocolAShowdownClaimIsCheckedAgainstTheRevealedHands() {
        List<PatentDrawSeat> seats = PatentDrawTableTest.table(6, 62, 300);
        assertThatThrownBy(() -> play(seats, m -> {
            if (m instanceof TableMessage.Declaration d && d.sender() == 1 && d.words().startsWith("show ")) {
                List<Card> named = Card.parseAll(d.words().substring(5));
                List<Card> alices = seats.get(0).view().privateCards(0);
                List<Card> other = Card.deck().stream().filter(c -> !alices.contains(c) && !named.contains(c))
                        .limit(5).toList();
                return seats.get(1).reword(d, "show " + Card.format(other));
            }
            return m;
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> {
            assertThat(v.party()).isEqualTo("bob");
            assertThat(v.reason()).contains("but held");
        });
    }

    @Test
    void aDecisionChangedInTransitOrReplayedIsRefused() {
        List<PokerSeat> seats = PokerTableTest.holdemTable(3, 1, 75, 500);
        assertThatThrownBy(() -> play(seats, m -> m instanceof TableMessage.Declaration d
                ? new TableMessage.Declaration(d.round(), d.sender(), d.seq(), d.after(), d.words().equals("fold") ? "call" : "fold",
                        d.signature())
                : m))
                .isInstanceOfSatisfying(ProtocolViolation.class,
                        v -> assertThat(v.reason()).contains("is not signed by its sender's key"));
        List<PokerSeat> again = PokerTableTest.holdemTable(3, 1, 75, 500);
        TableMessage.Declaration[] first = {null};
        assertThatThrownBy(() -> play(again, m -> {
            if (m instanceof TableMessage.Declaration d) {
                if (first[0] == null) {
                    first[0] = d;
                } else {
                    return first[0]; // the first signed decision again, in place of the second
                }
            }
            return m;
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> assertThat(v.reason()).contains("decision number"));
    }

    @Test
    void aDominoPlayerWhoDrawsWhileHoldingAPlayableTileIsCaughtWhenTheHandsAreShown() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(76);
        fairtable.games.dominoes.DominoRules rules = fairtable.games.dominoes.DominoRules.standard(2);
        List<String> names = List.of("alice", "bob");
        DominoSeat alice = new DominoSeat(0, names, PokerTableTest.key(random), random.split(), rules, 1,
                DominoPlayer.bot());
        DominoSeat[] bob = new DominoSeat[1];
        // Bob draws whenever his own (blinded) engine lets him, and otherwise plays a tile he really holds.
        DominoPlayer liar = view -> {
            List<fairtable.games.dominoes.DominoMove> legal = view.legalMoves();
            if (legal.contains(fairtable.games.dominoes.DominoMove.DRAW)) {
                return fairtable.games.dominoes.DominoMove.DRAW;
            }
            return legal.stream()
                    .filter(move -> !(move instanceof fairtable.games.dominoes.DominoMove.Play play)
                            || bob[0].heldTiles().contains(play.tile()))
                    .findFirst().orElseThrow();
        };
        bob[0] = new DominoSeat(1, names, PokerTableTest.key(random), random.split(), rules, 1, liar);
        bob[0].cheatByHidingOwnHand();
        boolean[] drewWithAPlay = {false};
        assertThatThrownBy(() -> play(List.of(alice, bob[0]), m -> {
            if (m instanceof TableMessage.Declaration d && d.sender() == 1 && d.words().equals("draw")) {
                var ends = alice.view().openEnds();
                drewWithAPlay[0] |= ends.isPresent() && bob[0].heldTiles().stream()
                        .anyMatch(t -> t.shows(ends.get().left()) || t.shows(ends.get().right()));
            }
            return m;
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> {
            assertThat(v.party()).isEqualTo("bob");
            assertThat(v.reason()).contains("illegal move");
        });
        assertThat(drewWithAPlay[0]).as("bob drew while holding a playable tile").isTrue();
    }

    @Test
    void aDeckMessageFromAnotherHandIsRefused() throws Exception {
        List<PokerSeat> seats = PokerTableTest.holdemTable(2, 1, 74, 500);
        List<TableMessage> hello = seats.get(0).start();
        seats.get(1).start();
        TableMessage.DeckStep step = (TableMessage.DeckStep) hello.get(0);
        assertThatThrownBy(() -> seats.get(1).receive(new TableMessage.DeckStep(2, step.envelope())))
                .isInstanceOfSatisfying(ProtocolViolation.class, v -> assertThat(v.reason()).contains("round 2 in round 1"));
        assertThat(seats.get(1).receive(step)).isNotEmpty(); // the genuine one is still welcome
    }
}
