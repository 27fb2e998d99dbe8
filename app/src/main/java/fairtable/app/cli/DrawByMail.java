package fairtable.app.cli;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentObserver;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.security.SecureRandom;
import java.util.List;
import java.util.random.RandomGenerator;

/** The FR 2823580 blind draw by mail: every step is answered automatically, the user has no move to choose. */
final class DrawByMail implements MailGame<PatentParty> {
    static final String NAME = "draw";

    /** Wakes a patent party; side A ends the game by revealing as soon as the deal is done. */
    static final class PatentRules implements CorrespondenceGame.Rules<PatentParty> {
        @Override
        public PatentParty restore(byte[] snapshot, SigningKey key, RandomGenerator random)
                throws MalformedMessageException {
            return PatentParty.restore(snapshot, key, random);
        }

        @Override
        public List<Envelope> act(PatentParty party) {
            return party.seat() == PatentObserver.A && party.isDealt() && party.isIdle() ? party.reveal() : List.of();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String protocol() {
        return PatentParameters.PROTOCOL;
    }

    @Override
    public CorrespondenceGame.Rules<PatentParty> rules() {
        return new PatentRules();
    }

    @Override
    public PatentParty start(Choices choices, String me, SigningKey key, SecureRandom secrets) {
        choices.refuse(NAME, choices.moveLimit(), "--move-limit");
        choices.refuse(NAME, choices.seed(), "--seed");
        PatentParameters params = new PatentParameters(
                PatentMode.byName(choices.mode() != null ? choices.mode() : "patent-ristretto"),
                choices.cards() != null ? choices.cards() : 52, choices.each() != null ? choices.each() : 5);
        return PatentParty.create(params, PatentObserver.A, me, key, secrets);
    }

    @Override
    public PatentParty join(Hello hello, Choices choices, String me, SigningKey key, SecureRandom secrets)
            throws MalformedMessageException {
        choices.refuse(NAME, choices.seed(), "--seed");
        return PatentParty.create(PatentParameters.fromBytes(hello.parameters()), PatentObserver.B, me, key, secrets);
    }

    @Override
    public String describe(PatentParty party, String me) {
        return party.parameters() + ", you are " + me + " (party " + (party.seat() == PatentObserver.A ? "A" : "B") + ")";
    }

    @Override
    public List<String> warnings(PatentParty party) {
        return party.parameters().group().isSecure() ? List.of()
                : List.of("WARNING: " + party.parameters().mode() + " leaks a bit of every card; it is for demonstration only.");
    }

    @Override
    public java.util.Optional<String> insecureMode(PatentParty party) {
        return party.parameters().group().isSecure() ? java.util.Optional.empty()
                : java.util.Optional.of(party.parameters().mode().modeName());
    }

    @Override
    public String view(PatentParty party) {
        return party.isDealt()
                ? "Your hand: " + DrawCommand.CardLabels.describe(party.parameters().cards(), party.hand()) + "\n"
                : "";
    }

    /** The hand, as the draw always showed it after each step. */
    @Override
    public String summary(PatentParty party) {
        return view(party);
    }

    @Override
    public List<Envelope> move(PatentParty party, String move) {
        throw new IllegalStateException("the draw has no moves to choose: every receive answers by itself");
    }
}
