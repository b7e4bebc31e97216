/** What the inventory API answers (core spec §3). The browser imports these as types only. */

export type PostDealer = {
  id: string;
  name: string;
  dealershipName: string;
  dealershipType: "independent" | "franchise" | "wholesaler";
  avatar: string | null;
  city: string;
  state: string;
  buysCanadianVehicles: boolean;
  /** Null until the dealer has been rated. */
  rating: number | null;
  /** ISO time the dealer joined. */
  memberSince: string;
};

/** A post as the feed lists it: no vehicles or comments, their counts instead. */
export type FeedPost = {
  id: string;
  dealerId: string;
  title: string;
  description: string;
  type: "single" | "multiple" | "spreadsheet" | "for-sale" | "request";
  status: string;
  /** ISO time. */
  createdAt: string;
  spreadsheetUrl: string | null;
  auctionFacilitator: string | null;
  photoUrls: string[];
  /** A text holding a JSON list of {text} items (core spec §3 "AI summary"). */
  aiSummary: string | null;
  vehicleCount: number;
  availableCount: number;
  commentCount: number;
  viewCount: number;
  /** ISO time an active post expires unless renewed (30 days after it was posted or renewed); null otherwise. */
  expiresAt: string | null;
  dealer: PostDealer;
};

export type PostVehicle = {
  id: string;
  vin: string | null;
  year: number | null;
  make: string;
  model: string;
  trim: string | null;
  mileage: number | null;
  /** Dollars with cents (core spec §3 "price (decimal)"); priceCents is the stored whole-cent amount. */
  price: number | null;
  priceCents: number | null;
  city: string | null;
  state: string | null;
  color: string | null;
  status: string;
  notes: string | null;
  location: string | null;
  atDealership: boolean | null;
};

export type PostComment = {
  id: string;
  postId: string;
  content: string;
  createdAt: string;
  attachmentUrl: string | null;
  dealer: { id: string; name: string; avatar: string | null };
};

export type PostDetail = FeedPost & { vehicles: PostVehicle[]; comments: PostComment[] };

export type FeedPage = { posts: FeedPost[]; nextCursor: string | null };
