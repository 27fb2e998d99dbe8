package fairtable.games.chess;

import java.util.EnumSet;
import java.util.Set;

/** Per-square {@link Visibility} of one player, as two disjoint 64-bit square sets (bit i = square i). */
public final class VisionMap {

    private final long full;
    private final long occupancyOnly;

    VisionMap(long full, long occupancyOnly) {
        this.full = full;
        this.occupancyOnly = occupancyOnly & ~full;
    }

    public Visibility visibility(Square square) {
        long bit = 1L << square.index();
        if ((full & bit) != 0) {
            return Visibility.FULL;
        }
        return (occupancyOnly & bit) != 0 ? Visibility.OCCUPANCY_ONLY : Visibility.UNSEEN;
    }

    public Set<Square> squares(Visibility visibility) {
        EnumSet<Square> set = EnumSet.noneOf(Square.class);
        for (Square s : Square.values()) {
            if (visibility(s) == visibility) {
                set.add(s);
            }
        }
        return set;
    }

    long fullMask() {
        return full;
    }

    long occupancyOnlyMask() {
        return occupancyOnly;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VisionMap v && v.full == full && v.occupancyOnly == occupancyOnly;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(full) * 31 + Long.hashCode(occupancyOnly);
    }

    @Override
    public String toString() {
        return "VisionMap[full=" + squares(Visibility.FULL) + ", occupancyOnly=" + squares(Visibility.OCCUPANCY_ONLY) + "]";
    }
}
