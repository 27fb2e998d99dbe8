package fairtable.app;

import java.util.ArrayList;
import java.util.List;

/** The command line that runs {@link Main} in a separate JVM, as a user would, with the test's classpath. */
final class ChildJvm {
    private ChildJvm() {}

    /**
     * {@code java [flags] -cp <test classpath> fairtable.app.Main args...}. The flags only make short-lived children
     * cheaper to start on a small shared machine: the C1 compiler alone (no C2 compile threads warming up code the
     * process will not run long enough to need) and the single-threaded serial collector. They do not change what
     * the program does. Not for children doing long big-integer work (the 2048-bit safe-prime modes): C1 lacks the
     * BigInteger multiplication intrinsics, and KillAndResumeTest measured twice the CPU with these flags.
     */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
