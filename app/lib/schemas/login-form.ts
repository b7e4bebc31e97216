import { DEMO_ACCOUNT } from "../constants";
import { signInSchema, signUpSchema } from "./auth";

export type LoginIntent = "login" | "signup" | "demo-login" | "create-demo";
const INTENTS: readonly LoginIntent[] = ["login", "signup", "demo-login", "create-demo"];

type Checked =
  | { ok: true; intent: LoginIntent; email: string; password: string }
  | { ok: false; toast: { title: string; description: string } };

/**
 * The /login form's checks, the same in the browser (before sending) and in the action (without JS):
 * business spec §5 — 'Missing Information', 'Password Mismatch', then the shared e-mail/password rules.
 */
export function checkLoginForm(values: Record<string, FormDataEntryValue | undefined>): Checked {
  const intent = INTENTS.find((i) => i === values.intent) ?? "login";
  if (intent === "create-demo") return { ok: true, intent, email: "", password: "" };
  if (intent === "demo-login") return { ok: true, intent, ...DEMO_ACCOUNT };

  const email = typeof values.email === "string" ? values.email : "";
  const password = typeof values.password === "string" ? values.password : "";
  if (!email.trim() || !password) {
    return {
      ok: false,
      toast: { title: "Missing Information", description: "Please fill in all required fields" },
    };
  }
  if (intent === "signup" && password !== values.confirmPassword) {
    return { ok: false, toast: { title: "Password Mismatch", description: "Passwords do not match" } };
  }
  const parsed = (intent === "signup" ? signUpSchema : signInSchema).safeParse({ email, password });
  if (!parsed.success) {
    const title = intent === "signup" ? "Signup Failed" : "Login Failed";
    return { ok: false, toast: { title, description: parsed.error.issues[0]?.message ?? "Invalid input" } };
  }
  return { ok: true, intent, ...parsed.data };
}
