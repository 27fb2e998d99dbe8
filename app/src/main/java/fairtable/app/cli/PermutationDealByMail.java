package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Seed 002's permutation deal (permutation-deal/v2) by mail, for 3 or more players: every message goes to every
 * other player, the private ones sealed to their recipient inside it. Seat 0 is the dealer and types each reveal
 * ({@code mail move show 4 to 2}, {@code open 7}, {@code finish}); every hop of a reveal, and the openings at the
 * end, are answered by {@code receive}.
 */
final class PermutationDealByMail implements MailGame<PermutationParty> {
    static final String NAME = "permutation";

    static final class PermutationRules implements CorrespondenceGame.Rules<PermutationParty> {
        @Override
        public PermutationParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return PermutationParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(PermutationParty party) {
            return List.of();
        }

        @Override
        public boolean awaitsUser(PermutationParty party) {
            return party.seat() == 0 && party.isIdle();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String protocol() {
        return PermutationParameters.PROTOCOL;
    }

    @Override
    public boolean forSeveral() {
        return true;
    }

    @Override
    public CorrespondenceGame.Rules<PermutationParty> rules() {
        return new PermutationRules();
    }

    @Override
    public PermutationParty start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        refuseOthers(choices);
        choices.refuse(NAME, choices.seat(), "--seat");
        int players = choices.players() != null ? choices.players() : PermutationParameters.MIN_PLAYERS;
        if (players < PermutationParameters.MIN_PLAYERS) {
            throw new IllegalArgumentException("the permutation deal needs at least "
                    + PermutationParameters.MIN_PLAYERS + " players, not " + players);
        }
        return PermutationParty.create(new PermutationParameters(choices.cards() != null ? choices.cards() : 52),
                players, 0, me, key, secrets);
    }

    @Override
    public PermutationParty join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        refuseOthers(choices);
        choices.refuse(NAME, choices.players(), "--players");
        Integer seat = choices.seat();
        if (seat == null || seat < 1 || seat >= hello.players()) {
            throw new IllegalArgumentException("a deal of " + hello.players() + " needs your seat: --seat 1 to "
                    + (hello.players() - 1) + ", as the dealer said");
        }
        return PermutationParty.create(PermutationParameters.fromBytes(hello.parameters()), hello.players(), seat, me,
                key, secrets);
    }

    private static void refuseOthers(Choices choices) {
        choices.refuse(NAME, choices.each(), "--each");
        choices.refuse(NAME, choices.mode(), "--mode");
        choices.refuse(NAME, choices.moveLimit(), "--move-limit");
        choices.refuse(NAME, choices.seed(), "--seed");
    }

    @Override
    public String describe(PermutationParty party, String me) {
        return PermutationParameters.PROTOCOL + " " + party.parameters() + ", you are " + me + " (seat " + party.seat()
                + (party.seat() == 0 ? ", the dealer: you ask for each reveal with mail move" : "") + ")";
    }

    @Override
    public List<String> warnings(PermutationParty party) {
        return List.of("NOTE: the permutation deal is semi-honest: players who collude can learn or steer cards "
                + "(see docs/permutation-deal.md).");
    }

    private static String labels(int deckSize, Map<Integer, Integer> byPosition) {
        return byPosition.isEmpty() ? "(none)" : byPosition.entrySet().stream()
                .map(e -> "#" + e.getKey() + "=" + DrawCommand.CardLabels.label(deckSize, e.getValue()))
                .collect(Collectors.joining(" "));
    }

    @Override
    public String view(PermutationParty party) {
        int cards = party.parameters().cards();
        Map<Integer, Integer> mine = new TreeMap<>(party.knownCards());
        mine.keySet().removeAll(party.publicCards().keySet());
        StringBuilder out = new StringBuilder("Your cards: ").append(labels(cards, mine)).append('\n');
        out.append(summary(party));
        if (party.seat() == 0 && party.isIdle()) {
            out.append("YOUR MOVE (you deal): show P to S (the card at position P to seat S only), open P (to "
                    + "everyone), finish (the end: everyone opens its commitments); positions 0 to "
                    + (cards - 1) + "\n");
        }
        return out.toString();
    }

    /** Public facts only: the cards shown to everyone, and the reveals asked so far. */
    @Override
    public String summary(PermutationParty party) {
        return "Open cards: " + labels(party.parameters().cards(), party.publicCards()) + "\nReveals asked: "
                + party.operations().size() + ".\n";
    }

    @Override
    public List<Envelope> move(PermutationParty party, String text) {
        if (party.seat() != 0) {
            throw new IllegalStateException("only the dealer (seat 0) asks for reveals; awaiting " + party.awaiting());
        }
        if (!party.isIdle()) {
            throw new IllegalStateException("it is not your move: awaiting " + party.awaiting());
        }
        String[] w = text.strip().split("\\s+");
        try {
            if (w.length == 1 && w[0].equals("finish")) {
                return party.finish();
            }
            if (w.length == 2 && w[0].equals("open")) {
                return party.revealPublicly(Integer.parseInt(w[1]));
            }
            if (w.length == 4 && w[0].equals("show") && w[2].equals("to")) {
                return party.revealTo(Integer.parseInt(w[1]), Integer.parseInt(w[3]));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + text.strip() + "' is not show P to S, open P or finish");
    }
}
