import type { MetaFunction } from "@remix-run/cloudflare";
import { Landing } from "~/components/public/landing";

export const meta: MetaFunction = () => [{ title: "DealerLane — the dealer-to-dealer wholesale vehicle network" }];

export default function LandingRoute() {
  return <Landing />;
}
