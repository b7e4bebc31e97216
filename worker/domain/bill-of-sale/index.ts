import { sql } from "drizzle-orm";
import {
  ESIGN_CONSENT_TEXT,
  SIGNING_PROFILE_FIELD_LABELS,
  type SignBillOfSale,
  type SigningProfileField,
} from "#lib/bill-of-sale";
import { listOf } from "../../db/bound-parameters";
import { batchable, type Database } from "../../db/client";
import { signingGapsOf } from "../deals/signing";
import type { DealRow } from "../deals/views";
import { conflict, notFound } from "../shared/errors";
import { sha256Hex } from "../shared/ids";
import {
  DEFAULT_SELLER_TERMS,
  contentOf,
  dealTermsChanged,
  signedRecordJson,
  termsOf,
  type BillOfSaleContent,
  type ProfileRow,
  type SignatureRecord,
} from "./content";
import { renderBillOfSale } from "./render";

type VersionRow = {
  version: number;
  content: string;
  sha256: string | null;
  pdfKey: string | null;
};

type SignatureRow = {
  version: number;
  dealerId: string;
  role: "seller" | "buyer";
  fullName: string;
  consentText: string;
  signedAt: number;
  ip: string | null;
  place: string | null;
  userAgent: string | null;
};

/** Where and on what a dealer signed, as the request tells it. */
export type SigningPlace = { ip: string | null; place: string | null; userAgent: string | null };

/** One version of the document: its content, the signatures on it, and the stored PDF once both signed. */
type Version = {
  content: BillOfSaleContent;
  signatures: SignatureRecord[];
  sha256: string | null;
  pdfKey: string | null;
};

export const signedPdfKey = (dealId: string, version: number) =>
  `deals/${dealId}/bill-of-sale/v${version}.pdf`;

const toRecord = (s: SignatureRow): SignatureRecord => ({
  dealerId: s.dealerId,
  role: s.role,
  fullName: s.fullName,
  signedAt: new Date(s.signedAt).toISOString(),
  ip: s.ip,
  place: s.place,
  userAgent: s.userAgent,
  consentText: s.consentText,
});

const SIGNABLE = new Set(["confirmed", "completed"]);

/** "business address and dealer license number" */
const fieldList = (fields: SigningProfileField[]) =>
  fields.map((f) => SIGNING_PROFILE_FIELD_LABELS[f]).join(" and ");

/**
 * The Bill of Sale both dealers of a deal sign: the seller first (the odometer statement is theirs to make),
 * then the buyer. A version is frozen when the seller signs it; once both have, its PDF and SHA-256 are stored
 * and never change. A deal whose terms change after a signature gets a new version, the old ones kept.
 */
export function billOfSaleService(db: Database, deps: { storage: R2Bucket }) {
  async function profilesOf(row: DealRow): Promise<ProfileRow[]> {
    const ids = [row.sellerId, row.buyerId].filter((id): id is string => Boolean(id));
    if (ids.length === 0) return [];
    return db.all<ProfileRow>(sql`
      select id, name, dealership_name as dealershipName, address, city, state, zip_code as zipCode,
             country, license_number as licenseNumber, phone, email
      from dealers where id in (${listOf(ids)})`);
  }

  async function versionsOf(dealId: string) {
    const [versions, signatures] = await db.batch([
      batchable(
        db,
        db.all<VersionRow>(sql`
          select version, content, sha256, pdf_key as pdfKey from bill_of_sale_versions
          where deal_id = ${dealId} order by version`),
      ),
      batchable(
        db,
        db.all<SignatureRow>(sql`
          select version, dealer_id as dealerId, role, full_name as fullName, consent_text as consentText,
                 signed_at as signedAt, ip, place, user_agent as userAgent
          from bill_of_sale_signatures where deal_id = ${dealId} order by signed_at`),
      ),
    ]);
    return versions.map((v): Version => ({
      content: JSON.parse(v.content) as BillOfSaleContent,
      signatures: signatures.filter((s) => s.version === v.version).map(toRecord),
      sha256: v.sha256,
      pdfKey: v.pdfKey,
    }));
  }

  async function storeVersion(content: BillOfSaleContent) {
    await db.run(sql`
      insert into bill_of_sale_versions (deal_id, version, content)
      values (${content.dealId}, ${content.version}, ${JSON.stringify(content)})
      on conflict (deal_id, version) do nothing`);
  }

  /**
   * The newest version as the deal stands now. A version nobody signed follows the deal; one with a signature
   * keeps its content, unless the deal's terms changed since: then a new version opens (stored, so the deal's
   * signatures read empty again) and the old one stays as it was signed.
   */
  async function currentVersion(row: DealRow): Promise<Version> {
    const [versions, profiles] = await Promise.all([versionsOf(row.id), profilesOf(row)]);
    const newest = versions.at(-1);
    const terms = newest ? termsOf(newest.content) : DEFAULT_SELLER_TERMS;
    const number = newest ? newest.content.version : 1;
    if (!newest || newest.signatures.length === 0)
      return {
        content: contentOf(row, profiles, terms, number),
        signatures: [],
        sha256: null,
        pdfKey: null,
      };
    const now = contentOf(row, profiles, terms, number + 1);
    if (!dealTermsChanged(newest.content, now)) return newest;
    await storeVersion(now);
    return { content: now, signatures: [], sha256: null, pdfKey: null };
  }

  /** The deal for signing: confirmed or completed, between two dealers whose profiles are complete. */
  function requireSignable(row: DealRow, dealerId: string) {
    if (!SIGNABLE.has(row.status))
      throw conflict(`This deal is ${row.status}; the Bill of Sale is signed once the deal is confirmed`);
    if (!row.sellerId || !row.buyerId)
      throw conflict("Only a deal between two DealerLane dealers is signed here");
    const gaps = signingGapsOf(row, dealerId);
    if (gaps.mine.length > 0)
      throw conflict(
        `Add your ${fieldList(gaps.mine)} to your profile (/profile-edit) before signing the Bill of Sale`,
      );
    if (gaps.theirs.length > 0) {
      const other = row.sellerId === dealerId ? "buyer" : "seller";
      throw conflict(
        `The ${other} has not added their ${fieldList(gaps.theirs)} to their profile yet; the Bill of Sale can be signed once they have`,
      );
    }
  }

  async function issueSigned(version: Version, now: number): Promise<void> {
    const { content, signatures } = version;
    const sha256 = await sha256Hex(signedRecordJson(content, signatures));
    const bytes = await renderBillOfSale(content, { signatures, sha256 });
    const key = signedPdfKey(content.dealId, content.version);
    await deps.storage.put(key, bytes, {
      httpMetadata: { contentType: "application/pdf" },
      customMetadata: { dealId: content.dealId, version: String(content.version), sha256 },
    });
    await db.batch([
      batchable(
        db,
        db.run(sql`
          update bill_of_sale_versions set sha256 = ${sha256}, pdf_key = ${key}, signed_at = ${now}
          where deal_id = ${content.dealId} and version = ${content.version} and sha256 is null`),
      ),
      batchable(db, db.run(sql`update deals set bill_of_sale_key = ${key} where id = ${content.dealId}`)),
    ]);
  }

  return {
    /** After the deal changed: a correction to a signed Bill of Sale opens its next version now. */
    async refresh(row: DealRow | undefined): Promise<void> {
      if (row && SIGNABLE.has(row.status) && row.signatures && row.signatures !== "[]")
        await currentVersion(row);
    },

    /**
     * POST /api/deals/{id}/sign for one of the deal's two dealers (the row is theirs: checked by the caller).
     * The seller's terms (odometer certification, heavy vehicle, payment) go into the version they sign.
     */
    async sign(row: DealRow, dealerId: string, input: SignBillOfSale, at: SigningPlace, now = Date.now()) {
      requireSignable(row, dealerId);
      const role = row.sellerId === dealerId ? "seller" : "buyer";
      const current = await currentVersion(row);
      if (current.signatures.some((s) => s.dealerId === dealerId))
        throw conflict("You have already signed this Bill of Sale");
      let content = current.content;
      if (role === "seller") {
        const profiles = await profilesOf(row);
        content = contentOf(row, profiles, input, content.version);
        // Nobody has signed this version yet, so the seller's terms may still set it.
        await db.run(sql`
          insert into bill_of_sale_versions (deal_id, version, content)
          values (${row.id}, ${content.version}, ${JSON.stringify(content)})
          on conflict (deal_id, version) do update set content = excluded.content
          where not exists (select 1 from bill_of_sale_signatures s
                            where s.deal_id = excluded.deal_id and s.version = excluded.version)`);
      } else if (!current.signatures.some((s) => s.role === "seller"))
        throw conflict("The seller signs the Bill of Sale first: the odometer statement is theirs to make");
      const inserted = await db.all<SignatureRow>(sql`
        insert into bill_of_sale_signatures
          (deal_id, version, dealer_id, role, full_name, consent_text, signed_at, ip, place, user_agent)
        values (${row.id}, ${content.version}, ${dealerId}, ${role}, ${input.fullName}, ${ESIGN_CONSENT_TEXT},
          ${now}, ${at.ip}, ${at.place}, ${at.userAgent})
        on conflict do nothing
        returning version, dealer_id as dealerId, role, full_name as fullName, consent_text as consentText,
          signed_at as signedAt, ip, place, user_agent as userAgent`);
      const [signature] = inserted;
      if (!signature) throw conflict("You have already signed this Bill of Sale");
      if (role === "buyer")
        await issueSigned({ ...current, signatures: [...current.signatures, toRecord(signature)] }, now);
    },

    /**
     * The PDF of a version (the newest unless `version` names an older one): the stored file once both signed,
     * otherwise rendered as far as it is signed. Older versions stay as they were.
     */
    async document(row: DealRow, version?: number): Promise<{ bytes: BodyInit; version: number }> {
      if (!SIGNABLE.has(row.status)) throw notFound("The Bill of Sale exists once the deal is confirmed");
      let chosen: Version | undefined;
      if (version !== undefined) {
        chosen = (await versionsOf(row.id)).find((v) => v.content.version === version);
        if (!chosen) throw notFound("There is no such version of this Bill of Sale");
      } else chosen = await currentVersion(row);
      if (chosen.pdfKey) {
        const object = await deps.storage.get(chosen.pdfKey);
        if (object) return { bytes: object.body, version: chosen.content.version };
      }
      const bytes = await renderBillOfSale(chosen.content, chosen);
      return { bytes: bytes as Uint8Array<ArrayBuffer>, version: chosen.content.version };
    },
  };
}

export type BillOfSaleService = ReturnType<typeof billOfSaleService>;
