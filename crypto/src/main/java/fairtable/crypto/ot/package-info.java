/**
 * 1-out-of-n oblivious transfer as sans-I/O parties exchanging canonical byte messages.
 *
 * <p>Flow, identical for every scheme (three messages, the sender speaks first):
 * <pre>
 *   sender   = scheme.newSender(items, sessionId, random)
 *   setup    = sender.setupMessage()                          // sender -&gt; receiver, once per item set
 *   receiver = scheme.newReceiver(setup, sessionId, random)   // validates the setup
 *   query    = receiver.query(choices...)                     // receiver -&gt; sender, a batch of 1..65535 queries
 *   answer   = sender.answer(query)                           // sender -&gt; receiver
 *   items    = receiver.finish(answer)                        // the chosen items, in query order
 * </pre>
 * A receiver may send further batches against the same setup; queries are numbered from 0 across batches and
 * each message carries the index of its first query, so a replayed or reordered batch is rejected.
 * Every received message is fully validated; any defect raises {@link fairtable.crypto.ot.InvalidOtMessageException}.
 * Either party's {@code state()} serialises it (secrets included) and {@code scheme.restoreSender/restoreReceiver}
 * brings it back at the same step; a saved state is validated like a message.
 *
 * <p>Schemes: {@link fairtable.crypto.ot.ChouOrlandiTransfer} (ristretto255, the fast default) and
 * {@link fairtable.crypto.ot.AndosTransfer} (Goldwasser–Micali ANDOS, as in the Cryptographic Dark Chess report).
 * Both are secure against a semi-honest (honest-but-curious) peer; see each class for what a malicious peer can do.
 *
 * <p>Apart from that interface, an oblivious PRF by OT extension: {@link fairtable.crypto.ot.KkrtQuerier} and
 * {@link fairtable.crypto.ot.KkrtSealer} (Kolesnikov–Kumaresan–Rosulek–Trieu 2016, with the Orrù–Orsini–Scholl
 * consistency check, 2017) run 384 receiver-first (Bellare–Micali) OTs once, then deliver a batch of PRF instances
 * per query with no group operation; {@link fairtable.crypto.ot.KkrtCode} is its code and {@link fairtable.crypto.ot.KkrtAudit} its
 * after-game checks.
 */
package fairtable.crypto.ot;
