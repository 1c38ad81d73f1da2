/** What the page's live region tells screen readers: each settled, complete answer (`announcementFor`), half a second after it settles. */
import { useEffect, useState } from 'react';
import { announcementFor, isSettled, type SearchView } from '../../lib/search/view.ts';

export function useAnnouncement(view: SearchView): string {
  const [announcement, setAnnouncement] = useState('');
  // A first bundle's answer (view.ts, `complete`) is not announced: its count is not the catalogue's.
  const settledKey = isSettled(view) && (view.status !== 'results' || view.complete) ? view.key : null;
  useEffect(() => {
    if (settledKey === null || !isSettled(view)) return;
    const timer = setTimeout(() => setAnnouncement(announcementFor(view)), 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announces once per settled answer (its key), not on every view object
  }, [settledKey, view.status]);
  return announcement;
}
