package fairtable.app.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.dominoes.DominoRules;
import fairtable.games.poker.DrawRules;
import fairtable.games.poker.HoldemRules;
import fairtable.games.table.DominoPlayer;
import fairtable.games.table.DominoSeat;
import fairtable.games.table.PatentDrawSeat;
import fairtable.games.table.PokerPlayer;
import fairtable.games.table.PokerSeat;
import fairtable.games.table.TableNode;
import fairtable.protocol.patent.PatentMode;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Everything every seat of a table must agree on (game, players' names, rounds, stacks, dealing protocol),
 * and how to build one seat's node from it. With a seed every secret is derived from it (for tests and
 * demonstrations only: a seeded game is not secret); without one, secrets come from SecureRandom.
 */
public record TableConfig(GameKind game, List<String> names, int rounds, int stack, boolean patent, Long seed) {
    public static final List<String> DEFAULT_NAMES =
            List.of("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy");
    public static final int SMALL_BLIND = 10;
    public static final int BIG_BLIND = 20;
    /** The most chips a table may hold in all. */
    public static final int MAX_CHIPS = 1 << 30;
    /** Monte-Carlo deals per bot decision: enough to play sensibly, quick enough for many hands. */
    public static final int BOT_SAMPLES = 300;

    public TableConfig {
        names = List.copyOf(names);
        if (names.size() < game.minPlayers() || names.size() > game.maxPlayers()) {
            throw new IllegalArgumentException(game.command() + " is for " + game.minPlayers() + " to "
                    + game.maxPlayers() + " players, not " + names.size());
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("players need distinct names: " + names);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("play at least one " + game.roundName());
        }
        if (stack < 2 * BIG_BLIND) {
            throw new IllegalArgumentException("a stack of at least " + 2 * BIG_BLIND + " chips, not " + stack);
        }
        if ((long) stack * names.size() > MAX_CHIPS) {
            // Every pot and bet is an int: the chips on the table stay well inside its range.
            throw new IllegalArgumentException("at most " + MAX_CHIPS + " chips on the table, not " + stack + " for each of "
                    + names.size());
        }
        if (patent && (game != GameKind.DRAW_POKER || names.size() != 2)) {
            throw new IllegalArgumentException("the FR 2823580 protocol deals two-player draw-poker only");
        }
    }

    public int players() {
        return names.size();
    }

    /** The total chips on the table (poker). */
    public int chips() {
        return stack * players();
    }

    /** The randomness for seat {@code seat}'s secrets: derived from the seed, or a fresh SecureRandom. */
    public RandomGenerator secretsFor(int seat) {
        return SeatSeeds.secrets(seed, seat);
    }

    /** The seat's Ed25519 signing key: derived from the seed, or fresh. */
    public SigningKey signingKeyFor(int seat) {
        return SeatSeeds.signingKey(seed, seat);
    }

    /** A bot's randomness (not secret: it only varies the bot's play). */
    public RandomGenerator botRandomFor(int seat) {
        return new SplittableRandom(seed == null ? new SecureRandom().nextLong() : seed * 104_729L + seat);
    }

    /** A poker seat's node, deciding with {@code player}. */
    public TableNode pokerSeat(int seat, PokerPlayer player) {
        return pokerSeat(seat, player, signingKeyFor(seat));
    }

    /** A poker seat's node signing with {@code key}, e.g. its player's identity at a table across processes. */
    public TableNode pokerSeat(int seat, PokerPlayer player, SigningKey key) {
        return pokerSeat(seat, player, key, secretsFor(seat));
    }

    /** A poker seat's node drawing its secrets from {@code secrets} (e.g. a journaled seat's recorded source). */
    public TableNode pokerSeat(int seat, PokerPlayer player, SigningKey key, RandomGenerator secrets) {
        int[] stacks = new int[players()];
        Arrays.fill(stacks, stack);
        return switch (game) {
            case HOLDEM -> PokerSeat.holdem(seat, names, key, secrets,
                    new HoldemRules(SMALL_BLIND, BIG_BLIND), stacks, rounds, player);
            case DRAW_POKER -> patent
                    ? new PatentDrawSeat(seat, names, key, secrets, PatentMode.DEFAULT,
                            DrawRules.withBlinds(SMALL_BLIND, BIG_BLIND), stacks, rounds, player)
                    : PokerSeat.draw(seat, names, key, secrets,
                            DrawRules.withBlinds(SMALL_BLIND, BIG_BLIND), stacks, rounds, player);
            case DOMINOES -> throw new IllegalArgumentException("dominoes has no poker seats");
        };
    }

    /** A dominoes seat's node, deciding with {@code player}. */
    public TableNode dominoSeat(int seat, DominoPlayer player) {
        return dominoSeat(seat, player, signingKeyFor(seat));
    }

    /** A dominoes seat's node signing with {@code key}. */
    public TableNode dominoSeat(int seat, DominoPlayer player, SigningKey key) {
        return dominoSeat(seat, player, key, secretsFor(seat));
    }

    /** A dominoes seat's node drawing its secrets from {@code secrets}. */
    public TableNode dominoSeat(int seat, DominoPlayer player, SigningKey key, RandomGenerator secrets) {
        return new DominoSeat(seat, names, key, secrets, DominoRules.standard(players()), rounds, player);
    }

    /** The bot that decides for {@code seat}, poker or dominoes as the game is. */
    public PokerPlayer pokerBot(int seat) {
        return PokerPlayer.bot(botRandomFor(seat), BOT_SAMPLES);
    }

    /** A bot's node at {@code seat}. */
    public TableNode botSeat(int seat) {
        return botSeat(seat, signingKeyFor(seat));
    }

    /** A bot's node at {@code seat}, signing with {@code key}. */
    public TableNode botSeat(int seat, SigningKey key) {
        return game == GameKind.DOMINOES ? dominoSeat(seat, DominoPlayer.bot(), key)
                : pokerSeat(seat, pokerBot(seat), key);
    }
}
