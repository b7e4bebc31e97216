/** "dealershipName" → "dealership name": how a field is named in 'Please fill in {field in words}'. */
export function fieldInWords(field: string): string {
  const overrides: Record<string, string> = {
    name: "full name",
    zipCode: "ZIP code",
    description: "business description",
    dealership5MilNumber: "dealership 5 million number",
    auctionAccessNumber: "auction access number",
  };
  return overrides[field] ?? field.replace(/([A-Z])/g, " $1").toLowerCase();
}
