package fairtable.games.mahjongshogi.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * A whole mahjong-shogi/v1 game between two {@link Seat}s in one process, through the session layer
 * ({@link LocalSession}): one host places every message under its receipt, each seat's member checks it. Each
 * seat decides from its own {@link PlayerView} only. The placements come from {@code play} (a seed makes them
 * repeatable); keys, commitments and paddings come from {@code secrets}.
 */
public final class LocalGame {
    /** A seat that stopped taking part before the end, and why. */
    public record Left(int seat, String reason) {}

    private final MahjongShogiRules rules;
    private final MahjongParameters params;
    private final List<Seat> seats;
    private final List<MahjongParty> parties = new ArrayList<>();
    private final List<SigningKey> keys = new ArrayList<>();
    private final List<Placement> placements = new ArrayList<>();
    private final List<String> names;
    // The public position, shared by both seats' views, and how many of the observer's moves it holds.
    private MahjongShogiState position;
    private int applied;
    private boolean played;
    private int resigned = -1;
    private Left left;

    public LocalGame(MahjongParameters params, List<String> names, List<Seat> seats, RandomGenerator play,
            RandomGenerator secrets) {
        this(params, names, seats, List.of(Placement.random(0, ProtocolRules.tileSet(params), play),
                Placement.random(1, ProtocolRules.tileSet(params), play)), secrets);
    }

    /**
     * A game from placements chosen before play (a person who arranged their own tiles): {@code placements} holds
     * east's then west's, each on its owner's home ranks with the parameters' tile set.
     */
    public LocalGame(MahjongParameters params, List<String> names, List<Seat> seats, List<Placement> placements,
            RandomGenerator secrets) {
        this(params, names, seats, placements, seat -> {
            byte[] seed = new byte[32];
            secrets.nextBytes(seed);
            return SigningKey.fromSeed(seed);
        }, secrets);
    }

    /** As above, each seat signing with its key in {@code keys} (a person's own, say), east's first. */
    public LocalGame(MahjongParameters params, List<String> names, List<Seat> seats, List<Placement> placements,
            List<SigningKey> keys, RandomGenerator secrets) {
        this(params, names, seats, placements, keys::get, secrets);
    }

    private LocalGame(MahjongParameters params, List<String> names, List<Seat> seats, List<Placement> placements,
            IntFunction<SigningKey> keyOf, RandomGenerator secrets) {
        if (names.size() != 2 || seats.size() != 2 || placements.size() != 2) {
            throw new IllegalArgumentException("two players");
        }
        this.params = params;
        this.rules = ProtocolRules.rules(params);
        this.names = List.copyOf(names);
        this.seats = List.copyOf(seats);
        for (int seat = 0; seat < 2; seat++) {
            Placement placement = placements.get(seat);
            if (placement.owner() != seat || !placement.tileSet().equals(rules.tileSet())) {
                throw new IllegalArgumentException("placement " + seat + " is not seat " + seat
                        + "'s with this game's tile set");
            }
            this.placements.add(placement);
            keys.add(keyOf.apply(seat));
            parties.add(MahjongParty.create(params, seat, names.get(seat), keys.get(seat),
                    ProtocolRules.kindBySquare(placement), secrets));
        }
    }

    /**
     * A game taken up again from both seats' parties (restored from their snapshots, e.g. a journal's, after a crash),
     * each with the key it signs with: {@link #play} goes on from where they stand, each placement read back from
     * its own party.
     */
    public static LocalGame resumed(List<Seat> seats, List<MahjongParty> parties, List<SigningKey> keys) {
        return new LocalGame(seats, parties, keys);
    }

    private LocalGame(List<Seat> seats, List<MahjongParty> parties, List<SigningKey> keys) {
        if (seats.size() != 2 || parties.size() != 2 || keys.size() != 2 || parties.get(0).seat() != 0
                || parties.get(1).seat() != 1) {
            throw new IllegalArgumentException("two players, east's first");
        }
        this.params = parties.get(0).parameters();
        this.rules = ProtocolRules.rules(params);
        this.seats = List.copyOf(seats);
        this.parties.addAll(parties);
        this.keys.addAll(keys);
        this.names = List.of(parties.get(0).transcript().nameOf(0), parties.get(0).transcript().nameOf(1));
        for (MahjongParty p : parties) {
            placements.add(SeatPlayer.placementOf(p));
        }
    }

    /**
     * Plays to the end (both reveals, or a cheat caught), or until a seat leaves. A seat that plays an illegal move
     * gets an {@link IllegalArgumentException}: seats choose among the view's legal moves.
     */
    public LocalGame play() throws ProtocolViolation {
        if (played) {
            throw new IllegalStateException("this game has been played");
        }
        played = true;
        LocalSession session = new LocalSession(List.of(new LocalSession.Seat(parties.get(0), keys.get(0), Actor.PASSIVE),
                new LocalSession.Seat(parties.get(1), keys.get(1), Actor.PASSIVE)));
        session.play();
        while (true) {
            MahjongParty mover = parties.stream().filter(MahjongParty::isMyTurn).findFirst().orElse(null);
            if (mover == null) {
                return this;
            }
            int seat = mover.seat();
            Seat.Choice choice = seats.get(seat).choose(view(seat));
            if (choice instanceof Seat.Play p) {
                Move move = p.move();
                session.send(seat, mover.move(move.from().index(), move.to().index()));
                for (int s = 0; s < 2; s++) {
                    seats.get(s).moved(seat, move, view(s));
                }
            } else if (choice instanceof Seat.Resign) {
                resigned = seat;
                session.send(seat, mover.resign());
            } else if (choice instanceof Seat.Leave l) {
                left = new Left(seat, l.reason());
                return this;
            }
        }
    }

    /** What {@code seat} knows now: its placement and the public position. */
    public PlayerView view(int seat) {
        MahjongObserver observer = parties.get(seat).observer();
        if (position == null) {
            position = PlayerView.publicState(observer, rules);
        } else {
            position = PlayerView.advance(position, applied, observer);
        }
        applied = observer.moves().size();
        PlayerView view = PlayerView.of(position, placements.get(seat));
        if (position.awaiting() instanceof MahjongShogiState.PendingBattle) {
            position = null; // a battle stopped half-way: rebuild from the start next time
        }
        return view;
    }

    /** The seat that resigned (revealed early), if one did. */
    public OptionalInt resigned() {
        return resigned < 0 ? OptionalInt.empty() : OptionalInt.of(resigned);
    }

    /** The seat that left the game unfinished, if one did. */
    public Optional<Left> left() {
        return Optional.ofNullable(left);
    }

    public MahjongParty party(int seat) {
        return parties.get(seat);
    }

    public Placement placement(int seat) {
        return placements.get(seat);
    }

    /** The key {@code seat} signs with. */
    public SigningKey key(int seat) {
        return keys.get(seat);
    }

    public String name(int seat) {
        return names.get(seat);
    }

    public MahjongParameters parameters() {
        return params;
    }

    public MahjongShogiRules rules() {
        return rules;
    }

    /** The transcript seat 0 kept. */
    public List<Envelope> transcript() {
        return parties.get(0).transcript().envelopes();
    }

    /** What either seat refused. */
    public List<Party.Rejected> refused() {
        List<Party.Rejected> all = new ArrayList<>(parties.get(0).rejected());
        all.addAll(parties.get(1).rejected());
        return all;
    }
}
