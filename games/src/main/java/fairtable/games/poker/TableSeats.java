package fairtable.games.poker;

/** Seat arithmetic shared by the multi-hand games. */
final class TableSeats {
    private TableSeats() {
    }

    /** Checks that a table of {@code seats} is within the variant's {@code min} to {@code max}. */
    static void requireSeats(String game, int seats, int min, int max) {
        if (seats < min || seats > max) {
            throw new IllegalArgumentException(game + " needs " + min + " to " + max + " seats, got " + seats);
        }
    }

    static int withChips(int[] stacks) {
        int count = 0;
        for (int stack : stacks) {
            if (stack > 0) {
                count++;
            }
        }
        return count;
    }

    /** The next seat clockwise after {@code seat} that holds chips (the moving button). */
    static int nextWithChips(int[] stacks, int seat) {
        for (int k = 1; k <= stacks.length; k++) {
            int next = (seat + k) % stacks.length;
            if (stacks[next] > 0) {
                return next;
            }
        }
        throw new IllegalStateException("no seat has chips");
    }
}
