package fairtable.app.cli;

import fairtable.games.chess.Move;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.definitions.GameDefinition;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.Armor;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.net.correspondence.CorrespondenceGame.ImportRefusedException;
import fairtable.net.correspondence.GameLock;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.protocol.Party;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One profile's games by correspondence, for the browser: the same game directories, journals, trust rule and
 * armored texts as {@code fairtable mail}, so a game started in one is continued in the other. Every game lives in
 * its own owner-only directory under one root; its name is the directory's. Each operation opens the game's journal,
 * does one step and closes it again, holding the game's lock meanwhile ({@link GameLock}), as each {@code mail}
 * command does: a browser and a command line working on one game take turns. Whatever a pasted text holds is answered by
 * {@link Refused}, one plain line, and changes nothing it did not accept.
 */
public final class MailGames {
    /** A game's name: a directory name of letters, digits, dots and dashes, nothing that climbs out of the root. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final Path root;
    private final Profile profile;

    /** Why a step was not taken, in one line for the page; {@link #violation} when a signed message was refused. */
    public static final class Refused extends Exception {
        private final boolean violation;

        Refused(String line, boolean violation) {
            super(line);
            this.violation = violation;
        }

        public boolean violation() {
            return violation;
        }
    }

    /**
     * What the page shows of one game: the party (the seat's own view), the game's text view, the armored text this
     * side still has to send (its messages since it last heard from the others: the same as {@code mail resend}
     * for a two-player game), whether it is the user's move, and the game's summary (the verdict at the end).
     */
    public record Look(String name, String game, Party party, String view, String toSend, boolean yourMove,
            GameStatus status) {}

    public MailGames(Path root, Profile profile) {
        this.root = root;
        this.profile = profile;
    }

    public Path root() {
        return root;
    }

    /** The games under the root, with what each awaits; none if the root does not exist yet. */
    public synchronized List<GameStatus> list() throws IOException {
        return Files.isDirectory(root) ? GameStatus.list(root) : List.of();
    }

    /**
     * Starts a two-player game as its first player: {@code game} is dark-chess, mahjong-shogi or a registered game,
     * {@code settings} its choices (mode and move-limit for the first two, the game's own settings for the others).
     * Returns the new game's name.
     */
    public synchronized String start(String game, Map<String, String> settings) throws Refused, IOException {
        MailGame<?> kind;
        try {
            kind = MailGame.byName(game);
        } catch (IllegalArgumentException unknown) {
            throw new Refused(unknown.getMessage(), false);
        }
        return start(kind, settings);
    }

    private <P extends Party> String start(MailGame<P> kind, Map<String, String> settings) throws Refused, IOException {
        MailGame.Choices choices;
        Map<String, String> rest = new LinkedHashMap<>(settings);
        if (kind instanceof GameByMail) {
            String players = rest.getOrDefault("players", "2").strip();
            if (!players.equals("2")) {
                throw new Refused("a game by mail in the browser is for two players; three or more play with"
                        + " `fairtable mail new --players N`", false);
            }
            rest.put("players", "2");
            choices = new MailGame.Choices(null, null, null, null, null, null, null, rest);
        } else if (kind instanceof DarkChessByMail || kind instanceof MahjongShogiByMail) {
            String mode = blankToNull(rest.remove("mode"));
            String limit = blankToNull(rest.remove("move-limit"));
            if (!rest.isEmpty()) {
                throw new Refused(kind.name() + " has no setting " + String.join(", ", rest.keySet())
                        + "; its settings are mode and move-limit", false);
            }
            Integer moveLimit = null;
            if (limit != null) {
                if (!limit.matches("[0-9]{1,5}")) {
                    throw new Refused("move-limit must be a whole number, not '" + limit + "'", false);
                }
                moveLimit = Integer.parseInt(limit);
            }
            choices = new MailGame.Choices(null, null, mode, moveLimit, null, null, null, null);
        } else {
            throw new Refused("the browser plays dark-chess, mahjong-shogi and the registered games by mail; "
                    + kind.name() + " plays with `fairtable mail new --game " + kind.name() + "`", false);
        }
        P party;
        try {
            party = kind.start(choices, profile.displayName(), profile.identity(), new SecureRandom());
        } catch (IllegalArgumentException refused) {
            throw new Refused(refused.getMessage(), false);
        }
        Path dir = freshDirectory(kind.name());
        CorrespondenceGame.create(dir, profile.identity(), party, kind.rules(), Clock.systemUTC()).close();
        return dir.getFileName().toString();
    }

    /**
     * Answers the first player's hello (and whatever came with it) as the second player: a new game under the root.
     * Returns its name, and the trust rule's notes (a new key pinned: compare fingerprints).
     */
    public synchronized Map.Entry<String, List<String>> join(String text) throws Refused, IOException {
        Hello hello;
        try {
            List<Envelope> messages = Armor.decodeAll(text);
            Envelope first = messages.get(0);
            if (first.seq() != 0 || !Hello.TYPE.equals(first.type())) {
                throw new Refused("the text does not start with a game's first hello (message #0): paste the text"
                        + " the first player's page showed", false);
            }
            hello = Hello.fromBytes(first.body());
        } catch (Armor.ArmorException | MalformedMessageException e) {
            throw new Refused("cannot read the text: " + e.getMessage(), false);
        }
        MailGame<?> kind = MailGame.byProtocol(hello.protocol()).orElseThrow(() -> new Refused(hello.name()
                + " proposes " + hello.protocol() + "; mail plays " + MailGame.names(), false));
        if (kind instanceof DealByMail || kind instanceof PermutationDealByMail || kind instanceof DrawByMail) {
            throw new Refused(hello.name() + " proposes " + hello.protocol() + ", which the browser does not play"
                    + " by mail: answer it with `fairtable mail join`", false);
        }
        return join(kind, hello, text);
    }

    private <P extends Party> Map.Entry<String, List<String>> join(MailGame<P> kind, Hello hello, String text)
            throws Refused, IOException {
        P party;
        try {
            party = kind.join(hello, MailGame.Choices.none(), profile.displayName(), profile.identity(),
                    new SecureRandom());
        } catch (MalformedMessageException | IllegalArgumentException e) {
            throw new Refused(hello.name() + "'s hello proposes a game that cannot be played: " + e.getMessage(), false);
        }
        String game = party instanceof TableParty<?, ?> table ? table.parameters().game() : kind.name();
        Path dir = freshDirectory(game);
        CorrespondenceGame<P> g = CorrespondenceGame.create(dir, profile.identity(), party, kind.rules(),
                Clock.systemUTC());
        try {
            List<String> notes = take(g, text);
            return Map.entry(dir.getFileName().toString(), notes);
        } catch (Refused refused) {
            g.close();
            g = null;
            deleteFreshGame(dir);
            throw refused;
        } finally {
            if (g != null) {
                g.close();
            }
        }
    }

    /** Takes in the text the other player sent; returns the notes (skipped copies, a key pinned). */
    public synchronized List<String> receive(String name, String text) throws Refused, IOException {
        return receive(kindOf(name), name, text);
    }

    private <P extends Party> List<String> receive(MailGame<P> kind, String name, String text)
            throws Refused, IOException {
        CorrespondenceGame<P> g = open(kind, name);
        try {
            return take(g, text);
        } finally {
            g.close();
        }
    }

    /**
     * Plays the user's move: {@code index} of the legal moves {@link #legal} lists, or {@code words} as
     * {@code mail move} reads them. A move that is not legal is refused and changes nothing.
     */
    public synchronized void move(String name, Integer index, String words) throws Refused, IOException {
        move(kindOf(name), name, index, words);
    }

    private <P extends Party> void move(MailGame<P> kind, String name, Integer index, String words)
            throws Refused, IOException {
        CorrespondenceGame<P> g = open(kind, name);
        try {
            g.decide(p -> {
                if (index == null) {
                    return kind.move(p, words == null ? "" : words);
                }
                if (p instanceof TableParty<?, ?> table && kind instanceof GameByMail byMail) {
                    List<?> legal = legal(table);
                    if (index < 0 || index >= legal.size()) {
                        throw new IllegalArgumentException("move " + index + " is not one of your "
                                + legal.size() + " legal moves");
                    }
                    return byMail.play(table, legal.get(index));
                }
                if (p instanceof DarkChessParty chess && chess.side() instanceof ChessSide side && chess.isMyMove()) {
                    List<Move> legal = side.legalMoves();
                    if (index < 0 || index >= legal.size()) {
                        throw new IllegalArgumentException("move " + index + " is not one of your "
                                + legal.size() + " legal moves");
                    }
                    return kind.move(p, legal.get(index).uci());
                }
                throw new IllegalArgumentException("type your move in words");
            });
        } catch (IllegalStateException | IllegalArgumentException refused) {
            throw new Refused(refused.getMessage() + "; nothing was changed", false);
        } finally {
            g.close();
        }
    }

    /** The legal moves of a table seat to move now, in the order the page lists them; none when it is not to move. */
    public static List<?> legal(TableParty<?, ?> party) {
        return legalOf(party);
    }

    private static <S, M> List<M> legalOf(TableParty<S, M> party) {
        if (!party.isToMove() || party.view() == null) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        GameDefinition<S, M> game = (GameDefinition<S, M>) party.game();
        return game.legal(party.view(), party.seat());
    }

    /** What the page shows of the game {@code name}, read from its journal with this profile's key. */
    public synchronized Look look(String name) throws Refused, IOException {
        return look(kindOf(name), name);
    }

    private <P extends Party> Look look(MailGame<P> kind, String name) throws Refused, IOException {
        CorrespondenceGame<P> g = open(kind, name);
        try {
            P party = g.party();
            String game = party instanceof TableParty<?, ?> table ? table.parameters().game() : kind.name();
            boolean yourMove = !party.isFinished() && kind.rules().awaitsUser(party);
            return new Look(name, game, party, kind.view(party), g.armor(party.unacknowledged()), yourMove,
                    GameStatus.read(g.directory()));
        } finally {
            g.close();
        }
    }

    /** The audited transcript of a finished game, or empty. */
    public synchronized Optional<Path> transcript(String name) throws Refused, IOException {
        kindOf(name); // refuses a name that is no game here
        Path file = directory(name).resolve("transcript.jsonl");
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    /** Reads the game's kind from its summary, as every {@code mail} command does. */
    private MailGame<?> kindOf(String name) throws Refused, IOException {
        Path dir = directory(name);
        if (!GameStatus.isGame(dir)) {
            throw new Refused("no game by mail called " + name + " in " + root, false);
        }
        return CorrespondenceCommand.kindOf(dir);
    }

    /** Opens the game, holding its lock (the one {@code mail} commands take) until it is closed. */
    private <P extends Party> CorrespondenceGame<P> open(MailGame<P> kind, String name) throws Refused, IOException {
        try {
            return CorrespondenceGame.open(directory(name), profile.identity(), kind.rules(), new SecureRandom(),
                    Clock.systemUTC());
        } catch (GameLock.HeldException busy) {
            throw new Refused(busy.getMessage(), false);
        }
    }

    private Path directory(String name) throws Refused {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new Refused("no game by mail called " + name, false);
        }
        return root.resolve(name);
    }

    /** Checks the text against the trust rule, then imports it; a refusal is one line and changes nothing. */
    private <P extends Party> List<String> take(CorrespondenceGame<P> g, String text) throws Refused, IOException {
        StringWriter said = new StringWriter();
        PrintWriter notes = new PrintWriter(said);
        CorrespondenceGame.Imported imported;
        try {
            List<Envelope> messages = Armor.decodeAll(text);
            TrustRule trust = CorrespondenceCommand.mailTrust(profile, notes);
            Optional<String> refused = CorrespondenceCommand.checkHellos(g.party(), messages, trust);
            if (refused.isPresent()) {
                throw new Refused(refused.get(), false);
            }
            Collection<Hello> fresh = CorrespondenceCommand.newHellos(g.party(), messages).values();
            try {
                imported = g.importText(text);
            } finally {
                CorrespondenceCommand.pinTakenHellos(g.party(), fresh, trust);
            }
        } catch (Armor.ArmorException e) {
            throw new Refused("cannot read the text: " + e.getMessage(), false);
        } catch (ImportRefusedException e) {
            throw new Refused(e.getMessage(), e.isViolation());
        }
        notes.flush();
        List<String> out = new ArrayList<>(said.toString().lines().filter(l -> !l.isBlank()).toList());
        out.addAll(imported.notes());
        out.add("Took in " + imported.accepted().size() + " message(s).");
        return out;
    }

    /** A new directory for a game of {@code game}: game-1, game-2, ... whichever is free. */
    private Path freshDirectory(String game) throws IOException {
        OwnerOnlyFiles.directory(root);
        String base = game.replaceAll("[^A-Za-z0-9-]", "-");
        for (int n = 1; ; n++) {
            Path dir = root.resolve(base + "-" + n);
            if (!Files.exists(dir)) {
                OwnerOnlyFiles.directory(dir);
                return dir;
            }
        }
    }

    /** Removes a game that a refused first text left with nothing but its own opening. */
    private static void deleteFreshGame(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
