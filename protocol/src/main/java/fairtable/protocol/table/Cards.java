package fairtable.protocol.table;

/** The cards one view can read: everyone's public cards, and for a seat's own view its own hand. */
@FunctionalInterface
public interface Cards {

    /** The card number at {@code position}, or -1 if this view cannot read it. */
    int at(int position);
}
