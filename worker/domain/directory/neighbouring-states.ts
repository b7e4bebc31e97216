import type { StateCode } from "#lib/constants";

/**
 * States and provinces that share a land border (or, for the Great Lakes and Maritime provinces, a
 * short crossing that dealers drive or ship across every day). Used by /discover for "dealers near you".
 * Symmetric: every pair is listed from both sides (checked by neighbouring-states.test.ts).
 */
export const NEIGHBOURING_STATES: Record<StateCode, readonly StateCode[]> = {
  AL: ["FL", "GA", "MS", "TN"],
  AK: ["BC"],
  AZ: ["CA", "CO", "NM", "NV", "UT"],
  AR: ["LA", "MO", "MS", "OK", "TN", "TX"],
  CA: ["AZ", "NV", "OR"],
  CO: ["AZ", "KS", "NE", "NM", "OK", "UT", "WY"],
  CT: ["MA", "NY", "RI"],
  DE: ["MD", "NJ", "PA"],
  FL: ["AL", "GA"],
  GA: ["AL", "FL", "NC", "SC", "TN"],
  HI: [],
  ID: ["MT", "NV", "OR", "UT", "WA", "WY", "BC"],
  IL: ["IA", "IN", "KY", "MO", "WI"],
  IN: ["IL", "KY", "MI", "OH"],
  IA: ["IL", "MN", "MO", "NE", "SD", "WI"],
  KS: ["CO", "MO", "NE", "OK"],
  KY: ["IL", "IN", "MO", "OH", "TN", "VA", "WV"],
  LA: ["AR", "MS", "TX"],
  ME: ["NH", "NB", "QC"],
  MD: ["DE", "PA", "VA", "WV"],
  MA: ["CT", "NH", "NY", "RI", "VT"],
  MI: ["IN", "OH", "WI", "ON"],
  MN: ["IA", "ND", "SD", "WI", "MB", "ON"],
  MS: ["AL", "AR", "LA", "TN"],
  MO: ["AR", "IA", "IL", "KS", "KY", "NE", "OK", "TN"],
  MT: ["ID", "ND", "SD", "WY", "AB", "BC", "SK"],
  NE: ["CO", "IA", "KS", "MO", "SD", "WY"],
  NV: ["AZ", "CA", "ID", "OR", "UT"],
  NH: ["MA", "ME", "VT", "QC"],
  NJ: ["DE", "NY", "PA"],
  NM: ["AZ", "CO", "OK", "TX", "UT"],
  NY: ["CT", "MA", "NJ", "PA", "VT", "ON", "QC"],
  NC: ["GA", "SC", "TN", "VA"],
  ND: ["MN", "MT", "SD", "MB", "SK"],
  OH: ["IN", "KY", "MI", "PA", "WV"],
  OK: ["AR", "CO", "KS", "MO", "NM", "TX"],
  OR: ["CA", "ID", "NV", "WA"],
  PA: ["DE", "MD", "NJ", "NY", "OH", "WV"],
  RI: ["CT", "MA"],
  SC: ["GA", "NC"],
  SD: ["IA", "MN", "MT", "ND", "NE", "WY"],
  TN: ["AL", "AR", "GA", "KY", "MO", "MS", "NC", "VA"],
  TX: ["AR", "LA", "NM", "OK"],
  UT: ["AZ", "CO", "ID", "NM", "NV", "WY"],
  VT: ["MA", "NH", "NY", "QC"],
  VA: ["KY", "MD", "NC", "TN", "WV"],
  WA: ["ID", "OR", "BC"],
  WV: ["KY", "MD", "OH", "PA", "VA"],
  WI: ["IA", "IL", "MI", "MN"],
  WY: ["CO", "ID", "MT", "NE", "SD", "UT"],
  ON: ["MB", "QC", "MI", "MN", "NY"],
  BC: ["AB", "AK", "ID", "MT", "WA"],
  AB: ["BC", "SK", "MT"],
  SK: ["AB", "MB", "MT", "ND"],
  MB: ["ON", "SK", "MN", "ND"],
  QC: ["NB", "NL", "ON", "ME", "NH", "NY", "VT"],
  NS: ["NB", "PE"],
  NB: ["NS", "PE", "QC", "ME"],
  PE: ["NB", "NS"],
  NL: ["QC"],
};

/** The state itself first, then its neighbours. Unknown or empty → []. */
export function nearbyStates(state: string): StateCode[] {
  const own = state.toUpperCase() as StateCode;
  const neighbours = NEIGHBOURING_STATES[own];
  return neighbours ? [own, ...neighbours] : [];
}
