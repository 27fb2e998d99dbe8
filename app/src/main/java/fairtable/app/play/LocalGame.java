package fairtable.app.play;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.SeenCards;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Any registered game played in one process: one table/v1 party per seat over an {@link InMemoryTable}, every
 * seat's moves by the game's bot, or one seat's by a person at the terminal. The moves are printed as they are
 * made; the whole session goes to one transcript file, which is read back and audited as a third party would,
 * and the result the audit recomputes must be the one the game printed.
 */
public final class LocalGame {
    private LocalGame() {}

    /**
     * What to play.
     *
     * @param names    the players, one per seat
     * @param settings the game's settings (its defaults fill in the rest)
     * @param person   the seat a person plays at the terminal, or -1 for bots only
     * @param seed     every secret and bot decision derived from it (not secret), or null for SecureRandom
     * @param transcript where the session's one transcript goes
     * @param patent     for two players: deal every round by the FR 2823580 draw with these parameters; null for
     *                   the verifiable deck
     */
    public record Setup(List<String> names, Map<String, String> settings, int person, Long seed, Path transcript,
            PatentParameters patent) {
        public Setup {
            names = List.copyOf(names);
            settings = Map.copyOf(settings);
            Objects.requireNonNull(transcript);
        }

        /** A table dealt by the verifiable deck. */
        public Setup(List<String> names, Map<String, String> settings, int person, Long seed, Path transcript) {
            this(names, settings, person, seed, transcript, null);
        }
    }

    /**
     * Plays {@code game} to its end. Returns the exit code: 0 when the game finished and its audit verified the
     * result printed, 1 when a seat was caught or the audit disagrees, 2 when the input ended mid-game.
     *
     * @throws IllegalArgumentException if the game cannot be played with these players or settings
     */
    public static int play(GameDefinition<?, ?> game, Setup setup, Games games, BufferedReader in, PrintWriter out)
            throws IOException {
        return run(game, setup, games, in, out);
    }

    private static <S, M> int run(GameDefinition<S, M> game, Setup setup, Games games, BufferedReader in,
            PrintWriter out) throws IOException {
        int n = setup.names().size();
        if (n < game.minSeats() || n > game.maxSeats()) {
            throw new IllegalArgumentException(game.name() + " is for " + game.minSeats() + " to " + game.maxSeats()
                    + " players, not " + n);
        }
        if (setup.names().stream().distinct().count() != n) {
            throw new IllegalArgumentException("players need distinct names: " + setup.names());
        }
        byte[] options = game.options(setup.settings());
        try {
            game.setup(setup.names(), options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(game.name() + " cannot be played so: " + refused.getMessage());
        }
        TableParameters params;
        try {
            params = new TableParameters(game.name(), n, options, setup.patent());
        } catch (IllegalArgumentException refused) {
            throw new IllegalArgumentException(game.name() + " over " + PatentParameters.PROTOCOL + ": "
                    + refused.getMessage());
        }
        header(game, setup, out);

        List<TableParty<S, M>> seats = new ArrayList<>();
        List<SigningKey> keys = new ArrayList<>();
        int[] shownRound = {0};
        for (int s = 0; s < n; s++) {
            TablePlayer<S, M> player;
            if (s == setup.person()) {
                player = new TerminalTablePlayer<>(game, setup.names(), in, out);
            } else {
                player = game.bot(SeatSeeds.bot(setup.seed(), s));
            }
            keys.add(SeatSeeds.signingKey(setup.seed(), s));
            seats.add(TableParty.create(game, params, s, setup.names().get(s), keys.get(s),
                    SeatSeeds.secrets(setup.seed(), s), narrated(game, player, seats, shownRound, out)));
        }
        TableParty<S, M> me = seats.get(Math.max(setup.person(), 0));
        InMemoryTable table = new InMemoryTable(seats, keys);
        ProtocolViolation refused = null;
        Thread saveOnInterrupt = new Thread(() -> saveSoFar(me, setup.transcript(), out), "save-on-interrupt");
        Runtime.getRuntime().addShutdownHook(saveOnInterrupt);
        try {
            table.play();
        } catch (ProtocolViolation v) {
            refused = v;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(saveOnInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it saves and says so
            }
        }
        out.println();
        Path file = setup.transcript();
        if (refused != null || seats.stream().anyMatch(s -> s.failure().isPresent())) {
            return stopped(seats, me, refused, file, games, out);
        }
        TranscriptFile.write(file, me.transcript().envelopes(), me.rejected());
        if (setup.person() >= 0 && me.transcript().established()) {
            SeenCards.write(file, me); // for the replay page's "as I saw it" (drop both files there)
        }
        if (!table.isFinished()) {
            out.println("The game is unfinished: it awaits " + me.awaiting() + ".");
            out.println("Transcript so far: " + file + " (" + me.transcript().size() + " messages)");
            out.flush();
            return Main.ERROR;
        }
        Outcome outcome = me.outcome().orElseThrow();
        if (setup.person() >= 0) {
            out.println("What you see at the end:");
            game.render(me.view(), me.seat(), setup.names()).forEach(line -> out.println("  " + line));
        }
        out.println("Result: " + outcome.text());
        out.println("Transcript: " + file + " (" + me.transcript().size() + " messages, the whole game; check it"
                + " yourself: fairtable audit " + file + ")");
        String disagreement = disagreement(seats, me);
        AuditVerdict verdict = Audits.auditWritten(file, games);
        out.println("Audit: " + verdict.line());
        if (disagreement == null && verdict.verified()) {
            disagreement = auditDisagreement(verdict, outcome, setup.names());
        }
        if (disagreement != null) {
            out.println("NOT AGREED: " + disagreement);
        }
        out.flush();
        return verdict.verified() && disagreement == null ? Main.OK : Main.FAILED;
    }

    /**
     * On Ctrl-C (or any stop of the JVM) in the middle of a game: the transcript so far, every finished round in it,
     * is written and the person told where. The game thread may still be adding a message, so the copy is retried.
     */
    private static void saveSoFar(TableParty<?, ?> me, Path file, PrintWriter out) {
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                List<fairtable.protocol.transcript.Envelope> soFar = List.copyOf(me.transcript().envelopes());
                TranscriptFile.write(file, soFar, List.copyOf(me.rejected()));
                out.println();
                out.println("Interrupted: the game so far is saved, every finished round with it: " + file + " ("
                        + soFar.size() + " messages; fairtable audit " + file + " checks it).");
                out.flush();
                return;
            } catch (java.util.ConcurrentModificationException busy) {
                Thread.onSpinWait();
            } catch (IOException | RuntimeException e) {
                out.println();
                out.println("Interrupted: the game so far could not be saved in " + file + ": " + e.getMessage());
                out.flush();
                return;
            }
        }
    }

    private static void header(GameDefinition<?, ?> game, Setup setup, PrintWriter out) {
        Map<String, String> settings = new LinkedHashMap<>(game.defaults());
        settings.putAll(setup.settings());
        List<String> shown = new ArrayList<>();
        settings.forEach((k, v) -> shown.add(k + "=" + v));
        out.printf("%s for %d players (%s): %s.%n", game.name(), setup.names().size(),
                String.join(", ", setup.names()), game.summary());
        if (!shown.isEmpty()) {
            out.println("Settings: " + String.join(", ", shown) + ".");
        }
        if (setup.patent() == null) {
            out.println("Every card is dealt by the verifiable deck, a fresh shuffle each round, and every move and deck"
                    + " step is signed into one transcript for the whole game (" + TableParameters.PROTOCOL + ").");
        } else {
            out.println("Every card is dealt by the FR 2823580 blind draw (" + setup.patent() + "), a fresh draw each"
                    + " round whose keys are revealed when it closes, so both hands are shown after every hand,"
                    + " folded or not; every move and draw step is signed into one transcript for the whole game ("
                    + TableParameters.PROTOCOL + ").");
        }
        if (setup.person() >= 0) {
            out.println("You are " + setup.names().get(setup.person()) + "; the others are bots. Type help for help.");
        }
        if (setup.seed() != null) {
            out.println("Seeded with " + setup.seed() + ": every secret is derived from the seed, so this game is NOT secret.");
        }
        out.println();
        out.flush();
    }

    /**
     * {@code player}, each move it makes printed as it is made, and each new round announced with the standings
     * before it; {@code shownRound} is the last round announced, shared by every seat of the table.
     */
    private static <S, M> TablePlayer<S, M> narrated(GameDefinition<S, M> game, TablePlayer<S, M> player,
            List<TableParty<S, M>> seats, int[] shownRound, PrintWriter out) {
        return (view, seat, legal) -> {
            TableParty<S, M> party = seats.get(seat);
            if (party.round() != shownRound[0]) {
                if (shownRound[0] > 0) {
                    out.println("  standings: " + game.outcome(party.state()).text());
                }
                shownRound[0] = party.round();
                out.println("Round " + shownRound[0] + ":");
                out.flush();
            }
            M move = player.choose(view, seat, legal);
            if (move != null) {
                out.println("  " + party.nameOf(seat) + ": " + game.describe(move));
                out.flush();
            }
            return move;
        };
    }

    /** Every seat must have kept the same transcript and reached the same result; what differs, or null. */
    private static <S, M> String disagreement(List<TableParty<S, M>> seats, TableParty<S, M> me) {
        for (TableParty<S, M> s : seats) {
            if (!s.transcript().envelopes().equals(me.transcript().envelopes())) {
                return s.nameOf(s.seat()) + "'s transcript differs from " + me.nameOf(me.seat()) + "'s";
            }
            if (!s.outcome().equals(me.outcome())) {
                return s.nameOf(s.seat()) + " reached " + s.outcome().map(Outcome::text).orElse("nothing");
            }
        }
        return null;
    }

    /**
     * The audit's totals must be the game's, seat by seat, and its summary must carry the game's result: what
     * differs, or null. Every front end that plays a game in one process checks its audit so.
     */
    public static String auditDisagreement(AuditVerdict verdict, Outcome outcome, List<String> names) {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        for (int s = 0; s < names.size(); s++) {
            expected.put(names.get(s), List.of(outcome.totals().get(s)));
        }
        if (!verdict.holdings().equals(expected)) {
            return "the audit recomputes " + verdict.holdings() + ", the game ended with " + expected;
        }
        if (!verdict.summary().contains(outcome.text())) {
            return "the audit's result is not the game's (" + outcome.text() + ")";
        }
        return null;
    }

    /**
     * A seat refused a message, or the rules stopped the game on a card that broke them: say who did what, write
     * the evidence of the seat that caught it (its transcript and what it refused), and audit it.
     */
    private static <S, M> int stopped(List<TableParty<S, M>> seats, TableParty<S, M> me, ProtocolViolation refused,
            Path file, Games games, PrintWriter out) throws IOException {
        TableParty<S, M> witness = seats.stream().filter(s -> !s.rejected().isEmpty()).findFirst()
                .orElse(seats.stream().filter(s -> s.failure().isPresent()).findFirst().orElse(me));
        ProtocolViolation v = refused != null ? refused : witness.failure().orElseThrow();
        out.println("The game is stopped: FAILED: " + v.getMessage());
        TranscriptFile.write(file, witness.transcript().envelopes(), witness.rejected());
        out.println("Evidence: " + file + " (" + witness.nameOf(witness.seat()) + "'s transcript and what it refused)");
        AuditVerdict verdict = Audits.audit(witness, games);
        out.println("Audit: " + verdict.line());
        out.flush();
        return Main.FAILED;
    }
}
