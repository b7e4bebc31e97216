import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { linkClass } from "~/components/ui/button";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useState, type ReactNode } from "react";
import type { DirectoryDealer } from "~/components/dealer/dealer-bits";
import { DealerCard } from "~/components/dealer/dealer-card";
import { DealerQuickView } from "~/components/dealer/on-demand";
import { isAdmin } from "#lib/roles";
import { dealerAction } from "~/utils/dealer-directory.server";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Discover · DealerLane" }];

/** Dealers worth knowing: nearby and not yet connected; buyers who want what you list; sellers of what you want. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const discovery = await context.services.directory.discover(viewer.dealer.id, viewer.dealer.state, {
    isAdmin: isAdmin(viewer),
  });
  return { discovery, state: viewer.dealer.state };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return dealerAction(context, request);
}

function Section({
  title,
  intro,
  children,
  empty,
}: {
  title: string;
  intro: string;
  children: ReactNode[];
  empty: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {children.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {empty}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
      )}
    </section>
  );
}

const wants = (vehicles: string[]) =>
  vehicles.slice(0, 3).join(", ") + (vehicles.length > 3 ? ` and ${vehicles.length - 3} more` : "");

export default function Discover() {
  const { discovery, state } = useLoaderData<typeof loader>();
  const [quickView, setQuickView] = useState<string | null>(null);
  const onQuickView = useCallback((d: DirectoryDealer) => setQuickView(d.id), []);
  const neighbours = discovery.near.states.slice(1);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-3 sm:px-0">
      <div>
        <h1 className="text-2xl font-bold">Discover</h1>
        <p className="text-sm text-muted">
          Dealers worth knowing, picked from where they are and what they buy and sell.
        </p>
      </div>

      <Section
        title="Buyers looking for what you list"
        intro="Their open Requesting posts ask for vehicles like the ones you have available: same model first, then same make."
        empty={
          <>
            No open requests match your inventory right now.{" "}
            <Link to="/" className={linkClass}>
              Post your vehicles
            </Link>{" "}
            so buyers can find them.
          </>
        }
      >
        {discovery.wantYourInventory.map(({ dealer, vehicles, sameModel }) => (
          <DealerCard
            key={dealer.id}
            dealer={dealer}
            onQuickView={onQuickView}
            reason={`${sameModel ? "Looking for what you list" : "Looking for a make you list"}: ${wants(vehicles)}`}
          />
        ))}
      </Section>

      <Section
        title="Dealers with what you want"
        intro="They list available vehicles matching your open Requesting posts: same model first, then same make."
        empty={
          <>
            Nothing matches your open requests yet.{" "}
            <Link to="/" className={linkClass}>
              Post a request
            </Link>{" "}
            for the vehicles you need.
          </>
        }
      >
        {discovery.haveWhatYouWant.map(({ dealer, vehicles, sameModel }) => (
          <DealerCard
            key={dealer.id}
            dealer={dealer}
            onQuickView={onQuickView}
            reason={`${sameModel ? "Has what you asked for" : "Has the make you asked for"}: ${wants(vehicles)}`}
          />
        ))}
      </Section>

      <Section
        title={state ? `Near you in ${state}${neighbours.length ? " and next door" : ""}` : "Near you"}
        intro={
          neighbours.length
            ? `Dealers in ${state} and ${neighbours.join(", ")} you are not connected with yet, most recently active first.`
            : "Dealers in your state you are not connected with yet."
        }
        empty={
          <>
            You already know every dealer nearby.{" "}
            <Link to="/find-dealers" className={linkClass}>
              Search the whole directory
            </Link>
            .
          </>
        }
      >
        {discovery.near.dealers.map((dealer) => (
          <DealerCard key={dealer.id} dealer={dealer} onQuickView={onQuickView} />
        ))}
      </Section>

      <DealerQuickView
        dealerId={quickView}
        open={quickView !== null}
        onOpenChange={(open) => !open && setQuickView(null)}
      />
    </div>
  );
}
