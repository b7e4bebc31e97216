import {
  BarChart3,
  FileText,
  Handshake,
  MessagesSquare,
  ShieldCheck,
  Sparkles,
  type IconComponent,
} from "~/components/ui/icons";
import type { FeatureIcon as FeatureIconName } from "~/components/public/copy/marketing";

const ICONS: Record<FeatureIconName, IconComponent> = {
  shield: ShieldCheck,
  handshake: Handshake,
  messages: MessagesSquare,
  sparkles: Sparkles,
  file: FileText,
  chart: BarChart3,
};

export function FeatureIcon({ name, size = 24 }: { name: FeatureIconName; size?: number }) {
  const Icon = ICONS[name];
  return (
    <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-600/10 text-brand-700 dark:bg-brand-400/15 dark:text-brand-400">
      <Icon size={size} />
    </span>
  );
}
