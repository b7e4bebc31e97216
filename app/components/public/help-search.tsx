import { PUBLIC_CARD } from "~/components/public/public-layout";
import { Form, Link } from "@remix-run/react";
import { BookOpen, Search } from "~/components/ui/icons";
import { useState } from "react";
import { inputClass } from "~/components/ui/field";
import { HELP_ARTICLES, HELP_CATEGORIES, filterHelpArticles } from "~/components/public/copy/help-articles";

/**
 * The Help Center's search: filters the articles by a case-insensitive substring of their text as
 * the visitor types. Without JavaScript the same form reloads the page with `?q=` and the server filters.
 */
export function HelpSearch({ initialQuery }: { initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  const matches = filterHelpArticles(query);
  return (
    <div>
      <Form
        method="get"
        role="search"
        onSubmit={(e) => e.preventDefault()}
        className="relative mx-auto max-w-2xl"
      >
        <label htmlFor="help-search" className="sr-only">
          Search help articles
        </label>
        <Search
          size={20}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <input
          id="help-search"
          name="q"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search for help..."
          autoComplete="off"
          className={`${inputClass} min-h-12 pl-10 text-base`}
        />
      </Form>
      <p aria-live="polite" className="mt-3 text-center text-sm text-muted">
        {query.trim()
          ? `${matches.length} of ${HELP_ARTICLES.length} articles match “${query.trim()}”`
          : `${HELP_ARTICLES.length} articles in ${HELP_CATEGORIES.length} categories`}
      </p>
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        {HELP_CATEGORIES.map((category) => {
          const articles = matches.filter((a) => a.category === category);
          return (
            <section key={category} aria-labelledby={`help-${category}`} className={PUBLIC_CARD}>
              <h2 id={`help-${category}`} className="flex items-center gap-2 text-lg font-bold">
                <BookOpen size={20} className="text-brand-700 dark:text-brand-400" />
                {category}
              </h2>
              {articles.length ? (
                <ul className="mt-4 flex flex-col gap-1" data-testid="help-articles">
                  {articles.map((article) => (
                    <li key={article.slug}>
                      <Link
                        to={`/help/${article.slug}`}
                        prefetch="intent"
                        className="block rounded-md px-2 py-2 text-brand-700 hover:bg-slate-100 dark:text-brand-400 dark:hover:bg-slate-800"
                      >
                        <span className="font-medium">{article.title}</span>
                        <span className="mt-0.5 block text-sm text-muted">{article.summary}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-4 text-sm text-muted">No articles in this category match your search.</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
