/**
 * What the directory's screens need from its rules without the dealer schemas (decision 0058: the first screens
 * import this, the schemas load with the forms that use them).
 *
 * The directory counts its matching dealers up to this many and then says "1,000+": an exact count of a
 * national network's 50 000 dealers read every one of them on every page.
 */
export const DIRECTORY_COUNT_MOST = 1000;
