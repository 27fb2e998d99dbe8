package fairtable.games.mahjongshogi;

import java.util.List;

/**
 * The 13 tile kinds, numbered by strength: kind 1 一筒 is the weakest, kind 13 中 the strongest. The numbered
 * circles 一筒..九筒 are kinds 1..9, followed by the honours in mahjong's usual order: 東 (East) is kind 10,
 * then 白 11, 發 12 and 中 13. In the default {@link TileSet} 東 is the king: capturing it wins the game. 東 has no
 * special strength; it battles as kind 10.
 */
public final class Kinds {

    public static final int WEAKEST = 1;
    public static final int STRONGEST = 13;
    public static final int COUNT = 13;
    public static final int EAST = 10;

    private static final List<String> NAMES = List.of(
            "一筒", "二筒", "三筒", "四筒", "五筒", "六筒", "七筒", "八筒", "九筒", "東", "白", "發", "中");

    private Kinds() {
    }

    public static String name(int kind) {
        check(kind);
        return NAMES.get(kind - 1);
    }

    static void check(int kind) {
        if (kind < WEAKEST || kind > STRONGEST) {
            throw new IllegalArgumentException("tile kinds are 1..13, not " + kind);
        }
    }
}
