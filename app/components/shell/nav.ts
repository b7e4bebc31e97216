import {
  BadgeDollarSign,
  Bell,
  BellRing,
  BarChart3,
  Compass,
  FileText,
  Handshake,
  Home,
  type IconComponent,
  Mail,
  MessageSquare,
  MessageSquareText,
  Newspaper,
  Pencil,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Tags,
  User,
  Users,
} from "~/components/ui/icons";

/** `exact`: the entry marks only its own path as shown, not the pages under it. */
export type NavEntry = { to: `/${string}`; label: string; icon: IconComponent; exact?: boolean };
export type NavGroup = { title: string; entries: NavEntry[] };

/** The desktop sidebar: its entries, in this order. */
export const SIDEBAR: NavEntry[] = [
  { to: "/", label: "Home", icon: Home },
  { to: "/find-dealers", label: "Find Dealers", icon: Search },
  { to: "/dealers", label: "Connections", icon: Users },
  { to: "/messages", label: "Messages", icon: MessageSquare },
  { to: "/dealer-profile", label: "My Profile", icon: User },
  { to: "/my-stats", label: "My Stats", icon: BarChart3 },
  { to: "/pass-thru-sales", label: "Pass Thru Sales", icon: FileText },
  { to: "/offers", label: "Offers", icon: BadgeDollarSign },
  { to: "/wholesale-news", label: "Wholesale News", icon: Newspaper },
  { to: "/notifications", label: "Notifications", icon: Bell },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** The phone's bottom navigation. */
export const BOTTOM_NAV: NavEntry[] = [
  { to: "/", label: "Home", icon: Home },
  { to: "/dealers", label: "Dealers", icon: Users },
  { to: "/discover", label: "Discover", icon: Compass },
  { to: "/notifications", label: "Alerts", icon: Bell },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** The phone's slide-in menu: these entries first, in this order. */
export const SLIDE_IN_MENU: NavEntry[] = [
  { to: "/", label: "Dashboard", icon: Home },
  { to: "/my-dealers", label: "My Dealers", icon: Handshake },
  { to: "/messages", label: "Messages", icon: MessageSquare },
  { to: "/settings", label: "Settings", icon: Settings },
];

/**
 * The rest of the signed-in screens, after the slide-in menu's own entries: on a phone the sidebar is gone,
 * so every screen has to be two taps away (the menu button, then its entry).
 */
export const MORE_MENU: NavGroup[] = [
  {
    title: "Dealers",
    entries: [
      { to: "/find-dealers", label: "Find Dealers", icon: Search },
      { to: "/dealers", label: "Connections", icon: Users },
      { to: "/discover", label: "Discover", icon: Compass },
    ],
  },
  {
    title: "Your business",
    entries: [
      { to: "/dealer-profile", label: "My Profile", icon: User },
      { to: "/my-stats", label: "My Stats", icon: BarChart3 },
      { to: "/pass-thru-sales", label: "Pass Thru Sales", icon: FileText },
      { to: "/offers", label: "Offers", icon: BadgeDollarSign },
      { to: "/wholesale-news", label: "Wholesale News", icon: Newspaper },
      { to: "/notifications", label: "Notifications", icon: Bell },
    ],
  },
  {
    title: "Account",
    entries: [
      { to: "/profile-edit", label: "Edit Profile", icon: Pencil },
      { to: "/notification-settings", label: "Notification Settings", icon: BellRing },
      { to: "/plan-management", label: "Plan Management", icon: Receipt },
      { to: "/subscribe", label: "Choose Your Plan", icon: BadgeDollarSign },
    ],
  },
];

/** Shown to admins only: the role decides on the server, the link only follows it. */
export const ADMIN_ENTRY: NavEntry = { to: "/admin", label: "Admin", icon: ShieldCheck };

/** The admin console's pages, as its dashboard and the phone menu list them. */
export const ADMIN_PAGES: NavEntry[] = [
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/deals", label: "Deals", icon: Handshake },
  { to: "/admin/promo", label: "Promotions", icon: Tags },
  { to: "/admin/pricing", label: "Pricing", icon: BadgeDollarSign },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/admin/outbox", label: "Outbox", icon: Mail },
  { to: "/admin/contact", label: "Contact messages", icon: MessageSquareText },
  { to: "/admin/news", label: "News", icon: Newspaper },
];
