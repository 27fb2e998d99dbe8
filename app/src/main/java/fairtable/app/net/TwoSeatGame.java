package fairtable.app.net;

import fairtable.app.Audits;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.journal.Journal;
import fairtable.net.session.HostProblem;
import fairtable.net.session.SessionClient;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One seat of any two-party protocol against another process, through the session layer: the host sits at seat 0
 * of its own relay ({@link TwoSeatLink}), the joiner at seat 1, so every message is placed under the host's signed
 * receipt and acknowledged, and a host that drops, withholds or forks a message is caught with its own signatures,
 * as at a table. The game is signed with the profile's identity key, and the other player's hello is judged by the
 * trust rule before the party takes it. With a journal every step is on disk before it is sent, and a restarted
 * process resumes where it stopped (the host's relay too, from its log next to the journal). At the end this side
 * writes its transcript and audits it.
 *
 * @param <P> the protocol party
 */
public final class TwoSeatGame<P extends Party> {
    /** How this game makes, revives and moves its party. */
    public interface Seating<P extends Party> {
        /** A new party at {@code seat}, signing with {@code identity}. */
        P create(int seat, SigningKey identity, SecureRandom random);

        /** The party saved in a journal entry. */
        P restore(byte[] state, SigningKey identity, SecureRandom random) throws MalformedMessageException;

        /** This side's own moves, asked after every step (a bot, a person at the terminal, or nothing). */
        Actor actor(P party);
    }

    /**
     * How the seat ended: the party as it stands, how its session ended ({@code null} if it stopped before the end
     * because the other player was refused or this one left), the audit of this side's transcript ({@code null} if the
     * run stopped before the end, or the other player was refused), and the exit code.
     */
    public record Result<P extends Party>(P party, SessionClient.Outcome outcome, AuditVerdict verdict, int exitCode) {
        public boolean refused() {
            return verdict == null && exitCode == 1;
        }

        /** Whether the game was played to its end. */
        public boolean finished() {
            return outcome != null && outcome.finished();
        }
    }

    private final SigningKey identity;
    private final String name;
    private final Seating<P> seating;
    private final Path transcriptFile;
    private final Path journalFile;
    private final Function<Party, Duration> patience;
    private final PrintWriter out;
    /** A journal opened already, used instead of opening {@code journalFile}. */
    private Journal opened;

    /**
     * @param name the name this side signs its hello with, under which the other side pins its key
     * @param patience how long to wait for the other player, given where the game stands
     * @param journalFile the journal, or {@code null} for none
     */
    public TwoSeatGame(SigningKey identity, String name, Seating<P> seating, Path transcriptFile, Path journalFile,
            Function<Party, Duration> patience, PrintWriter out) {
        this.identity = identity;
        this.name = name;
        this.seating = seating;
        this.transcriptFile = transcriptFile;
        this.journalFile = journalFile;
        this.patience = patience;
        this.out = out;
    }

    /** Keeps the seat in {@code journal}, opened already (a node that looked into it first), instead of a file. */
    public TwoSeatGame<P> keptIn(Journal journal) {
        this.opened = journal;
        return this;
    }

    /** The relay log a host keeps next to its seat's journal, so that the relay too is taken up again. */
    public static Path relayLog(Path journalFile) {
        return journalFile == null ? null : journalFile.resolveSibling(journalFile.getFileName() + ".host");
    }

    /**
     * Plays the seat to the end. Exit codes: 0 finished and verified; 1 a cheat caught (a player's, or the host's),
     * a failed audit or a refused player; 2 the connection gave out or this player left (resume with the same
     * journal).
     */
    public Result<P> play(TwoSeatLink link) throws IOException, MalformedMessageException {
        int seat = link.seat();
        SecureRandom random = new SecureRandom();
        Journal journal = opened != null ? opened : journalFile == null ? null : Journal.open(journalFile, identity);
        try {
            P party;
            if (journal != null && journal.last().isPresent()) {
                party = seating.restore(journal.last().get().state(), identity, random);
                if (party.seat() != seat) {
                    throw new IllegalArgumentException("the journal " + journal.file() + " is seat " + party.seat()
                            + "'s, but this side " + (link.listening() ? "hosts" : "joins") + " (seat " + seat + ")");
                }
                out.println("Resuming from " + journal.file() + " after " + party.transcript().size() + " messages: "
                        + party.awaiting());
            } else {
                party = seating.create(seat, identity, random);
            }
            if (link.listening()) {
                out.println("Invitation: " + link.invitation());
            }
            out.flush();
            // No step of the game runs before the other player is authenticated: a resumed game knows them already
            // (only the host's key may open the channel again), a new one judges their hello before the party takes it.
            Optional<Hello> known = party.transcript().hellos().stream().filter(h -> h.seat() != seat).findFirst();
            if (known.isPresent() && !link.listening() && !link.atRelay()) {
                link.expectHost(known.get().key());
            }
            Actor moves = seating.actor(party);
            Actor actor = () -> bothKnown(party) ? moves.act() : List.of();
            String[] refusal = {null};
            Party gated = new PinnedPlayers(party, hello -> {
                try {
                    link.judge(hello);
                } catch (IOException | IllegalArgumentException refused) {
                    refusal[0] = refused.getMessage();
                    throw new ProtocolViolation(0, hello.name(), refused.getMessage());
                }
            });
            SessionSeat.Result played;
            try {
                played = SessionSeat.play(gated, identity, name, actor, journal, link.connector(),
                        p -> patience.apply(party), patience.apply(party), null, line -> {
                            out.println(line);
                            out.flush();
                        });
            } catch (SessionSeat.Leaving leaving) {
                out.println("Left the game: " + leaving.getMessage() + (journal == null ? ""
                        : "; run the same command again to take it up where it stopped"));
                write(party);
                return new Result<>(party, null, null, 2);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } finally {
                link.close();
            }
            write(party);
            if (refusal[0] != null) {
                out.println("Refused the other player: " + refusal[0]);
                return new Result<>(party, null, null, 1);
            }
            SessionClient.Outcome outcome = played.outcome();
            if (outcome.problem().isEmpty() && !outcome.finished()) {
                String trouble = outcome.trouble().orElse("the session ended early");
                if (link.listening() && trouble.startsWith(SILENT_HOST)) {
                    // This side is the host: its own relay is silent because the other player is.
                    trouble = "the other player" + trouble.substring("the host".length());
                }
                if (link.listening() && !party.transcript().established()) {
                    trouble += "; it waited for " + link.awaited();
                }
                out.println("Stopped: " + trouble);
                out.println("Transcript so far written to " + transcriptFile
                        + (journal == null ? "" : "; run the same command again to resume"));
                return new Result<>(party, outcome, null, 2);
            }
            if (outcome.problem().isPresent()) {
                HostProblem problem = outcome.problem().get();
                if (problem.blamesHost()) {
                    out.println("Stopped, the host is to blame: " + problem.describe());
                    out.println("Transcript so far written to " + transcriptFile);
                    return new Result<>(party, outcome, null, 1);
                }
                if (problem instanceof HostProblem.Violation v && v.violation().step() == 0) {
                    // A hello refused: the two sides asked for different games (a relay's invitation carries no
                    // settings), or the peer is broken. Not a cheat in play; its signed hello is kept all the same.
                    out.println("The game did not start: the two sides' settings differ: " + problem.describe());
                } else {
                    out.println("Cheating or a broken peer caught: " + problem.describe());
                }
                out.println("Evidence written to " + transcriptFile + " (check it with: fairtable audit " + transcriptFile + ")");
            }
            AuditVerdict verdict = Audits.audit(party);
            return new Result<>(party, outcome, verdict, verdict.verified() && outcome.finished() ? 0 : 1);
        } finally {
            if (journal != null) {
                journal.close();
            }
        }
    }

    /** How the session layer says that the relay said nothing for too long. */
    private static final String SILENT_HOST = "the host was silent";

    private static boolean bothKnown(Party party) {
        return party.transcript().hellos().size() == 2;
    }

    private void write(P party) throws IOException {
        TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
    }
}
