import { z } from "zod";
import { INVENTORY_VIEWS, ITEMS_PER_PAGE_OPTIONS } from "#lib/constants";
import { booleanInput } from "#lib/schemas/dealer-fields";

/** Settings and their defaults: what SAVE SETTINGS stores per account. */
export type UserSettings = {
  itemsPerPage: (typeof ITEMS_PER_PAGE_OPTIONS)[number];
  inventoryView: (typeof INVENTORY_VIEWS)[number];
  emailNotifications: boolean;
  pushNotifications: boolean;
  messageNotifications: boolean;
  showEmail: boolean;
  showPhone: boolean;
  showOnlineStatus: boolean;
};

export const DEFAULT_SETTINGS: UserSettings = {
  itemsPerPage: 20,
  inventoryView: "grid",
  emailNotifications: true,
  pushNotifications: true,
  messageNotifications: true,
  showEmail: true,
  showPhone: true,
  showOnlineStatus: true,
};

const itemsPerPage = z.coerce
  .number({ error: "Items per page must be 10, 20, 50 or 100" })
  .refine(
    (n): n is UserSettings["itemsPerPage"] => (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(n),
    "Items per page must be 10, 20, 50 or 100",
  );
const inventoryView = z.enum(INVENTORY_VIEWS, { error: "Inventory view must be grid, list or compact" });

/** PATCH /api/settings: only what is sent changes. */
export const settingsPatchSchema = z
  .object({
    itemsPerPage: itemsPerPage.optional(),
    inventoryView: inventoryView.optional(),
    emailNotifications: booleanInput.optional(),
    pushNotifications: booleanInput.optional(),
    messageNotifications: booleanInput.optional(),
    showEmail: booleanInput.optional(),
    showPhone: booleanInput.optional(),
    showOnlineStatus: booleanInput.optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * The /settings form: every field, where an unticked checkbox is simply absent (false). Works with
 * or without JavaScript because the browser sends the whole form.
 */
export const settingsFormSchema = z.object({
  itemsPerPage,
  inventoryView,
  emailNotifications: booleanInput.default(false),
  pushNotifications: booleanInput.default(false),
  messageNotifications: booleanInput.default(false),
  showEmail: booleanInput.default(false),
  showPhone: booleanInput.default(false),
  showOnlineStatus: booleanInput.default(false),
});
