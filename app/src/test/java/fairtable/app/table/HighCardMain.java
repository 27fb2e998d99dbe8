package fairtable.app.table;

import fairtable.app.Main;
import java.io.PrintWriter;

/** The command line over the test game's catalog, for tests that run a seat in a process of its own. */
public final class HighCardMain {
    private HighCardMain() {}

    public static void main(String[] args) {
        System.exit(Main.run(HighCardDefinition.CATALOG, System.in, new PrintWriter(System.out, true),
                new PrintWriter(System.err, true), args));
    }
}
