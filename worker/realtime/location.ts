/**
 * Where a dealer's request came from, as a Durable Object location hint: a chat room or an inbox
 * is created near the dealer who first opens it, so live messages do not cross an ocean twice. The hint only
 * counts when the object is created; afterwards the object stays where it is.
 */
export type RequestPlace = { continent?: unknown; country?: unknown; longitude?: unknown };

const NORTHEAST_ASIA = new Set(["JP", "KR", "KP", "TW", "MN", "HK", "MO", "CN"]);
const SOUTHEAST_ASIA = new Set(["SG", "MY", "ID", "TH", "VN", "PH", "KH", "LA", "MM", "BN", "TL"]);
const MIDDLE_EAST = new Set([
  "AE",
  "SA",
  "QA",
  "KW",
  "BH",
  "OM",
  "YE",
  "IR",
  "IQ",
  "IL",
  "JO",
  "LB",
  "SY",
  "TR",
]);

export function locationHintOf(
  place: RequestPlace | undefined | null,
): DurableObjectLocationHint | undefined {
  if (!place) return undefined;
  const continent = typeof place.continent === "string" ? place.continent : "";
  const country = typeof place.country === "string" ? place.country.toUpperCase() : "";
  const longitude = Number(place.longitude);
  const known = Number.isFinite(longitude) && place.longitude !== null && place.longitude !== "";
  switch (continent) {
    case "NA":
      // The Rockies split Cloudflare's two North American regions roughly at 100° W.
      return known && longitude < -100 ? "wnam" : "enam";
    case "SA":
      return "sam";
    case "EU":
      return known && longitude > 20 ? "eeur" : "weur";
    case "AF":
      return "afr";
    case "OC":
      return "oc";
    case "AS":
      if (MIDDLE_EAST.has(country)) return "me";
      if (NORTHEAST_ASIA.has(country)) return "apac-ne";
      if (SOUTHEAST_ASIA.has(country)) return "apac-se";
      return "apac";
    default:
      return undefined;
  }
}
