package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.SeenCards;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.FiveCardDraw;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.PartyCore;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * Every game registered in {@link Games#ALL} by mail: one table/v1 party per player, the whole game in one signed
 * chain, as {@code fairtable play} runs it in one process. Every message goes to every other player. The deck's
 * steps (keys, shuffles, shares, the deals the rules call for from this seat) are answered by each
 * {@code receive}; the user types only moves, which the game's definition parses and the table's rules judge.
 * Nothing here knows one game from another: the definition gives the settings, the view and the words.
 */
final class GameByMail implements MailGame<TableParty<?, ?>> {
    /** The name {@link MailGame#ALL} lists this entry under; users name the registered games themselves. */
    static final String NAME = "table";

    private final Games games;
    /** The game {@code mail new} starts; null for the entry that wakes any registered game by its protocol. */
    private final GameDefinition<?, ?> definition;
    /** Whether the game's own bot plays this seat (the user only passes the texts on). */
    private final boolean bot;
    /** The move the user typed, handed to the seat's player while {@link #move} runs; null otherwise. */
    private final AtomicReference<Object> typed = new AtomicReference<>();

    GameByMail(Games games, GameDefinition<?, ?> definition) {
        this(games, definition, false);
    }

    private GameByMail(Games games, GameDefinition<?, ?> definition, boolean bot) {
        this.games = games;
        this.definition = definition;
        this.bot = bot;
    }

    /** The same entry, with the game's bot deciding this seat's moves as soon as the rules ask for them. */
    GameByMail withBot() {
        return new GameByMail(games, definition, true);
    }

    boolean isBot() {
        return bot;
    }

    /** The file in a game's directory that says a bot plays its seat. */
    static final String BOT_MARKER = "bot";

    /** The registered game called {@code name}, ready for {@code mail new}. */
    static java.util.Optional<MailGame<?>> registered(String name) {
        return Games.ALL.definition(name).map(d -> new GameByMail(Games.ALL, d));
    }

    @Override
    public String name() {
        return definition != null ? definition.name() : NAME;
    }

    @Override
    public String protocol() {
        return TableParameters.PROTOCOL;
    }

    @Override
    public boolean forSeveral() {
        return true;
    }

    /**
     * The seat's player: the game's bot; or the move the user typed, if one is being played, else it decides later.
     */
    private <S, M> TablePlayer<S, M> player(GameDefinition<S, M> game) {
        if (bot) {
            return game.bot(new SecureRandom());
        }
        return (view, seat, legal) -> {
            @SuppressWarnings("unchecked")
            M move = (M) typed.getAndSet(null);
            return move;
        };
    }

    final class Rules implements CorrespondenceGame.Rules<TableParty<?, ?>> {
        @Override
        public TableParty<?, ?> restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            if (snapshot.length == 0) {
                throw new MalformedMessageException("an empty snapshot");
            }
            // Only the game's name is read here, whatever the version: TableParty.restore judges the rest.
            TableParameters params = TableParameters.fromBytes(PartyCore.readHeader(new WireReader(snapshot),
                    snapshot[0] & 0xff, "unknown snapshot version").parameters());
            return restore(definitionOf(params), snapshot, key, random);
        }

        private <S, M> TableParty<S, M> restore(GameDefinition<S, M> game, byte[] snapshot, SigningKey key,
                RandomGenerator random) throws MalformedMessageException {
            return TableParty.restore(snapshot, game, key, random, player(game));
        }

        @Override
        public List<Envelope> act(TableParty<?, ?> party) {
            return List.of(); // the party answers its deck steps itself; moves wait for the user
        }

        @Override
        public boolean awaitsUser(TableParty<?, ?> party) {
            return party.isToMove();
        }

        @Override
        public List<ProtocolAudit> audits() {
            return Audits.needingGames(games);
        }

        @Override
        public void stepped(TableParty<?, ?> party, Path transcript) throws IOException {
            if (party.transcript().established()) {
                SeenCards.merge(transcript, party); // a replay as this seat saw it, though each command forgets
            }
        }
    }

    @Override
    public CorrespondenceGame.Rules<TableParty<?, ?>> rules() {
        return new Rules();
    }

    private GameDefinition<?, ?> definitionOf(TableParameters params) throws MalformedMessageException {
        return games.definition(params.game()).orElseThrow(() -> new MalformedMessageException("the game "
                + params.game() + " is not registered here; mail plays " + String.join(", ", games.names())));
    }

    @Override
    public TableParty<?, ?> start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        if (definition == null) {
            throw new IllegalArgumentException("name the game: --game " + String.join("|", games.names()));
        }
        PatentParameters patent = patentDraw(choices.mode(), definition);
        refuseOthers(choices.withMode(null), definition.name());
        choices.refuse(definition.name(), choices.seat(), "--seat");
        Map<String, String> settings = new LinkedHashMap<>(choices.settings());
        if (choices.players() != null) {
            if (settings.containsKey("players")) {
                throw new IllegalArgumentException("give the players once: --players or --set players=N");
            }
            settings.put("players", choices.players().toString());
        }
        byte[] options = definition.options(settings);
        String players = settings.getOrDefault("players", definition.defaults().get("players"));
        int n;
        try {
            n = players != null ? Integer.parseInt(players.strip()) : definition.minSeats();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("players is a number, not '" + players + "'");
        }
        if (n < definition.minSeats() || n > definition.maxSeats()) {
            throw new IllegalArgumentException(definition.name() + " is for " + definition.minSeats() + " to "
                    + definition.maxSeats() + " players, not " + n);
        }
        try {
            definition.setup(IntStream.range(0, n).mapToObj(s -> "seat " + s).toList(), options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(definition.name() + " cannot be played so: " + refused.getMessage());
        }
        TableParameters params;
        try {
            params = new TableParameters(definition.name(), n, options, patent);
        } catch (IllegalArgumentException refused) {
            throw new IllegalArgumentException(definition.name() + " --mode patent: " + refused.getMessage());
        }
        return create(definition, params, 0, me, key, secrets);
    }

    /**
     * {@code --mode patent}: heads-up draw poker dealt by the FR 2823580 draw, every hand's keys revealed when it
     * closes; no mode: the verifiable deck.
     */
    private static PatentParameters patentDraw(String mode, GameDefinition<?, ?> definition) {
        if (mode == null) {
            return null;
        }
        if (!mode.equals("patent") || !definition.name().equals(FiveCardDraw.NAME)) {
            throw new IllegalArgumentException("--mode " + mode + " does not apply to --game " + definition.name()
                    + (definition.name().equals(FiveCardDraw.NAME) ? " (--mode patent deals it by FR 2823580)" : ""));
        }
        return FiveCardDraw.patentDraw(PatentMode.DEFAULT);
    }

    private <S, M> TableParty<S, M> create(GameDefinition<S, M> game, TableParameters params, int seat, String me,
            SigningKey key, SecureRandom secrets) {
        return TableParty.create(game, params, seat, me, key, secrets, player(game));
    }

    @Override
    public TableParty<?, ?> join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        refuseOthers(choices, NAME);
        choices.refuse(NAME, choices.players(), "--players");
        if (!choices.settings().isEmpty()) {
            throw new IllegalArgumentException("--set does not apply to join: the game's settings are in its hello");
        }
        TableParameters params = TableParameters.fromBytes(hello.parameters());
        GameDefinition<?, ?> game = definitionOf(params);
        try {
            game.setup(IntStream.range(0, params.players()).mapToObj(s -> "seat " + s).toList(), params.options());
        } catch (IllegalMove refused) {
            throw new MalformedMessageException(game.name() + " cannot be played so: " + refused.getMessage());
        }
        Integer seat = choices.seat();
        if (seat == null && params.players() == 2) {
            seat = 1;
        }
        if (seat == null || seat < 1 || seat >= params.players()) {
            throw new IllegalArgumentException(params + " needs your seat: --seat 1 to " + (params.players() - 1)
                    + ", as " + hello.name() + " gave it (paste every earlier player's hello too)");
        }
        return create(game, params, seat, me, key, secrets);
    }

    private static void refuseOthers(Choices choices, String game) {
        choices.refuse(game, choices.cards(), "--cards");
        choices.refuse(game, choices.each(), "--each");
        choices.refuse(game, choices.mode(), "--mode");
        choices.refuse(game, choices.moveLimit(), "--move-limit");
        choices.refuse(game, choices.seed(), "--seed");
    }

    @Override
    public String describe(TableParty<?, ?> party, String me) {
        GameDefinition<?, ?> game = (GameDefinition<?, ?>) party.game();
        TableParameters params = party.parameters();
        return params.game() + " for " + params.players() + " players (" + game.summary()
                + (params.patent() == null ? "" : ", dealt by the FR 2823580 draw, " + params.patent()) + "), you are " + me
                + " (seat " + party.seat() + " of " + params.players() + (bot ? ", played by the game's bot" : "") + ")";
    }

    @Override
    public List<String> warnings(TableParty<?, ?> party) {
        return party.parameters().patent() == null ? List.of() : List.of("Note: the FR 2823580 draw proves nothing until"
                + " its keys are revealed, so both hands are revealed when each hand closes, folded or not.");
    }

    @Override
    public java.util.Optional<String> insecureMode(TableParty<?, ?> party) {
        PatentParameters patent = party.parameters().patent();
        return patent == null || patent.group().isSecure() ? java.util.Optional.empty()
                : java.util.Optional.of(patent.mode().modeName());
    }

    @Override
    public String view(TableParty<?, ?> party) {
        return render(typed(party));
    }

    private <S, M> String render(TableParty<S, M> party) {
        if (party.view() == null) {
            return "The game starts once every player has joined.\n";
        }
        GameDefinition<S, M> game = definition(party);
        StringBuilder out = new StringBuilder();
        game.render(party.view(), party.seat(), names(party)).forEach(l -> out.append(l).append('\n'));
        out.append(summary(party));
        if (party.isToMove()) {
            List<String> legal = game.legal(party.view(), party.seat()).stream().map(game::describe).toList();
            List<String> shown = legal.size() <= 20 ? legal
                    : java.util.stream.Stream.concat(legal.subList(0, 20).stream(), java.util.stream.Stream.of("...")).toList();
            out.append("Your legal moves: ").append(String.join(" | ", shown)).append('\n');
        }
        return out.toString();
    }

    /** Public facts only: the round, and the result once the game is over. */
    @Override
    public String summary(TableParty<?, ?> party) {
        if (party.isFinished() && party.failure().isEmpty() && party.outcome().isPresent()) {
            return "Result: " + party.outcome().get().text() + "\n";
        }
        return party.round() > 0 && !party.isFinished() ? "Round " + party.round() + ".\n" : "";
    }

    @Override
    public List<Envelope> move(TableParty<?, ?> party, String words) {
        return play(typed(party), words);
    }

    private <S, M> List<Envelope> play(TableParty<S, M> party, String words) {
        if (!party.isToMove()) {
            throw new IllegalStateException(party.isFinished() ? "the game is over"
                    : "it is not your move: awaiting " + party.awaiting());
        }
        return resumeWith(party, definition(party).parse(words, party.view(), party.seat()));
    }

    /**
     * Plays {@code move}, one of the moves the game's definition lists as legal for the seat now (the browser's
     * buttons), without going through its words.
     */
    List<Envelope> play(TableParty<?, ?> party, Object move) {
        if (!party.isToMove()) {
            throw new IllegalStateException(party.isFinished() ? "the game is over"
                    : "it is not your move: awaiting " + party.awaiting());
        }
        return resumeWith(typed(party), move);
    }

    private <S, M> List<Envelope> resumeWith(TableParty<S, M> party, Object move) {
        typed.set(move);
        try {
            List<Envelope> out = party.resume();
            if (typed.get() != null) {
                throw new IllegalStateException("the table did not ask for your move: awaiting " + party.awaiting());
            }
            return out;
        } finally {
            typed.set(null);
        }
    }

    private static List<String> names(TableParty<?, ?> party) {
        return IntStream.range(0, party.parameters().players()).mapToObj(party::nameOf).toList();
    }

    @SuppressWarnings("unchecked")
    private static <S, M> TableParty<S, M> typed(TableParty<?, ?> party) {
        return (TableParty<S, M>) party;
    }

    @SuppressWarnings("unchecked")
    private static <S, M> GameDefinition<S, M> definition(TableParty<S, M> party) {
        return (GameDefinition<S, M>) party.game();
    }
}
