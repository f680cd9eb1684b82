import { MINIMUM_AGE, PRODUCT_NAME } from '@pbshare/shared';
import { Link } from 'react-router';

import { ContactEmail } from './components/contact-email';
import { LegalDocument, linkClasses, type LegalSection } from './components/legal-document';

const sections: LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <p>We keep only what PBShare needs to work:</p>
        <ul>
          <li>
            <strong>Your account:</strong> e-mail address, password (stored only as a one-way hash,
            never as the password itself), username, and, if you add them, bio, avatar and social
            media links.
          </li>
          <li>
            <strong>Your personal bests:</strong> exercise, category, result, sets and reps, date,
            story, and the photo or video attached to each one, plus whether it is hidden and its
            place in your list.
          </li>
          <li>
            <strong>Sign-in sessions:</strong> a session record so you stay signed in, stored in a
            form that cannot be used to sign in if it leaked.
          </li>
          <li>
            <strong>Purchases:</strong> the Pro plan you bought, when, and its payment status. Card
            details go straight to our payment provider; we never see or store them.
          </li>
          <li>
            <strong>Server logs:</strong> IP address, time and the page or call requested, kept for
            a short time to keep the service secure and fix faults.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <>
        <p>
          We use your data to run your account and public page, to send the e-mails the service
          needs (such as verifying your address or resetting your password), to process a Pro
          purchase, and to protect PBShare against abuse.
        </p>
        <p>
          We do not sell your data, show advertising, or use tracking or advertising cookies. We do
          not use your photos, videos or stories for anything other than showing them where you
          choose.
        </p>
      </>
    ),
  },
  {
    id: 'what-is-public',
    title: 'What is public',
    body: (
      <>
        <p>
          Your public page shows your username, bio and avatar, and the PBs you share, including
          their <strong>photos, videos and stories</strong>. Anyone with the link can see them, and
          link previews in other apps may show your name, bio and avatar.
        </p>
        <p>
          <strong>Hidden PBs are not shown</strong> on your public page or in its previews. Your
          e-mail address is never public.
        </p>
        <p>
          Before we store a photo we remove its hidden metadata, including the GPS location that
          phones often record.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        When you sign in we set one strictly necessary cookie that renews your session, and keep a
        short-lived sign-in token in your browser&apos;s local storage. Both are removed when you
        sign out. We use no other cookies.
      </p>
    ),
  },
  {
    id: 'who-else',
    title: 'Who else handles your data',
    body: (
      <p>
        Our hosting and storage providers keep the data on our behalf, our e-mail provider delivers
        account e-mails, and our payment provider processes Pro purchases. Each gets only what it
        needs for that job and may not use it for anything else. We share data with authorities only
        when the law requires it.
      </p>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data while you have an account. Deleting a PB deletes its photo or video and
        story. Deleting your account deletes your profile, all your PBs and all their media. We keep
        purchase records for as long as tax law requires, and server logs only for a few weeks.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices and how to delete',
    body: (
      <ul>
        <li>Hide any PB from your public page, or delete it, at any time from your profile.</li>
        <li>Change your username, bio and avatar in your profile settings.</li>
        <li>
          Delete your whole account from your account settings, or by writing to{' '}
          <ContactEmail kind="privacy" /> from the address you signed up with. We delete it within
          30 days.
        </li>
        <li>Ask us for a copy of your data, or to correct it, at the same address.</li>
      </ul>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        PBShare is not for children under {MINIMUM_AGE}. We do not knowingly collect data from
        anyone under {MINIMUM_AGE}; if we learn that we have, we delete the account and its data. If
        you believe a child under {MINIMUM_AGE} uses PBShare, please tell us.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When this policy changes we update the date at the top. If a change affects how we use data
        you have already given us, we tell you by e-mail first.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          {PRODUCT_NAME} exists so you can show off your achievements on your terms. This policy
          says what we keep about you, what becomes public, and how to delete it.
        </p>
      }
      sections={sections}
      contact={[
        <>
          Privacy questions and requests: <ContactEmail kind="privacy" />
        </>,
        <>
          Everything else: <ContactEmail kind="support" /> (see also our{' '}
          <Link to="/terms" className={linkClasses}>
            Terms of Service
          </Link>
          )
        </>,
      ]}
    />
  );
}
