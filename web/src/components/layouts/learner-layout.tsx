import {
  CartIcon,
  FacebookIcon,
  HeartIcon,
  InstagramIcon,
  MenuIcon,
  YoutubeIcon,
} from '../icons.tsx';
import { memo, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../../lib/auth.ts';
import { signInPath } from '../../lib/redirect.ts';
import { useAfterHydration } from '../../lib/hydration.ts';
import { useSession } from '../../lib/session.ts';
import { displayName, initials } from './initials.ts';
import { OfflineBanner } from '../offline.tsx';
import { t, useT } from '../../lib/i18n.ts';
import { LanguageChoice, LanguageSelect } from '../language.tsx';
import { Boundary } from '../boundary.tsx';
import { HeaderSearch } from './header-search.tsx';

/** The profile menu closes by itself this long after opening. */
export const PROFILE_MENU_MS = 2000;

const placeholder = (e: React.MouseEvent) => e.preventDefault();

function ProfileMenu({ name, onLogout }: { name: string; onLogout(): void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), PROFILE_MENU_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <div className="profile-menu">
      <button
        type="button"
        className="avatar-btn"
        aria-label={t('nav.profileMenu')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar">{initials(name)}</span>
        <span className="nav-name">{name}</span>
      </button>
      {open && (
        <ul className="menu" role="menu">
          <li role="none">
            <Link role="menuitem" to="/Profile" onClick={() => setOpen(false)}>
              {t('nav.updateProfile')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/Downloads" onClick={() => setOpen(false)}>
              {t('nav.downloads')}
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={onLogout}>
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** "Cart", "Cart, 1 item", "Cart, 2 items": the cart link's name, with its count. */
export const cartLabel = (count: number | undefined) =>
  count ? t('nav.cartWithCount', { count }) : t('nav.cart');

const noCount = () => undefined;

/**
 * The cart link: its icon, the number of items on it, and (in the phone's menu) the word.
 * `label`: whether the word shows (the phone's menu) or only the icon (the header).
 */
function CartLink({ count, label }: { count: number | undefined; label?: boolean }) {
  useT();
  return (
    <NavLink to="/CartScreen" aria-label={cartLabel(count)} className="icon-link cart-link">
      <CartIcon />
      {label && <span className="nav-label">{t('nav.cart')}</span>}
      {count ? (
        <span className="cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

/**
 * The page inside the frame, in a Suspense boundary of its own: the header and footer stay while
 * a page's code loads, and while the app hydrates over a prerendered page (issue 30) the page's
 * HTML stays as it is until its code is there. Memoized, so the header changing (the session
 * becoming known right after hydration) does not touch a page that is still hydrating.
 */
const Page = memo(function Page() {
  const t = useT();
  return (
    <Boundary fallback={<p className="loading">{t('page.loading')}</p>}>
      <Outlet />
    </Boundary>
  );
});

const thisYear = () => new Date().getFullYear();
/** The year the site was built in (the prerendered pages' footer says it). */
const builtIn = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : thisYear();

/**
 * The learner site's header (signed out or in) and footer around every public/learner page.
 * `useCartCount`: the number of items in the signed-in learner's cart (`undefined` while unknown),
 * a hook passed in by the app (the cart is the commerce feature's).
 */
export function LearnerLayout({
  useCartCount = noCount,
}: {
  useCartCount?: () => number | undefined;
}) {
  const t = useT();
  const signedIn = useSession((s) => s.isAuthenticated && s.role === 'learner');
  const cartCount = useCartCount();
  const name = displayName(useSession((s) => s.user?.name));
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Signing in from the header comes back to this page (not to the sign-in screens themselves).
  // A prerendered page was rendered at a stand-in URL (page-shells.ts): it links to plain
  // /signin until hydrated, as hydration keeps the attributes of the HTML it adopts.
  const here = useAfterHydration(() => pathname + search, '/');
  const signInLink = /^\/(signin|signup|forgot-password)?$/i.test(here)
    ? '/signin'
    : signInPath(here);
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => setMobileOpen(false), [pathname]);
  // The year the page was built in while hydrating over its prerendered HTML, then today's.
  const year = useAfterHydration(thisYear, builtIn);

  async function logout() {
    await signOut();
    navigate('/');
  }

  const links = (phone: boolean) =>
    signedIn ? (
      <>
        <NavLink to="/" end>
          {t('nav.home')}
        </NavLink>
        <NavLink to="/GetBoard">{t('nav.boards')}</NavLink>
        <NavLink to="/MyCourse">{t('nav.myCourses')}</NavLink>
        <NavLink to="/Favourite" aria-label={t('nav.favourites')} className="icon-link">
          <HeartIcon />
          {phone && <span className="nav-label">{t('nav.favourites')}</span>}
        </NavLink>
        <CartLink count={cartCount} label={phone} />
      </>
    ) : (
      <>
        <NavLink to="/" end>
          {t('nav.home')}
        </NavLink>
        <NavLink to="/AllCourse">{t('nav.course')}</NavLink>
        <a href="#" onClick={placeholder}>
          {t('nav.blog')}
        </a>
        <a href="#" onClick={placeholder}>
          {t('nav.mentor')}
        </a>
        <a href="#" onClick={placeholder}>
          {t('nav.aboutUs')}
        </a>
        <NavLink to={signInLink}>{t('nav.userLogin')}</NavLink>
        <NavLink to="/AdminLoginNew">{t('nav.adminLogin')}</NavLink>
      </>
    );

  return (
    <div className="site">
      {/* `data-account`: which header this is; a prerendered page shows the visitor's, which
          layout.css hides while the boot script's hint says a learner is signed in. */}
      <header className="site-header" data-account={signedIn ? 'learner' : 'visitor'}>
        <Link to="/" className="brand" aria-label="GIA SCHOOL">
          {/* The word folds away on a narrow phone (layout.css): the mark alone names the site. */}
          <span className="brand-mark">GIA</span>
          <span className="brand-word"> SCHOOL</span>
        </Link>
        <nav className="nav-desktop" aria-label={t('nav.main')}>
          {links(false)}
          {signedIn && <ProfileMenu name={name} onLogout={logout} />}
        </nav>
        <HeaderSearch />
        {signedIn && (
          <span className="header-cart">
            <CartLink count={cartCount} />
          </span>
        )}
        <LanguageSelect />
        <button
          type="button"
          className="menu-toggle"
          aria-label={t('nav.toggleMenu')}
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(!mobileOpen)}
        >
          <MenuIcon />
        </button>
      </header>
      {mobileOpen && (
        <nav className="nav-mobile" aria-label={t('nav.mobile')}>
          {signedIn && (
            <div className="mobile-user">
              <span className="avatar" aria-label={t('nav.initials')}>
                {initials(name)}
              </span>
              <span>{name}</span>
            </div>
          )}
          {links(true)}
          {signedIn && (
            <>
              <Link to="/Profile">{t('nav.updateProfile')}</Link>
              {/* What is saved for offline (issue 32): where a learner on a phone looks for it. */}
              <Link to="/Downloads">{t('nav.downloads')}</Link>
              <button type="button" className="link-btn" onClick={logout}>
                {t('nav.logout')}
              </button>
            </>
          )}
        </nav>
      )}
      <LanguageChoice />
      <OfflineBanner />
      <main className="site-main">
        <Page />
      </main>
      <footer className="site-footer">
        <div className="footer-cols">
          <div>
            <p className="footer-brand">
              <span className="brand-mark">GIA</span> SCHOOL
            </p>
            <p className="footer-muted">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.nav')}>
            <Link to="/">{t('nav.home')}</Link>
            <Link to="/AllCourse">{t('footer.courses')}</Link>
            <a href="#" onClick={placeholder}>
              {t('nav.aboutUs')}
            </a>
            <a href="#" onClick={placeholder}>
              {t('footer.mentors')}
            </a>
            <Link to="/termsandconditions">{t('footer.terms')}</Link>
            <Link to="/privacypolicy">{t('footer.privacy')}</Link>
          </nav>
          <address>
            <a href="mailto:support@gia.school">support@gia.school</a>
            <br />
            <a href="https://maps.google.com/?q=MG+Road+Bengaluru" target="_blank" rel="noreferrer">
              MG Road, Bengaluru, Karnataka 560001
            </a>
            <div className="social">
              <a
                href="https://www.youtube.com"
                target="_blank"
                rel="noreferrer"
                aria-label="YouTube"
              >
                <YoutubeIcon />
              </a>
              <a
                href="https://www.instagram.com"
                target="_blank"
                rel="noreferrer"
                aria-label="Instagram"
              >
                <InstagramIcon />
              </a>
              <a
                href="https://www.facebook.com"
                target="_blank"
                rel="noreferrer"
                aria-label="Facebook"
              >
                <FacebookIcon />
              </a>
            </div>
          </address>
        </div>
        <p className="footer-muted footer-copy small">© {year} GIA School</p>
      </footer>
    </div>
  );
}
