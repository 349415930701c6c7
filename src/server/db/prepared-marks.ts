// The client's pool hook and the query helpers (index.ts) both read these: a file of their own
// keeps the two from importing each other.

/**
 * The statement name that asks PostgreSQL to keep a statement prepared on its connection:
 * `query.prepare(PREPARED).execute()`. Its text is then parsed and planned once per connection
 * instead of at every execution (a third of PostgreSQL's CPU per order). Only for lookups and writes
 * by key, whose plan does not depend on the values: a list filtered on a shop would keep one plan
 * for the largest shop and the smallest. PGlite ignores statement names.
 */
export const PREPARED = 'comptoir:prepared';

/**
 * The comment that marks a raw statement (executePrepared) as one to keep prepared, as PREPARED
 * marks a built one: `execute` has no statement name to carry it.
 */
export const PREPARED_TEXT_MARK = '/* prepared */ ';

/**
 * The databases (node-postgres pools) whose `begin` goes as a text without values, which pg sends
 * in the simple protocol: it may then carry a second statement (see transactionByKey). PGlite
 * begins its own way.
 */
export const SIMPLE_PROTOCOL_BEGIN = new WeakSet<object>();
