import type { SVGProps } from "react";
import { inPageHref, useInPageSymbol } from "./icon-symbols";
import spriteUrl from "./icons.svg?url";

/**
 * The app's icons (Lucide's drawings) as references into one SVG sprite, `icons.svg`, a hashed static file
 * the browser downloads once and keeps: a page's HTML carries a short `<svg><use href="…#bell"/></svg>`
 * per icon instead of the whole drawing. `npm run icons` rewrites the sprite from the list below
 * (scripts/icon-sprite.ts); a unit test fails when the two disagree. The icons of a page's server HTML refer to
 * symbols the page carries itself (icon-symbols.tsx).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children"> & { size?: number };
export type IconComponent = ((props: IconProps) => JSX.Element) & { displayName?: string };

function spriteIcon(id: string): IconComponent {
  // The <use> as markup, not an element: a page draws a hundred icons, and this halves what React renders for
  // them. The id comes from the fixed list below, never from input.
  const inSprite = { __html: `<use href="${spriteUrl}#${id}"></use>` };
  const inPage = { __html: `<use href="${inPageHref(id)}"></use>` };
  function SpriteIcon({ size = 24, className, ...rest }: IconProps) {
    const reference = useInPageSymbol(id) ? inPage : inSprite;
    const labelled = rest["aria-label"] !== undefined || rest["aria-labelledby"] !== undefined;
    return (
      <svg
        width={size}
        height={size}
        aria-hidden={labelled ? undefined : true}
        {...rest}
        className={className ? `icon ${className}` : "icon"}
        dangerouslySetInnerHTML={reference}
      />
    );
  }
  SpriteIcon.displayName = `Icon(${id})`;
  return SpriteIcon;
}

export const AlertTriangle = spriteIcon("alert-triangle");
export const Apple = spriteIcon("apple");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BadgeDollarSign = spriteIcon("badge-dollar-sign");
export const BarChart3 = spriteIcon("bar-chart-3");
export const Bell = spriteIcon("bell");
export const BellRing = spriteIcon("bell-ring");
export const BookOpen = spriteIcon("book-open");
export const Briefcase = spriteIcon("briefcase");
export const Camera = spriteIcon("camera");
export const Car = spriteIcon("car");
export const Check = spriteIcon("check");
export const CheckCircle2 = spriteIcon("check-circle-2");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleCheckBig = spriteIcon("circle-check-big");
export const Clock = spriteIcon("clock");
export const Compass = spriteIcon("compass");
export const DollarSign = spriteIcon("dollar-sign");
export const Download = spriteIcon("download");
export const Ellipsis = spriteIcon("ellipsis");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const FileCheck2 = spriteIcon("file-check-2");
export const FileSpreadsheet = spriteIcon("file-spreadsheet");
export const FileText = spriteIcon("file-text");
export const FlaskConical = spriteIcon("flask-conical");
export const Gavel = spriteIcon("gavel");
export const Globe = spriteIcon("globe");
export const Globe2 = spriteIcon("globe-2");
export const Handshake = spriteIcon("handshake");
export const HelpCircle = spriteIcon("help-circle");
export const Home = spriteIcon("home");
export const ImagePlus = spriteIcon("image-plus");
export const KeyRound = spriteIcon("key-round");
export const Laptop = spriteIcon("laptop");
export const Loader2 = spriteIcon("loader-2");
export const Lock = spriteIcon("lock");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const Megaphone = spriteIcon("megaphone");
export const Menu = spriteIcon("menu");
export const MessageCircle = spriteIcon("message-circle");
export const MessageSquare = spriteIcon("message-square");
export const MessageSquareText = spriteIcon("message-square-text");
export const MessagesSquare = spriteIcon("messages-square");
export const Moon = spriteIcon("moon");
export const Newspaper = spriteIcon("newspaper");
export const Package = spriteIcon("package");
export const Pause = spriteIcon("pause");
export const PenSquare = spriteIcon("pen-square");
export const Pencil = spriteIcon("pencil");
export const Phone = spriteIcon("phone");
export const Play = spriteIcon("play");
export const PlayCircle = spriteIcon("play-circle");
export const Plus = spriteIcon("plus");
export const Receipt = spriteIcon("receipt");
export const RefreshCw = spriteIcon("refresh-cw");
export const RotateCcw = spriteIcon("rotate-ccw");
export const RotateCw = spriteIcon("rotate-cw");
export const Rss = spriteIcon("rss");
export const ScrollText = spriteIcon("scroll-text");
export const Search = spriteIcon("search");
export const Send = spriteIcon("send");
export const Settings = spriteIcon("settings");
export const ShieldAlert = spriteIcon("shield-alert");
export const ShieldCheck = spriteIcon("shield-check");
export const Smartphone = spriteIcon("smartphone");
export const Sparkles = spriteIcon("sparkles");
export const Star = spriteIcon("star");
export const Sun = spriteIcon("sun");
export const Tags = spriteIcon("tags");
export const ThumbsUp = spriteIcon("thumbs-up");
export const Trash2 = spriteIcon("trash-2");
export const TrendingDown = spriteIcon("trending-down");
export const TrendingUp = spriteIcon("trending-up");
export const User = spriteIcon("user");
export const UserCheck = spriteIcon("user-check");
export const UserPlus = spriteIcon("user-plus");
export const Users = spriteIcon("users");
export const Video = spriteIcon("video");
export const Volume2 = spriteIcon("volume-2");
export const WifiOff = spriteIcon("wifi-off");
export const Wrench = spriteIcon("wrench");
export const X = spriteIcon("x");
export const XCircle = spriteIcon("x-circle");
export const Zap = spriteIcon("zap");
