package fairtable.app.play;

import fairtable.app.Audits;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.cards.Card;
import fairtable.games.definitions.Games;
import fairtable.games.definitions.Holdem;
import fairtable.games.definitions.InMemoryTable;
import fairtable.games.definitions.PokerMove;
import fairtable.games.definitions.PokerState;
import fairtable.games.poker.HoldemGame;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A short bots-only Hold'em table for demonstrations: three bots play three hands as one table/v1 session, each
 * hand dealt by a fresh verifiable deck. Prints what each player's own software saw in each hand (its hole cards,
 * never another's unless proved at showdown), what happened at the table, the stacks after each hand, and the
 * audit of the one transcript, which replays the whole game through the registered rules and must recompute the
 * stacks the game printed.
 */
public final class HoldemShowcase {
    private static final int PLAYERS = 3;
    private static final int HANDS = 3;
    private static final int STACK = 500;
    private static final List<String> NAMES = List.of("alice", "bob", "carol");

    private HoldemShowcase() {
    }

    /** What the demo follows of one hand. */
    private static final class Hand {
        final Map<Integer, String> own = new TreeMap<>();
        final List<String> moves = new ArrayList<>();
        String board = "";
        String after = "";
    }

    /** Plays and prints; returns whether the transcript audits VERIFIED with the stacks the game reached. */
    public static boolean run(PrintWriter out, long seed) throws ProtocolViolation {
        Holdem holdem = (Holdem) Games.ALL.definition(Holdem.NAME).orElseThrow();
        TableParameters params = new TableParameters(holdem.name(), PLAYERS,
                holdem.options(Map.of("hands", Integer.toString(HANDS), "stack", Integer.toString(STACK))));
        Map<Integer, Hand> hands = new TreeMap<>();
        List<TableParty<PokerState<HoldemGame>, PokerMove>> seats = new ArrayList<>();
        List<SigningKey> keys = new ArrayList<>();
        for (int s = 0; s < PLAYERS; s++) {
            keys.add(SeatSeeds.signingKey(seed, s));
            seats.add(TableParty.create(holdem, params, s, NAMES.get(s), keys.get(s),
                    SeatSeeds.secrets(seed, s), narrated(holdem, holdem.bot(SeatSeeds.bot(seed, s)), seats, hands)));
        }
        out.println("Hold'em showcase: " + PLAYERS + " bots, " + HANDS + " hands as one signed session ("
                + TableParameters.PROTOCOL + "), each hand dealt by a fresh verifiable deck (seed " + seed
                + ", so not secret).");
        out.println("Each player's software sees only its own hole cards; others' cards appear only when proved at showdown.");
        int[] round = {1};
        InMemoryTable table = new InMemoryTable(seats, keys).watchedBy(() -> follow(seats, hands, round));
        table.play();
        TableParty<PokerState<HoldemGame>, PokerMove> first = seats.get(0);
        Outcome outcome = first.outcome().orElseThrow();
        hands.get(first.round()).after = outcome.text();
        for (Map.Entry<Integer, Hand> e : hands.entrySet()) {
            Hand hand = e.getValue();
            out.println();
            out.println("Hand " + e.getKey() + ":");
            for (int s = 0; s < PLAYERS; s++) {
                out.println("  " + NAMES.get(s) + "'s own view: " + hand.own.getOrDefault(s, "(not dealt in)"));
            }
            out.println("  at the table: " + String.join(", ", hand.moves) + (hand.board.isEmpty() ? "" : "; board "
                    + hand.board));
            out.println("  stacks after: " + hand.after);
        }
        out.println();
        int total = outcome.totals().stream().mapToInt(Integer::intValue).sum();
        out.println("Result: " + outcome.text() + " (total " + total + (total == PLAYERS * STACK
                ? ", every chip accounted for)" : ", NOT the " + PLAYERS * STACK + " the table started with)"));
        AuditVerdict verdict = Audits.audit(first, Games.ALL);
        out.println("Audit: " + verdict.line());
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        for (int s = 0; s < PLAYERS; s++) {
            expected.put(NAMES.get(s), List.of(outcome.totals().get(s)));
        }
        boolean same = verdict.verified() && verdict.holdings().equals(expected)
                && verdict.summary().contains(outcome.text());
        out.println((same ? "Chips: VERIFIED: " : "Chips: FAILED: ") + "a third party replaying the one transcript "
                + "through the rules, every private hand hidden, gets " + verdict.holdings());
        boolean agreed = seats.stream().allMatch(p -> p.transcript().envelopes().equals(first.transcript().envelopes())
                && p.outcome().equals(first.outcome()));
        if (!agreed) {
            out.println("NOT AGREED: the seats' transcripts or results differ");
        }
        out.flush();
        return table.isFinished() && same && agreed && total == PLAYERS * STACK;
    }

    /** After each message: every seat's own hole cards this hand, the board, and the stacks when a hand ends. */
    private static void follow(List<TableParty<PokerState<HoldemGame>, PokerMove>> seats, Map<Integer, Hand> hands,
            int[] round) {
        TableParty<PokerState<HoldemGame>, PokerMove> first = seats.get(0);
        if (first.state() == null) {
            return;
        }
        if (first.round() != round[0]) {
            hands.computeIfAbsent(round[0], r -> new Hand()).after = first.outcome().orElseThrow().text();
            round[0] = first.round();
        }
        Hand hand = hands.computeIfAbsent(first.round(), r -> new Hand());
        for (TableParty<PokerState<HoldemGame>, PokerMove> p : seats) {
            List<Card> cards = p.view().hand().privateCards(p.seat());
            if (!cards.isEmpty() && !hand.own.containsKey(p.seat())) {
                hand.own.put(p.seat(), "your cards: " + Card.format(cards));
            }
        }
        PokerState<HoldemGame> state = first.state();
        if (!state.board().isEmpty()) {
            hand.board = Card.format(state.board().stream().map(state::cardAt).toList());
        }
    }

    /** The bot, each move it makes written down for its hand. */
    private static TablePlayer<PokerState<HoldemGame>, PokerMove> narrated(Holdem holdem,
            TablePlayer<PokerState<HoldemGame>, PokerMove> bot,
            List<TableParty<PokerState<HoldemGame>, PokerMove>> seats, Map<Integer, Hand> hands) {
        return (view, seat, legal) -> {
            PokerMove move = bot.choose(view, seat, legal);
            if (move != null) {
                hands.computeIfAbsent(seats.get(seat).round(), r -> new Hand()).moves
                        .add(NAMES.get(seat) + " " + holdem.describe(move));
            }
            return move;
        };
    }
}
