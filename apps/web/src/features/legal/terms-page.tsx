import { FREE_LIMIT_TEXT, MAX_VIDEO_SECONDS, MINIMUM_AGE, PRODUCT_NAME } from '@pbshare/shared';
import { Link } from 'react-router';

import { ContactEmail } from './components/contact-email';
import { LegalDocument, linkClasses, type LegalSection } from './components/legal-document';

const sections: LegalSection[] = [
  {
    id: 'the-service',
    title: 'What PBShare is',
    body: (
      <p>
        {PRODUCT_NAME} is a service for recording, showcasing and sharing personal achievements in
        sport and fitness. You log your personal bests (PBs): the exercise, the result, optional
        sets and reps, a photo or a short video of up to {MAX_VIDEO_SECONDS} seconds, and the story
        behind it. You can then share the PBs you choose on a public page at your own address.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use PBShare',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old to create an account. If you are under the
          age of majority where you live, you need the permission of a parent or guardian.
        </p>
        <ul>
          <li>Give a real e-mail address that you can receive mail at, and keep it up to date.</li>
          <li>
            Keep your password to yourself. You are responsible for what happens in your account.
          </li>
          <li>One person per account. Do not pick a username that pretends to be someone else.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          Your PBs, photos, videos, stories, bio and avatar stay yours. To run the service you give
          us a worldwide, non-exclusive, royalty-free licence to store, copy, process (for example
          resize images, remove their location data and read a video&apos;s length) and display that
          content, for as long as it is in your account. The licence ends when you delete the
          content or your account.
        </p>
        <p>
          Only upload content that you made or have the right to share. Do not upload content that:
        </p>
        <ul>
          <li>is unlawful, sexually explicit, hateful, violent or harassing;</li>
          <li>
            shows other people without their permission, or a child without a parent&apos;s consent;
          </li>
          <li>infringes someone else&apos;s copyright, trademark, privacy or other rights;</li>
          <li>claims an achievement that is not yours or did not happen.</li>
        </ul>
        <p>We may remove content that breaks these rules and will tell you when we do.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Your public page',
    body: (
      <p>
        The PBs you leave visible, including their photos, videos and stories, are public: anyone
        with your link can see them, and apps that show link previews may display your name, avatar
        and first PB. PBs you hide are not shown on your public page. Once something has been
        public, others may have saved or shared it, and we cannot undo that.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using PBShare fairly',
    body: (
      <ul>
        <li>Do not try to get into other people&apos;s accounts or data.</li>
        <li>
          Do not scrape the service, overload it, probe it for weaknesses or get around its limits.
        </li>
        <li>Do not use PBShare to send spam or to advertise without our written permission.</li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: 'Free and Pro plans',
    body: (
      <>
        <p>
          The free plan holds up to {FREE_LIMIT_TEXT}. Pro removes that limit and is bought with a{' '}
          <strong>one-time payment</strong>, never a subscription: we do not charge you again
          automatically.
        </p>
        <ul>
          <li>The 1-Year Pass gives Pro for 12 months from the day of purchase and then ends.</li>
          <li>The Lifetime Deal gives Pro for as long as PBShare is offered.</li>
        </ul>
        <p>
          Prices are shown in US dollars on the{' '}
          <Link to="/pricing" className={linkClasses}>
            pricing page
          </Link>{' '}
          before you pay. Payments are handled by our payment provider. If you think you were
          charged in error, write to <ContactEmail kind="support" />.
        </p>
      </>
    ),
  },
  {
    id: 'health',
    title: 'Train safely',
    body: (
      <p>
        PBShare is a place to celebrate results, not a coach or a source of medical advice. Training
        for a personal best carries a risk of injury. Train within your limits, use spotters and
        proper equipment, and never put yourself or others in danger to capture a photo or video.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and availability',
    body: (
      <p>
        We keep improving PBShare and may add, change or remove features. We try to keep it
        available at all times but cannot promise that it will never be interrupted. If we change
        these terms in a way that matters, we will update the date above and tell signed-up users by
        e-mail before the change applies.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can stop using PBShare and delete your account at any time; your PBs, media and stories
        are deleted with it. We may suspend or close an account that seriously or repeatedly breaks
        these terms, and will tell you why unless the law forbids it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        PBShare is provided as it is. As far as the law allows, we are not liable for indirect or
        consequential losses, or for content that users post. Nothing in these terms limits rights
        that you have as a consumer and that cannot be limited by contract.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and {PRODUCT_NAME} when you use the website and
          your public PB page. We have kept them as short and plain as we could.
        </p>
      }
      sections={sections}
      contact={[
        <>
          Questions about these terms or your account: <ContactEmail kind="support" />
        </>,
        <>
          Questions about your data: <ContactEmail kind="privacy" /> (see our{' '}
          <Link to="/privacy" className={linkClasses}>
            Privacy Policy
          </Link>
          )
        </>,
      ]}
    />
  );
}
