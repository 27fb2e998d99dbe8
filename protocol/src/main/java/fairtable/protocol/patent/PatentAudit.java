package fairtable.protocol.patent;

import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.patent.PatentMessage.Deal1;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.patent.PatentMessage.Deal3;
import fairtable.protocol.patent.PatentMessage.Deal4;
import fairtable.protocol.patent.PatentMessage.Draw;
import fairtable.protocol.patent.PatentMessage.DrawAnswer;
import fairtable.protocol.patent.PatentMessage.Rekey;
import fairtable.protocol.patent.PatentMessage.Remix;
import fairtable.protocol.patent.PatentMessage.Return;
import fairtable.protocol.patent.PatentMessage.Reveal;
import fairtable.protocol.patent.PatentObserver.Event;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The end-of-game audit of an FR 2823580 transcript. It replays the public checks, then uses the revealed
 * exponents to check that every message is exactly the stated exponentiation of what came before: step 1
 * is the genuine deck under one key, each later message re-encrypts a sub-multiset of the previous one,
 * and every hand decrypts to cards of the deck. Each message is checked with its author's keys alone, so
 * a party who refuses to reveal can still be convicted by the other's keys when its messages do not
 * decrypt to cards.
 *
 * <p>It cannot prove that the picks and shuffles were random, and the reveal exposes the pile.
 */
public final class PatentAudit implements ProtocolAudit {
    @Override
    public String protocol() {
        return PatentParameters.PROTOCOL;
    }

    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        try {
            PatentParameters params = ProtocolAudit.parameters(transcript, PatentParameters::fromBytes);
            ProtocolAudit.requireTwoPlayers(transcript);
            PatentObserver observer = new PatentObserver(params, List.of(transcript.nameOf(0), transcript.nameOf(1)));
            ProtocolAudit.walk(transcript, refused, observer::parse, e -> observer.apply(observer.parse(e)));
            Replay replay = new Replay(params, observer);
            replay.run();
            return replay.verdict();
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    /** Walks the events with the revealed keys. */
    private static final class Replay {
        private final PatentParameters params;
        private final PatentObserver observer;
        private final BigInteger order;
        private final Set<Element> deck;
        private final List<List<BigInteger>> keys = new ArrayList<>(List.of(List.of(), List.of()));
        private final boolean[] revealed = new boolean[2];
        private final int[] cursor = new int[2];
        private final BigInteger[] pileKey = new BigInteger[2];
        private final BigInteger[] drawKey = new BigInteger[2];
        private final List<TreeSet<Integer>> hands = List.of(new TreeSet<>(), new TreeSet<>());
        private List<Element> pile = List.of();
        private List<Element> pending = List.of();

        Replay(PatentParameters params, PatentObserver observer) {
            this.params = params;
            this.observer = observer;
            this.order = params.group().exponentModulus();
            this.deck = new HashSet<>(params.deck().elements());
            for (Event ev : observer.events()) {
                if (ev.message() instanceof Reveal r) {
                    keys.set(ev.seat(), r.exponents());
                    revealed[ev.seat()] = true;
                }
            }
        }

        void run() throws ProtocolViolation {
            Deal1 d1 = null;
            Deal2 d2 = null;
            Deal3 d3 = null;
            for (Event ev : observer.events()) {
                int s = ev.seat();
                int step = ev.step();
                PatentMessage m = ev.message();
                if (m instanceof Deal1 d) {
                    d1 = d;
                    if (revealed[s]) {
                        BigInteger a1 = take(s);
                        require(set(exp(d.t(), inverse(a1))).equals(deck), step, s,
                                "T is not the " + params.cards() + " cards of the deck under one key");
                    }
                } else if (m instanceof Deal2 d) {
                    d2 = d;
                    if (revealed[s]) {
                        BigInteger b1 = take(s);
                        BigInteger b2 = take(s);
                        pileKey[s] = b2;
                        require(isPartition(set(d1.t()), exp(d.t(), inverse(b2)), exp(d.jb(), inverse(b1))), step, s,
                                "T and JB are not the values of step 1 under one key each");
                    }
                } else if (m instanceof Deal3 d) {
                    d3 = d;
                    if (revealed[s]) {
                        BigInteger a1 = keys.get(s).get(0);
                        BigInteger a2 = take(s);
                        BigInteger a3 = take(s);
                        pileKey[s] = a3;
                        require(set(d.jb()).equals(set(exp(d2.jb(), inverse(a1)))), step, s,
                                "JB is not B's values of step 2 with a1 removed");
                        require(isPartition(set(d2.t()), exp(d.ja(), inverse(a2).multiply(a1)),
                                exp(d.t(), inverse(a3).multiply(a1))), step, s,
                                "JA and T are not the values of step 2 under one key each");
                    }
                    if (revealed[1 - s]) {
                        List<Integer> cards = cards(exp(d.jb(), inverse(keys.get(1 - s).get(0))));
                        require(cards != null, step, s, "JB does not decrypt to cards of the deck");
                        hands.get(1 - s).addAll(cards);
                    }
                } else if (m instanceof Deal4 d) {
                    pile = d.t();
                    if (revealed[s]) {
                        require(set(d.ja()).equals(set(exp(d3.ja(), inverse(keys.get(s).get(1))))), step, s,
                                "JA is not A's values of step 3 with b2 removed");
                    }
                    if (revealed[1 - s]) {
                        List<Integer> cards = cards(exp(d.ja(), inverse(keys.get(1 - s).get(1))));
                        require(cards != null, step, s, "JA does not decrypt to cards of the deck");
                        hands.get(1 - s).addAll(cards);
                    }
                } else if (m instanceof Draw d) {
                    List<Element> chosen = d.positions().stream().map(pile::get).toList();
                    if (revealed[s]) {
                        drawKey[s] = take(s);
                        require(set(d.values()).equals(set(exp(chosen, drawKey[s]))), step, s,
                                "the drawn values are not the chosen pile values under one key");
                    }
                    pile = PatentObserver.withoutPositions(pile, d.positions());
                    pending = d.values();
                } else if (m instanceof DrawAnswer d) {
                    int drawer = 1 - s;
                    if (revealed[s]) {
                        require(set(d.values()).equals(set(exp(pending, inverse(pileKey[s])))), step, s,
                                "the answer is not the drawn values with the pile key removed");
                    }
                    if (revealed[drawer]) {
                        List<Integer> cards = cards(exp(d.values(), inverse(pileKey[drawer].multiply(drawKey[drawer]))));
                        require(cards != null && cards.stream().noneMatch(hands.get(drawer)::contains), step, s,
                                "the answer does not decrypt to cards that can be in the pile");
                        hands.get(drawer).addAll(cards);
                    }
                } else if (m instanceof Return r) {
                    pending = r.values();
                    if (revealed[s]) {
                        List<Integer> cards = cards(exp(r.values(), inverse(pileKey[s])));
                        require(cards != null && hands.get(s).containsAll(cards), step, s,
                                "returns values that are not cards it holds under its pile key");
                        hands.get(s).removeAll(cards);
                    }
                } else if (m instanceof Rekey r) {
                    if (revealed[s]) {
                        BigInteger fresh = take(s);
                        List<Element> expected = new ArrayList<>(exp(pile, fresh));
                        expected.addAll(exp(pending, pileKey[s].multiply(fresh)));
                        pileKey[s] = pileKey[s].multiply(fresh).mod(order);
                        require(set(r.pile()).equals(set(expected)), step, s,
                                "the re-keyed pile is not the pile and the returned cards under one new key");
                    }
                    pile = r.pile();
                } else if (m instanceof Remix r) {
                    if (revealed[s]) {
                        BigInteger fresh = take(s);
                        pileKey[s] = pileKey[s].multiply(fresh).mod(order);
                        require(set(r.pile()).equals(set(exp(pile, fresh))), step, s,
                                "the remixed pile is not the pile under one new key");
                    }
                    pile = r.pile();
                }
            }
        }

        AuditVerdict verdict() throws ProtocolViolation {
            int silent = observer.seatToSpeak();
            if (!observer.isDealt() || (silent >= 0 && !observer.hasRevealed(silent) && !revealed[1 - silent])) {
                // Stopped in the middle of an exchange: the one who owed the next message fell silent.
                String who = silent >= 0 ? observer.nameOf(silent) : observer.nameOf(0) + " and " + observer.nameOf(1);
                throw new ProtocolViolation(observer.nextStep(), who, "the transcript ends here: " + who
                        + " did not send step " + observer.nextStep() + " (" + observer.awaiting() + ")");
            }
            if (!revealed[0] || !revealed[1]) {
                String owing = !revealed[0] && !revealed[1]
                        ? observer.nameOf(0) + " and " + observer.nameOf(1)
                        : observer.nameOf(revealed[0] ? 1 : 0);
                throw new ProtocolViolation(observer.nextStep(), owing,
                        "the transcript ends before the keys are revealed, so the game cannot be verified");
            }
            List<Integer> pileCards = cards(exp(pile, inverse(pileKey[0].multiply(pileKey[1]))));
            Set<Integer> all = new HashSet<>(hands.get(0));
            all.addAll(hands.get(1));
            if (pileCards != null) {
                all.addAll(pileCards);
            }
            boolean partition = pileCards != null && all.size() == params.cards()
                    && hands.get(0).size() + hands.get(1).size() + pileCards.size() == params.cards();
            if (!partition) {
                throw new ProtocolViolation(observer.nextStep() - 1, observer.nameOf(0) + " and " + observer.nameOf(1),
                        "the hands and the pile do not make up the deck");
            }
            Map<String, List<Integer>> holdings = new LinkedHashMap<>();
            holdings.put(observer.nameOf(0), List.copyOf(hands.get(0)));
            holdings.put(observer.nameOf(1), List.copyOf(hands.get(1)));
            holdings.put("pile", pileCards.stream().sorted().toList());
            String summary = PatentParameters.PROTOCOL + " " + params
                    + (params.group().isSecure() ? "" : " (INSECURE mode)") + "; "
                    + observer.nameOf(0) + " holds " + numbers(hands.get(0)) + "; "
                    + observer.nameOf(1) + " holds " + numbers(hands.get(1)) + "; "
                    + pileCards.size() + " left in the pile";
            return AuditVerdict.verified(summary, holdings);
        }

        private static String numbers(Set<Integer> cards) {
            return cards.isEmpty() ? "nothing" : cards.stream().map(c -> Integer.toString(c + 1)).collect(Collectors.joining(" "));
        }

        private BigInteger take(int seat) throws ProtocolViolation {
            List<BigInteger> list = keys.get(seat);
            if (cursor[seat] >= list.size()) {
                throw new ProtocolViolation(observer.nextStep(), observer.nameOf(seat), "revealed too few exponents");
            }
            return list.get(cursor[seat]++);
        }

        private void require(boolean ok, int step, int seat, String reason) throws ProtocolViolation {
            if (!ok) {
                throw new ProtocolViolation(step, observer.nameOf(seat), reason);
            }
        }

        private BigInteger inverse(BigInteger k) {
            return k.modInverse(order);
        }

        private List<Element> exp(List<Element> values, BigInteger k) {
            BigInteger e = k.mod(order);
            return values.stream().map(v -> v.exp(e)).toList();
        }

        private static Set<Element> set(List<Element> values) {
            return new HashSet<>(values);
        }

        /** Whether {@code a} and {@code b} are disjoint and together make up exactly {@code whole}. */
        private static boolean isPartition(Set<Element> whole, List<Element> a, List<Element> b) {
            Set<Element> union = new HashSet<>(a);
            union.addAll(b);
            return union.size() == a.size() + b.size() && union.equals(whole);
        }

        private List<Integer> cards(List<Element> values) {
            List<Integer> out = new ArrayList<>();
            for (Element v : values) {
                int c = params.deck().cardOf(v);
                if (c < 0) {
                    return null;
                }
                out.add(c);
            }
            return out;
        }
    }
}
