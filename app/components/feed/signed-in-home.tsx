import { DealerShell } from "~/components/shell/dealer-shell";
import type { ShellData } from "~/utils/shell.server";
import { HomeFeed, type FeedData } from "./home-feed";

/** The signed-in `/`: shell and feed. */
export default function SignedInHome({ shell, feed }: { shell: ShellData; feed: FeedData }) {
  return (
    <DealerShell shell={shell}>
      <HomeFeed
        key={`${feed.sort}|${feed.search}|${feed.olderPage ? "older" : "newest"}`}
        currentUser={shell.currentUser}
        feed={feed}
      />
    </DealerShell>
  );
}
