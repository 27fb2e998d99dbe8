/**
 * Fast, careful arithmetic on ristretto255 (RFC 9496) on top of curve25519-elisabeth: scalars modulo the
 * group order, canonical encodings that validate every byte ({@link fairtable.crypto.ristretto.CanonicalReader},
 * {@link fairtable.crypto.ristretto.MalformedEncodingException}), hashing to the group, and multi-scalar
 * multiplication (variable time for verification, constant time for secrets).
 */
package fairtable.crypto.ristretto;
