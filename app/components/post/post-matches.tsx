import { Link } from "@remix-run/react";
import { Sparkles } from "~/components/ui/icons";
import { PostStatusBadge } from "./post-badges";
import type { PostMatch } from "#lib/api-types";

/**
 * The other side of a post, for its author: the listings that answer their request (seen at once, before
 * any alert), or the open requests their listing answers.
 */
export function PostMatches({
  kind,
  matches,
  more,
}: {
  kind: "request" | "listing";
  matches: PostMatch[];
  more: boolean;
}) {
  const title = kind === "request" ? "Matching vehicles on DealerLane" : "Dealers looking for this";
  const intro =
    kind === "request"
      ? "Listings that fit what you asked for. New ones reach you as deal alerts."
      : "Open requests your vehicles fit. Those dealers were told about your post.";
  return (
    <section
      aria-label={title}
      data-testid="post-matches"
      className="flex flex-col gap-3 border-y border-slate-200 bg-white p-4 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 className="flex items-center gap-2 font-semibold">
          <Sparkles size={16} className="text-brand-600 dark:text-brand-400" aria-hidden="true" /> {title}
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {matches.length === 0 ? (
        <p className="text-sm text-muted">
          {kind === "request"
            ? "Nothing on the network matches yet. You will get a deal alert the moment a dealer posts one."
            : "No open request matches yet. Dealers who post one are told about your listing."}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {matches.map(({ post, vehicles }) => (
            <li key={post.id} className="flex flex-col gap-1 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/post/${post.id}`}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                >
                  {post.title}
                </Link>
                <PostStatusBadge post={post} />
              </div>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {post.dealer.name} · {post.dealer.dealershipName}
                {post.dealer.city ? ` · ${post.dealer.city}, ${post.dealer.state}` : ""}
              </p>
              <ul className="text-sm text-slate-700 dark:text-slate-300">
                {vehicles.slice(0, 3).map((v) => (
                  <li key={v}>{v}</li>
                ))}
                {vehicles.length > 3 ? <li>and {vehicles.length - 3} more</li> : null}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">Showing the newest {matches.length}.</p>
      ) : null}
    </section>
  );
}
