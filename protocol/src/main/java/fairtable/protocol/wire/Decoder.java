package fairtable.protocol.wire;

/** Reads a value from its canonical bytes, refusing bytes that are not exactly one (e.g. a parameters' fromBytes). */
@FunctionalInterface
public interface Decoder<T> {
    T decode(byte[] bytes) throws MalformedMessageException;
}
