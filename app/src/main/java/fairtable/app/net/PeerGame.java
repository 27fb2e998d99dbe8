package fairtable.app.net;

import fairtable.app.Audits;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.journal.Journal;
import fairtable.protocol.Party;
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
 * One seat of any two-party protocol against another process: the listener sits at seat 0, the connector at
 * seat 1. The game is signed with the profile's identity key, which must be the key that opened the channel,
 * and the other player's hello is checked against the pinned keys. With a journal every step is on disk before
 * it is sent, and a restarted process resumes where it stopped. At the end this side writes its transcript and
 * audits it.
 *
 * @param <P> the protocol party
 */
public final class PeerGame<P extends Party> {
    /** How this game makes, revives and moves its party. */
    public interface Seating<P extends Party> {
        /** A new party at {@code seat}, signing with {@code identity}. */
        P create(int seat, SigningKey identity, SecureRandom random);

        /** The party saved in a journal entry. */
        P restore(byte[] state, SigningKey identity, SecureRandom random) throws MalformedMessageException;

        /** This side's own moves, asked after every step (a bot, a person at the terminal, or nothing). */
        PartyRunner.Actor actor(P party);
    }

    /**
     * How the seat ended: the party as it stands, how the run ended, and the audit of this side's transcript
     * ({@code null} if the run stopped before the end, or the other player was refused).
     */
    public record Result<P extends Party>(P party, Outcome outcome, AuditVerdict verdict, int exitCode) {
        public boolean refused() {
            return verdict == null && exitCode == 1;
        }
    }

    /**
     * Thrown by an actor whose player stops taking part (a person's input ended): the run ends there, with
     * nothing more sent, and with a journal the seat can be taken up again later.
     */
    public static class Leaving extends RuntimeException {
        public Leaving(String reason) {
            super(reason);
        }
    }

    /** A peer refused by the pinning policy; carried out of the runner's callbacks. */
    private static final class Refused extends RuntimeException {
        Refused(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    private final SigningKey identity;
    private final Seating<P> seating;
    private final Path transcriptFile;
    private final Path journalFile;
    private final Function<Party, Duration> patience;
    private final PrintWriter out;

    /**
     * @param patience how long to wait for the other player, given where the game stands
     * @param journalFile the journal, or {@code null} for none
     */
    public PeerGame(SigningKey identity, Seating<P> seating, Path transcriptFile, Path journalFile,
            Function<Party, Duration> patience, PrintWriter out) {
        this.identity = identity;
        this.seating = seating;
        this.transcriptFile = transcriptFile;
        this.journalFile = journalFile;
        this.patience = patience;
        this.out = out;
    }

    /** Which seat this side of {@code link} plays. */
    public static int seatOf(PeerLink link) {
        return link.listening() ? 0 : 1;
    }

    /**
     * Plays the seat to the end. Exit codes: 0 finished and verified, 1 a cheat caught, a failed audit or a
     * refused peer, 2 the connection gave out (resume with the same journal).
     */
    public Result<P> play(PeerLink link) throws IOException, MalformedMessageException {
        int seat = seatOf(link);
        SecureRandom random = new SecureRandom();
        Journal journal = journalFile == null ? null : Journal.open(journalFile, identity);
        try {
            P party;
            if (journal != null && journal.last().isPresent()) {
                party = seating.restore(journal.last().get().state(), identity, random);
                if (party.seat() != seat) {
                    throw new IllegalArgumentException("the journal " + journalFile + " is seat " + party.seat()
                            + "'s, but this side " + (link.listening() ? "listens" : "connects") + " (seat " + seat + ")");
                }
                out.println("Resuming from " + journalFile + " after " + party.transcript().size() + " messages: "
                        + party.awaiting());
            } else {
                party = seating.create(seat, identity, random);
            }
            if (link.listening()) {
                out.println("Invitation: " + link.invitation());
            }
            out.flush();
            // No step of the game runs before the other player is authenticated: a resumed game knows them already
            // (only their key may reconnect), a new one judges their hello before the party takes it.
            Optional<Hello> known = party.transcript().hellos().stream().filter(h -> h.seat() != seat).findFirst();
            PartyRunner.Actor moves = seating.actor(party);
            PartyRunner.Actor actor = () -> bothKnown(party) ? moves.act() : List.of();
            Party gated = new PinnedPlayers(party, hello -> bind(link, hello));
            // The patience judges the party itself, not its gate.
            PartyRunner.Options options = PartyRunner.Options.waitingFor(p -> patience.apply(party))
                    .lingering(Duration.ofSeconds(2));
            Outcome outcome;
            try {
                if (known.isPresent()) {
                    link.expectPeer(known.get().key());
                    bind(link, known.get());
                }
                outcome = PartyRunner.run(gated, link.connector(), actor, journal == null ? options : options.journaled(journal));
            } catch (Refused refused) {
                out.println("Refused the other player: " + refused.getMessage());
                write(party);
                return new Result<>(party, null, null, 1);
            } catch (Leaving leaving) {
                out.println("Left the game: " + leaving.getMessage() + (journal == null ? ""
                        : "; run the same command again to take it up where it stopped"));
                write(party);
                return new Result<>(party, null, null, 2);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            write(party);
            if (outcome.problem().isPresent()) {
                out.println("Stopped: " + outcome.problem().get());
                out.println("Transcript so far written to " + transcriptFile
                        + (journal == null ? "" : "; run the same command again to resume"));
                return new Result<>(party, outcome, null, 2);
            }
            if (outcome.failure().isPresent()) {
                out.println("Cheating or a broken peer caught: " + outcome.failure().get().getMessage());
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

    private static boolean bothKnown(Party party) {
        return party.transcript().hellos().size() == 2;
    }

    /** The other player's hello against the link's trust rule; a refusal ends the run. */
    private static void bind(PeerLink link, Hello hello) {
        try {
            link.bind(hello.name(), hello.key());
        } catch (IOException e) {
            throw new Refused(e);
        }
    }

    private void write(P party) throws IOException {
        TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
    }
}
