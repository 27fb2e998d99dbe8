package fairtable.net.correspondence;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.Armor.ArmorException;
import fairtable.net.journal.Journal;
import fairtable.net.session.Arrival;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * One side of a game played by correspondence: the party sleeps on disk between invocations and wakes when
 * the user pastes in the other side's messages. A directory per game, readable by its owner alone
 * ({@link OwnerOnlyFiles}), holds:
 * <ul>
 *   <li>{@code journal}: the party's state after every step, signed with the user's identity key
 *       ({@link Journal});</li>
 *   <li>{@code outbox/}: every message this side sent, armored ({@link Armor}), to send again if lost;</li>
 *   <li>{@code game.properties}: a summary readable without the key (who, what is awaited, when);</li>
 *   <li>{@code transcript.jsonl}: the signed transcript, once the game is over;</li>
 *   <li>{@code lock}: locked by whoever works on the game ({@link GameLock}), from reading the journal to the last
 *       write, so that two commands never interleave.</li>
 * </ul>
 * An import is checked before it touches the party, by the same {@link Arrival} check a seat at a table makes of each
 * delivery: a message already imported, one that skips ahead, one in this side's own name, or one from another game
 * is refused with the reason and nothing changes.
 */
public final class CorrespondenceGame<P extends Party> {
    static final String JOURNAL = "journal";
    static final String OUTBOX = "outbox";
    static final String TRANSCRIPT = "transcript.jsonl";

    /** How to wake a party of one protocol, and what this side does of its own accord. */
    public interface Rules<P extends Party> {
        P restore(byte[] snapshot, SigningKey key, RandomGenerator random) throws MalformedMessageException;

        /**
         * {@link #restore} for the last entry of this user's own journal, whose signature (the user's key) the journal
         * has checked: a protocol may then skip checks the party already made when the messages arrived (dark chess
         * does not verify every message's signature again). By default the same as {@link #restore}.
         */
        default P restoreJournaled(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return restore(snapshot, key, random);
        }

        /** This side's own moves after each step (e.g. ending the game once the deal is done); usually none. */
        List<Envelope> act(P party);

        /**
         * Whether the game now waits for this user to choose a move (see {@link #decide}) rather than for a
         * message from the other player. The draw never does; a board game does on the user's turn.
         */
        default boolean awaitsUser(P party) {
            return false;
        }

        /**
         * The audits that judge this game's file where the protocol layer alone cannot (a table/v1 game replayed
         * through the registered rules, dark chess's rules half); none by default.
         */
        default List<ProtocolAudit> audits() {
            return List.of();
        }

        /**
         * Called after each step is journalled: a game may keep, beside where its transcript goes ({@code transcript},
         * written once the game is over), what only this side knows and a restored party forgets (the cards its seat
         * saw in earlier rounds, for a replay as it saw it). Nothing by default.
         */
        default void stepped(P party, Path transcript) throws IOException {
        }
    }

    /**
     * A move the user chose, made on the party: returns the messages it sends. It must check everything before
     * changing the party and throw {@link IllegalArgumentException} (an illegal move) or
     * {@link IllegalStateException} (not this user's turn) with the reason for the user.
     */
    @FunctionalInterface
    public interface Decision<P extends Party> {
        List<Envelope> make(P party);
    }

    /** An import that was refused; the game is as it was before (except that a refused message may be kept as evidence). */
    public static final class ImportRefusedException extends Exception {
        private final boolean violation;

        ImportRefusedException(String reason, boolean violation) {
            super(reason);
            this.violation = violation;
        }

        /**
         * Whether a message its seat signed where it stands broke the protocol (a cheat or a broken peer), not a mix-up
         * or a text that proves nothing against anyone (a forgery, a bad signature: docs/evidence.md).
         */
        public boolean isViolation() {
            return violation;
        }
    }

    /** What an import did: the messages taken in and the replies to send (also armored, in order). */
    public record Imported(List<Envelope> accepted, List<Envelope> replies, String armoredReplies, List<String> notes) {}

    private final Path directory;
    private final P party;
    private final Rules<P> rules;
    private final Clock clock;
    private final Journal journal;
    /** The game's lock when this game took it itself (and releases it on {@link #close}); null when the caller holds it. */
    private final GameLock ownLock;

    private CorrespondenceGame(Path directory, P party, Rules<P> rules, Clock clock, Journal journal, GameLock ownLock) {
        this.directory = directory;
        this.party = party;
        this.rules = rules;
        this.clock = clock;
        this.journal = journal;
        this.ownLock = ownLock;
    }

    /**
     * Starts a game in a new directory with a fresh party; its first messages (from {@link Party#start()}
     * and {@link Rules#act}) are in {@link #outgoingOfLastStep()}. Holds the game's lock until {@link #close}.
     */
    public static <P extends Party> CorrespondenceGame<P> create(Path directory, SigningKey key, P party,
            Rules<P> rules, Clock clock) throws IOException {
        OwnerOnlyFiles.directory(directory);
        GameLock lock = GameLock.take(directory, GameLock.PATIENCE);
        return closingOnFailure(lock, () -> create(lock, directory, key, party, rules, clock, lock));
    }

    /** {@link #create(Path, SigningKey, Party, Rules, Clock)} in the directory of {@code held}, which the caller holds. */
    public static <P extends Party> CorrespondenceGame<P> create(GameLock held, SigningKey key, P party, Rules<P> rules,
            Clock clock) throws IOException {
        return create(held, held.directory(), key, party, rules, clock, null);
    }

    private static <P extends Party> CorrespondenceGame<P> create(GameLock held, Path directory, SigningKey key, P party,
            Rules<P> rules, Clock clock, GameLock ownLock) throws IOException {
        requireHeld(held);
        if (Files.exists(directory.resolve(JOURNAL))) {
            throw new IOException(directory + " already holds a game");
        }
        OwnerOnlyFiles.directory(directory.resolve(OUTBOX));
        Journal journal = Journal.open(directory.resolve(JOURNAL), key);
        CorrespondenceGame<P> game = new CorrespondenceGame<>(directory, party, rules, clock, journal, ownLock);
        List<Envelope> out = new ArrayList<>(party.start());
        out.addAll(rules.act(party));
        try {
            game.step(out);
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
        return game;
    }

    /**
     * Reopens a game; {@code key} must be the identity that created it. Takes the game's lock (waiting for another
     * command working on it at most {@link GameLock#PATIENCE}) and holds it until {@link #close}.
     */
    public static <P extends Party> CorrespondenceGame<P> open(Path directory, SigningKey key, Rules<P> rules,
            RandomGenerator random, Clock clock) throws IOException {
        requireGame(directory);
        GameLock lock = GameLock.take(directory, GameLock.PATIENCE);
        return closingOnFailure(lock, () -> open(lock, directory, key, rules, random, clock, lock));
    }

    /** {@link #open(Path, SigningKey, Rules, RandomGenerator, Clock)} of the game of {@code held}, which the caller holds. */
    public static <P extends Party> CorrespondenceGame<P> open(GameLock held, SigningKey key, Rules<P> rules,
            RandomGenerator random, Clock clock) throws IOException {
        return open(held, held.directory(), key, rules, random, clock, null);
    }

    private static <P extends Party> CorrespondenceGame<P> open(GameLock held, Path directory, SigningKey key,
            Rules<P> rules, RandomGenerator random, Clock clock, GameLock ownLock) throws IOException {
        requireHeld(held);
        requireGame(directory);
        Path file = directory.resolve(JOURNAL);
        OwnerOnlyFiles.requireOwnerOnly(directory);
        Journal journal = Journal.open(file, key);
        try {
            Journal.Entry last = journal.last().orElseThrow(() -> new IOException(file + " is empty"));
            P party;
            try {
                party = rules.restoreJournaled(last.state(), key, random);
            } catch (MalformedMessageException e) {
                throw new Journal.CorruptJournalException(file + ": the saved game cannot be restored: " + e.getMessage());
            }
            requireOutboxJournaled(directory, journal, party);
            return new CorrespondenceGame<>(directory, party, rules, clock, journal, ownLock);
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
    }

    private static void requireGame(Path directory) throws IOException {
        if (!Files.exists(directory.resolve(JOURNAL))) {
            throw new IOException(directory + " holds no correspondence game");
        }
    }

    private static void requireHeld(GameLock held) {
        if (!held.isHeld()) {
            throw new IllegalStateException("the game's lock was released before its game was opened");
        }
    }

    /**
     * Refuses a journal that has forgotten a message the outbox holds. Each step is journaled before its messages are
     * filed in the outbox, so a crash can tear the journal's last line only before they were filed, or sent; the
     * journal then passes over that line, rightly. A message in the outbox beyond the journal was filed, maybe sent:
     * going on from the journal would send another message at its place, so the game stops here and says so.
     */
    private static void requireOutboxJournaled(Path directory, Journal journal, Party party) throws IOException {
        long known = party.transcript().size();
        List<Path> beyond;
        try (var files = Files.list(directory.resolve(OUTBOX))) {
            beyond = files.filter(f -> outboxSeq(f) >= known).sorted().toList();
        } catch (java.nio.file.NoSuchFileException noOutbox) {
            return;
        }
        if (!beyond.isEmpty()) {
            throw new Journal.CorruptJournalException(directory.resolve(JOURNAL) + " has lost message #"
                    + outboxSeq(beyond.get(0)) + (journal.endsInTornLine() ? " (its last line was cut short)" : "")
                    + ", which the outbox holds ("
                    + beyond.get(0).getFileName() + ") and may have been sent: this side cannot go on from it safely;"
                    + " keep the directory as it is");
        }
    }

    /** The position in the chain an outbox file's name starts with ("0007-step3-deck.txt"); -1 for another file. */
    private static long outboxSeq(Path file) {
        String name = file.getFileName().toString();
        int dash = name.indexOf('-');
        if (!name.endsWith(".txt") || dash <= 0) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(0, dash));
        } catch (NumberFormatException notOurs) {
            return -1;
        }
    }

    /** Runs {@code opening}; if it fails, releases the lock it was to keep. */
    private static <T> T closingOnFailure(GameLock lock, IoSupplier<T> opening) throws IOException {
        try {
            return opening.get();
        } catch (IOException | RuntimeException | Error e) {
            lock.close();
            throw e;
        }
    }

    @FunctionalInterface
    private interface IoSupplier<T> {
        T get() throws IOException;
    }

    public P party() {
        return party;
    }

    public Path directory() {
        return directory;
    }

    /** What this side sent at its last step: what to send (again) to the other players. */
    public List<Envelope> outgoingOfLastStep() {
        return journal.last().map(Journal.Entry::outbox).orElse(List.of());
    }

    /** Armors messages of this game, naming the protocol and sender as the hellos do. */
    public String armor(List<Envelope> messages) {
        StringBuilder out = new StringBuilder();
        for (Envelope e : messages) {
            out.append(Armor.encode(e, protocol(), party.transcript().nameOf(e.sender())));
        }
        return out.toString();
    }

    private String protocol() {
        return party.transcript().hellos().isEmpty() ? "unknown" : party.transcript().hellos().get(0).protocol();
    }

    /**
     * Takes in every armored message in {@code text}, in sequence order. Copies of messages already taken in
     * are skipped if the text brings something new, and refused if it brings nothing new.
     */
    public Imported importText(String text) throws ArmorException, ImportRefusedException, IOException {
        List<Envelope> messages = new ArrayList<>(Armor.decodeAll(text));
        messages.sort(Comparator.comparingLong(Envelope::seq));
        List<Envelope> accepted = new ArrayList<>();
        List<Envelope> replies = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean anythingNew = messages.stream().anyMatch(e -> e.seq() >= party.transcript().size());
        for (Envelope e : messages) {
            String refusal = precheck(e);
            if (refusal != null && isCopyOfAccepted(e) && anythingNew) {
                notes.add("skipped message #" + e.seq() + ": already imported");
                continue;
            }
            if (refusal != null) {
                throw new ImportRefusedException(refusal + (accepted.isEmpty() ? "; nothing was changed"
                        : "; the " + accepted.size() + " message(s) before it were imported"), false);
            }
            if (party.isFinished()) {
                throw new ImportRefusedException("message #" + e.seq() + " arrived after the game ended; nothing was changed", false);
            }
            List<Envelope> out;
            int keptBefore = party.rejected().size();
            try {
                out = new ArrayList<>(party.receive(e));
            } catch (ProtocolViolation v) {
                // The party keeps refused messages within its bounds (RefusedMessages); journal only what it kept, so
                // a stranger who mails forgery after forgery cannot grow the journal without end.
                boolean kept = party.rejected().size() > keptBefore;
                if (kept) {
                    step(List.of());
                }
                throw new ImportRefusedException("message #" + e.seq() + " was refused: " + v.getMessage()
                        + (kept ? " (kept as evidence; the game is as it was)"
                                : " (not kept: as many such messages are kept already; the game is as it was)"),
                        !v.provesNothing());
            }
            if (party.failure().isEmpty()) {
                out.addAll(rules.act(party));
            }
            step(out);
            accepted.add(e);
            replies.addAll(out);
        }
        return new Imported(List.copyOf(accepted), List.copyOf(replies), armor(replies), List.copyOf(notes));
    }

    /**
     * Makes the user's move: journals the new state with the messages it sends (also filed in the outbox) and
     * returns them. A refused move throws as {@link Decision} says and leaves the game on disk as it was.
     */
    public List<Envelope> decide(Decision<P> decision) throws IOException {
        if (party.isFinished()) {
            throw new IllegalStateException("the game is over");
        }
        List<Envelope> out = new ArrayList<>(decision.make(party));
        if (party.failure().isEmpty()) {
            out.addAll(rules.act(party));
        }
        step(out);
        return out;
    }

    private boolean isCopyOfAccepted(Envelope e) {
        return Arrival.of(party.transcript(), e) instanceof Arrival.Copy;
    }

    /**
     * Why {@code e} cannot be imported now, or null if it may be: the check a seat at a table makes of a delivery
     * ({@link Arrival}). A message at the next position that does not fit the chain, or is not signed by its seat, goes
     * on to the party, which refuses it as proving nothing and keeps it.
     */
    private String precheck(Envelope e) {
        String label = "message #" + e.seq() + " (" + e.type() + ", step " + e.step() + ", from "
                + party.transcript().nameOf(e.sender()) + ")";
        if (e.sender() == party.seat()) {
            return label + " is in your own name: send it to the other player rather than importing it";
        }
        Arrival arrival = Arrival.of(party.transcript(), e);
        if (arrival instanceof Arrival.Copy) {
            return label + " was already imported (a duplicate)";
        }
        if (arrival instanceof Arrival.Conflict) {
            return label + " conflicts with the message already accepted at that position"
                    + " (another game, or its sender signed two different messages)";
        }
        if (arrival instanceof Arrival.Ahead ahead) {
            return label + " is out of order: message #" + ahead.due() + " is due first (import the earlier one first)";
        }
        if (arrival instanceof Arrival.OtherSession) {
            return label + " belongs to another game (session " + Armor.sessionPrefix(e) + ")";
        }
        return null;
    }

    /** Journals the new state and the messages it sends, files them in the outbox, updates the summary. */
    private void step(List<Envelope> out) throws IOException {
        journal.record(party.snapshot(), out);
        rules.stepped(party, directory.resolve(TRANSCRIPT));
        for (Envelope e : out) {
            String file = String.format(Locale.ROOT, "%04d-step%d-%s.txt", e.seq(), e.step(),
                    e.type().replaceAll("[^A-Za-z0-9_-]", "_"));
            writeAtomically(directory.resolve(OUTBOX).resolve(file), armor(List.of(e)));
        }
        String verdict = "";
        if (party.isFinished()) {
            List<Envelope> refused = party.rejected().stream().map(Party.Rejected::envelope).toList();
            TranscriptFile.write(directory.resolve(TRANSCRIPT), party.transcript().envelopes(), party.rejected());
            AuditVerdict v = Auditor.audit(new TranscriptFile.Contents(party.transcript().envelopes(), refused),
                    rules.audits());
            verdict = v.line();
        }
        GameStatus.of(directory, party, protocol(), clock.instant(), verdict, !party.isFinished() && rules.awaitsUser(party))
                .save();
    }

    /** The audit verdict of the finished game, or empty while it goes on. */
    public String verdict() throws IOException {
        return GameStatus.read(directory).verdict();
    }

    /** Closes the journal, and releases the game's lock if this game took it. */
    public void close() throws IOException {
        try {
            journal.close();
        } finally {
            if (ownLock != null) {
                ownLock.close();
            }
        }
    }

    /** Replaces {@code file} with {@code text} all at once, owner-only, on disk before it takes the old file's place. */
    public static void writeAtomically(Path file, String text) throws IOException {
        OwnerOnlyFiles.writeString(file, text);
    }
}
