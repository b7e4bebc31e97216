import { z } from "zod";
import { emailSchema, passwordSchema } from "#lib/schemas/auth";

/**
 * Request schemas of the account calls: reset, sign-in link, confirmation, password change, sessions,
 * events.
 */

const linkToken = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, message)
    .describe("the token from the e-mail's link");

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** "E-mail me a sign-in link": the address the account signs in with. */
export const emailSignInLinkSchema = z.object({ email: emailSchema });

export const signInWithLinkSchema = z.object({
  token: linkToken("This sign-in link is not valid. Ask for a new one."),
});

export const resetPasswordSchema = z.object({
  token: linkToken("This reset link is not valid. Ask for a new one."),
  password: passwordSchema,
});

export const verifyEmailSchema = z.object({
  token: linkToken("This confirmation link is not valid. Send yourself a new one."),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Please enter your current password" })
    .max(200)
    .optional()
    .describe("required when the account has a password (a Google-only account signs in with Google first)"),
  newPassword: passwordSchema,
});

export const ACCOUNT_PAGE_MAX = 100;

/** GET /api/account/sessions and /api/account/security-events. */
export const accountListQuery = z.object({
  cursor: z
    .string()
    .max(1000, "Invalid cursor: start again from the first page")
    .optional()
    .describe("X-Next-Cursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(ACCOUNT_PAGE_MAX).optional().describe("page size, 50 by default"),
});

/** Where a Google sign-in goes back to: a path on this site, never another one. */
export const googleStartQuery = z.object({
  redirectTo: z.string().max(500).optional().describe("a path on this site to land on after signing in"),
});

/** The typed confirmation of "Delete my account". */
export const DELETE_CONFIRMATION = "DELETE";

export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional().describe("required when the account has a password"),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION} to confirm` })
    .trim()
    .refine((v) => v === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});
