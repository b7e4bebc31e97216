/**
 * NHTSA vPIC adapter (https://vpic.nhtsa.dot.gov/api): GET /vehicles/DecodeVinValues/{vin}?format=json.
 * Only used when a base URL is configured (VPIC_BASE_URL); fetch is injected so tests use a local fake and
 * never reach the internet.
 */

export type VpicDecode = {
  make: string | null;
  model: string | null;
  modelYear: number | null;
  trim: string | null;
  series: string | null;
  vehicleType: string | null;
  bodyClass: string | null;
  engine: string | null;
  transmission: string | null;
  drive: string | null;
  plantCountry: string | null;
  errorCode: string | null;
  errorText: string | null;
};

const VPIC_TIMEOUT_MS = 2500;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const text = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "Not Applicable" ? null : trimmed;
};

function engineOf(r: Record<string, unknown>): string | null {
  const litres = text(r.DisplacementL);
  const cylinders = text(r.EngineCylinders);
  const model = text(r.EngineModel);
  const parts = [
    litres ? `${Number(litres).toFixed(1)}L` : null,
    cylinders ? `${cylinders}-cylinder` : null,
    text(r.FuelTypePrimary),
    model,
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

/** One entry of vPIC's Results as we keep it; null when vPIC names no make (it does not know the VIN). */
function toVpicDecode(r: Record<string, unknown>): VpicDecode | null {
  const year = Number(text(r.ModelYear));
  const decode: VpicDecode = {
    make: text(r.Make),
    model: text(r.Model),
    modelYear: Number.isInteger(year) && year > 1900 ? year : null,
    trim: text(r.Trim),
    series: text(r.Series),
    vehicleType: text(r.VehicleType),
    bodyClass: text(r.BodyClass),
    engine: engineOf(r),
    transmission: text(r.TransmissionStyle),
    drive: text(r.DriveType),
    plantCountry: text(r.PlantCountry),
    errorCode: text(r.ErrorCode),
    errorText: text(r.ErrorText),
  };
  return decode.make ? decode : null;
}

/**
 * The first entry of vPIC's Results, or null when vPIC does not know the VIN, answers something else, or
 * does not answer within the timeout.
 */
export async function fetchVpicDecode(
  vin: string,
  options: { baseUrl: string; fetch?: Fetch; timeoutMs?: number },
): Promise<VpicDecode | null> {
  const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`;
  try {
    const response = await fetchImpl(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? VPIC_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { Results?: Record<string, unknown>[] };
    const r = body.Results?.[0];
    if (!r) return null;
    return toVpicDecode(r);
  } catch (error) {
    console.warn("vPIC did not answer:", error instanceof Error ? error.message : error);
    return null;
  }
}

/** vPIC's batch decode takes at most this many VINs a call. */
export const VPIC_BATCH_SIZE = 50;

/**
 * POST /vehicles/DecodeVINValuesBatch/ for up to VPIC_BATCH_SIZE VINs: the decodes vPIC knows, by VIN. An
 * empty map when vPIC is away, answers something else or is too slow: the caller falls back to the offline
 * decoder for those VINs.
 */
export async function fetchVpicBatch(
  vins: readonly string[],
  options: { baseUrl: string; fetch?: Fetch; timeoutMs?: number },
): Promise<Map<string, VpicDecode>> {
  const found = new Map<string, VpicDecode>();
  if (vins.length === 0) return found;
  if (vins.length > VPIC_BATCH_SIZE) throw new Error(`At most ${VPIC_BATCH_SIZE} VINs a batch`);
  const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/vehicles/DecodeVINValuesBatch/`;
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ format: "json", data: vins.join(";") }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? VPIC_TIMEOUT_MS * 2),
    });
    if (!response.ok) return found;
    const body = (await response.json()) as { Results?: Record<string, unknown>[] };
    for (const r of body.Results ?? []) {
      const vin = text(r.VIN)?.toUpperCase();
      const decode = toVpicDecode(r);
      if (vin && decode) found.set(vin, decode);
    }
  } catch (error) {
    console.warn("vPIC batch did not answer:", error instanceof Error ? error.message : error);
  }
  return found;
}
