package fairtable.app;

import java.nio.file.Files;
import java.nio.file.Path;
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
    /** Starts {@code fairtable args...} in a child JVM, its error output merged into its output. */
    static Process start(String... args) throws java.io.IOException {
        return new ProcessBuilder(command(args)).redirectErrorStream(true).start();
    }

    /** Every line the child prints until it ends; it must end within two minutes. */
    static List<String> lines(Process p) throws Exception {
        List<String> lines = new ArrayList<>();
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new AssertionError("the child fairtable process did not end in 120 s");
        }
        return lines;
    }

    /**
     * Reads a host's output up to the line with its invitation, keeping every line read in {@code lines}, and
     * returns the invitation; fails with what the host printed if it ends without one.
     */
    static String invitation(java.io.BufferedReader out, List<String> lines) throws java.io.IOException {
        java.util.regex.Pattern invitation = java.util.regex.Pattern.compile("Invitation: (fairtable://\\S+)");
        for (String line; (line = out.readLine()) != null; ) {
            lines.add(line);
            java.util.regex.Matcher m = invitation.matcher(line);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new AssertionError("the host ended without an invitation:\n" + String.join("\n", lines));
    }

    /**
     * Starts {@code main} (Main, or a test's own entry point) with {@code args} in a child JVM with the JVM's
     * default flags, its output and errors written to {@code log}: for children that play long games.
     */
    static Process startLogging(Path log, Class<?> main, String... args) throws java.io.IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The logs of several children, each under its name, for a failed assertion to show. */
    static String logs(Path dir, String... names) {
        StringBuilder all = new StringBuilder();
        for (String name : names) {
            Path log = dir.resolve(name);
            try {
                all.append("== ").append(name).append('\n').append(Files.exists(log) ? Files.readString(log) : "")
                        .append('\n');
            } catch (java.io.IOException e) {
                all.append(e).append('\n');
            }
        }
        return all.toString();
    }

    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
