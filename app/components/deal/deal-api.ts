import { apiFetch, apiList } from "#lib/api-client";
import type { Deal } from "#lib/api-types";

/** The browser's deal calls. Money goes out in whole dollars and comes back in cents. */
export type ProposeInput = {
  counterpartyId: string;
  role: "seller" | "buyer";
  postId?: string;
  vehicle: {
    vin: string;
    year: number;
    make: string;
    model: string;
    trim: string;
    miles: number;
    color: string;
  };
  price: number;
  location: string;
};

export type CompletionInput = {
  dealId?: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  miles: number;
  location: string;
  price: number | "";
  auction: string;
  auctionLocation: string;
  sellerName: string;
  sellerEmail: string;
  buyerEmail: string;
  completedAt: string;
};

export const dealApi = {
  propose: (input: ProposeInput) => apiFetch<Deal>("/api/deals", { method: "POST", body: input }),
  pending: () => apiList<Deal>("/api/deals?status=pending&limit=20").then((p) => p.items),
  confirm: (id: string) => apiFetch<Deal>(`/api/deals/${id}/confirm`, { method: "POST" }),
  decline: (id: string) => apiFetch<Deal>(`/api/deals/${id}/decline`, { method: "POST" }),
  withdraw: (id: string) => apiFetch<Deal>(`/api/deals/${id}/withdraw`, { method: "POST" }),
  complete: (input: CompletionInput) =>
    apiFetch<{ id: string }>("/api/deals/complete", { method: "POST", body: input }),
  /** Its failure is silent. */
  notifyCompletion: (dealId: string, buyerEmail: string, dealData: unknown) =>
    apiFetch("/api/notifications/deal-completion", {
      method: "POST",
      body: { dealId, buyerEmail, dealData },
    }).catch(() => undefined),
  updateSteps: (id: string, patch: Record<string, boolean | string>) =>
    apiFetch<Deal>(`/api/pass-thru-sales/${id}`, { method: "PATCH", body: patch }),
};
