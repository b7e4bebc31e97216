/**
 * Local logo mapping: nine fixed dealership names map to logo images bundled in public/logos.
 * Any other dealership shows its dealership photo when it has one, else no logo.
 */
const LOGOS: Record<string, string> = {
  "mcallister auto group": "/logos/mcallister-auto-group.svg",
  "reyes auto group": "/logos/reyes-auto-group.svg",
  "delgado auto wholesale": "/logos/delgado-auto-wholesale.svg",
  "baton rouge auto exchange": "/logos/baton-rouge-auto-exchange.svg",
  "rivera auto sales": "/logos/rivera-auto-sales.svg",
  "premier auto of detroit": "/logos/premier-auto-of-detroit.svg",
  "indianapolis auto exchange": "/logos/indianapolis-auto-exchange.svg",
  "simmons ram of albany": "/logos/simmons-ram-of-albany.svg",
  "old dominion auto brokers": "/logos/old-dominion-auto-brokers.svg",
};

export function localLogoFor(dealershipName: string | null | undefined): string | null {
  if (!dealershipName) return null;
  return LOGOS[dealershipName.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}
