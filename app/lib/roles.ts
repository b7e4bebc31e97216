/** The one rule for admin rights: the account's role, as stored on the server. Never decided in the browser. */
export const isAdmin = (viewer: { role: string } | null | undefined): boolean => viewer?.role === "admin";
