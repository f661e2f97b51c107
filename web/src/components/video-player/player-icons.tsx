/*
 * The player's control icons (Lucide, the app's icon set, at the size and stroke of
 * components/icons.tsx). Kept here, not in icons.tsx, so they travel in the player's chunk and the
 * landing page's initial JS does not carry them.
 */
import type { LucideIcon } from 'lucide-react';
import { Captions, Gauge, Maximize, Minimize, Volume2, VolumeX } from 'lucide-react';
import type { IconProps } from '../icons.tsx';

const icon = (Glyph: LucideIcon) => {
  const Icon = (props: IconProps) => <Glyph size={20} strokeWidth={2} aria-hidden {...props} />;
  Icon.displayName = `${Glyph.displayName ?? 'Icon'}Icon`;
  return Icon;
};

export const CaptionsIcon = /* @__PURE__ */ icon(Captions);
export const SettingsIcon = /* @__PURE__ */ icon(Gauge);
export const FullscreenIcon = /* @__PURE__ */ icon(Maximize);
export const ExitFullscreenIcon = /* @__PURE__ */ icon(Minimize);
export const VolumeIcon = /* @__PURE__ */ icon(Volume2);
export const MutedIcon = /* @__PURE__ */ icon(VolumeX);
