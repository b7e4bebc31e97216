import type { SubscriptionPlan } from "#lib/api-types";
import { TICKED } from "~/components/ui/panel";
import { Link } from "@remix-run/react";
import { ArrowRight } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import {
  BILLING_TERMS,
  FEATURE_CAROUSEL_MS,
  FEATURE_SLIDES,
  HEADLINE,
  LANDING_PROMISES,
  marketingPlans,
  TESTIMONIALS,
  TESTIMONIAL_CAROUSEL_MS,
} from "~/components/public/copy/marketing";
import { AnimatedStats } from "./animated-stats";
import { Carousel } from "./carousel";
import { FeatureIcon } from "./feature-icon";
import { PlanCard } from "./plan-card";
import { PublicLayout } from "./public-layout";
import { TypedHeadline } from "./typed-headline";
import { WatchDemo } from "./watch-demo";

const sectionTitle = "text-3xl font-bold tracking-tight text-balance sm:text-4xl";
const sectionLead = "mx-auto mt-3 max-w-2xl text-lg text-muted";

/**
 * The public landing page: typed headline, Start Free Trial, Watch Demo,
 * animated statistics, feature and testimonial carousels, pricing teaser and the footer of public pages.
 * Every word is in the server HTML; the motion is added in the browser.
 */
export function Landing({ dealerCount, plans }: { dealerCount?: number; plans?: SubscriptionPlan[] }) {
  return (
    <PublicLayout>
      <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50 dark:border-slate-800 dark:from-slate-900 dark:via-slate-950 dark:to-slate-950">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[36rem] -translate-x-1/2 rounded-full bg-brand-500/15 blur-3xl dark:bg-brand-500/20"
        />
        <div className="relative mx-auto max-w-4xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-brand-600/30 bg-white/70 px-3 py-1 text-sm font-medium text-brand-700 dark:border-brand-400/30 dark:bg-slate-900/70 dark:text-brand-400">
            Dealer-to-dealer wholesale · US &amp; Canada
          </p>
          <div className="mt-6">
            <TypedHeadline lead={HEADLINE.lead} typed={HEADLINE.typed} />
          </div>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl dark:text-slate-300">
            Post your inventory, tell the network what you are looking for, and close wholesale deals directly
            with verified dealers, without the phone tag.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Link to="/login" className={buttonClass("primary", "min-h-12 px-6 text-base")}>
              Start Free Trial <ArrowRight size={18} />
            </Link>
            <WatchDemo />
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted">
            {LANDING_PROMISES.map((promise) => (
              <li key={promise} className={`${TICKED} items-center`}>
                {promise}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          DealerLane in numbers
        </h2>
        <AnimatedStats dealerCount={dealerCount} />
      </section>

      <section aria-labelledby="features-title" className="bg-white py-16 sm:py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <div className="text-center">
            <h2 id="features-title" className={sectionTitle}>
              Everything you need to trade wholesale
            </h2>
            <p className={sectionLead}>
              From the first post to the completed deal, in one place built for dealers.
            </p>
          </div>
          <div className="mt-10">
            <Carousel
              label="Features"
              idPrefix="feature"
              intervalMs={FEATURE_CAROUSEL_MS}
              slideTitles={FEATURE_SLIDES.map((s) => s.title)}
            >
              {FEATURE_SLIDES.map((slide) => (
                <div
                  key={slide.title}
                  className="mx-0.5 flex h-full flex-col gap-5 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:flex-row sm:items-start sm:p-10 dark:border-slate-700 dark:bg-slate-950"
                >
                  <FeatureIcon name={slide.icon} size={26} />
                  <div>
                    <h3 className="text-2xl font-bold">{slide.title}</h3>
                    <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">{slide.text}</p>
                    <ul className="mt-4 flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">
                      {slide.points.map((point) => (
                        <li key={point} className={`${TICKED} items-start`}>
                          {point}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              ))}
            </Carousel>
          </div>
          <p className="mt-6 text-center">
            <Link
              to="/features"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
            >
              See all features <ArrowRight size={16} />
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="py-16 sm:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="testimonials-title" className={`${sectionTitle} text-center`}>
            Dealers trade on DealerLane every day
          </h2>
          <div className="mt-10">
            <Carousel
              label="Testimonials"
              idPrefix="testimonial"
              intervalMs={TESTIMONIAL_CAROUSEL_MS}
              slideTitles={TESTIMONIALS.map((t) => t.name)}
            >
              {TESTIMONIALS.map((t) => (
                <figure
                  key={t.name}
                  className="mx-0.5 flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 sm:p-10 dark:border-slate-800 dark:bg-slate-900"
                >
                  <span
                    aria-hidden="true"
                    className="h-8 font-serif text-6xl leading-none text-brand-600 dark:text-brand-400"
                  >
                    “
                  </span>
                  <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-pretty sm:text-xl">
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
                    >
                      {t.name
                        .split(" ")
                        .map((p) => p[0])
                        .join("")}
                    </span>
                    <span>
                      <span className="block font-semibold">{t.name}</span>
                      <span className="block text-sm text-muted">
                        {t.role}, {t.dealership} · {t.location}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              ))}
            </Carousel>
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-title" className="bg-white py-16 sm:py-20 dark:bg-slate-900">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <div className="text-center">
            <h2 id="pricing-title" className={sectionTitle}>
              Simple monthly pricing
            </h2>
            <p className={sectionLead}>{BILLING_TERMS}</p>
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {marketingPlans(plans)
              .filter((p) => p.id !== "enterprise")
              .map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
          </div>
          <p className="mt-8 text-center text-muted">
            A dealer group with several rooftops?{" "}
            <Link
              to="/pricing"
              className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-400"
            >
              Compare all plans, including Enterprise
            </Link>
          </p>
        </div>
      </section>

      <section className="bg-brand-700 text-white dark:bg-brand-700">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Your next wholesale deal is one post away
          </h2>
          <p className="max-w-xl text-lg text-brand-50">
            Join the network in minutes. {LANDING_PROMISES.join(". ")}.
          </p>
          <Link
            to="/login"
            className="inline-flex min-h-12 items-center gap-2 rounded-md bg-white px-6 text-base font-semibold text-brand-700 hover:bg-brand-50"
          >
            Start Free Trial <ArrowRight size={18} />
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
