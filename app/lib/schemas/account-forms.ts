import { z } from "zod";
import {
  changePasswordSchema,
  emailSignInLinkSchema,
  forgotPasswordSchema,
  signInWithLinkSchema,
} from "#lib/schemas/account";
import { passwordSchema } from "#lib/schemas/auth";

/** The account page forms, one schema each, used by the browser and the action alike. */

export const forgotPasswordFormSchema = forgotPasswordSchema;

/** /sign-in-link: the address to send the link to, then the link's own button. */
export const emailSignInLinkFormSchema = emailSignInLinkSchema;
export const signInWithLinkFormSchema = signInWithLinkSchema;

export const resetPasswordFormSchema = z
  .object({
    token: z.string().max(200).default(""),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Please confirm your new password" }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string({ error: "Please confirm your new password" }).max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
