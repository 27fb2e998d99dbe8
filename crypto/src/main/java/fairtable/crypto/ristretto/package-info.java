/**
 * Fast, careful arithmetic on ristretto255 (RFC 9496), our own: extended Edwards points
 * ({@link fairtable.crypto.ristretto.RistrettoPoint}) on BouncyCastle's X25519Field, scalars modulo the
 * group order ({@link fairtable.crypto.ristretto.Scalar}), fixed-base tables
 * ({@link fairtable.crypto.ristretto.FixedBaseTable}), canonical encodings that validate every byte
 * ({@link fairtable.crypto.ristretto.CanonicalReader}, {@link fairtable.crypto.ristretto.MalformedEncodingException}),
 * hashing to the group, and multi-scalar multiplication (variable time for verification, constant time
 * for secrets). Everything is constant time unless its name says variable time.
 */
package fairtable.crypto.ristretto;
