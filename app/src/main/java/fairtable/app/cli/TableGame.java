package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.app.play.GameSettings;
import fairtable.app.play.SeatSeeds;
import fairtable.games.chess.BoardRenderer;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.mahjongshogi.play.Seat;
import fairtable.games.mahjongshogi.play.SeatPlayer;
import fairtable.net.Actor;
import fairtable.protocol.Party;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.permutation.PermutationParameters;
import fairtable.protocol.permutation.PermutationParty;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * What a table across processes plays, for one seat: the protocol party, this seat's own moves (a script
 * for the deals, a bot for the board games), and what the seat shows at the end. Every game here goes through
 * the same relaying host, with its receipts and acknowledgements.
 */
abstract class TableGame {
    /** The names {@code --game} takes. */
    static final List<String> NAMES = List.of("deal", "permutation", "draw", "mahjong-shogi", "dark-chess");

    /** What every seat must agree on, from the command line; {@code settings} are a registered game's. */
    record Terms(String game, int players, int cards, int each, int open, String mode, Integer maxMoves,
            Map<String, String> settings) {
        Terms {
            settings = Map.copyOf(settings);
        }
    }

    abstract Party party();

    abstract Actor actor();

    /** This seat's view at the end: only what it may see. */
    abstract void report(PrintWriter out);

    /**
     * The game at {@code seat}: new, or, given the state {@code saved} in a journal, restored where it stopped.
     *
     * @throws MalformedMessageException if {@code saved} is not this game's state
     */
    static TableGame of(Terms terms, int seat, String name, SigningKey identity, byte[] saved, Games games)
            throws MalformedMessageException {
        return of(terms, seat, name, identity, saved, games, null);
    }

    /**
     * As above; with a {@code seed} (tests and demonstrations: a seeded game is NOT secret), this seat's secrets
     * and its bot's decisions come from the seed and the seat ({@link SeatSeeds}, as for `play --seed`), so a
     * bots-only table played again with the same seeds makes the same moves.
     */
    static TableGame of(Terms terms, int seat, String name, SigningKey identity, byte[] saved, Games games, Long seed)
            throws MalformedMessageException {
        RandomGenerator random = SeatSeeds.secrets(seed, seat);
        Optional<GameDefinition<?, ?>> registered = NAMES.contains(terms.game()) ? Optional.empty()
                : games.definition(terms.game());
        if (!terms.settings().isEmpty() && registered.isEmpty()) {
            throw new IllegalArgumentException("--set is for a registered game (" + String.join(", ", games.names())
                    + "), not " + terms.game());
        }
        TableGame game = registered.isPresent()
                ? Registered.of(registered.get(), terms, seat, name, identity, random, SeatSeeds.bot(seed, seat), saved)
                : switch (terms.game()) {
            case "deal" -> new Deal(terms, seat, name, identity, random, saved);
            case "permutation" -> new PermutationDeal(terms, seat, name, identity, random, saved);
            case "draw" -> new Draw(terms, seat, name, identity, random, saved);
            case "mahjong-shogi" -> new MahjongShogi(terms, seat, name, identity, random, saved);
            case "dark-chess" -> new DarkChess(terms, seat, name, identity, random, saved);
            default -> throw new IllegalArgumentException("--game is one of " + String.join(", ",
                    java.util.stream.Stream.concat(NAMES.stream(), games.names().stream()).toList()) + ", not " + terms.game());
        };
        if (game.party().seat() != seat) {
            throw new IllegalArgumentException("the journal holds seat " + game.party().seat() + ", not seat " + seat);
        }
        return game;
    }

    private static void requireTwo(Terms terms) {
        if (terms.players() != 2) {
            throw new IllegalArgumentException(terms.game() + " is for two players, not " + terms.players());
        }
    }

    private static String labels(int deckSize, List<Integer> cardNumbers) {
        return cardNumbers.isEmpty() ? "(none)" : cardNumbers.stream()
                .map(c -> DrawCommand.CardLabels.label(deckSize, c)).collect(Collectors.joining(" "));
    }

    /**
     * A registered game: the whole game as one table/v1 party, every deck step and move of every round in one
     * signed chain, this seat's moves by the game's bot. Each seat's observer runs the game's rules, so what the
     * rules did not call for is refused by every seat, naming its signer.
     */
    private static final class Registered<S, M> extends TableGame {
        private final GameDefinition<S, M> game;
        private final TableParty<S, M> party;

        private Registered(GameDefinition<S, M> game, TableParty<S, M> party) {
            this.game = game;
            this.party = party;
        }

        static <S, M> Registered<S, M> of(GameDefinition<S, M> game, Terms terms, int seat, String name,
                SigningKey identity, RandomGenerator random, RandomGenerator decisions, byte[] saved)
                throws MalformedMessageException {
            TablePlayer<S, M> bot = game.bot(decisions);
            if (saved != null) {
                return new Registered<>(game, TableParty.restore(saved, game, identity, random, bot));
            }
            GameSettings.requireSeats(game, terms.players());
            byte[] options = game.options(GameSettings.forTable(game, terms.players(), terms.settings()));
            TableParameters params = new TableParameters(game.name(), terms.players(), options);
            return new Registered<>(game, TableParty.create(game, params, seat, name, identity, random, bot));
        }

        @Override
        Party party() {
            return party;
        }

        @Override
        Actor actor() {
            return Actor.PASSIVE; // the seat's bot moves inside the party's steps
        }

        @Override
        void report(PrintWriter out) {
            S view = party.view();
            if (view == null) {
                return;
            }
            List<String> names = new java.util.ArrayList<>();
            for (int s = 0; s < party.parameters().players(); s++) {
                names.add(party.nameOf(s));
            }
            out.println("What you see at the end:");
            game.render(view, party.seat(), names).forEach(line -> out.println("  " + line));
            out.println("Result: " + party.outcome().map(o -> o.text()).orElse("none")
                    + (party.isFinished() && party.failure().isEmpty() ? "" : " (unfinished)"));
        }
    }

    /**
     * The verifiable deck: seat 0 deals each player a private hand and opens a few cards, then everyone
     * publishes their remaining shares.
     */
    private static final class Deal extends TableGame {
        private final Terms terms;
        private final DeckParty party;

        Deal(Terms terms, int seat, String name, SigningKey identity, RandomGenerator random, byte[] saved)
                throws MalformedMessageException {
            if (terms.players() * terms.each() + terms.open() > terms.cards()) {
                throw new IllegalArgumentException(terms.players() + " hands of " + terms.each() + " and "
                        + terms.open() + " open cards need " + (terms.players() * terms.each() + terms.open()) + " cards");
            }
            this.terms = terms;
            this.party = saved != null ? DeckParty.restore(saved, identity, random)
                    : DeckParty.create(new DeckParameters(terms.players(), terms.cards()), seat, name, identity, random);
        }

        @Override
        Party party() {
            return party;
        }

        /**
         * Seat 0's script: once the deck is shuffled, deal the hands, open the cards, then end the game. Each
         * step is read off the deck's public state, so a host restored from its journal goes on where it was.
         */
        @Override
        Actor actor() {
            if (party.seat() != 0) {
                return Actor.PASSIVE;
            }
            return () -> {
                if (!party.isIdle()) {
                    return List.of();
                }
                DeckObserver table = party.observer();
                if (terms.each() > 0 && table.positionsIn(DeckObserver.Place.HELD).isEmpty()
                        && table.positionsIn(DeckObserver.Place.SHOWN).isEmpty()) {
                    return party.dealEach(terms.each());
                }
                int opened = table.positionsIn(DeckObserver.Place.TABLE).size();
                if (opened < terms.open()) {
                    return party.open(terms.open() - opened);
                }
                return party.reveal();
            };
        }

        @Override
        void report(PrintWriter out) {
            out.println(party.transcript().hellos().get(party.seat()).name() + "'s private cards: "
                    + labels(terms.cards(), party.hand().values().stream().toList()));
            DeckObserver table = party.observer();
            out.println("Open cards: " + labels(terms.cards(), table.positionsIn(DeckObserver.Place.TABLE).stream()
                    .map(table::publicCard).toList()));
        }
    }

    /**
     * Seed 002's permutation deal, 3 or more players: seat 0 asks for positions 0..players*each-1 to be shown
     * round the table (position p to seat p mod players), the next {@code open} to everyone, then ends the
     * game; every seat then opens its commitments and reveals its sealing key. The private messages travel
     * sealed to their recipients inside the relayed messages.
     */
    private static final class PermutationDeal extends TableGame {
        private final Terms terms;
        private final PermutationParty party;

        PermutationDeal(Terms terms, int seat, String name, SigningKey identity, RandomGenerator random, byte[] saved)
                throws MalformedMessageException {
            if (terms.players() < PermutationParameters.MIN_PLAYERS) {
                throw new IllegalArgumentException("the permutation deal needs at least "
                        + PermutationParameters.MIN_PLAYERS + " players, not " + terms.players());
            }
            if (terms.players() * terms.each() + terms.open() > terms.cards()) {
                throw new IllegalArgumentException(terms.players() + " hands of " + terms.each() + " and "
                        + terms.open() + " open cards need " + (terms.players() * terms.each() + terms.open()) + " cards");
            }
            this.terms = terms;
            this.party = saved != null ? PermutationParty.restore(saved, identity, random)
                    : PermutationParty.create(new PermutationParameters(terms.cards()), terms.players(), seat, name,
                            identity, random);
        }

        @Override
        Party party() {
            return party;
        }

        /** The next reveal is read off the reveals already asked for, so a restored host goes on where it was. */
        @Override
        Actor actor() {
            if (party.seat() != 0) {
                return Actor.PASSIVE;
            }
            int dealt = terms.players() * terms.each();
            return () -> {
                if (!party.isIdle()) {
                    return List.of();
                }
                int k = party.operations().size();
                if (k < dealt) {
                    return party.revealTo(k, k % terms.players());
                }
                return k < dealt + terms.open() ? party.revealPublicly(k) : party.finish();
            };
        }

        @Override
        void report(PrintWriter out) {
            Map<Integer, Integer> privately = new TreeMap<>(party.knownCards());
            privately.keySet().removeAll(party.publicCards().keySet());
            out.println(party.name() + "'s private cards: " + labels(terms.cards(), List.copyOf(privately.values())));
            out.println("Open cards: " + labels(terms.cards(), List.copyOf(party.publicCards().values())));
        }
    }

    /** The FR 2823580 blind draw: seat 0 is the patent's A and reveals once the deal is done. */
    private static final class Draw extends TableGame {
        private final Terms terms;
        private final PatentParty party;

        Draw(Terms terms, int seat, String name, SigningKey identity, RandomGenerator random, byte[] saved)
                throws MalformedMessageException {
            requireTwo(terms);
            this.terms = terms;
            PatentParameters params = new PatentParameters(
                    terms.mode() == null ? PatentMode.DEFAULT : PatentMode.byName(terms.mode()), terms.cards(), terms.each());
            this.party = saved != null ? PatentParty.restore(saved, identity, random)
                    : PatentParty.create(params, seat == 0 ? PatentObserver.A : PatentObserver.B, name, identity, random);
        }

        @Override
        Party party() {
            return party;
        }

        @Override
        Actor actor() {
            return () -> party.seat() == PatentObserver.A && party.isDealt() && party.isIdle() ? party.reveal() : List.of();
        }

        @Override
        void report(PrintWriter out) {
            out.println("Your hand: " + DrawCommand.CardLabels.describe(terms.cards(), party.hand()));
        }
    }

    /** Mahjong Shogi (seed 003): this seat's placement and moves by bot. */
    private static final class MahjongShogi extends TableGame {
        private final SeatPlayer player;
        private final String[] names = {"east", "west"};

        MahjongShogi(Terms terms, int seat, String name, SigningKey identity, RandomGenerator random, byte[] saved)
                throws MalformedMessageException {
            requireTwo(terms);
            MahjongParameters params = MahjongParameters.standard(
                    terms.mode() == null ? MahjongMode.byName("ristretto") : MahjongMode.byName(terms.mode()));
            if (terms.maxMoves() != null) {
                params = params.withMoveLimit(terms.maxMoves());
            }
            SplittableRandom play = new SplittableRandom(random.nextLong());
            this.player = saved != null ? SeatPlayer.resume(MahjongParty.restore(saved, identity, random), Seat.bot(play))
                    : new SeatPlayer(params, seat, name, identity, play, random, Seat.bot(play));
        }

        @Override
        Party party() {
            return player.party();
        }

        @Override
        Actor actor() {
            return player::act;
        }

        @Override
        void report(PrintWriter out) {
            MahjongParty party = player.party();
            if (!party.isStarted() || !party.observer().isSetUp()) {
                return;
            }
            int seat = party.seat();
            out.println("What you see (own tiles by kind, the opponent's as ??):");
            out.print(player.view().render(names[seat], names[1 - seat]));
            party.observer().outcome().ifPresent(o -> out.printf("Result: %s (%s) after %d moves%n",
                    o.winner() < 0 ? "a draw" : names[o.winner()] + " wins", o.reason(), party.observer().movesMade()));
        }
    }

    /** Dark chess (seed 004): seat 0 plays White; vision rebuilt as --mode says (ote-table by default); moves by bot. */
    private static final class DarkChess extends TableGame {
        private final DarkChessParty party;

        DarkChess(Terms terms, int seat, String name, SigningKey identity, RandomGenerator random, byte[] saved)
                throws MalformedMessageException {
            requireTwo(terms);
            OtMode ot = terms.mode() == null ? DarkChessParameters.defaults().otMode() : OtMode.parse(terms.mode());
            DarkChessParameters params = new DarkChessParameters(ot, 2048,
                    terms.maxMoves() == null ? 40 : terms.maxMoves());
            this.party = saved != null ? DarkChessParty.restore(saved, identity, random, ChessSide::fromBytes)
                    : DarkChessParty.create(params, seat, name, identity,
                            ChessSide.start(seat == 0 ? Color.WHITE : Color.BLACK), random);
        }

        @Override
        Party party() {
            return party;
        }

        @Override
        Actor actor() {
            return Actor.PASSIVE; // the side's bot moves inside the protocol's steps
        }

        @Override
        void report(PrintWriter out) {
            if (party.side() instanceof ChessSide side) {
                out.println("Your view at the end:");
                out.println(BoardRenderer.render(side.view()));
            }
            out.println("Result: " + party.result().orElse("unfinished") + " after " + party.plies() + " plies.");
        }
    }
}
