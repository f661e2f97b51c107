/*
 * The product's icons: Lucide (a maintained, open icon set drawn on one 24 px grid), imported by
 * name so the bundle carries only the icons used; brand marks (the footer's social links) from
 * Simple Icons. Every icon is decorative (`aria-hidden`): the control around it carries the name
 * (its text or `aria-label`). Import icons from here, not from the sets, so they share one size
 * and stroke. Each is made by a call marked pure, so the bundler drops the icons nobody uses.
 */
import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  BookOpen,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Clock,
  Download,
  ExternalLink,
  Eye,
  EyeOff,
  FileText,
  GraduationCap,
  Heart,
  Lock,
  LogOut,
  Menu,
  MessageCircleQuestion,
  Pause,
  Pencil,
  Play,
  RotateCcw,
  Search,
  ShoppingCart,
  Sparkles,
  Star,
  Trash2,
  User,
  Video,
  X,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { siFacebook, siInstagram, siYoutube, type SimpleIcon } from 'simple-icons';

/** The size and stroke every icon shares (20 px, the height of a line of body text). */
export type IconProps = Omit<LucideProps, 'ref'>;

const icon = (Glyph: LucideIcon) => {
  const Icon = (props: IconProps) => <Glyph size={20} strokeWidth={2} aria-hidden {...props} />;
  Icon.displayName = `${Glyph.displayName ?? 'Icon'}Icon`;
  return Icon;
};

export const TrashIcon = /* @__PURE__ */ icon(Trash2);
export const EditIcon = /* @__PURE__ */ icon(Pencil);
export const LogoutIcon = /* @__PURE__ */ icon(LogOut);
export const CartIcon = /* @__PURE__ */ icon(ShoppingCart);
export const ShoppingCartIcon = CartIcon;
export const ResetIcon = /* @__PURE__ */ icon(RotateCcw);
export const MenuIcon = /* @__PURE__ */ icon(Menu);
export const LockIcon = /* @__PURE__ */ icon(Lock);
export const PlayIcon = /* @__PURE__ */ icon(Play);
export const PauseIcon = /* @__PURE__ */ icon(Pause);
export const CheckIcon = /* @__PURE__ */ icon(Check);
export const ChevronDownIcon = /* @__PURE__ */ icon(ChevronDown);
export const ChevronRightIcon = /* @__PURE__ */ icon(ChevronRight);
export const ChevronLeftIcon = /* @__PURE__ */ icon(ChevronLeft);
export const BookOpenIcon = /* @__PURE__ */ icon(BookOpen);
export const ClockIcon = /* @__PURE__ */ icon(Clock);
export const StarIcon = /* @__PURE__ */ icon(Star);
export const CloseIcon = /* @__PURE__ */ icon(X);
export const XIcon = CloseIcon;
export const SearchIcon = /* @__PURE__ */ icon(Search);
export const SparklesIcon = /* @__PURE__ */ icon(Sparkles);
export const AlertIcon = /* @__PURE__ */ icon(CircleAlert);
export const NotesIcon = /* @__PURE__ */ icon(FileText);
export const VideoIcon = /* @__PURE__ */ icon(Video);
export const QuestionIcon = /* @__PURE__ */ icon(MessageCircleQuestion);
export const UserIcon = /* @__PURE__ */ icon(User);
export const GraduationCapIcon = /* @__PURE__ */ icon(GraduationCap);
export const ZoomInIcon = /* @__PURE__ */ icon(ZoomIn);
export const ZoomOutIcon = /* @__PURE__ */ icon(ZoomOut);
export const DownloadIcon = /* @__PURE__ */ icon(Download);
export const ExternalLinkIcon = /* @__PURE__ */ icon(ExternalLink);

/** A heart, outlined or (`filled`) solid: a favourite. */
export const HeartIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Heart size={20} strokeWidth={2} aria-hidden fill={filled ? 'currentColor' : 'none'} {...props} />
);

/** An open eye, or (`off`) a struck-through one: show or hide a password. */
export const EyeIcon = ({ off = false, ...props }: IconProps & { off?: boolean }) => {
  const Glyph = off ? EyeOff : Eye;
  return <Glyph size={20} strokeWidth={2} aria-hidden {...props} />;
};

/** A brand's mark, filled with the current text colour. */
const brand = (mark: SimpleIcon) => {
  const Brand = ({ size = 20 }: { size?: number }) => (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={mark.path} />
    </svg>
  );
  Brand.displayName = `${mark.title}Icon`;
  return Brand;
};
export const YoutubeIcon = /* @__PURE__ */ brand(siYoutube);
export const InstagramIcon = /* @__PURE__ */ brand(siInstagram);
export const FacebookIcon = /* @__PURE__ */ brand(siFacebook);
