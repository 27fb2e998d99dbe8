/**
 * Sealed boxes: a message encrypted to one recipient's public key, end to end, so that it can travel
 * inside a signed transcript that every player (and any auditor) holds without anyone else reading it.
 * Ephemeral-static Diffie–Hellman on ristretto255, {@link fairtable.crypto.seal.Hkdf} (RFC 5869,
 * HMAC-SHA-256) and AES-256-GCM, with both parties' public keys, the session and a context label bound as
 * associated data. Entry points: {@link fairtable.crypto.seal.SealingKey#generate},
 * {@link fairtable.crypto.seal.SealingKey#seal} and {@link fairtable.crypto.seal.SealingKey#open}.
 */
package fairtable.crypto.seal;
