package fairtable.app.cli;

import fairtable.app.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * How a bad input reaches the person who typed it: one plain line that names the input and what is allowed,
 * and exit code 2, whatever the command. Commands say most of it themselves; this is the net under them, so that
 * a parser's or the JDK's wording ("For input string", "Index 1 out of bounds", a class name) never reaches the
 * terminal.
 */
public final class Problems {
    private static final Pattern NUMBER_TEXT = Pattern.compile("For input string: \"(.*)\"(?: under radix \\d+)?");
    private static final Pattern PORT_RANGE = Pattern.compile("port out of range: ?(-?\\d+)");

    private Problems() {
    }

    /** Installs the one-line reporting on {@code cli} (and its subcommands) for both kinds of failure. */
    public static CommandLine install(CommandLine cli, String... args) {
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            command.getErr().println("fairtable: " + line(e));
            command.getErr().flush();
            return Main.ERROR;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            CommandLine where = e.getCommandLine();
            where.getErr().println("fairtable: " + parameterLine(e, args) + "; see '" + where.getCommandSpec().qualifiedName()
                    + " --help'");
            where.getErr().flush();
            return Main.ERROR;
        });
        return cli;
    }

    /** One line for an option value or argument the parser refused, naming the option as typed. */
    static String parameterLine(ParameterException e, String[] args) {
        ArgSpec spec = e.getArgSpec();
        String value = e.getValue();
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> rest = unmatched.getUnmatched();
            String first = rest.isEmpty() ? "?" : rest.get(0);
            List<String> close = unmatched.getSuggestions();
            return (first.startsWith("-") ? "unknown option '" + first + "'" : "unexpected argument '" + first + "'")
                    + (close.isEmpty() ? "" : " (did you mean " + String.join(" or ", close) + "?)");
        }
        if (e instanceof CommandLine.MissingParameterException) {
            // picocli checks required options before unknown ones; a misspelt option is the likelier mistake.
            for (String arg : args) {
                String name = arg.split("=", 2)[0];
                if (name.startsWith("--") && !e.getCommandLine().getCommandSpec().optionsMap().containsKey(name)) {
                    return "unknown option '" + name + "'";
                }
            }
        }
        boolean conversion = e.getCause() instanceof CommandLine.TypeConversionException
                || String.valueOf(e.getMessage()).startsWith("Invalid value for");
        if (conversion && spec != null && value != null) {
            return nameAsTyped(spec, args) + " takes " + allowed(spec) + ", not '" + value + "'";
        }
        return oneLine(String.valueOf(e.getMessage()).replace("option option", "option"));
    }

    /** The words for what an argument of this type may be. */
    private static String allowed(ArgSpec spec) {
        Class<?> type = spec.type();
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == Path.class || type == java.io.File.class) {
            return "a file name";
        }
        if (type.isEnum()) {
            return "one of " + String.join(", ", spec.completionCandidates() == null ? List.of()
                    : (Iterable<String>) spec.completionCandidates());
        }
        return "a " + spec.paramLabel().toLowerCase(Locale.ROOT).replaceAll("[<>]", "");
    }

    /** The option's name the way the person typed it (an alias, or the name before '='). */
    private static String nameAsTyped(ArgSpec spec, String[] args) {
        if (!(spec instanceof OptionSpec option)) {
            return spec.paramLabel();
        }
        for (String arg : args) {
            for (String name : option.names()) {
                if (arg.equals(name) || arg.startsWith(name + "=")) {
                    return name;
                }
            }
        }
        return option.longestName();
    }

    /** One plain line for a failure while a command ran. */
    public static String line(Throwable e) {
        Throwable t = e;
        while ((t instanceof UncheckedIOException || t instanceof java.util.concurrent.ExecutionException
                || t instanceof java.lang.reflect.InvocationTargetException) && t.getCause() != null) {
            t = t.getCause();
        }
        String message = t.getMessage();
        if (t instanceof NoSuchFileException f) {
            return "no such file or directory: " + f.getFile();
        }
        if (t instanceof AccessDeniedException f) {
            return "permission denied: " + f.getFile();
        }
        if (t instanceof FileAlreadyExistsException f) {
            return "cannot create " + f.getFile() + ": something by that name is already there; nothing was overwritten";
        }
        if (t instanceof NotDirectoryException f) {
            return f.getFile() + " is not a directory";
        }
        if (t instanceof DirectoryNotEmptyException f) {
            return f.getFile() + " is not empty";
        }
        if (t instanceof FileSystemException f) {
            return "cannot use " + f.getFile() + (f.getReason() == null ? "" : ": " + f.getReason());
        }
        if (t instanceof CharacterCodingException) {
            return "a file named on the command line is not text (UTF-8), or not the kind of file that option takes";
        }
        if (t instanceof BindException) {
            return message != null && message.startsWith("port ") ? message : "cannot listen: the port is in use";
        }
        if (t instanceof ConnectException) {
            return "could not connect: " + (message == null ? "nobody is listening there" : message);
        }
        if (t instanceof UnknownHostException) {
            return message != null && message.contains(" ") ? message : "unknown host " + message;
        }
        if (t instanceof SocketTimeoutException) {
            return "the other side did not answer in time";
        }
        if (t instanceof NumberFormatException) {
            Matcher m = NUMBER_TEXT.matcher(String.valueOf(message));
            return (m.matches() ? "'" + m.group(1) + "'" : "a value") + " is not a whole number";
        }
        if (message != null) {
            Matcher port = PORT_RANGE.matcher(message);
            if (port.matches()) {
                return "port " + port.group(1) + " is out of range: a port is a number from 1 to 65535";
            }
        }
        boolean ours = (t instanceof IllegalArgumentException || t instanceof IllegalStateException
                || t instanceof IOException || t instanceof java.util.concurrent.TimeoutException
                || t.getClass().getName().startsWith("fairtable."))
                && message != null && !message.isBlank();
        if (ours) {
            return oneLine(message);
        }
        // A NullPointerException, an index out of bounds and the like are fairtable's fault, not the input's.
        return "the command stopped on a fault in fairtable, not in what you typed; please report it with the"
                + " command line that caused it";
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
