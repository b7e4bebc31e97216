import type { MetaDescriptor } from "@remix-run/cloudflare";
import { PRODUCT_NAME } from "#lib/constants";

export const LANDING_TITLE = `${PRODUCT_NAME} — the dealer-to-dealer wholesale vehicle network`;
export const LANDING_DESCRIPTION =
  "Post inventory, find vehicles and close wholesale deals with verified dealers across the US and Canada.";
export const OG_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "DealerLane: the wholesale network built for dealers",
};

type PageMeta = {
  /** The page's own title; the product name is appended unless `fullTitle` is set. */
  title: string;
  description: string;
  /** The page's path, for og:url and the canonical link. */
  path: string;
  /** The site's origin (from the loader), so Open Graph addresses are absolute. */
  origin?: string;
  fullTitle?: boolean;
  type?: "website" | "article";
};

/** Title, description, Open Graph and Twitter card tags of a public page. */
export function publicMeta({
  title,
  description,
  path,
  origin = "",
  fullTitle = false,
  type = "website",
}: PageMeta): MetaDescriptor[] {
  const fullName = fullTitle ? title : `${title} · ${PRODUCT_NAME}`;
  const url = `${origin}${path}`;
  const image = `${origin}${OG_IMAGE.path}`;
  return [
    { title: fullName },
    { name: "description", content: description },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: fullName },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullName },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: url } as MetaDescriptor] : []),
  ];
}

/** A public page's `meta` export: its tags, with the origin its loader found. */
export const pageMeta =
  (page: Omit<PageMeta, "origin">) =>
  ({ data }: { data?: { origin?: string } }) =>
    publicMeta({ ...page, origin: data?.origin });

/** The landing page's tags (`/`, `/landing` and unknown signed-out paths). */
export const landingMeta = (origin?: string) =>
  publicMeta({ title: LANDING_TITLE, description: LANDING_DESCRIPTION, path: "/", origin, fullTitle: true });
