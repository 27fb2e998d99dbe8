package fairtable.net.session;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;

/** Why a player stopped playing through a host: the host was caught, a player cheated, or two players collided. */
public sealed interface HostProblem {
    /** In words, for the user. */
    String describe();

    /** Whether the host is to blame. */
    boolean blamesHost();

    /** The host signed two different messages at one position: {@link EquivocationEvidence} proves it to anyone. */
    record Equivocation(EquivocationEvidence evidence) implements HostProblem {
        public String describe() {
            return "host equivocation: " + evidence.describe();
        }

        public boolean blamesHost() {
            return true;
        }
    }

    /**
     * The host placed message {@code seq} (its signed receipt for that position or a later one is in
     * {@code proof}, seen via {@code witness}) but did not deliver it to this player in time.
     */
    record Withheld(long seq, Receipt proof, String witness) implements HostProblem {
        public String describe() {
            return "the host withheld message #" + seq + ": " + witness + " holds the host's receipt for #"
                    + proof.seq() + ", but #" + seq + " never reached me";
        }

        public boolean blamesHost() {
            return true;
        }
    }

    /** The host signed a receipt for a message its claimed author did not sign: only the host can have made it. */
    record Forged(Envelope envelope, Receipt receipt) implements HostProblem {
        public String describe() {
            return "the host delivered message #" + envelope.seq() + " in the name of seat " + envelope.sender()
                    + " without that player's valid signature";
        }

        public boolean blamesHost() {
            return true;
        }
    }

    /**
     * The host placed, with its receipt, a message that does not fit the chain there (another session, another
     * number, another previous message): {@link MisplacedEvidence} proves it against the host, and against nobody
     * else.
     */
    record Misplaced(MisplacedEvidence evidence) implements HostProblem {
        public String describe() {
            return evidence.describe();
        }

        public boolean blamesHost() {
            return true;
        }
    }

    /** The host broke the session protocol itself (garbage, a missing introduction, an unsigned placement). */
    record Broken(String reason) implements HostProblem {
        public String describe() {
            return "the host misbehaved: " + reason;
        }

        public boolean blamesHost() {
            return true;
        }
    }

    /** A player's correctly signed message broke the game's protocol: that player is to blame, not the host. */
    record Violation(ProtocolViolation violation) implements HostProblem {
        public String describe() {
            return "protocol violation: " + violation.getMessage();
        }

        public boolean blamesHost() {
            return false;
        }
    }

    /**
     * Another player's message took the position this player's message was sent for: two players acted at
     * once, which the game layer must prevent. Nobody cheated.
     */
    record Collision(long seq, String reason) implements HostProblem {
        public String describe() {
            return "two players acted at once: my message #" + seq + " was not placed (" + reason + ")";
        }

        public boolean blamesHost() {
            return false;
        }
    }
}
