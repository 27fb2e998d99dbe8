package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * A verifiable-deck deal (verifiable-deck/v1) by mail, for 2 to 10 players: every message goes to every other
 * player. Seat 0 is the dealer and types the table's operations ({@code mail move deal 2}, {@code open 3},
 * {@code reveal}); the keys, the shuffles and the decryption shares are answered by every {@code receive}.
 * Only the dealer starts operations, so two players never speak at once.
 */
final class DealByMail implements MailGame<DeckParty> {
    static final String NAME = "deal";
    static final int DEFAULT_PLAYERS = 3;

    static final class DealRules implements CorrespondenceGame.Rules<DeckParty> {
        @Override
        public DeckParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return DeckParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(DeckParty party) {
            return List.of();
        }

        @Override
        public boolean awaitsUser(DeckParty party) {
            return party.seat() == 0 && party.isIdle();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String protocol() {
        return DeckParameters.PROTOCOL;
    }

    @Override
    public boolean forSeveral() {
        return true;
    }

    @Override
    public CorrespondenceGame.Rules<DeckParty> rules() {
        return new DealRules();
    }

    @Override
    public DeckParty start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        refuseOthers(choices);
        choices.refuse(NAME, choices.seat(), "--seat");
        int players = choices.players() != null ? choices.players() : DEFAULT_PLAYERS;
        int cards = choices.cards() != null ? choices.cards() : 52;
        return DeckParty.create(new DeckParameters(players, cards), 0, me, key, secrets);
    }

    @Override
    public DeckParty join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        refuseOthers(choices);
        choices.refuse(NAME, choices.players(), "--players");
        DeckParameters params = DeckParameters.fromBytes(hello.parameters());
        Integer seat = choices.seat();
        if (seat == null || seat < 1 || seat >= hello.players()) {
            throw new IllegalArgumentException("a deal of " + hello.players() + " needs your seat: --seat 1 to "
                    + (hello.players() - 1) + ", as the dealer said");
        }
        return DeckParty.create(params, seat, me, key, secrets);
    }

    private static void refuseOthers(Choices choices) {
        choices.refuse(NAME, choices.each(), "--each");
        choices.refuse(NAME, choices.mode(), "--mode");
        choices.refuse(NAME, choices.moveLimit(), "--move-limit");
        choices.refuse(NAME, choices.seed(), "--seed");
    }

    @Override
    public String describe(DeckParty party, String me) {
        DeckParameters params = party.parameters();
        return DeckParameters.PROTOCOL + " with " + params + ", you are " + me + " (seat " + party.seat() + " of "
                + params.players() + (party.seat() == 0 ? ", the dealer: you deal with mail move" : "") + ")";
    }

    @Override
    public List<String> warnings(DeckParty party) {
        return List.of();
    }

    private static String labels(int deckSize, List<Integer> cards) {
        return cards.isEmpty() ? "(none)" : cards.stream().map(c -> DrawCommand.CardLabels.label(deckSize, c))
                .collect(Collectors.joining(" "));
    }

    @Override
    public String view(DeckParty party) {
        if (party.observer() == null) {
            return "The deck is shuffled once every player has joined.\n";
        }
        int cards = party.parameters().cards();
        StringBuilder out = new StringBuilder();
        out.append("Your cards: ").append(labels(cards, party.hand().values().stream().toList())).append('\n');
        out.append(summary(party));
        if (party.seat() == 0 && party.isIdle()) {
            out.append("YOUR MOVE (you deal): deal N (N cards to every player), open N (N cards face up), "
                    + "reveal (the end: every player publishes its shares)\n");
        }
        return out.toString();
    }

    /** Public facts only: the open cards and how many cards each player holds. */
    @Override
    public String summary(DeckParty party) {
        DeckObserver table = party.observer();
        if (table == null || !table.isShuffled()) {
            return "";
        }
        int cards = party.parameters().cards();
        StringBuilder out = new StringBuilder("Open cards: ").append(labels(cards,
                table.positionsIn(DeckObserver.Place.TABLE).stream().map(table::publicCard).toList()));
        out.append("\nHeld: ");
        for (int s = 0; s < party.parameters().players(); s++) {
            out.append(s == 0 ? "" : ", ").append(table.nameOf(s)).append(' ').append(table.heldBy(s).size());
        }
        return out.append("; stock ").append(table.stock().size()).append(".\n").toString();
    }

    @Override
    public List<Envelope> move(DeckParty party, String text) {
        if (party.seat() != 0) {
            throw new IllegalStateException("only the dealer (seat 0) deals; awaiting " + party.awaiting());
        }
        if (!party.isIdle()) {
            throw new IllegalStateException("it is not your move: awaiting " + party.awaiting());
        }
        String[] w = text.strip().split("\\s+");
        int players = party.parameters().players();
        int stock = party.observer().stock().size();
        if (w.length == 1 && w[0].equals("reveal")) {
            return party.reveal();
        }
        if (w.length == 2 && (w[0].equals("deal") || w[0].equals("open"))) {
            int count;
            try {
                count = Integer.parseInt(w[1]);
            } catch (NumberFormatException e) {
                count = 0;
            }
            int needed = w[0].equals("deal") ? count * players : count;
            if (count < 1 || needed > stock) {
                throw new IllegalArgumentException("'" + text.strip() + "': the stock holds " + stock + " cards ("
                        + (w[0].equals("deal") ? "deal N gives N to each of the " + players + " players" : "open N")
                        + ", N at least 1)");
            }
            return w[0].equals("deal") ? party.dealEach(count) : party.open(count);
        }
        throw new IllegalArgumentException("'" + text.strip() + "' is not deal N, open N or reveal");
    }
}
