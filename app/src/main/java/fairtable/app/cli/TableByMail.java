package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.play.GameKind;
import fairtable.app.play.MailTable;
import fairtable.app.play.TableConfig;
import fairtable.app.play.TableRun;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.Armor;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

/**
 * Two-player draw poker dealt by FR 2823580 ({@code mail new --game draw-poker --mode patent}) by
 * {@code fairtable mail}: what each subcommand prints around a {@link MailTable}. The host (who ran
 * {@code mail new}) sends its texts to every other player; a guest sends its texts to the host only. Every
 * registered game otherwise plays by mail as one table/v1 session ({@link GameByMail}); this path goes once that
 * game is defined on the table protocol.
 */
final class TableByMail {
    private TableByMail() {
    }

    /** Whether {@code --game} names a card game rather than a protocol party. */
    static boolean isCardGame(String gameName) {
        try {
            GameKind.byCommand(gameName);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static int create(Path dir, SigningKey identity, String fingerprint, GameKind game, Integer players, Integer hands,
            Integer stack, boolean patent, String name, boolean bot, Path out, PrintWriter o) throws IOException {
        int n = players != null ? players : 2;
        int rounds = hands != null ? hands : game.defaultRounds();
        MailTable.Step step = MailTable.create(dir, identity, game, n, rounds, stack != null ? stack : 1000, patent,
                name, bot, new SecureRandom());
        o.println("New " + game.command() + " table in " + dir + " for " + n + " players, " + rounds + " "
                + game.roundName() + "(s); you host it as " + name + (bot ? " (played by a bot)" : "") + ", key "
                + fingerprint + ".");
        o.println("Each player answers the invitation with: fairtable mail join --dir GAME --in INVITATION");
        deliver(step, dir, out, o);
        return Main.OK;
    }

    static int join(Path dir, SigningKey identity, Envelope invite, String name, boolean bot, Path out, PrintWriter o,
            PrintWriter err) throws IOException {
        try {
            MailTable.Invitation invitation = MailTable.invitation(invite);
            if (!invitation.patent()) {
                // The registered games play by mail as one table/v1 session; only FR 2823580 draw poker is hosted.
                err.println("fairtable: " + invitation.host() + " invites you to " + invitation.game().command()
                        + " on the older hosted mail path, which now plays only draw-poker over FR 2823580; ask for"
                        + " a table/v1 game instead: fairtable mail new --game " + invitation.game().command());
                return Main.ERROR;
            }
            o.println("Joining " + invitation.describe() + ".");
            MailTable.Step step = MailTable.join(dir, identity, invite, name, bot);
            o.println("Send your join to the host; the deal comes back once every seat is taken.");
            deliver(step, dir, out, o);
            return Main.OK;
        } catch (MailTable.Refused e) {
            err.println("fairtable: " + e.getMessage());
            return Main.ERROR;
        }
    }

    static int receive(Path dir, SigningKey identity, String text, Path out, PrintWriter o, PrintWriter err)
            throws IOException {
        List<Envelope> texts;
        try {
            texts = Armor.decodeAll(text);
        } catch (Armor.ArmorException e) {
            err.println("fairtable: cannot read the text: " + e.getMessage());
            return Main.ERROR;
        }
        try (MailTable table = MailTable.open(dir, identity)) {
            MailTable.Step step;
            try {
                step = table.receive(texts);
            } catch (MailTable.Refused e) {
                err.println("fairtable: " + e.getMessage() + "; nothing was changed");
                return Main.ERROR;
            } catch (ProtocolViolation v) {
                return stopped(table, dir, v, o);
            }
            o.println("Imported " + texts.size() + " text(s).");
            return after(table, step, dir, out, o);
        }
    }

    static int move(Path dir, SigningKey identity, String words, Path out, PrintWriter o, PrintWriter err)
            throws IOException {
        try (MailTable table = MailTable.open(dir, identity)) {
            MailTable.Step step;
            try {
                step = table.move(words);
            } catch (IllegalStateException | IllegalArgumentException e) {
                err.println("fairtable: " + e.getMessage() + "; nothing was changed"
                        + (e instanceof IllegalArgumentException
                                ? " (your legal moves: fairtable mail status --dir " + dir + ")"
                                : " (if your last text was lost: fairtable mail resend --dir " + dir + ")"));
                return Main.ERROR;
            } catch (ProtocolViolation v) {
                return stopped(table, dir, v, o);
            }
            o.println("You played " + words.strip() + ".");
            return after(table, step, dir, out, o);
        }
    }

    static int resend(Path dir, SigningKey identity, Path out, PrintWriter o, PrintWriter err) throws IOException {
        try (MailTable table = MailTable.open(dir, identity)) {
            MailTable.Step step;
            try {
                step = table.resend();
            } catch (IllegalStateException e) {
                err.println("fairtable: " + e.getMessage());
                return Main.ERROR;
            }
            if (step.toSend().isEmpty()) {
                o.println("Nothing to send again: the others have acknowledged everything. Now awaiting "
                        + table.awaiting() + ".");
                o.flush();
                return Main.OK;
            }
            deliver(step, dir, out, o);
            return Main.OK;
        }
    }

    /** The user's view: their seat, and what they see and may play when it is their move. */
    static void view(Path dir, SigningKey identity, PrintWriter o) throws IOException {
        try (MailTable table = MailTable.open(dir, identity)) {
            if (table.prompt() != null) {
                o.println(table.prompt());
            }
        }
    }

    private static int after(MailTable table, MailTable.Step step, Path dir, Path out, PrintWriter o)
            throws IOException {
        step.lines().forEach(o::println);
        if (step.toSend().isEmpty()) {
            o.println("Nothing to send.");
        } else {
            deliver(step, dir, out, o);
        }
        if (table.isFinished()) {
            return finish(table, dir, o);
        }
        if (table.prompt() != null) {
            o.println("YOUR MOVE: see your cards and legal moves with: fairtable mail status --dir " + dir);
            o.println("then play with: fairtable mail move --dir " + dir + " MOVE");
        } else {
            o.println("Now awaiting " + table.awaiting() + ".");
        }
        o.flush();
        return Main.OK;
    }

    /** The end: the standings, every round's transcript written beside the game and audited, the chips replayed. */
    private static int finish(MailTable table, Path dir, PrintWriter o) throws IOException {
        TableConfig config = table.config();
        o.println("Game over.");
        boolean conserved = TableRun.printStandings(config, table.node(), o);
        Path base = dir.resolve("transcript.jsonl");
        boolean verified = TableRun.writeAndAudit(config, table.node(), List.of(), base, o);
        boolean replayed = TableRun.replayChips(config, table.node(), base, o);
        boolean ok = verified && conserved && replayed;
        table.finished(ok ? "VERIFIED" : "FAILED");
        o.flush();
        return ok ? Main.OK : Main.FAILED;
    }

    /** A message broke the game: nothing was taken in; the evidence so far is written beside the game. */
    private static int stopped(MailTable table, Path dir, ProtocolViolation v, PrintWriter o) throws IOException {
        o.println("The game is stopped: FAILED: " + v.getMessage());
        if (table.node() != null) {
            TableRun.writeEvidence(table.config(), table.node(), dir.resolve("evidence.jsonl"), o);
        }
        o.flush();
        return Main.FAILED;
    }

    /** Prints the texts to send, or writes them to {@code out}; a copy stays in the game's outbox. */
    private static void deliver(MailTable.Step step, Path dir, Path out, PrintWriter o) throws IOException {
        StringBuilder armored = new StringBuilder();
        for (Envelope e : step.toSend()) {
            armored.append(Armor.encode(e, "table", "seat " + e.sender()));
        }
        Path outbox = dir.resolve("outbox");
        OwnerOnlyFiles.directory(outbox);
        long seq = step.toSend().get(step.toSend().size() - 1).seq();
        OwnerOnlyFiles.writeString(outbox.resolve(String.format("%06d.txt", seq)), armored.toString());
        if (out != null) {
            Files.writeString(out, armored, StandardCharsets.UTF_8);
            o.println("Text to send to " + step.to() + " written to " + out + ".");
        } else {
            o.println("Send this to " + step.to() + ":");
            o.println();
            o.print(armored);
        }
        o.flush();
    }
}
