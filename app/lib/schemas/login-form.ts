import { z } from "zod";
import type { FieldErrors } from "#lib/forms";
import type { ToastMessage } from "#lib/toast";
import { sitePathSchema } from "#lib/redirects";
import { emailSchema, passwordSchema, signInSchema } from "#lib/schemas/auth";

export const LOGIN_INTENTS = ["login", "signup", "demo-login", "create-demo"] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

/** The button that sent the form; anything else signs in. */
export const loginIntentOf = (value: unknown): LoginIntent =>
  LOGIN_INTENTS.find((intent) => intent === value) ?? "login";

/** Sign in: e-mail and password present (a wrong password of any length gets the same answer), and where to land. */
export const signInFormSchema = z.object({
  email: emailSchema,
  password: signInSchema.shape.password,
  redirectTo: sitePathSchema,
});

/** Sign up: the account's rules, and the confirmation must match. */
export const signUpFormSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string().optional() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

/**
 * The /login form's toast for a refused form, the same in the browser and in the action:
 * 'Missing Information' first, then 'Password Mismatch', then the field's own message.
 */
export function loginFailureToast(
  intent: "login" | "signup",
  values: Record<string, unknown>,
  errors: FieldErrors | null | undefined,
): ToastMessage {
  const filled = (name: string) => typeof values[name] === "string" && String(values[name]).trim() !== "";
  if (!filled("email") || !filled("password")) {
    return {
      title: "Missing Information",
      description: "Please fill in all required fields",
      variant: "destructive",
    };
  }
  if (intent === "signup" && errors?.confirmPassword?.length) {
    return { title: "Password Mismatch", description: "Passwords do not match", variant: "destructive" };
  }
  const description = errors?.email?.[0] ?? errors?.password?.[0] ?? "Invalid input";
  return {
    title: intent === "signup" ? "Signup Failed" : "Login Failed",
    description,
    variant: "destructive",
  };
}
