/** Admin texts screens outside the admin pages show (sign-in, the chat's demo tools), apart from the admin schemas. */

// Toasts of the Clear All Data button.
export const CLEAR_DATA_TOASTS = { success: "Data Cleared!", failure: "Failed to clear data" } as const;
/** What the admin types to confirm clearing the demo data. */
export const CLEAR_DATA_CONFIRMATION = "CLEAR DEMO DATA";

export const SUSPENDED_MESSAGE =
  "This account is suspended. Contact support@dealerlane.app if you think this is a mistake.";
