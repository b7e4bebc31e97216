import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AdminDialog, useWithParams } from "~/components/admin/admin-dialog";
import { AdminPage, AdminPager, AdminTable, badgeClass } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { choices, SelectField, TextField } from "~/components/ui/field";
import { Search, UserPlus } from "~/components/ui/icons";
import { adminUsersQuerySchema } from "#lib/admin";
import { adminUserForms } from "#lib/schemas/admin-forms";
import type { AdminUser } from "#lib/api-types";
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS } from "#lib/api-keys";
import { ShownOnceKey } from "~/components/ui/shown-once-key";
import { formatDollars } from "#lib/format";
import { adminAction, adminForm, type AdminAnswer } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Users · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const parsed = adminUsersQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : adminUsersQuerySchema.parse({});
  const admin = context.services.admin;
  const page = await admin.users.list(query).catch(() => admin.users.list({ ...query, cursor: undefined }));
  const selectedId = params.get("user");
  const selected = selectedId ? await admin.users.get(selectedId).catch(() => null) : null;
  const invoices = selected?.dealer
    ? (await context.services.subscriptions.invoices(selected.dealer.id, { limit: 12 })).items
    : [];
  const queue = await admin.verifications.list({ status: "pending", limit: 20 });
  return {
    users: page.items,
    nextCursor: page.nextCursor,
    selected,
    invoices,
    paged: Boolean(query.cursor),
    verifications: queue.items,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const forms = adminUserForms;
  return adminAction(context, request, {
    add: adminForm(forms.add, async (input, { actor, services }) => {
      const user = await services.admin.users.add(actor, input);
      return `Added ${user.email}: an e-mail to set a password is on its way`;
    }),
    edit: adminForm(forms.edit, async ({ accountId, ...input }, { actor, services }) => {
      await services.admin.users.editDealer(actor, accountId, input, (dealerId) =>
        services.dealers.update(
          { accountId: actor.accountId, dealerId: null, isAdmin: true },
          dealerId,
          input,
        ),
      );
      return "Changes saved";
    }),
    suspend: adminForm(forms.suspend, async ({ accountId, reason }, { actor, services }) => {
      const user = await services.admin.users.suspend(actor, accountId, reason);
      return `${user.email} is suspended`;
    }),
    reactivate: adminForm(forms.reactivate, async ({ accountId }, { actor, services }) => {
      const user = await services.admin.users.reactivate(actor, accountId);
      return `${user.email} is active again`;
    }),
    role: adminForm(forms.role, async ({ accountId, role }, { actor, services }) => {
      const user = await services.admin.users.setRole(actor, accountId, role);
      return role === "admin" ? `${user.email} is now an admin` : `${user.email} is no longer an admin`;
    }),
    delete: adminForm(forms.delete, async ({ accountId }, { actor, services }) => {
      await services.admin.users.remove(actor, accountId);
      return "Account deleted";
    }),
    verification: adminForm(forms.verification, async ({ id, ...input }, { actor, services }) => {
      const decided = await services.admin.verifications.decide(actor, id, input);
      return decided.status === "approved"
        ? `${decided.dealer.name} is a verified dealer`
        : `Verification refused for ${decided.dealer.name}`;
    }),
    "api-key": adminForm(forms.apiKey, async ({ accountId, ...input }, { actor, services }) => {
      const created = await services.admin.apiKeys.issue(actor, accountId, input);
      return {
        title: `API key "${created.name}" created: copy it now, it is shown once`,
        apiKey: created.key,
      };
    }),
    refund: adminForm(forms.refund, async (input, { actor, services }) => {
      const invoice = await services.admin.payments.refund(actor, input.invoiceId, input.reason);
      return `Refunded ${formatDollars(invoice.refundedCents)}`;
    }),
  });
}

function PlanBadge({ user }: { user: AdminUser }) {
  if (!user.plan) return <span className={badgeClass("slate")}>Trial / none</span>;
  const tone = user.plan.status === "active" ? "green" : user.plan.status === "canceled" ? "red" : "amber";
  return (
    <span className={badgeClass(tone)}>
      {user.plan.name.replace(/\s+Plan$/i, "").toUpperCase()} · {user.plan.status.replace("_", " ")}
    </span>
  );
}

function ManageDialog({
  user,
  invoices,
}: {
  user: AdminUser;
  invoices: ReturnType<typeof useLoaderData<typeof loader>>["invoices"];
}) {
  const [params] = useSearchParams();
  const close = useWithParams()({ user: null });
  return (
    <AdminDialog
      wide
      title={`Edit ${user.dealer?.name || user.email}`}
      close={close}
      detail={
        <>
          {user.email} · joined <DateTime at={user.createdAt} />
        </>
      }
    >
      {user.dealer ? (
        <Form method="post" action={close} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="accountId" value={user.id} />
          <TextField label="Name" name="name" defaultValue={user.dealer.name} />
          <TextField label="Dealership" name="dealershipName" defaultValue={user.dealer.dealershipName} />
          <TextField label="Phone" name="phone" defaultValue={user.dealer.phone} />
          <TextField label="City" name="city" defaultValue={user.dealer.city} />
          <TextField label="State" name="state" defaultValue={user.dealer.state} maxLength={2} />
          <div className="flex items-end">
            <Button type="submit">Save Changes</Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-muted">This account has no dealer profile yet.</p>
      )}

      <div className="mt-5 grid grid-cols-1 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800">
        <Form method="post" action={close} className="flex flex-col gap-2">
          <input type="hidden" name="intent" value={user.status === "active" ? "suspend" : "reactivate"} />
          <input type="hidden" name="accountId" value={user.id} />
          {user.status === "active" ? (
            <>
              <TextField label="Reason for suspending (optional)" name="reason" maxLength={500} />
              <Button type="submit" variant="danger" className="self-start">
                Suspend
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm">
                Suspended <DateTime at={user.suspendedAt ?? user.createdAt} />
                {user.suspensionReason ? `: ${user.suspensionReason}` : ""}
              </p>
              <Button type="submit" className="self-start">
                Reactivate
              </Button>
            </>
          )}
        </Form>
        <Form method="post" action={close} className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="accountId" value={user.id} />
          <input type="hidden" name="role" value={user.role === "admin" ? "dealer" : "admin"} />
          <p className="text-sm">Role: {user.role === "admin" ? "Admin" : "Dealer"}</p>
          <Button type="submit" variant="secondary" className="self-start">
            {user.role === "admin" ? "Remove admin" : "Grant admin"}
          </Button>
        </Form>
      </div>

      {user.dealer ? <AdminApiKeyForm accountId={user.id} here={`?${params.toString()}`} /> : null}

      <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h3 className="mb-2 font-semibold">Payments</h3>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted">No payments.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="flex-1">
                  {invoice.description} · {formatDollars(invoice.amountCents)} ·{" "}
                  <span className={badgeClass(invoice.status === "paid" ? "green" : "slate")}>
                    {invoice.status}
                  </span>
                </span>
                {invoice.refundableUntil ? (
                  <Form method="post" action={close} className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="invoiceId" value={invoice.id} />
                    <input type="hidden" name="reason" value="30-day money-back guarantee" />
                    <Button type="submit" variant="secondary">
                      Refund
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      <Form
        method="post"
        action={close}
        className="mt-5 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="accountId" value={user.id} />
        <TextField label="Type DELETE to delete this account" name="confirm" autoComplete="off" />
        <Button type="submit" variant="danger">
          Delete
        </Button>
      </Form>
    </AdminDialog>
  );
}

export default function AdminUsers() {
  const { users, nextCursor, selected, invoices, paged, verifications } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const withParams = useWithParams();
  return (
    <AdminPage
      title="Admin · Users"
      description="Every account with its dealer, plan and subscription status."
    >
      <Form method="get" className={`${cardClass} flex flex-wrap items-end gap-3`} role="search">
        <TextField
          label="Search"
          name="q"
          defaultValue={params.get("q") ?? ""}
          placeholder="E-mail, name or dealership"
          className="min-w-48 flex-1"
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue={params.get("role") ?? "all"}
          options={choices(["all", "Everyone"], ["dealer", "Dealers"], ["admin", "Admins"])}
        />
        <SelectField
          label="Status"
          name="status"
          defaultValue={params.get("status") ?? "all"}
          options={choices(["all", "Any"], ["active", "Active"], ["suspended", "Suspended"])}
        />
        <Button type="submit" variant="secondary">
          <Search size={16} aria-hidden="true" /> {navigation.state === "loading" ? "Searching…" : "Search"}
        </Button>
      </Form>

      {verifications.length > 0 ? (
        <section className={cardClass} aria-labelledby="queue-heading">
          <h2 id="queue-heading" className="mb-1 font-semibold">
            Verification requests ({verifications.length})
          </h2>
          <p className="mb-3 text-sm text-muted">
            Check the numbers with the state and AuctionACCESS, then approve (the Verified dealer badge) or
            refuse with a note. The dealer is notified.
          </p>
          <ul className="flex flex-col gap-3">
            {verifications.map((v) => (
              <li
                key={v.id}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                data-testid="verification-request"
              >
                <p className="text-sm">
                  <span className="font-semibold">{v.dealer.name}</span> · {v.dealer.dealershipName} · sent{" "}
                  <DateTime at={v.createdAt} />
                </p>
                <p className="text-xs text-muted">
                  Licence {v.licenseNumber} · AuctionACCESS {v.auctionAccessNumber} · 5 Mil{" "}
                  {v.dealership5MilNumber}
                  {v.documentUrl ? (
                    <>
                      {" · "}
                      <a href={v.documentUrl} target="_blank" rel="noreferrer" className="underline">
                        document
                      </a>
                    </>
                  ) : null}
                </p>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="verification" />
                  <input type="hidden" name="id" value={v.id} />
                  <TextField
                    label="Note to the dealer"
                    name="note"
                    maxLength={1000}
                    className="min-w-48 flex-1"
                  />
                  <Button type="submit" name="decision" value="approved">
                    Approve
                  </Button>
                  <Button type="submit" name="decision" value="refused" variant="secondary">
                    Refuse
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <AdminTable
        tableClass="stacked-table w-full text-left text-sm md:min-w-[640px]"
        headings={["Dealer", "Plan", "Status", "Joined"]}

        empty={users.length === 0 ? "No account matches." : null}
      >
        {users.map((user) => (
          <tr
            key={user.id}
            className="border-t border-slate-200 dark:border-slate-800"
            data-testid="admin-user-row"
          >
            <td className="p-3">
              <span className="block font-medium">{user.dealer?.name || "No dealer profile"}</span>
              <span className="block text-xs break-all text-muted">
                {user.dealer?.dealershipName ? `${user.dealer.dealershipName} · ` : ""}
                {user.email}
              </span>
            </td>
            <td className="p-3" data-label="Plan">
              <PlanBadge user={user} />
            </td>
            <td className="p-3" data-label="Status">
              <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                <span className={badgeClass(user.status === "active" ? "green" : "red")}>{user.status}</span>
                {user.role === "admin" ? <span className={badgeClass("blue")}>admin</span> : null}
                {user.isDemo ? <span className={badgeClass("slate")}>demo</span> : null}
              </span>
            </td>
            <td className="p-3 whitespace-nowrap" data-label="Joined">
              <DateTime at={user.createdAt} />
            </td>
            <td className="p-3 md:text-right">
              <Link to={withParams({ user: user.id })} className={buttonClass("secondary", "min-h-8 px-3")}>
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager paged={paged} nextCursor={nextCursor} to={(cursor) => withParams({ cursor, user: null })} />

      <section className={cardClass} aria-labelledby="add-heading">
        <h2 id="add-heading" className="mb-3 flex items-center gap-2 font-semibold">
          <UserPlus size={16} aria-hidden="true" /> Add a user
        </h2>
        <Form method="post" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="add" />
          <TextField label="E-mail" name="email" type="email" required />
          <TextField label="First name" name="firstName" required />
          <TextField label="Last name" name="lastName" required />
          <TextField label="Dealership name" name="dealershipName" required />
          <TextField label="Phone" name="phone" type="tel" />
          <TextField label="State" name="state" maxLength={2} />
          <Button type="submit" className="self-end sm:col-start-3">
            Add user
          </Button>
        </Form>
        <p className="mt-2 text-xs text-muted">
          They receive an e-mail with a link to set their password (valid 30 minutes; Forgot password sends a
          new one).
        </p>
      </section>

      {selected ? <ManageDialog user={selected} invoices={invoices} /> : null}
    </AdminPage>
  );
}

/** "From sales": an API key for this dealer, shown once here; the audit log records it without the key. */
function AdminApiKeyForm({ accountId, here }: { accountId: string; here: string }) {
  const result = useActionData<AdminAnswer>();
  return (
    <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="mb-2 font-semibold">API key</h3>
      {result?.apiKey ? <ShownOnceKey apiKey={result.apiKey} /> : null}
      <Form method="post" action={here} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="api-key" />
        <input type="hidden" name="accountId" value={accountId} />
        <TextField label="Key name" name="name" maxLength={60} required defaultValue="Integration" />
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read"} />
              {API_KEY_SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" className="self-start">
          Create API key
        </Button>
      </Form>
    </div>
  );
}
