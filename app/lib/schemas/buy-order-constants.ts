/**
 * A buy order's limits without its schema: the post page's buy-order form reads them on the first load, and the
 * schema (app/lib/schemas/buy-order.ts, which imports these) stays with the server.
 */

/** As many vehicles as a Requesting post may want at once (the match index holds no more per post). */
export const BUY_ORDER_VEHICLES_MAX = 12;
export const BUY_ORDER_MILEAGE_MAX = 9_999_999;
export const BUY_ORDER_PRICE_MAX = 1_000_000;
