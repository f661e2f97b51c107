import { useLanguage, useT } from '../../lib/i18n.ts';

/**
 * The legal pages' headings speak the learner's language; their bodies are the English legal
 * text, and a learner reading another language is told so in it (the binding text is the one
 * written in English).
 */
function InEnglish() {
  const t = useT();
  const english = useLanguage((s) => s.language === 'en');
  if (english) return null;
  return <p className="muted">{t('static.legalInEnglish')}</p>;
}

/** `/termsandconditions`. */
export function TermsPage() {
  const t = useT();
  return (
    <article className="prose">
      <h1>{t('static.terms')}</h1>
      <InEnglish />
      <p lang="en">
        These terms govern your use of GIA School, an online marketplace of school courses for CBSE,
        ICSE, SSLC and PUC learners in India. By creating an account or buying a course you accept
        them.
      </p>
      <h2>{t('static.termsOfUse')}</h2>
      <p lang="en">
        Your account is personal. Courses you buy are licensed to you for your own learning; you may
        not copy, share or resell videos or notes. Prices are shown in Indian rupees (INR) and
        include applicable taxes; you are charged exactly the total shown in your cart at checkout,
        through Razorpay.
      </p>
      <p lang="en">
        If a payment is taken but the course is not unlocked, contact us and we will grant it or
        refund you. We may suspend accounts that abuse the service, including the AI teacher.
      </p>
      <h2>{t('static.dataProtection')}</h2>
      <p lang="en">
        We handle your personal data as our Privacy Policy describes and only for running your
        account, your purchases and your learning.
      </p>
      <h2>{t('static.cookies')}</h2>
      <p lang="en">
        We use browser storage only to keep you signed in and to remember your place in a course; we
        do not use advertising cookies.
      </p>
      <h2>{t('static.location')}</h2>
      <p lang="en">
        GIA School is operated from Bengaluru, Karnataka, India, and these terms are governed by
        Indian law; courts in Bengaluru have jurisdiction.
      </p>
      <h2>{t('static.incidentResponse')}</h2>
      <p lang="en">
        If we learn of a security incident affecting your data we will contain it, inform affected
        users and the authorities as the law requires, and explain what we did.
      </p>
    </article>
  );
}

/** `/privacypolicy`. */
export function PrivacyPage() {
  const t = useT();
  return (
    <article className="prose">
      <h1>{t('static.privacy')}</h1>
      <InEnglish />
      <p>{t('static.privacyIntro')}</p>
      <h2>{t('static.whatWeCollect')}</h2>
      <p lang="en">
        Your name, e-mail address and password (held by our identity provider, never readable by
        us), and, if you add them, your mobile number, date of birth, course of study and profile
        photo. We keep your cart, purchases, favourites, reviews, questions and where you stopped in
        each video.
      </p>
      <h2>{t('static.dataProtection')}</h2>
      <p lang="en">
        Data is stored with Amazon Web Services in India (Mumbai region), encrypted at rest and in
        transit. Payments are processed by Razorpay; we never see or store card details. Questions
        to the AI teacher are sent to our AI provider only to answer them.
      </p>
      <h2>{t('static.cookies')}</h2>
      <p lang="en">
        We use your browser's session storage for your sign-in token and local storage for your
        preferences and progress through the catalogue. No third-party tracking cookies are used.
      </p>
      <h2>{t('static.location')}</h2>
      <p lang="en">
        Your data is processed in India. Contact: support@gia.school, MG Road, Bengaluru, Karnataka
        560001.
      </p>
      <h2>{t('static.incidentResponse')}</h2>
      <p lang="en">
        We monitor our systems, respond to incidents promptly, and notify you and the relevant
        authorities of any breach affecting your personal data as required by the Digital Personal
        Data Protection Act, 2023.
      </p>
      <h2>{t('static.yourRights')}</h2>
      <p lang="en">
        You can view and correct your profile at any time, and ask us to delete your account by
        writing to support@gia.school.
      </p>
    </article>
  );
}
