/*
 * The product's icons: Lucide (a maintained, open icon set drawn on one 24 px grid), imported by
 * name so the bundle carries only the icons used; brand marks (the footer's social links) from
 * Simple Icons. Every icon is decorative (`aria-hidden`): the control around it carries the name
 * (its text or `aria-label`). Import icons from here, not from the sets, so they share one size
 * and stroke.
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
} from 'lucide-react';
import { siFacebook, siInstagram, siYoutube, type SimpleIcon } from 'simple-icons';

/** The size and stroke every icon shares (20 px, the height of a line of body text). */
export type IconProps = Omit<LucideProps, 'ref'>;

const icon = (Glyph: LucideIcon) => {
  const Icon = (props: IconProps) => <Glyph size={20} strokeWidth={2} aria-hidden {...props} />;
  Icon.displayName = `${Glyph.displayName ?? 'Icon'}Icon`;
  return Icon;
};

export const TrashIcon = icon(Trash2);
export const EditIcon = icon(Pencil);
export const LogoutIcon = icon(LogOut);
export const CartIcon = icon(ShoppingCart);
export const ShoppingCartIcon = CartIcon;
export const ResetIcon = icon(RotateCcw);
export const MenuIcon = icon(Menu);
export const LockIcon = icon(Lock);
export const PlayIcon = icon(Play);
export const PauseIcon = icon(Pause);
export const CheckIcon = icon(Check);
export const ChevronDownIcon = icon(ChevronDown);
export const ChevronRightIcon = icon(ChevronRight);
export const ChevronLeftIcon = icon(ChevronLeft);
export const BookOpenIcon = icon(BookOpen);
export const ClockIcon = icon(Clock);
export const StarIcon = icon(Star);
export const CloseIcon = icon(X);
export const XIcon = CloseIcon;
export const SearchIcon = icon(Search);
export const SparklesIcon = icon(Sparkles);
export const AlertIcon = icon(CircleAlert);
export const NotesIcon = icon(FileText);
export const VideoIcon = icon(Video);
export const QuestionIcon = icon(MessageCircleQuestion);
export const UserIcon = icon(User);
export const GraduationCapIcon = icon(GraduationCap);

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
export const YoutubeIcon = brand(siYoutube);
export const InstagramIcon = brand(siInstagram);
export const FacebookIcon = brand(siFacebook);
