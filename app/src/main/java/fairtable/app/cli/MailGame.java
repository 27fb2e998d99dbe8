package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.Games;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.Party;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A protocol that {@code fairtable mail} carries: how to start and join it, wake it from its journal, show the
 * user what they may see, and make the moves the user chooses. The creator of a game is seat 0; with more than
 * two players, every message goes to every other player. Every game registered in {@link Games#ALL} is one
 * entry, {@link GameByMail}.
 */
interface MailGame<P extends Party> {
    /** The games {@code mail} plays, by the name users give to {@code --game}. */
    List<MailGame<?>> ALL = List.of(new DrawByMail(), new MahjongShogiByMail(), new DarkChessByMail(), new DealByMail(),
            new PermutationDealByMail(), new GameByMail(Games.ALL, null));

    /** The game called {@code name}: one of {@link #ALL}, or a game registered in {@link Games#ALL}. */
    static MailGame<?> byName(String name) {
        return ALL.stream().filter(g -> g.name().equals(name) && !g.name().equals(GameByMail.NAME)).findFirst()
                .or(() -> GameByMail.registered(name)).orElseThrow(() ->
                new IllegalArgumentException("unknown game '" + name + "'; mail plays " + names()));
    }

    static Optional<MailGame<?>> byProtocol(String protocol) {
        return ALL.stream().filter(g -> g.protocol().equals(protocol)).findFirst();
    }

    /** "draw (fr2823580/v1), mahjong-shogi (mahjong-shogi/v1), ..., holdem, gin-rummy (table/v1)". */
    static String names() {
        return String.join(", ", ALL.stream().map(g -> g.name().equals(GameByMail.NAME)
                ? String.join(", ", Games.ALL.names()) + " (" + g.protocol() + ")"
                : g.name() + " (" + g.protocol() + ")").toList());
    }

    /** The options of {@code mail new} and {@code mail join}; null where the user gave none. */
    record Choices(Integer cards, Integer each, String mode, Integer moveLimit, Long seed, Integer players,
            Integer seat, Map<String, String> settings) {
        public Choices {
            settings = settings == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }

        static Choices none() {
            return new Choices(null, null, null, null, null, null, null, null);
        }

        /** The same choices with another mode (none once a game has taken it). */
        Choices withMode(String other) {
            return new Choices(cards, each, other, moveLimit, seed, players, seat, settings);
        }

        /** Refuses an option the game has no use for, rather than ignoring it silently. */
        void refuse(String gameName, Object value, String option) {
            if (value != null) {
                throw new IllegalArgumentException(option + " does not apply to --game " + gameName);
            }
        }
    }

    /** The name users give to {@code --game}. */
    String name();

    /** The protocol the hellos name. */
    String protocol();

    /** Whether more than two play ({@code --players} at {@code new}, {@code --seat} at {@code join}). */
    default boolean forSeveral() {
        return false;
    }

    CorrespondenceGame.Rules<P> rules();

    /** The party of the user who starts a game (seat 0), as {@code choices} say. */
    P start(Choices choices, String me, SigningKey key, SecureRandom secrets);

    /** The party of the user who answers {@code hello}, the game's first message. */
    P join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets) throws MalformedMessageException;

    /** The game's parameters and the user's seat, in words. */
    String describe(P party, String me);

    /** Warnings to show before the user commits to the game (an insecure mode). */
    List<String> warnings(P party);

    /**
     * The mode, weaker than the default, that a joiner must type ({@code mail join --mode}) to play the game
     * {@code party} joined; empty when the game proposed is as strong as the default. A hello is only what its sender
     * chose: taken with a warning alone, an insecure mode would let that sender read what the joiner hides.
     */
    default Optional<String> insecureMode(P party) {
        return Optional.empty();
    }

    /**
     * What the user may see now (a hand, a board and the legal moves), ending with a newline; or "". Shown by
     * {@code mail status} only, apart from any text to send, so that mailing a screen never mails a secret.
     */
    String view(P party);

    /** A few lines for the screen after each step, printed before any text to send; ending with a newline, or "". */
    String summary(P party);

    /**
     * Makes the move the user typed. Throws {@link IllegalStateException} when it is not the user's move and
     * {@link IllegalArgumentException} for a move that is not legal, before changing anything.
     */
    List<Envelope> move(P party, String move);
}
