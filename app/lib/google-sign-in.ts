import type { ToastMessage } from "#lib/toast";

/** What /login says when a Google sign-in came back with `?google={reason}` (worker/auth/google.ts). */
const REASONS: Record<string, string> = {
  unavailable: "Google sign-in is not available on this site. Please sign in with your e-mail and password.",
  denied: "Google sign-in was cancelled. Choose an account to continue, or use your e-mail and password.",
  state: "That Google sign-in could not be verified. Please start again.",
  expired: "That Google sign-in took too long. Please start again.",
  failed: "Google could not confirm who you are. Please try again.",
  unverified:
    "Google has not verified that e-mail address. Use a verified Google account, or sign up with e-mail.",
  "link-unverified":
    "An account with this e-mail already exists, and its address is not confirmed yet. Sign in with your password, and confirm your e-mail first.",
  "link-refused":
    "The DealerLane account with this e-mail cannot be linked to that Google account. Sign in with your e-mail and password.",
};

/** The toast for a failed Google sign-in, or null when the reason is none of ours. */
export function googleFailureToast(reason: string | null): ToastMessage | null {
  const description = reason ? REASONS[reason] : undefined;
  return description ? { title: "Google sign-in failed", description, variant: "destructive" } : null;
}
