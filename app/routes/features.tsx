import { Link } from "@remix-run/react";
import { Bell, Car, Globe2, Moon, Smartphone, Tags } from "~/components/ui/icons";
import { FeatureIcon } from "~/components/public/feature-icon";
import { BackToHome, PUBLIC_CARD, PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { DEMO_SLIDES } from "~/components/public/copy/demo-slides";
import { FEATURE_SLIDES } from "~/components/public/copy/marketing";
import { pageMeta } from "#lib/seo";

export { staticPageLoader as loader, publicPageHeaders as headers } from "~/utils/public-cache.server";
export const meta = pageMeta({
  title: "Features",
  description:
    "Inventory posts and requests, a verified dealer network, real-time messaging, VIN decoding, deal records and analytics: everything DealerLane does for wholesale dealers.",
  path: "/features",
});

const MORE = [
  {
    icon: Car,
    title: "Inventory your way",
    text: "Post one vehicle, several at once or a spreadsheet link, with photos and the auction house they come from.",
  },
  {
    icon: Tags,
    title: "For Sale and Requesting posts",
    text: "A quick post says what you have or what you are hunting for; the feed sorts by Recent, Requests, For Sale and Auction Promos.",
  },
  {
    icon: Globe2,
    title: "Cross-border buying",
    text: "Dealers who buy Canadian vehicles say so on their profile, and you can filter the network for them.",
  },
  {
    icon: Bell,
    title: "Deal alerts",
    text: "Choose which alerts reach you by e-mail and text message, and send yourself a test to check them.",
  },
  {
    icon: Smartphone,
    title: "Built for your phone",
    text: "The whole network works in your phone's browser and installs on your home screen like an app.",
  },
  {
    icon: Moon,
    title: "Light and dark",
    text: "A dark theme by default for long days on the lot, and a light one whenever you want it.",
  },
];

export default function Features() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Features" title="Everything a dealer needs to trade wholesale">
        <p>
          From the first post to the completed deal, DealerLane keeps the network, the conversation and the
          paperwork together.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURE_SLIDES.map((feature) => (
            <li key={feature.title} className={PUBLIC_CARD}>
              <FeatureIcon name={feature.icon} />
              <h2 className="mt-4 text-xl font-bold">{feature.title}</h2>
              <p className="mt-2 text-muted">{feature.text}</p>
              <ul className="mt-3 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                {feature.points.map((point) => (
                  <li key={point} className="mt-1">
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <section aria-labelledby="more-title" className="mt-16">
          <h2 id="more-title" className="text-2xl font-bold sm:text-3xl">
            And the details that save you time
          </h2>
          <ul className="mt-6 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {MORE.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon
                  size={22}
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-400"
                />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section id="walkthrough" aria-labelledby="walkthrough-title" className="mt-16 scroll-mt-20">
          <h2 id="walkthrough-title" className="text-2xl font-bold sm:text-3xl">
            See it in action
          </h2>
          <p className="mt-2 text-muted">The real screens, in the order a new dealer meets them.</p>
          <ol className="mt-6 grid gap-8 md:grid-cols-2">
            {DEMO_SLIDES.map((slide, i) => (
              <li key={slide.src}>
                <figure>
                  <img
                    src={slide.src}
                    alt={slide.alt}
                    width={slide.width}
                    height={slide.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[8/5] h-auto w-full rounded-xl border border-slate-200 object-cover object-top dark:border-slate-700"
                  />
                  <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-semibold text-brand-700 dark:text-brand-400">{i + 1}.</span>{" "}
                    {slide.caption}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ol>
        </section>

        <div className="mt-14 flex flex-col gap-3 sm:flex-row">
          <BackToHome />
          <Link to="/pricing" className={buttonClass("primary")}>
            See pricing
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
