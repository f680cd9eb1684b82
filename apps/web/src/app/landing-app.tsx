import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

import { AuthContext, type AuthState } from '@/features/auth/auth-context';
import { LandingPage } from '@/features/landing/landing-page';
import { sessionStore } from '@/lib/session-store';
import { SiteFrame } from './layouts/site-frame';

const loadTakeOver = () => import('./take-over');

/** Where a link or the claim form asked to go. */
interface Navigation {
  to: To;
  state: unknown;
  replace: boolean;
}

/** The top bar's view of a visitor: the lean app hands over as soon as it finds a session. */
const VISITOR: AuthState = {
  user: null,
  token: null,
  isLoading: false,
  startSession: () => undefined,
  setUser: () => undefined,
  clearSession: () => undefined,
  userExits: 0,
};

/**
 * The landing page for a visitor, hydrated in the providers of every page (entries/providers.tsx)
 * but without the app's: no data router, no query client, no session code, no other page. What the visitor can do on the page itself (the
 * rotating demo card, the menu, the glassy bar, the cookies note) is all here. The first step
 * elsewhere, a link or the claim form, brings the whole app (take-over.tsx): it replaces this one
 * at the same address, with identical markup, then makes that navigation. So does a session
 * appearing (a sign-in in another tab), since the top bar must then show the account.
 */
export function LandingApp() {
  const [app, setApp] = useState<ReactNode>(null);
  const [leaving, setLeaving] = useState(false);
  const [location] = useState(landingLocation);
  const started = useRef(false);
  // The latest step asked for while the app loads; it is made once the app has mounted.
  const pending = useRef<Navigation | null>(null);
  const navigateRef = useRef<((navigation: Navigation) => void) | null>(null);

  const takeOver = useMemo(
    () => (navigation?: Navigation) => {
      if (navigation) {
        pending.current = navigation;
        setLeaving(true);
      }
      if (started.current) return;
      started.current = true;
      loadTakeOver()
        .then(({ prepareTakeOver }) => prepareTakeOver(navigation?.to))
        .then(({ router, app: wholeApp }) => {
          navigateRef.current = ({ to, state, replace }) => {
            void router.navigate(to, { state, replace });
          };
          setApp(wholeApp);
        })
        .catch(() => {
          // The app's code did not arrive (a deploy, a dropped connection): the browser loads the
          // address asked for instead. Without one (a session found), the page stays as it is
          // and the next step tries again.
          started.current = false;
          const next = pending.current;
          if (next) window.location.assign(createPath(toPath(next.to)));
        });
    },
    [],
  );

  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => createPath(toPath(to)),
      go: (delta) => {
        window.history.go(delta);
      },
      push: (to, state) => {
        takeOver({ to, state, replace: false });
      },
      replace: (to, state) => {
        takeOver({ to, state, replace: true });
      },
    }),
    [takeOver],
  );

  useEffect(() => whenSignedIn(takeOver), [takeOver]);

  useEffect(() => warmUpOnIntent(), []);

  if (app) {
    return (
      <>
        {app}
        <AfterMount
          run={() => {
            const next = pending.current;
            pending.current = null;
            if (next) navigateRef.current?.(next);
          }}
        />
      </>
    );
  }

  return (
    <Router location={location} navigator={navigator}>
      <AuthContext value={VISITOR}>
        <SiteFrame loading={leaving}>
          <LandingPage />
        </SiteFrame>
      </AuthContext>
    </Router>
  );
}

function landingLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function toPath(to: To) {
  return typeof to === 'string' ? { pathname: to } : to;
}

/** Runs `run` once, after the app beside it has mounted (its router listens by then). */
function AfterMount({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
  return null;
}

/**
 * Calls `onSession` once a session is stored: one left by an earlier visit, or one a sign-in in
 * another tab stores later. The first look is a task of its own after hydration: a page's first
 * read of localStorage waits on the browser (up to 20 ms), which the first paint and hydration
 * need not share.
 */
function whenSignedIn(onSession: () => void): () => void {
  const check = () => {
    if (sessionStore.getToken() !== null) onSession();
  };
  const timer = window.setTimeout(check);
  const unsubscribe = sessionStore.subscribe(check);
  return () => {
    window.clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Starts loading the app's code as soon as the visitor heads for a link or the claim form (a
 * pointer over it, a touch, the keyboard's focus), so that the click rarely waits for it. Not
 * before: a visitor who only reads the page never pays for it.
 */
function warmUpOnIntent(): () => void {
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"], form')) return;
    stop();
    void loadTakeOver();
  };
  function stop() {
    for (const type of events) document.removeEventListener(type, onIntent);
  }
  for (const type of events) document.addEventListener(type, onIntent, { passive: true });
  return stop;
}
