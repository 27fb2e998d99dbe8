package fairtable.app.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** A bots-only high-card session played to its end in memory, each seat seeded, with the keys its seats sign with. */
final class HighCardTable {
    static final List<String> NAMES = List.of("alice", "bob", "carol", "dave");

    final List<TableParty<HighCardDefinition.State, HighCardDefinition.Move>> seats = new ArrayList<>();
    final List<SigningKey> keys = new ArrayList<>();

    HighCardTable(int players, int rounds, long seed) throws ProtocolViolation {
        HighCardDefinition game = HighCardDefinition.GAME;
        TableParameters params = new TableParameters(game.name(), players,
                game.options(Map.of("rounds", Integer.toString(rounds))));
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int s = 0; s < players; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
            seats.add(TableParty.create(game, params, s, NAMES.get(s), keys.get(s), seeds.split(), game.bot(seeds.split())));
        }
        InMemoryTable table = new InMemoryTable(seats, keys);
        table.play();
        if (!table.isFinished()) {
            throw new AssertionError("the bots did not finish: " + seats.get(0).awaiting());
        }
    }
}
