import {
  Bell,
  BarChart3,
  Compass,
  FileText,
  Home,
  type IconComponent,
  MessageSquare,
  Newspaper,
  Search,
  Settings,
  ShieldCheck,
  User,
  Users,
} from "~/components/ui/icons";

export type NavEntry = { to: `/${string}`; label: string; icon: IconComponent };

/** Core spec §2 "Desktop layout": the ten sidebar entries, in order. */
export const SIDEBAR: NavEntry[] = [
  { to: "/", label: "Home", icon: Home },
  { to: "/find-dealers", label: "Find Dealers", icon: Search },
  { to: "/dealers", label: "Connections", icon: Users },
  { to: "/messages", label: "Messages", icon: MessageSquare },
  { to: "/dealer-profile", label: "My Profile", icon: User },
  { to: "/my-stats", label: "My Stats", icon: BarChart3 },
  { to: "/pass-thru-sales", label: "Pass Thru Sales", icon: FileText },
  { to: "/wholesale-news", label: "Wholesale News", icon: Newspaper },
  { to: "/notifications", label: "Notifications", icon: Bell },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** Core spec §2 "Mobile layout": bottom navigation. */
export const BOTTOM_NAV: NavEntry[] = [
  { to: "/", label: "Home", icon: Home },
  { to: "/dealers", label: "Dealers", icon: Users },
  { to: "/discover", label: "Discover", icon: Compass },
  { to: "/notifications", label: "Alerts", icon: Bell },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** Core spec §2 "Mobile layout": the slide-in menu. */
export const SLIDE_IN_MENU: NavEntry[] = [
  { to: "/", label: "Dashboard", icon: Home },
  { to: "/my-dealers", label: "My Dealers", icon: Users },
  { to: "/messages", label: "Messages", icon: MessageSquare },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** Shown to admins only (issue 15): the role decides on the server, the link only follows it. */
export const ADMIN_ENTRY: NavEntry = { to: "/admin", label: "Admin", icon: ShieldCheck };
