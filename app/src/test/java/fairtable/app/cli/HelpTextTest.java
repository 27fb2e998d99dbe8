package fairtable.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.games.definitions.Games;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help of every command is whole: each paragraph of a description is a whole sentence (a command's first one
 * stands alone in its parent's list of commands), and wherever the registered games are listed, every one is.
 */
class HelpTextTest {
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?]\\)?$|:$");

    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        collect(new CommandLine(new Main()).getCommandSpec(), all);
        return all;
    }

    private static void collect(CommandSpec spec, List<CommandSpec> into) {
        into.add(spec);
        spec.subcommands().values().stream().map(CommandLine::getCommandSpec).distinct()
                .filter(s -> !s.name().equals("help")).forEach(s -> collect(s, into));
    }

    private static String help(CommandSpec command) {
        List<String> words = new ArrayList<>(List.of(command.qualifiedName().split(" ")));
        words.remove(0);
        words.add("--help");
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), words.toArray(String[]::new));
        assertThat(code).as(String.join(" ", words)).isZero();
        return out.toString();
    }

    @Test
    void everyParagraphOfEveryHelpIsAWholeSentence() {
        List<String> cut = new ArrayList<>();
        for (CommandSpec command : commands()) {
            String[] description = command.usageMessage().description();
            for (int i = 0; i < description.length; i++) {
                String text = description[i].strip();
                boolean whole = i == 0 ? text.matches(".*[.!?]\\)?$") : SENTENCE_END.matcher(text).find();
                if (!text.isEmpty() && !whole) {
                    cut.add(command.qualifiedName() + ": \"" + text + "\"");
                }
            }
            List<ArgSpec> args = new ArrayList<>(command.options());
            args.addAll(command.positionalParameters());
            for (ArgSpec arg : args) {
                String text = String.join(" ", arg.description()).strip();
                if (!text.isEmpty() && !SENTENCE_END.matcher(text).find()) {
                    cut.add(command.qualifiedName() + " " + arg.paramLabel() + ": \"" + text + "\"");
                }
            }
        }
        assertThat(cut).as("help paragraphs that stop mid-sentence").isEmpty();
    }

    @Test
    void whereverTheHelpListsGamesEveryRegisteredGameIsListed() {
        List<String> names = Games.ALL.names();
        Pattern name = Pattern.compile("(?<![\\w-])(" + String.join("|", names) + ")(?![\\w-])");
        List<String> partial = new ArrayList<>();
        for (CommandSpec command : commands()) {
            // One paragraph at a time: a paragraph that names two games or more is a list of games.
            for (String paragraph : help(command).replaceAll("\\R\\s+", " ").split("\\R")) {
                Matcher m = name.matcher(paragraph);
                List<String> named = new ArrayList<>();
                while (m.find()) {
                    if (!named.contains(m.group(1))) {
                        named.add(m.group(1));
                    }
                }
                if (named.size() >= 2 && !named.containsAll(names)) {
                    partial.add(command.qualifiedName() + ": \"" + paragraph.strip() + "\"");
                }
            }
        }
        assertThat(partial).as("help paragraphs that list some registered games, not all of " + names).isEmpty();
    }
}
