import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AdminPage, AdminPager } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { choices, CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldProps, useSchemaForm } from "~/components/ui/form";
import { formatDay } from "#lib/format";
import { parseForm } from "#lib/forms";
import { byIntent } from "#lib/intents";
import { NEWS_CATEGORIES, newsArticleInputSchema } from "#lib/schemas/news";
import { readForm } from "~/utils/form-body.server";
import { requireAdmin } from "~/utils/guards.server";
import { actionFailure, actionInvalid, redirectWithToast, routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Admin · Wholesale News · DealerLane" }];

const PAGE_SIZE = 50;
const NOT_CACHED = { "Cache-Control": "private, no-store" };

/** The article form: the article, and the id of the one being changed (a new one has none). */
const articleIdSchema = z.object({ id: z.string().max(100) });
const newsArticleFormSchema = newsArticleInputSchema.extend(articleIdSchema.partial().shape);

/** Every article, newest first, and the one being edited (admins only; a dealer sees 'Page Not Found'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const url = new URL(request.url);
  const news = context.services.news;
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const editId = url.searchParams.get("edit");
  const [page, editing] = await Promise.all([
    news.listAll({ cursor, limit: PAGE_SIZE }).catch(() => news.listAll({ limit: PAGE_SIZE })),
    editId ? news.get(editId).catch(() => null) : null,
  ]);
  return data({ ...page, editing, paged: Boolean(cursor) }, { headers: NOT_CACHED });
}

/** Write, change or delete an article; works without JavaScript, field errors included. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireAdmin(context, request);
  const form = await readForm(request);
  const news = context.services.news;
  const actor = { accountId: viewer.accountId, email: viewer.email };
  const deleting = byIntent({ delete: true }, form.get("intent"));
  const submission = parseForm(form, deleting ? articleIdSchema : newsArticleFormSchema);
  if (submission.status !== "success") return actionInvalid(submission.reply(), {}, NOT_CACHED);
  const { id, ...input } = submission.value as z.output<typeof newsArticleFormSchema>;
  try {
    if (deleting) {
      await news.remove(actor, id ?? "");
      return redirectWithToast("/admin/news", { title: "Article deleted" }, request);
    }
    const saved = id
      ? await news.update(actor, id, { ...input, sourceUrl: input.sourceUrl ?? null })
      : await news.create(actor, input);
    return redirectWithToast(
      "/admin/news",
      { title: id ? "Article updated" : "Article published", description: saved.title },
      request,
    );
  } catch (error) {
    const failure = routeFailure(error, { title: "Article not saved" });
    return actionFailure(failure, {}, NOT_CACHED);
  }
}

const CATEGORY_OPTIONS = choices(...NEWS_CATEGORIES);

/** /admin/news: admins write the Wholesale News articles. */
export default function AdminNews() {
  const { items, nextCursor, editing, paged } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { fields, formProps } = useSchemaForm(newsArticleFormSchema, {
    id: editing ? `article-${editing.id}` : "article-new",
    lastResult: answer?.result,
    defaultValue: editing
      ? {
          title: editing.title,
          slug: editing.slug,
          category: editing.category as (typeof NEWS_CATEGORIES)[number],
          summary: editing.summary,
          body: editing.body,
          sourceName: editing.sourceName,
          sourceUrl: editing.sourceUrl ?? "",
          publishedAt: editing.publishedAt.slice(0, 10),
        }
      : { category: NEWS_CATEGORIES[0] },
  });
  return (
    <AdminPage
      title="Admin · Wholesale News"
      description="Articles every dealer reads on Wholesale News, newest first. Bodies are Markdown: raw HTML shows as text. The read time is computed from the body."
    >
      <div className="grid gap-4 lg:grid-cols-[1fr_1.2fr]">
        <section aria-labelledby="articles-title" className="flex flex-col gap-2">
          <h2 id="articles-title" className="font-semibold">
            Articles
          </h2>
          {items.length === 0 ? (
            <p className="text-sm text-muted">No articles yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {items.map((a) => (
                <li key={a.id} data-testid="admin-article" className={`${cardClass} flex flex-col gap-1 p-3`}>
                  <span className="font-medium">{a.title}</span>
                  <span className="text-xs text-muted">
                    {a.category} · {formatDay(a.publishedAt)} · {a.readMinutes} min read
                    {a.trending ? " · Trending" : ""}
                  </span>
                  <div className="flex gap-2">
                    <Link to={`/wholesale-news/${a.slug}`} className={buttonClass("ghost", "text-xs")}>
                      View
                    </Link>
                    <Link to={`?edit=${a.id}`} className={buttonClass("secondary", "text-xs")}>
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <Button type="submit" name="intent" value="delete" variant="ghost" className="text-xs">
                        Delete
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <AdminPager
            paged={paged}
            nextCursor={nextCursor}
            to={(cursor) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : "/admin/news")}
          />
        </section>
        <section aria-labelledby="article-form-title" className={cardClass}>
          <h2 id="article-form-title" className="mb-3 font-semibold">
            {editing ? `Edit “${editing.title}”` : "New article"}
          </h2>
          <Form method="post" {...formProps} className="flex flex-col gap-3">
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <TextField label="Title" {...fieldProps(fields.title)} required />
            <TextField
              label="Slug"
              {...fieldProps(fields.slug)}
              hint="The article's address, /wholesale-news/{slug}; made from the title when empty"
            />
            <SelectField label="Category" options={CATEGORY_OPTIONS} {...fieldProps(fields.category)} />
            <TextAreaField label="Summary" rows={2} {...fieldProps(fields.summary)} required />
            <TextAreaField
              label="Body (Markdown)"
              rows={10}
              {...fieldProps(fields.body)}
              hint="## Headings, **bold**, lists, [links](https://…); HTML is shown as text"
              required
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Source" {...fieldProps(fields.sourceName)} required />
              <TextField label="Source link" type="url" {...fieldProps(fields.sourceUrl)} />
            </div>
            <TextField
              label="Published date"
              type="date"
              {...fieldProps(fields.publishedAt)}
              hint="Today when empty; a later date keeps the article hidden until then"
            />
            <CheckboxField
              label="Trending"
              name={fields.trending.name}
              defaultChecked={editing ? editing.trending : false}
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : editing ? "Save changes" : "Publish article"}
              </Button>
              {editing ? (
                <Link to="/admin/news" className={buttonClass("ghost")}>
                  Cancel
                </Link>
              ) : null}
            </div>
          </Form>
        </section>
      </div>
    </AdminPage>
  );
}
