import { ScreenPlaceholder } from "~/components/shell/screen-placeholder";

/** The home feed; posts, composer and sort tabs arrive with the feed issue. */
export function HomeFeed() {
  return (
    <ScreenPlaceholder
      title="Home"
      willHold={[
        "The post composer: a quick post, photos and vehicles",
        "The feed of dealer posts, sorted Recent, Requests, For Sale or Auction Promos",
        "Comments, messages and dealer profiles from every post",
      ]}
      next={{ to: "/find-dealers", label: "Find Dealers" }}
    />
  );
}
