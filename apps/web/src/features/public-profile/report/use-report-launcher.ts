import { useEffect, useState, type ComponentType } from 'react';

import type { ReportDialogProps } from './report-dialog';

/** What a visitor reports: the whole profile, or one of its PBs (a slide of the story). */
export interface ReportSubject {
  pb?: { id: string; title: string };
}

/** How long the word that the form could not be opened stays up. */
const LOAD_FAILED_MS = 6000;

/**
 * The report dialog's module, loaded on the first Report and kept: the form costs the page's
 * first script nothing. A failed load is forgotten, so the next Report tries again.
 */
let dialogModule: Promise<ComponentType<ReportDialogProps>> | null = null;
function loadDialog(): Promise<ComponentType<ReportDialogProps>> {
  dialogModule ??= import('./report-dialog').then(
    (module) => module.ReportDialog,
    (error: unknown) => {
      dialogModule = null;
      throw error;
    },
  );
  return dialogModule;
}

/**
 * Opening the report form: `subject` is set from the Report press on (the story waits from
 * then), `Dialog` once its code has arrived. `loadFailed` says the code could not be fetched
 * (the visitor went offline since the page loaded), for a few seconds.
 */
export function useReportLauncher() {
  const [subject, setSubject] = useState<ReportSubject | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!loadFailed) return;
    const timer = window.setTimeout(() => {
      setLoadFailed(false);
    }, LOAD_FAILED_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [loadFailed]);

  function open(next: ReportSubject) {
    setSubject(next);
    setLoadFailed(false);
    if (Dialog) return;
    loadDialog().then(
      (component) => {
        // A component in state is set through an updater, or React would call it.
        setDialog(() => component);
      },
      () => {
        setSubject(null);
        setLoadFailed(true);
      },
    );
  }

  function close() {
    setSubject(null);
  }

  return { subject, Dialog, loadFailed, open, close };
}
