import { sql } from "drizzle-orm";
import type { Deal } from "#lib/api-types";
import { SIGNING_PROFILE_FIELDS, type SigningProfileField } from "#lib/bill-of-sale";

/**
 * What a deal answer says about its Bill of Sale's signing, read in the deal's own query: each side's profile
 * (only whether its address and licence number are there) and the signatures on the newest version.
 */
const profileOf = (alias: "s" | "b") =>
  sql.raw(`case when ${alias}.id is null then null else json_object(
    'address', trim(${alias}.address) <> '' and trim(${alias}.city) <> '' and trim(${alias}.state) <> '' and trim(${alias}.zip_code) <> '',
    'licenseNumber', trim(coalesce(${alias}.license_number, '')) <> '') end`);

export const SIGNING_COLUMNS = sql`
  ${profileOf("s")} as sellerProfile, ${profileOf("b")} as buyerProfile,
  (select json_group_array(json_object('dealerId', g.dealer_id, 'name', g.full_name, 'at', g.signed_at))
   from (select * from bill_of_sale_signatures x
         where x.deal_id = d.id
           and x.version = (select max(v.version) from bill_of_sale_versions v where v.deal_id = d.id)
         order by x.signed_at) g) as signatures`;

type SigningRow = {
  sellerId: string | null;
  buyerId: string | null;
  sellerProfile: string | null;
  buyerProfile: string | null;
  signatures: string | null;
};

/** The fields a side's profile lacks for signing (none for a side outside the network: it never signs here). */
function gapsOf(profile: string | null): SigningProfileField[] {
  if (!profile) return [];
  const has = JSON.parse(profile) as Record<SigningProfileField, 0 | 1>;
  return SIGNING_PROFILE_FIELDS.filter((field) => !has[field]);
}

export function signingGapsOf(row: SigningRow, viewerId: string): Deal["signingGaps"] {
  const seller = gapsOf(row.sellerProfile);
  const buyer = gapsOf(row.buyerProfile);
  if (row.sellerId === viewerId) return { mine: seller, theirs: buyer };
  if (row.buyerId === viewerId) return { mine: buyer, theirs: seller };
  return { mine: [], theirs: [] };
}

export function signaturesOf(row: SigningRow): Deal["signatures"] {
  const list = JSON.parse(row.signatures ?? "[]") as { dealerId: string; name: string; at: number }[];
  return list.map((s) => ({ dealerId: s.dealerId, name: s.name, at: new Date(s.at).toISOString() }));
}
