/**
 * How long each table that grows without end keeps its rows: the daily cron deletes what is older
 * (worker/domain/retention). Why each period is what it is: docs/decisions/0042-retention.md and, for the
 * shorter ones that keep D1 under its limit, docs/decisions/0054-d1-diet.md.
 * Sessions, sign-in links and upload claims go when they expire, with no period of their own.
 */

/** A used or expired e-mailed link (reset, confirmation, sign-in) is kept this long, to answer "already used". */
export const SPENT_LINK_KEEP_DAYS = 1;

/** A rate-limit window: no limit counts over more than a day, so an older window decides nothing. */
export const RATE_LIMIT_KEEP_DAYS = 1;

/** The account's security events (sign-ins, password changes), as /settings lists them. */
export const SECURITY_EVENT_KEEP_DAYS = 365;

/** A notification the dealer has read, counted from when it was read: the bell is a to-do list, not an archive. */
export const READ_NOTIFICATION_KEEP_DAYS = 7;
/** Any notification, read or not, counted from when it was written: what it points to (an offer, a chat, a request) has its own screen. */
export const NOTIFICATION_KEEP_DAYS = 14;

/** An e-mail or text delivered, counted from its delivery. */
export const SENT_MESSAGE_KEEP_DAYS = 30;
/**
 * A push delivered, counted from its delivery: a lock-screen nudge whose lasting record is the bell's notification,
 * so support needs a week of "was it sent", not a month. Pushes are the outbox's most numerous rows.
 */
export const SENT_PUSH_KEEP_DAYS = 7;
/**
 * A delivered message keeps its text (the e-mail's HTML and text, the push's JSON) this long for support to read;
 * then only what says who got what and when stays (recipient, template, subject, status, idempotency key).
 */
export const SENT_BODY_KEEP_DAYS = 1;
/** A message given up on: long enough for support to see why it never arrived. */
export const FAILED_MESSAGE_KEEP_DAYS = 90;
/** A message held for an address never confirmed. */
export const HELD_MESSAGE_KEEP_DAYS = 30;

/** A payment processor's event, kept to ignore its redelivery (Stripe retries for up to three days). */
export const PAYMENT_EVENT_KEEP_DAYS = 30;

/** A message from the public contact form, for support to answer and follow up. */
export const CONTACT_MESSAGE_KEEP_DAYS = 365;

/**
 * An expired or sold post (with its vehicles, comments, closed offers and photos), counted from its last change:
 * a month to look back at a closed post's page and its comments, or to renew it. My Stats does not depend on it:
 * what went is counted on in dealer_day_figures (periods) and dealer_archived_stats (all time).
 */
export const LEFT_FEED_POST_KEEP_DAYS = 30;

/**
 * My Stats' day counts (dealer_day_figures): its longest period (90 days) and the 90 before it, which it
 * compares against.
 */
export const DAY_FIGURES_KEEP_DAYS = 180;

/**
 * A deleted post's record that its comments are in the day figures (My Stats' database): a deletion that failed
 * after they were counted runs again the next day, and counts nothing twice.
 */
export const FOLDED_POST_KEEP_DAYS = 7;

/** Rows one statement deletes: D1 answers it well inside its time limit whatever the table's size. */
export const RETENTION_BATCH_ROWS = 1000;
/** Posts one statement deletes: each takes its vehicles, comments, views and offers with it. */
export const RETENTION_BATCH_POSTS = 100;
/** Statements per rule per run: a backlog (the first run on a big network) is worked off over several days. */
export const RETENTION_MAX_BATCHES = 200;
